"""Loose pieces turned a quarter, to fit a strip of a sheet that holds them only lying down (a
pawn standee under a row of reference cards, say)."""

from __future__ import annotations

from dataclasses import replace

from pnp.impose.geometry import Rect
from pnp.impose.marks import Box, Circle, Line, Mark, Shape
from pnp.impose.packing import Part, Unit


def turned(unit: Unit) -> Unit:
    """`unit` turned a quarter anticlockwise: h wide and w tall, its parts and marks with it,
    and its back (on the mirrored cell of the back page) a quarter clockwise, so that turning
    the cut piece over as the sheet flips shows the back the same way up as the front."""
    parts = tuple(
        Part(p.face, _rect(p.trim, unit.h), _rect(p.clip, unit.h), (p.rotation + 90) % 360)
        for p in unit.parts
    )
    marks = tuple(_mark(m, unit.h) for m in unit.marks)
    back = (unit.back_rotation + 270) % 360
    return replace(unit, w=unit.h, h=unit.w, parts=parts, marks=marks, back_rotation=back)


def _point(u: float, v: float, height: float) -> tuple[float, float]:
    """(u, v) in a unit `height` tall, turned a quarter anticlockwise about its frame."""
    return height - v, u


def _rect(r: Rect, height: float) -> Rect:
    return Rect(height - r.top, r.x, r.h, r.w)


def _mark(m: Mark, height: float) -> Mark:
    if isinstance(m, Line):
        (x1, y1), (x2, y2) = _point(m.x1, m.y1, height), _point(m.x2, m.y2, height)
        return Line(x1, y1, x2, y2, m.style)
    if isinstance(m, Box):
        return Box(_rect(m.rect, height), m.style, m.fill, m.stroke)
    if isinstance(m, Circle):
        return Circle(*_point(m.cx, m.cy, height), m.r, m.style)
    if isinstance(m, Shape):
        ops = []
        for op in m.ops:
            x, y = _point(op[1], op[2], height)
            ops.append((op[0], x, y, op[3], op[4] + 90, op[5]) if op[0] == "A" else (op[0], x, y))
        return Shape(tuple(ops), m.style)
    raise TypeError(f"cannot turn {m!r}")
