"""Where a kit's paper holds no gutter: neighbours of one size keeping under 2 mm of bleed.

The kit chooses its layout by sheets first and gutters second (pnp.impose.spacing), so on some
paper pieces sit closer than two bleeds: Letter's 279.4 mm height leaves 2.7 mm between three
rows of 88 mm cards, 1.35 mm of each card's own bleed; a packing that butts a size leaves none.
A 1.5-2 mm miscut or drift then shows the neighbour, so the build says which: the designer
gives such neighbours one edge colour, or chooses other paper.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.impose.geometry import Rect
from pnp.impose.sheet import Page
from pnp.impose.spacing import OUTER_BLEED_MM

EPS = 1e-6


def tight_gutters(pages: Sequence[Page], bleed: float) -> list[tuple[float, float, str, float]]:
    """(width, height, "rows" or "columns", gap) for each trim size whose neighbours on a
    front keep less of their own bleed than a printer's drift (OUTER_BLEED_MM, or all the
    bleed there is): the narrowest gap, by size then axis."""
    least = 2 * min(bleed, OUTER_BLEED_MM)
    found: dict[tuple[float, float, str], float] = {}
    for page in pages:
        if page.side != "front":
            continue
        trims = [p.trim for p in page.placements]
        for a in trims:
            for b in trims:
                axis_gap = _apart(a, b) if (a.w, a.h) == (b.w, b.h) and a is not b else None
                if axis_gap is None or axis_gap[1] >= least - EPS:
                    continue
                key = (round(a.w, 1), round(a.h, 1), axis_gap[0])
                found[key] = min(found.get(key, axis_gap[1]), axis_gap[1])
    return [(w, h, axis, round(gap, 1)) for (w, h, axis), gap in sorted(found.items())]


def _apart(a: Rect, b: Rect) -> tuple[str, float] | None:
    """How far `b` lies above `a` ("rows") or to its right ("columns"), side by side."""
    if b.x < a.right - EPS and a.x < b.right - EPS and b.y >= a.top - EPS:
        return "rows", b.y - a.top
    if b.y < a.top - EPS and a.y < b.top - EPS and b.x >= a.right - EPS:
        return "columns", b.x - a.right
    return None
