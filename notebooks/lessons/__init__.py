"""What the notebooks' own cells call to show something: tables, timelines, pictures put together, records read.

No exercise's answer is here (those are in ``solutions/``, to open after trying): a learner who wants to see how a
printed table or a side-by-side timeline is made reads it here, one module a notebook where one is needed.
"""
