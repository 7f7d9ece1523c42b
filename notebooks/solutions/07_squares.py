# Exercise 1: symmetric squares of order 4 from the English list: how many, and the first few.
from wordcover.squares import SquareSearch
from wordcover.wordlists import load_words

search = SquareSearch(4, load_words(length=4), "symmetric")
squares = []
for grid in search.squares():
    squares.append(grid)
print(len(squares), squares[:3])
print(search.stats)
