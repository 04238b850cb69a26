"""The shape elements (rect, circle, line, polygon, star), their paint, bleed and geometry.

Star and polygon corners are computed in the template's top-down millimetres, then flipped
with the rest.
"""

from __future__ import annotations

import math

from pnp.draw import elements as draw
from pnp.draw.elements import Element, Paint
from pnp.layout.frame import Face, Frame
from pnp.layout.props import Props
from pnp.limits import DASH_LENGTHS, POLYGON_SIDES
from pnp.units import mm_to_pt, parse_length

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x, y, w, h

STROKE_DEFAULT_MM = 0.25
DASHES = {"dashed": (1.5, 1.0), "dotted": (0.3, 0.7)}
# Inner radius as a share of the outer one when a template gives none: a regular five-pointed
# star (the pentagram's own proportion) and a slim four-pointed compass star.
DEFAULT_INNER = {5: 0.381966, 4: 0.4}
_EDGE = 0.01  # mm: an edge this close to the trim counts as on it (for bleed)


def rect(face: Face, p: Props, frame: Frame) -> list[Element]:
    x, y, w, h = (p.length(k) for k in ("x", "y", "w", "h"))
    if p.flag("bleed", False):
        x, y, w, h = bleed_box(face, p, frame, (x, y, w, h))
    radius = mm_to_pt(p.length("radius", 0.0))
    box = (mm_to_pt(x), frame.ref - mm_to_pt(y + h), mm_to_pt(w), mm_to_pt(h))
    return [draw.Rectangle(*box, paint(p, frame), radius)]


def circle(face: Face, p: Props, frame: Frame) -> list[Element]:
    r = p.length("r", positive=True)
    if p.flag("bleed", False):
        top_level_only(p, frame)
        r += face.bleed_mm
    cx, cy = p.length("cx"), p.length("cy")
    return [draw.Circle(mm_to_pt(cx), frame.ref - mm_to_pt(cy), mm_to_pt(r), paint(p, frame))]


def line(face: Face, p: Props, frame: Frame) -> list[Element]:
    if "points" in p:
        points = p.points("points", minimum=2)
    else:
        missing = [k for k in ("x1", "y1", "x2", "y2") if k not in p]
        if missing:
            raise p.error(f"needs x1, y1, x2, y2 or points (missing {', '.join(missing)})")
        points = [(p.length("x1"), p.length("y1")), (p.length("x2"), p.length("y2"))]
    return [draw.Polyline(frame.flip(points), False, paint(p, frame, line=True))]


def polygon(face: Face, p: Props, frame: Frame) -> list[Element]:
    if "points" in p:
        points = p.points("points", minimum=3)
    elif all(k in p for k in ("sides", "cx", "cy", "r")):
        sides = p.whole("sides", low=3, high=POLYGON_SIDES)
        points = regular_polygon(
            p.length("cx"),
            p.length("cy"),
            p.length("r", positive=True),
            sides,
            p.number("rotate", 0.0),
        )
    else:
        raise p.error("needs points: [[x, y], ...] or sides, cx, cy and r")
    return [draw.Polyline(frame.flip(points), True, paint(p, frame))]


def star(face: Face, p: Props, frame: Frame) -> list[Element]:
    count = p.whole("points", 5, low=3, high=POLYGON_SIDES)
    inner = p.number("inner", None)
    if inner is not None and not 0 < inner < 1:
        raise p.error("`inner` is the inner radius as a share of r: between 0 and 1", "inner")
    points = star_points(
        p.length("cx"),
        p.length("cy"),
        p.length("r", positive=True),
        count,
        inner,
        p.number("rotate", 0.0),
    )
    return [draw.Polyline(frame.flip(points), True, paint(p, frame))]


def paint(p: Props, frame: Frame, line: bool = False) -> Paint:
    """Fill and stroke; a shape given neither is filled with ink, a line is stroked."""
    given = "fill" in p or "stroke" in p
    fill = None if line else p.color("fill", None if given else "ink")
    stroke = p.color("stroke", "ink" if line else None)
    width = p.length("stroke_width", STROKE_DEFAULT_MM)
    dash = p.get("dash")
    if isinstance(dash, str) and dash in DASHES:
        dash = list(DASHES[dash])
    elif dash is not None and not isinstance(dash, list):
        dash = [dash]
    if dash is not None and len(dash) > DASH_LENGTHS:
        raise p.error(f"`dash` should be at most {DASH_LENGTHS} lengths", "dash")
    dashes = tuple(
        mm_to_pt(p.convert("dash", lambda v: parse_length(v, what="`dash`"), d)) for d in dash or []
    )
    cap = p.choice("cap", tuple(draw.CAPS), "butt")
    return Paint(
        fill=fill,
        stroke=stroke,
        stroke_width=mm_to_pt(width),
        opacity=frame.opacity * p.opacity(),
        dash=dashes,
        cap=draw.CAPS[cap],
    )


def bleed_box(face: Face, p: Props, frame: Frame, box: Box) -> Box:
    """Push every edge lying on (or past) the trim out to the bleed edge."""
    top_level_only(p, frame)
    x, y, w, h = box
    b = face.bleed_mm
    left, top, right, bottom = x, y, x + w, y + h
    left = left - b if left <= _EDGE else left
    top = top - b if top <= _EDGE else top
    right = right + b if right >= face.width_mm - _EDGE else right
    bottom = bottom + b if bottom >= face.height_mm - _EDGE else bottom
    return left, top, right - left, bottom - top


def top_level_only(p: Props, frame: Frame) -> None:
    if not frame.top_level:
        raise p.error("bleed: true works only on top-level elements, not inside a group", "bleed")


# -- geometry, in the template's top-down millimetres -------------------------------------------


def star_points(
    cx: float, cy: float, r: float, points: int = 5, inner: float | None = None, rotate: float = 0
) -> list[Point]:
    """Corners of a star centred on (cx, cy), first tip straight up, turned `rotate` degrees.

    y grows downwards, so a positive rotation turns clockwise as the designer sees the card.
    """
    ratio = DEFAULT_INNER.get(points, 0.5) if inner is None else inner
    corners = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * ratio
        angle = math.radians(rotate + i * 180.0 / points)
        corners.append((cx + radius * math.sin(angle), cy - radius * math.cos(angle)))
    return corners


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotate: float = 0) -> list[Point]:
    """Corners of a regular polygon with a corner straight up (hexagon, triangle, ...)."""
    return [
        (
            cx + r * math.sin(math.radians(rotate + i * 360.0 / sides)),
            cy - r * math.cos(math.radians(rotate + i * 360.0 / sides)),
        )
        for i in range(sides)
    ]
