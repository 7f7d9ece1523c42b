# Exercise 1: put your own words in.
from wordcover import WordSearch

print(WordSearch(5, 5, ["ADA", "ALAN", "GRACE"], "all").count())

# Exercise 2: require that every word crosses another. One way: filter the solutions
# (WordSearch.count(share=True)); another is to add, for each word, a primary item
# "crosses-W" and options that can only cover it through a shared cell. The filter is simpler.
print(WordSearch(5, 5, ["ADA", "ALAN", "GRACE"], "all").count(share=True))
