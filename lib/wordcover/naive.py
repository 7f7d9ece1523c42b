"""The naive colour engine: Algorithm C with the sticker left out. It is wrong on purpose.

Everything is as in :mod:`wordcover.algorithm_c` except ``purify`` and
``unpurify``, which forget the sticker (``hide`` and ``unhide`` are inherited:
with no stickers ever given, their sticker test is never true). The first purify of a colour item X hides the
options that give X another colour but leaves no mark on the options that agree.
When a second chosen option also colours X, its node still has a colour, so
commit purifies X again and hides the same options a second time: a node is removed
from a list twice, which Knuth remarks (DLX1, DLX2) that hiding never does. The second
removal lowers a LEN once more (and where the list has changed since the first, writes
stale links), the inner unpurify brings an option back while the outer purify still
needs it hidden, later unhides relink nodes that never left their lists, and the search
goes on silently, counting solutions that break the colour rule and missing right ones.
Use it to watch the bug; use ``AlgorithmC`` for answers.
"""

from __future__ import annotations

from .algorithm_c import AlgorithmC


class NaiveAlgorithmC(AlgorithmC):
    """Algorithm C without stickers: the double-purify bug, runnable."""

    name = "naive"
    title = "naive Algorithm C (double-purify bug)"

    def purify(self, p: int) -> None:
        """purify(p) without stickers: nodes of p's colour are passed over and left unmarked."""
        top, dlink, color = self.top, self.dlink, self.color
        c = color[p]
        i = top[p]
        self.stats.purifications += 1
        q = dlink[i]
        while q != i:
            if color[q] == c:
                pass  # no sticker: a second purify of item i cannot tell that i is purified already
            else:
                self.hide(q)  # so a second purify hides these options again
            q = dlink[q]

    def unpurify(self, p: int) -> None:
        """unpurify(p) without stickers: unhide every option of another colour, bottom up."""
        top, ulink, color = self.top, self.ulink, self.color
        c = color[p]
        i = top[p]
        q = ulink[i]
        while q != i:
            if color[q] == c:
                pass  # no sticker to peel off
            else:
                self.unhide(q)
            q = ulink[q]
