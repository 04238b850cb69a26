"""The sheet label and the 50 mm scale check, placed in free margin space.

A margin item is built upright in its own coordinates; `place_in_margins` finds a stretch of
margin where it meets nothing (crop marks, fold lines, other items) and maps it there: along the
bottom or top margin upright, along a side margin turned to read upwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

from pnp.impose.geometry import Rect
from pnp.impose.marks import LABEL_PT, Box, Line, Mark, Text, mark_bbox, text_width_mm
from pnp.memo import Memo


@dataclass(frozen=True)
class Item:
    """Marks in local coordinates (u along the margin, v across it, upright), with their extent."""

    length: float
    height: float
    marks: tuple[Mark, ...]
    centred: bool = False  # centre in the free stretch of margin found for it


def label_item(text: str, size: float = LABEL_PT) -> Item:
    height = size * 0.95 / mm
    return Item(text_width_mm(text, size), height, (Text(0.0, height * 0.22, text, size),))


def scale_bar_item(length_mm: float = 50.0, *, stacked: bool = False) -> Item:
    """A bar of exactly `length_mm` in 10 mm black and white blocks, labelled e.g. "50 mm"."""
    text = f"{length_mm:g} mm"
    bar_h = 1.4
    blocks: list[Mark] = [Box(Rect(0.0, 0.0, length_mm, bar_h), "ink")]
    blocks += [
        Box(Rect(u, 0.0, min(10.0, length_mm - u), bar_h), "ink", fill=0.0, stroke=False)
        for u in range(0, int(length_mm), 20)
    ]
    size = 6.0
    text_h = size * 0.95 / mm
    if stacked:
        label = Text(length_mm / 2, bar_h + 0.5 + text_h * 0.22, text, size, anchor="middle")
        return Item(length_mm, bar_h + 0.5 + text_h, (*blocks, label), centred=True)
    label = Text(length_mm + 1.5, (bar_h - text_h) / 2 + text_h * 0.22, text, size)
    width = length_mm + 1.5 + text_width_mm(text, size)
    return Item(width, max(bar_h, text_h), (*blocks, label), centred=True)


SIDES = ("bottom", "top", "right", "left")
_EDGE_MM = 4.0  # keep margin items this far from the paper's corners
_PRINTABLE_MM = 3.0  # most printers cannot print closer than this to the edge
_CLEAR_MM = 0.8


def place_in_margins(
    paper_w: float, paper_h: float, content: Rect, taken: list[Rect], items: list[list[Item]],
    *, printable: float = _PRINTABLE_MM,
) -> list[Mark]:  # fmt: skip
    """Place each item in a margin (outside `content`) where it meets nothing in `taken`.

    Each entry of `items` lists alternatives, best first (e.g. a label at decreasing type sizes);
    the first alternative that fits anywhere is used. Bottom and top margins are preferred (text
    reads upright); side margins hold the item turned to read upwards. Returns the placed marks.
    Pages of one layout with labels of one length are planned once (`_PLANS`). A spot at
    least `printable` mm from the paper's edge (the printer's margin) is preferred.
    """
    key = (paper_w, paper_h, content, tuple(taken), tuple(tuple(map(_extent, c)) for c in items),
           printable)  # fmt: skip
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS.put(key, _plan(paper_w, paper_h, content, list(taken), items, printable))
    placed: list[Mark] = []
    for choices, (index, spot) in zip(items, plan, strict=True):
        placed += _map_item(paper_w, paper_h, choices[index], *spot)
    return placed


Spot = tuple[str, float, float]  # side, offset from the edge, start along the margin
_PLANS: Memo[tuple, list[tuple[int, Spot]]] = Memo(256)


def _extent(item: Item) -> tuple:
    """All of an item that its placement depends on: its box and what its marks cover."""
    covers = tuple(
        (m.x, m.y, m.size, m.angle, m.anchor, text_width_mm(m.text, m.size))
        if isinstance(m, Text)
        else m
        for m in item.marks
    )
    return item.length, item.height, item.centred, covers


def _plan(
    paper_w: float, paper_h: float, content: Rect, taken: list[Rect], items: list[list[Item]],
    printable: float,
) -> list[tuple[int, Spot]]:  # fmt: skip
    """(which alternative, where) for each entry of `items`, in order."""
    plan = []
    for choices in items:
        found = []
        for index, choice in enumerate(choices):
            spot_found = _find_spot(paper_w, paper_h, content, taken, choice, printable)
            if spot_found is not None:
                found.append((index, spot_found))
        # the first alternative in a printable spot, else the first that fits anywhere
        found.sort(key=lambda pair: not pair[1][1])
        if found:
            index, (spot, _) = found[0]
        else:  # nothing free: the deepest margin, overlapping if need be
            index = len(choices) - 1
            spot = _fallback_spot(paper_w, paper_h, content, choices[index])
        plan.append((index, spot))
        marks = _map_item(paper_w, paper_h, choices[index], *spot)
        taken += [mark_bbox(m).grow(0.2) for m in marks]
    return plan


def _depths(paper_w: float, paper_h: float, content: Rect) -> dict[str, float]:
    return {
        "bottom": content.y,
        "top": paper_h - content.top,
        "right": paper_w - content.right,
        "left": content.x,
    }


def _strip(side: str, off: float, h: float, paper_w: float, paper_h: float) -> Rect:
    return {
        "bottom": Rect(0, off, paper_w, h),
        "top": Rect(0, paper_h - off - h, paper_w, h),
        "left": Rect(off, 0, h, paper_h),
        "right": Rect(paper_w - off - h, 0, h, paper_h),
    }[side]


def _find_spot(
    paper_w: float, paper_h: float, content: Rect, taken: list[Rect], item: Item,
    printable: float,
) -> tuple[tuple[str, float, float], bool] | None:  # fmt: skip
    """((side, offset from the edge, start along the margin), whether it is `printable` mm
    or more from the edge) or None. Centred in the margin, or as near the edge as printable
    (below any crop marks)."""
    best = None
    for rank, (side, depth) in enumerate(_depths(paper_w, paper_h, content).items()):
        if depth < item.height + 2 * _CLEAR_MM:
            continue
        centred = min(max((depth - item.height) / 2, 0.0), 5.0)
        low = min(printable + _CLEAR_MM, depth - item.height - _CLEAR_MM)  # below marks
        for off in dict.fromkeys((centred, max(low, 0.0))):
            u = _free_along(side, off, item, paper_w, paper_h, taken, max(_EDGE_MM, printable))
            key = (off < printable, rank)
            if u is not None and (best is None or key < best[0]):
                best = (key, (side, off, u))
    return (best[1], not best[0][0]) if best else None


def _free_along(
    side: str, off: float, item: Item, paper_w: float, paper_h: float, taken: list[Rect],
    edge: float,
) -> float | None:  # fmt: skip
    """Where along the margin `side` the item fits `off` mm from the edge (and `edge` mm from
    the corners), or None."""
    strip = _strip(side, off, item.height, paper_w, paper_h).grow(_CLEAR_MM)
    along = paper_w if side in ("bottom", "top") else paper_h
    blocked = sorted(
        (r.x, r.right) if side in ("bottom", "top") else (r.y, r.top)
        for r in taken
        if r.intersects(strip)
    )
    gap = _first_gap(blocked, edge, along - edge, item.length + 2 * _CLEAR_MM)
    if gap is None:
        return None
    start, room = gap
    return start + (room - item.length) / 2 if item.centred else start + _CLEAR_MM


def _first_gap(
    blocked: list[tuple[float, float]], lo: float, hi: float, need: float
) -> tuple[float, float] | None:
    """(start, length) of the first free stretch of at least `need` in [lo, hi]."""
    cursor = lo
    for a, b in blocked:
        end = min(a, hi)
        if end - cursor >= need:
            return cursor, end - cursor
        cursor = max(cursor, b)
    return (cursor, hi - cursor) if hi - cursor >= need else None


def _fallback_spot(
    paper_w: float, paper_h: float, content: Rect, item: Item
) -> tuple[str, float, float]:
    depths = _depths(paper_w, paper_h, content)
    side = max(SIDES, key=lambda s: (depths[s], -SIDES.index(s)))
    off = max((depths[side] - item.height) / 2, 0.0)
    return side, off, _EDGE_MM


def _map_item(
    paper_w: float, paper_h: float, item: Item, side: str, off: float, u0: float
) -> list[Mark]:
    """Local (u, v) -> page: along the bottom/top margin upright, along the sides turned 90°."""
    h = item.height
    if side in ("bottom", "top"):
        v0 = off if side == "bottom" else paper_h - off - h

        def point(u: float, v: float) -> tuple[float, float]:
            return u0 + u, v0 + v

        angle = 0
    else:
        base = off + h if side == "left" else paper_w - off

        def point(u: float, v: float) -> tuple[float, float]:
            return base - v, u0 + u

        angle = 90
    out: list[Mark] = []
    for m in item.marks:
        if isinstance(m, Text):
            x, y = point(m.x, m.y)
            out.append(Text(x, y, m.text, m.size, angle, m.gray, m.anchor))
        elif isinstance(m, Box):
            (ax, ay), (bx, by) = point(m.rect.x, m.rect.y), point(m.rect.right, m.rect.top)
            rect = Rect(min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay))
            out.append(Box(rect, m.style, m.fill, m.stroke))
        elif isinstance(m, Line):
            (ax, ay), (bx, by) = point(m.x1, m.y1), point(m.x2, m.y2)
            out.append(Line(ax, ay, bx, by, m.style))
    return out
