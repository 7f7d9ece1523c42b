"""Algorithm C: exact cover with colour items, with Knuth's sticker (TAOCP 7.2.2.1, DLX2).

A colour item may be covered by many options, provided they all give it the
same colour. Choosing an option with ``X:c`` *purifies* X: every other option
that gives X a different colour is hidden, and every node of X that already has
colour c gets a **sticker** (Knuth: COLOR(x) = -1) meaning "this node already
has the right colour in a purified item". The sticker is why a second option
with ``X:c`` does nothing to X (commit skips a stickered node), why hide leaves
stickered nodes in place, and how unpurify knows what to restore.
Compare :mod:`wordcover.naive`, which is this file without the sticker.
"""

from __future__ import annotations

from .dancing_links import DancingLinks

STICKER = -1  # COLOR(x) = -1: x already has the right colour in a purified item


class AlgorithmC(DancingLinks):
    """Knuth's Algorithm C, the correct engine for colour items."""

    name = "sticker"
    title = "Algorithm C"
    colours = True

    def hide(self, p: int) -> None:
        """hide'(p): unlink the other nodes of p's option, leaving stickered nodes alone."""
        top, ulink, dlink, color, length = self.top, self.ulink, self.dlink, self.color, self.len
        q = p + 1
        n = 0
        while q != p:
            x = top[q]
            if x <= 0:  # a spacer: back to the start of the option
                q = ulink[q]
                continue
            if color[q] != STICKER:
                u, d = ulink[q], dlink[q]
                dlink[u] = d
                ulink[d] = u
                length[x] -= 1
                n += 1
            q += 1
        self.stats.updates += n

    def unhide(self, p: int) -> None:
        """unhide'(p): relink the nodes that hide'(p) unlinked, right to left."""
        top, ulink, dlink, color, length = self.top, self.ulink, self.dlink, self.color, self.len
        q = p - 1
        while q != p:
            x = top[q]
            if x <= 0:  # a spacer: on to the end of the option
                q = dlink[q]
                continue
            if color[q] != STICKER:
                u, d = ulink[q], dlink[q]
                dlink[u] = q
                ulink[d] = q
                length[x] += 1
            q -= 1

    def purify(self, p: int) -> None:
        """purify(p): hide options with another colour in p's item; sticker those with p's colour."""
        top, dlink, color = self.top, self.dlink, self.color
        c = color[p]
        i = top[p]
        self.stats.purifications += 1
        q = dlink[i]
        while q != i:
            if color[q] == c:
                color[q] = STICKER
                self.stats.stickers += 1
            else:
                self.hide(q)
            q = dlink[q]

    def unpurify(self, p: int) -> None:
        """unpurify(p): bottom up, peel each sticker back to p's colour or unhide the option."""
        top, ulink, color = self.top, self.ulink, self.color
        c = color[p]
        i = top[p]
        q = ulink[i]
        while q != i:
            if color[q] == STICKER:
                color[q] = c
            else:
                self.unhide(q)
            q = ulink[q]
