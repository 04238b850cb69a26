"""A rulebook's list, broken over pages as a published book breaks it: never one item alone on
either side of a page break (a page that opens with a list's last item, or ends with its first),
as a table keeps rows on each side (pnp.rulebook.blocks.DataTable)."""

from __future__ import annotations

import copy

from reportlab.platypus import Flowable
from reportlab.platypus.flowables import ListFlowable

KEEP = 2  # the items a list keeps on each side of a page break


class BookList(ListFlowable):
    """A list that Platypus breaks only between items that leave `KEEP` on each side (a list
    of fewer than twice `KEEP` items goes over whole)."""

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803 - Platypus' names
        items = self._content
        heights = [item.wrap(aW, 1e6)[1] + (_gap(items[k - 1], item) if k else 0.0)
                   for k, item in enumerate(items)]  # fmt: skip
        if heights and heights[0] > aH:
            return list(items)  # its first item alone is too tall: it breaks as its text does
        k = break_at(heights, aH)
        return list(self.parts(k)) if 0 < k < len(items) else []

    def parts(self, k: int) -> tuple[BookList, BookList]:
        """The list's first `k` items and the rest, each a list of its own (numbers kept)."""
        head, rest = copy.copy(self), copy.copy(self)
        items = self._content  # reportlab builds the items (numbered) on first use
        head._list_content, rest._list_content = items[:k], items[k:]
        head._dims = rest._dims = None  # each measures its own items
        head.spaceAfter, rest.spaceBefore = 0, 0
        return head, rest


def break_at(heights: list[float], room: float) -> int:
    """How many items of a list (their `heights`, with the space between them) stay in `room`
    at a page's foot: as many as fit, leaving `KEEP` on each side; 0 when that cannot be."""
    used = 0.0
    for k, height in enumerate(heights):
        used += height
        if used > room:
            k = min(k, len(heights) - KEEP)
            return k if k >= KEEP else 0
    return len(heights)


def _gap(above: Flowable, below: Flowable) -> float:
    return float(max(above.getSpaceAfter(), below.getSpaceBefore()))  # the frame merges the two
