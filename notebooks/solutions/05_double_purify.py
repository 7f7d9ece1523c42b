# Exercise 1: the naive engine with the options in another order.
import random

from wordcover import Problem, WordSearch, make_engine, violations

ws = WordSearch(4, 4, ["ABEL", "LAND"], "orthogonal")
options = list(range(len(ws.problem.options)))
random.Random(1).shuffle(options)
shuffled = Problem(ws.problem.primary, ws.problem.secondary, [ws.problem.options[k] for k in options])
found = list(make_engine(shuffled, "naive").solutions())
print(len(found), "solutions,", sum(1 for s in found if violations(shuffled, s)), "of them wrong")
