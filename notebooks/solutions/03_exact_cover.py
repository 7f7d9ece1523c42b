# Exercise 1: n queens for n = 4..8 with diagonals as secondary items.
from wordcover import Problem, make_engine


def queens(n):
    rows = [f"R{r}" for r in range(n)]
    cols = [f"C{c}" for c in range(n)]
    diagonals = [f"A{s}" for s in range(2 * n - 1)] + [f"B{d}" for d in range(2 * n - 1)]
    options = [[f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"] for r in range(n) for c in range(n)]
    return Problem(rows + cols, diagonals, options)


for n in range(4, 9):
    print(n, make_engine(queens(n), "x").count())
# Exercise 2: make the diagonals primary too; most boards have no solution, because 2n-1 diagonals
# cannot all be covered by n queens.
