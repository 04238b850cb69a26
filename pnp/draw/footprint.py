"""Where a face's marked content lies: the boxes of the spaces, words and pictures it paints.

A board printed over several sheets is cut and glued along seams, and a seam through a space a
piece stands on, or through a word, is what players notice. Imposition asks here where those
things are. The answer comes from the fitted elements (what the canvas paints), so every template
and game is read the same way, without knowing what any element means:

- a text run, a picture, and a closed shape (rectangle, circle, polygon) that paints something
  is marked content, where it lies after the transforms of the groups around it;
- a shape or picture spanning more than half the face either way is not: it is a background, a
  band, a frame or a long track, which any seam crosses and which a seam does not spoil;
- open lines (rails, rules, dividers) are not: a seam across a line is invisible once glued.
"""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.draw.coverage import IDENTITY, Matrix, group_matrix
from pnp.draw.elements import Circle, Element, Group, Image, Polyline, Rectangle, Text, TextRun
from pnp.units import PT_PER_MM

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm from the trim's bottom-left
LARGE = 0.5  # a shape wider or taller than this share of the face is ground, not a space


def marked_boxes(elements: tuple[Element, ...], width_mm: float, height_mm: float) -> list[Box]:
    """The boxes (mm, trim origin) of every space, word and picture painted inside the trim."""
    boxes = []
    for matrix, element in _walk(elements, IDENTITY):
        own = _own_box(element)
        if own is None:
            continue
        x0, y0, x1, y1 = (v / PT_PER_MM for v in _placed(matrix, own))
        if not isinstance(element, TextRun) and (
            x1 - x0 > LARGE * width_mm or y1 - y0 > LARGE * height_mm
        ):
            continue
        x0, y0, x1, y1 = max(x0, 0.0), max(y0, 0.0), min(x1, width_mm), min(y1, height_mm)
        if x1 > x0 and y1 > y0:
            boxes.append((x0, y0, x1, y1))
    return boxes


def _own_box(e: Element) -> Box | None:
    """An element's box in its own coordinates (points); None for what marks nothing."""
    if isinstance(e, TextRun):
        try:
            width = stringWidth(e.text.rstrip(), e.font, e.size)
        except KeyError:  # a font reportlab does not know: about half an em a character
            width = 0.5 * e.size * len(e.text.rstrip())
        return (e.x, e.y - 0.22 * e.size, e.x + width, e.y + 0.75 * e.size) if width else None
    if isinstance(e, Image):
        return e.x, e.y, e.x + e.w, e.y + e.h
    if isinstance(e, Rectangle | Circle | Polyline):
        paint = e.paint
        if paint.fill is None and (paint.stroke is None or paint.stroke_width <= 0):
            return None
    if isinstance(e, Rectangle):
        return e.x, e.y, e.x + e.w, e.y + e.h
    if isinstance(e, Circle):
        return e.cx - e.r, e.cy - e.r, e.cx + e.r, e.cy + e.r
    if isinstance(e, Polyline) and e.closed:
        xs, ys = [p[0] for p in e.points], [p[1] for p in e.points]
        return min(xs), min(ys), max(xs), max(ys)
    return None


def _walk(elements: tuple[Element, ...], matrix: Matrix) -> Iterator[tuple[Matrix, Element]]:
    """(placement, element) for every leaf: a group's and a text box's children in turn."""
    for element in elements:
        if isinstance(element, Group):
            yield from _walk(element.children, group_matrix(matrix, element))
        elif isinstance(element, Text):
            yield from _walk(element.children, matrix)
        else:
            yield matrix, element


def _placed(m: Matrix, box: Box) -> Box:
    """The upright box around `box` placed by `m`."""
    x0, y0, x1, y1 = box
    corners = [(x, y) for x in (x0, x1) for y in (y0, y1)]
    xs = [m[0] * x + m[2] * y + m[4] for x, y in corners]
    ys = [m[1] * x + m[3] * y + m[5] for x, y in corners]
    return min(xs), min(ys), max(xs), max(ys)
