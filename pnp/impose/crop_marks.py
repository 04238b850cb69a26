"""Crop marks: each trim line continued into the margin, outside all art and inside the paper."""

from __future__ import annotations

from pnp.impose.geometry import Rect
from pnp.impose.marks import MARK_GAP_MM, MARK_LENGTH_MM, Line


def crop_marks(
    trims: list[Rect], obstacles: list[Rect], art: list[Rect], paper_w: float, paper_h: float
) -> list[Line]:
    """Short lines in the margins continuing every trim edge that can be cut straight across.

    `trims` are the trim boxes that want marks; `obstacles` are all trim boxes on the page (a
    straight cut through one of them would spoil it, so that edge gets no mark). Marks start
    MARK_GAP_MM outside the outermost art, never over it.
    """
    if not trims or not art:
        return []
    x0 = min(r.x for r in art)
    x1 = max(r.right for r in art)
    y0 = min(r.y for r in art)
    y1 = max(r.top for r in art)
    eps = 1e-3
    xs = sorted({round(v, 4) for r in trims for v in (r.x, r.right)})
    ys = sorted({round(v, 4) for r in trims for v in (r.y, r.top)})
    marks: list[Line] = []
    for x in xs:
        if not x0 - eps <= x <= x1 + eps or any(o.x + eps < x < o.right - eps for o in obstacles):
            continue
        marks += _segments(x, y1, paper_h, y0, vertical=True)
    for y in ys:
        if not y0 - eps <= y <= y1 + eps or any(o.y + eps < y < o.top - eps for o in obstacles):
            continue
        marks += _segments(y, x1, paper_w, x0, vertical=False)
    return marks


def _segments(at: float, far: float, limit: float, near: float, *, vertical: bool) -> list[Line]:
    """The two marks of one trim line: beyond `far` (towards `limit`) and before `near` (to 0)."""
    out = []
    for start, end in (
        (far + MARK_GAP_MM, min(far + MARK_GAP_MM + MARK_LENGTH_MM, limit)),
        (near - MARK_GAP_MM, max(near - MARK_GAP_MM - MARK_LENGTH_MM, 0.0)),
    ):
        if abs(end - start) < 0.5:
            continue
        out.append(Line(at, start, at, end) if vertical else Line(start, at, end, at))
    return out
