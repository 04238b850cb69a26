"""What lies where on a face: fitted elements walked in paint order with their placement, the
box each filled shape covers, and the colour painted at a point (fills blended over the paper).

Measured on the elements (what the canvas paints), not on pixels, so a check costs microseconds
a face: the legibility check (text over what) and the cut check (what runs to the trim).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from pnp.draw.elements import RGB, Circle, Element, Group, Image, Polyline, Rectangle

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in PDF
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Cover = tuple[Box, Matrix, Element, Box]  # its box on the face, face -> shape, shape, own box
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
SHAPES = (Rectangle, Circle, Polyline, Image)


def painted_covers(elements: tuple[Element, ...]) -> list[Cover]:
    """Every filled shape and image of a face, in paint order, with its placement."""
    covers: list[Cover] = []
    for matrix, element in walk(elements, IDENTITY):
        if isinstance(element, SHAPES):
            cover = cover_of(element, matrix)
            if cover is not None:
                covers.append(cover)
    return covers


def cover_of(element: Element, matrix: Matrix) -> Cover | None:
    """A filled shape or image placed by `matrix` as a Cover; None if it fills nothing."""
    box = covers(element)
    inverse = invert(matrix)
    if box is None or inverse is None:  # scaled to nothing covers nothing
        return None
    return face_box(matrix, box), inverse, element, box


def face_box(matrix: Matrix, box: Box) -> Box:
    """The face-space box around a shape's own box placed by `matrix`."""
    x0, y0, x1, y1 = box
    corners = [apply(matrix, x, y) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def covers(shape: Element) -> Box | None:
    """The box (in the shape's own coordinates) a filled shape or an image covers; None for
    shapes that fill nothing (outlines, open lines)."""
    if isinstance(shape, Image):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if not isinstance(shape, Rectangle | Circle | Polyline) or shape.paint.fill is None:
        return None
    if isinstance(shape, Rectangle):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    if not shape.closed:
        return None
    xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
    return min(xs), min(ys), max(xs), max(ys)


def walk(elements: tuple[Element, ...], matrix: Matrix) -> Iterator[tuple[Matrix, Element]]:
    """(placement, element) in paint order; a group's children come with its placement, a
    text box whole (its inline icons are not backgrounds)."""
    for element in elements:
        if isinstance(element, Group):
            yield from walk(element.children, group_matrix(matrix, element))
        else:
            yield matrix, element


def group_matrix(m: Matrix, g: Group) -> Matrix:
    """`m` followed by translate, rotate (degrees), scale, as paint does them."""
    m = times(m, (1.0, 0.0, 0.0, 1.0, g.x, g.y))
    if g.rotate:
        c, s = math.cos(math.radians(g.rotate)), math.sin(math.radians(g.rotate))
        m = times(m, (c, s, -s, c, 0.0, 0.0))
    return times(m, (g.scale_x, 0.0, 0.0, g.scale_y, 0.0, 0.0))


def times(m: Matrix, n: Matrix) -> Matrix:
    """The matrix applying `n` first, then `m`."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)  # fmt: skip


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def invert(m: Matrix) -> Matrix | None:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def colour_at(point: tuple[float, float], painted: list[Cover], paper: RGB) -> RGB | None:
    """The colour under a face point: painted fills blended over the paper; None over an image."""
    color = paper
    px, py = point
    for (fx0, fy0, fx1, fy1), inverse, shape, (x0, y0, x1, y1) in painted:
        if not (fx0 <= px <= fx1 and fy0 <= py <= fy1):
            continue
        x, y = apply(inverse, px, py)
        if not (x0 <= x <= x1 and y0 <= y <= y1) or not contains(shape, x, y):
            continue
        if isinstance(shape, Image):
            return None
        if isinstance(shape, Rectangle | Circle | Polyline) and shape.paint.fill is not None:
            color = blend(shape.paint.fill, color, shape.paint.opacity)
    return color


def contains(shape: Element, x: float, y: float) -> bool:
    if isinstance(shape, Rectangle | Image):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Circle):
        return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r**2
    if isinstance(shape, Polyline):  # a closed, filled one (see _covers)
        return inside_polygon(shape.points, x, y)
    return False


def inside_polygon(points: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    """Even-odd rule, as paint fills polygons."""
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def blend(top: RGB, under: RGB, opacity: float) -> RGB:
    if opacity >= 1:
        return top
    return (
        top[0] * opacity + under[0] * (1 - opacity),
        top[1] * opacity + under[1] * (1 - opacity),
        top[2] * opacity + under[2] * (1 - opacity),
    )
