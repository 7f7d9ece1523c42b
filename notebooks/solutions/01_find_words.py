# Exercise 1: count, for each word, in how many directions it appears in the grid.
from collections import Counter
from wordcover.finder import find_words

grid = ["CANTOR", "GAUSSX", "EULERX", "ABELXX", "ANNAXX", "XLEBAX"]
result = find_words(grid, ["ABEL", "ANNA", "EULER"])
print(Counter(p.word for p in result.found))

# Exercise 2: the finder only in the four "forward" reading directions.
print([str(p) for p in find_words(grid, ["ABEL", "ANNA"], "forward").found])
