"""Crop marks: each trim line continued into the margin, outside all art and inside the part of
the paper a printer reaches (`margin` mm from every edge).

No mark comes nearer the edge than DEAD_ZONE_MM (or the margin, if wider): many printers print
nothing there, and a mark they drop is a cut without a guide. Where the margin leaves too little
room beyond the art, the mark moves into the bleed instead: it starts just outside the trim and
is cut away with the bleed (drawn with a white edge so it shows on dark art). Where neither end
of a cut line has room (Letter's rows of poker cards reach the margin), the line's marks go into
the gutters it crosses instead, where they are cut away with the gutter.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.impose.geometry import Rect
from pnp.impose.marks import MARK_GAP_MM, MARK_LENGTH_MM, Box, Line, Mark

MIN_MARK_MM = 2.0  # a shorter mark is hard to line a ruler up with
BLEED_GAP_MM = 0.6  # between the trim and a mark moved into the bleed
DEAD_ZONE_MM = 5.0  # many printers print nothing this near the paper edge
GUTTER_GAP_MM = 0.3  # between a trim and a mark in the gutter beside it
MIN_GUTTER_MARK_MM = 1.5  # a gutter mark is short; two of them on one line still guide a ruler


def crop_marks(
    trims: list[Rect],
    obstacles: list[Rect],
    art: list[Rect],
    paper_w: float,
    paper_h: float,
    *,
    margin: float = 3.0,
    strip: tuple[float, float] = (0.0, 0.0),
) -> list[Line]:
    """Short lines in the margins continuing every trim edge that can be cut straight across.

    `trims` are the trim boxes that want marks; `obstacles` are all trim boxes on the page (a
    straight cut through one of them would spoil it, so that edge gets no mark). Marks start
    MARK_GAP_MM outside the outermost art, never over it, and stop `margin` mm from the edge;
    `strip` (bottom, top) keeps that much more free below and above (for the sheet label)
    where the marks still have room beyond it.
    """
    if not trims or not art:
        return []
    x0 = min(r.x for r in art)
    x1 = max(r.right for r in art)
    y0 = min(r.y for r in art)
    y1 = max(r.top for r in art)
    cut = obstacles or trims
    tx0, tx1 = min(r.x for r in cut), max(r.right for r in cut)
    ty0, ty1 = min(r.y for r in cut), max(r.top for r in cut)
    eps = 1e-3
    edge = max(margin, DEAD_ZONE_MM)
    xs = sorted({round(v, 4) for r in trims for v in (r.x, r.right)})
    ys = sorted({round(v, 4) for r in trims for v in (r.y, r.top)})
    marks: list[Line] = []
    for x in xs:
        if not x0 - eps <= x <= x1 + eps or any(o.x + eps < x < o.right - eps for o in obstacles):
            continue
        ends = ((y1, ty1, paper_h - _limit(edge, margin + strip[1], paper_h - y1)),
                (y0, ty0, _limit(edge, margin + strip[0], y0)))  # fmt: skip
        found = _segments(ends)
        if len(found) < 2:
            found += _in_gutters([(o.y, o.top) for o in cut if _on(x, o.x, o.right)])
        marks += [Line(x, a, x, b, s) for a, b, s in found]
    for y in ys:
        if not y0 - eps <= y <= y1 + eps or any(o.y + eps < y < o.top - eps for o in obstacles):
            continue
        ends = ((x1, tx1, paper_w - edge), (x0, tx0, edge))
        found = _segments(ends)
        if len(found) < 2:
            found += _in_gutters([(o.x, o.right) for o in cut if _on(y, o.y, o.top)])
        marks += [Line(a, y, b, y, s) for a, b, s in found]
    return marks


def _on(v: float, low: float, high: float) -> bool:
    """Whether a cut line at `v` runs along an edge (`low` or `high`) of a trim."""
    return abs(v - low) < 1e-3 or abs(v - high) < 1e-3


def _in_gutters(spans: list[tuple[float, float]]) -> list[tuple[float, float, str]]:
    """Marks in each gap between the trims a cut line runs along (`spans` across the line):
    one per gutter deep enough, in the bleed that is cut away with it."""
    spans = sorted(set(spans))
    out = []
    for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
        a, b = end + GUTTER_GAP_MM, start - GUTTER_GAP_MM
        if b - a >= MIN_GUTTER_MARK_MM - 1e-6:
            out.append((a, b, "bleedcrop"))
    return out


def _limit(edge: float, strip_top: float, depth: float) -> float:
    """How far from the paper's edge marks stop in a margin `depth` mm deep: clear of the
    label strip (which ends `strip_top` mm from the edge) if a mark of MIN_MARK_MM still fits
    beyond it, else at `edge` (the dead zone or the margin)."""
    if strip_top > edge and depth - MARK_GAP_MM - MIN_MARK_MM >= strip_top - 1e-6:
        return strip_top
    return edge


def _segments(ends: tuple[tuple[float, float, float], ...]) -> list[tuple[float, float, str]]:
    """(start, end, style) of the marks of one trim line, one per end: (art edge, trim edge,
    printable limit) beyond which the mark goes, towards the limit."""
    out = []
    for art, trim, limit in ends:
        way = 1.0 if limit > trim else -1.0  # outwards (art may reach the limit exactly)
        start = art + way * MARK_GAP_MM
        room = (limit - start) * way
        if room >= MIN_MARK_MM:
            out.append((start, start + way * min(MARK_LENGTH_MM, room), "crop"))
            continue
        start = trim + way * BLEED_GAP_MM  # no room in the margin: into the bleed
        room = (limit - start) * way
        if room >= MIN_MARK_MM:
            out.append((start, start + way * min(MARK_LENGTH_MM, room), "bleedcrop"))
    return out


def corner_guides(
    rects: list[Rect], marks: Sequence[Mark], bleed: float, reach: Rect
) -> list[Mark]:
    """Cut guides for each rectangular piece whose edges are not all continued by crop marks:
    its corners' cut lines continued a little into its own bleed, which is cut away (a line
    on the trim itself would show on the piece after a miscut); an outline on the trim only
    where the bleed is too narrow to hold them. No guide comes nearer the paper's edge than
    `reach` (the margin) or DEAD_ZONE_MM."""
    edge = max(reach.x, DEAD_ZONE_MM)
    inside = Rect(edge, edge, reach.right + reach.x - 2 * edge, reach.top + reach.y - 2 * edge)
    xs = {round(m.x1, 3) for m in marks if isinstance(m, Line) and m.x1 == m.x2}
    ys = {round(m.y1, 3) for m in marks if isinstance(m, Line) and m.y1 == m.y2}
    start, length = 0.6, min(2.0, bleed - 0.8)  # from the corner; short of the bleed's edge
    out: list[Mark] = []
    for r in rects:
        edges_x = {round(r.x, 3), round(r.right, 3)}
        edges_y = {round(r.y, 3), round(r.top, 3)}
        if edges_x <= xs and edges_y <= ys:
            continue
        if length < 1.0:
            out.append(Box(r, "cut"))
            continue
        for x, dx in ((r.x, -1.0), (r.right, 1.0)):
            for y, dy in ((r.y, -1.0), (r.top, 1.0)):
                a, b = start, start + length
                ticks = (Line(x + dx * a, y, x + dx * b, y, "bleedcrop"),
                         Line(x, y + dy * a, x, y + dy * b, "bleedcrop"))  # fmt: skip
                out += [t for t in (_inside(t, inside) for t in ticks) if t is not None]
    return out


def _inside(line: Line, area: Rect) -> Line | None:
    """The part of an upright or level `line` inside `area`; None if under 1 mm is left."""
    x1, x2 = sorted(max(area.x, min(area.right, v)) for v in (line.x1, line.x2))
    y1, y2 = sorted(max(area.y, min(area.top, v)) for v in (line.y1, line.y2))
    if max(x2 - x1, y2 - y1) < 1.0:
        return None
    return Line(x1, y1, x2, y2, line.style)
