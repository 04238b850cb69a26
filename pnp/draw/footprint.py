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
from dataclasses import replace

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.draw.coverage import IDENTITY, Matrix, group_matrix
from pnp.draw.elements import (
    Circle,
    Element,
    Group,
    Image,
    Paint,
    Polyline,
    Rectangle,
    Text,
    TextRun,
)
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


def text_boxes(elements: tuple[Element, ...]) -> list[Box]:
    """The box (mm, trim origin) of every line of text the face paints."""
    out = []
    for matrix, element in _walk(elements, IDENTITY):
        if isinstance(element, TextRun) and (own := _own_box(element)) is not None:
            out.append(tuple(v / PT_PER_MM for v in _placed(matrix, own)))
    return out  # type: ignore[return-value]


def crop_elements(elements: tuple[Element, ...], window: Box) -> tuple[Element, ...]:
    """The elements, and the children of groups, that paint something inside `window` (mm
    from the trim's bottom-left): a part of a face drawn alone paints nothing hidden."""
    return _crop(elements, IDENTITY, window)


def _crop(elements: tuple[Element, ...], matrix: Matrix, window: Box) -> tuple[Element, ...]:
    kept: list[Element] = []
    for element in elements:
        if isinstance(element, Group):
            children = _crop(element.children, group_matrix(matrix, element), window)
            if children:
                kept.append(replace(element, children=children))
            continue
        boxes = [_placed(m, b) for m, e in _walk((element,), matrix)
                 if (b := _any_box(e)) is not None]  # fmt: skip
        x0, y0, x1, y1 = (v * PT_PER_MM for v in window)
        if any(b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0 for b in boxes):
            kept.append(element)
    return tuple(kept)


def named_boxes(elements: tuple[Element, ...]) -> list[tuple[str, Box, str]]:
    """(name, box in mm from the trim's bottom-left, text it shows) of every element its
    template named, in painting order: a named group or text box spans all it paints; a shape
    counts painted or not. What a rulebook figure points its call-outs at."""
    out: list[tuple[str, Box, str]] = []
    _name_walk(elements, IDENTITY, out)
    return out


def _name_walk(
    elements: tuple[Element, ...], matrix: Matrix, out: list[tuple[str, Box, str]]
) -> None:
    for element in elements:
        name = getattr(element, "name", "")
        if isinstance(element, Group):
            inner = group_matrix(matrix, element)
            leaves = list(_walk(element.children, inner))
            start = len(out)
            _name_walk(element.children, inner, out)
        else:
            leaves = list(_walk((element,), matrix))
            start = len(out)
        if not name:
            continue
        boxes = [_placed(m, b) for m, e in leaves if (b := _any_box(e)) is not None]
        if not boxes:
            continue
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes),
               max(b[2] for b in boxes), max(b[3] for b in boxes))  # fmt: skip
        text = " ".join(e.text.strip() for _, e in leaves if isinstance(e, TextRun)).strip()
        mm = (box[0] / PT_PER_MM, box[1] / PT_PER_MM, box[2] / PT_PER_MM, box[3] / PT_PER_MM)
        out.insert(start, (name, mm, text))


def _any_box(e: Element) -> Box | None:
    """An element's box in its own coordinates (points), painted or not."""
    if isinstance(e, Polyline):
        xs, ys = [p[0] for p in e.points], [p[1] for p in e.points]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(e, Rectangle | Circle):
        return _own_box(e) or _own_box(replace(e, paint=Paint(fill=(0.0, 0.0, 0.0))))
    return _own_box(e)


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
