# Exercise 1: the same words, grids from 8x8 down to 6x6: when does the backtracking placer give up?
from wordcover.generator import PuzzleError, backtracking_puzzle, make_puzzle

words = ["CAUCHY", "FALCON", "FERMAT", "LAPLACE", "BEAVER", "JAGUAR", "MOOSE", "CHEETAH"]
for n in (8, 7, 6):
    try:
        p = backtracking_puzzle(n, n, words, seed=1, difficulty="easy", max_steps=100_000)
        print(n, "placed after", p.stats["tries"], "tries")
    except PuzzleError as err:
        print(n, err)
    try:
        make_puzzle(n, n, words, seed=1, difficulty="easy")
        print(n, "Algorithm C: placed")
    except PuzzleError as err:
        print(n, "Algorithm C:", err)
