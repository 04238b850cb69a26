"""Paint fitted elements on a reportlab canvas.

Painting makes the same canvas calls in the same order every time, so identical elements give
identical PDF bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

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
from pnp.draw.rl_private import font_state, page_code, text_code, text_formatter, text_stroke
from pnp.memo import Memo


def paint(canvas: Canvas, elements: tuple[Element, ...] | list[Element]) -> None:
    """Draw `elements` in order on `canvas` (in its current coordinate system)."""
    for element in elements:
        kind = type(element)
        if kind in _SHAPES:
            _shape(canvas, element)
        else:
            _PAINTERS[kind](canvas, element)


def _shape(canvas: Canvas, e: Any) -> None:
    """Paint an opaque Rectangle, Circle or Polyline by the commands it gave before, when it
    has (faces share the elements of identical template items: every card's background and
    frame is one object).

    A shape paints in a saved state of its own, with colours and lines set by value, so its
    commands are the same wherever it is painted; a translucent one names a transparency
    state, which the page must list, so it is painted each time.
    """
    code = page_code(canvas)
    kept = _SHAPE_CODE.get(id(e))
    if kept is not None:
        code.extend(kept)
        return
    start = len(code)
    _PAINTERS[type(e)](canvas, e)
    if e.paint.opacity >= 1:
        _SHAPE_CODE.put(id(e), code[start:], held=e)


def _apply(canvas: Canvas, p: Paint) -> tuple[int, int]:
    """Set colours and line style; returns the (stroke, fill) flags for a drawing call."""
    if p.fill is not None:
        canvas.setFillColorRGB(*p.fill)
    if p.stroke is not None:
        canvas.setStrokeColorRGB(*p.stroke)
        canvas.setLineWidth(p.stroke_width)
        canvas.setLineCap(p.cap)
        if p.dash:
            canvas.setDash(list(p.dash))
    if p.opacity < 1:
        canvas.setFillAlpha(p.opacity)
        canvas.setStrokeAlpha(p.opacity)
    return int(p.stroke is not None and p.stroke_width > 0), int(p.fill is not None)


def _rect(canvas: Canvas, e: Rectangle) -> None:
    canvas.saveState()
    stroke, fill = _apply(canvas, e.paint)
    if e.radius > 0:
        canvas.roundRect(e.x, e.y, e.w, e.h, e.radius, stroke=stroke, fill=fill)
    else:
        canvas.rect(e.x, e.y, e.w, e.h, stroke=stroke, fill=fill)
    canvas.restoreState()


def _circle(canvas: Canvas, e: Circle) -> None:
    canvas.saveState()
    stroke, fill = _apply(canvas, e.paint)
    canvas.circle(e.cx, e.cy, e.r, stroke=stroke, fill=fill)
    canvas.restoreState()


def _path(canvas: Canvas, e: Polyline) -> None:
    canvas.saveState()
    stroke, fill = _apply(canvas, e.paint)
    path = canvas.beginPath()
    path.moveTo(*e.points[0])
    for point in e.points[1:]:
        path.lineTo(*point)
    if e.closed:
        path.close()
    canvas.drawPath(path, stroke=stroke, fill=fill if e.closed else 0, fillMode=0)
    canvas.restoreState()


def _image(canvas: Canvas, e: Image) -> None:
    canvas.saveState()
    if e.clip:
        clip = canvas.beginPath()
        clip.rect(*e.clip)
        canvas.clipPath(clip, stroke=0, fill=0)
    if e.opacity < 1:
        canvas.setFillAlpha(e.opacity)
    if e.kind == "svg":
        # imported here: svglib and reportlab's graphics cost ~0.1 s, and most faces have no SVG
        from reportlab.graphics import renderPDF

        from pnp.draw.svg import load_svg

        drawing = load_svg(Path(e.path), e.digest)
        if e.tint is not None or e.drop_background:
            from pnp.draw.svgtint import tinted

            drawing = tinted(drawing, e.digest, e.tint, e.drop_background)
        canvas.translate(e.x, e.y)
        canvas.scale(e.w / drawing.width, e.h / drawing.height)
        # the renderer starts by selecting its default font, Helvetica, which is never embedded:
        # start it in the canvas's own font instead (an SVG's text still names its own)
        drawing.initialFontName, drawing.initialFontSize = font_state(canvas)
        renderPDF.draw(drawing, canvas, 0, 0)
    else:
        canvas.drawImage(e.path, e.x, e.y, e.w, e.h, mask="auto")
    canvas.restoreState()


def _text_run(canvas: Canvas, e: TextRun) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(*e.color)
    if e.opacity < 1:
        canvas.setFillAlpha(e.opacity)
    canvas.setFont(e.font, e.size)
    if e.stroke:  # synthetic bold: the outline stroked in the fill's colour too
        canvas.setStrokeColorRGB(*e.color)
        if e.opacity < 1:
            canvas.setStrokeAlpha(e.opacity)
        text = canvas.beginText(e.x, e.y)
        text_code(text).append(text_stroke(e.stroke))
        text.textOut(e.text)
        canvas.drawText(text)
    else:
        canvas.drawString(e.x, e.y, e.text)
    canvas.restoreState()


def _group(canvas: Canvas, e: Group) -> None:
    canvas.saveState()
    canvas.translate(e.x, e.y)
    if e.rotate:
        canvas.rotate(e.rotate)
    if (e.scale_x, e.scale_y) != (1.0, 1.0):
        canvas.scale(e.scale_x, e.scale_y)
    paint(canvas, e.children)
    canvas.restoreState()


def _text(canvas: Canvas, e: Text) -> None:
    """A text box's children in order; each stretch of opaque runs between its icons is one
    text object in one saved state (a state saved per run cost ~25 µs each)."""
    batch: list[TextRun] = []
    for child in e.children:
        if type(child) is TextRun and child.opacity >= 1:
            batch.append(child)
            continue
        _text_object(canvas, batch)
        batch = []
        _PAINTERS[type(child)](canvas, child)
    _text_object(canvas, batch)


def _text_object(canvas: Canvas, runs: list[TextRun]) -> None:
    """Opaque `runs` as one text object: colour and font set only when they change. Each run
    is placed by its own text matrix, as drawString places it, so the page looks the same.

    q/Q by hand: a text object keeps its colour and font to itself (reportlab's record of the
    canvas state is not touched), so there is nothing of it to copy and put back.
    """
    if not runs:
        return
    first = runs[0]
    text = canvas.beginText(first.x, first.y)
    append, show = text_code(text).append, text_formatter(text)
    colour: tuple[float, ...] | None = None
    font: tuple[str, float] | None = None
    stroke, stroked = 0.0, None  # the stroke's width and colour (synthetic bold)
    for run in runs:
        if run.color != colour:
            colour = run.color
            text.setFillColorRGB(*colour)
        if run.stroke != stroke:
            stroke = run.stroke
            append(text_stroke(stroke))
        if stroke and stroked != colour:
            stroked = colour
            text.setStrokeColorRGB(*colour)
        if (run.font, run.size) != font:
            font = (run.font, run.size)
            text.setFont(*font)
        if run is not first:
            text.setTextOrigin(run.x, run.y)
        # what drawString writes for the run, without moving on a line (no T*, no width)
        append(show(run.text))
    code = page_code(canvas)
    code.append("q")
    canvas.drawText(text)
    code.append("Q")


# id -> (the shape, held so its id stays its own; its commands)
_SHAPE_CODE: Memo[int, list[str]] = Memo(4096)  # a shape's commands, by its identity
_SHAPES = frozenset((Rectangle, Circle, Polyline))

# by exact type: one dict lookup per element (painting is the hot loop of a build)
_PAINTERS: dict[type, Callable[[Canvas, Any], None]] = {
    Rectangle: _rect,
    Circle: _circle,
    Polyline: _path,
    Image: _image,
    TextRun: _text_run,
    Group: _group,
    Text: _text,
}
