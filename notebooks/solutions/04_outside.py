# Exercise: how many tried options does the colours-outside engine reject, per level?
from wordcover import WordSearch, make_engine

ws = WordSearch(5, 5, ["ABEL", "GAUSS", "EULER"], "all")
for name in ("sticker", "outside"):
    engine = make_engine(ws.problem, name)
    print(name, engine.count(), engine.stats.profile, engine.stats.conflicts)
