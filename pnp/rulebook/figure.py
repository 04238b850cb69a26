"""A figure: a picture drawn from the game's own faces and its caption, as one flowable.

One flowable cannot split, so a picture never leaves its caption. A picture offers the scales
it may be drawn at, best first; the figure takes the first that fits the space left on the
page, else moves whole to the next page at its best (smaller only if even a page is too short;
where it goes and what fills the page it leaves: pnp.rulebook.floats). Also the marks figures
share: numbered discs, arrows, lines with a white edge.
"""

from __future__ import annotations

import math
from typing import Protocol

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from pnp.rulebook.measure import height_of, text_width
from pnp.rulebook.para import Paragraph
from pnp.units import mm_to_pt

GAP = 4.0  # points between the picture and its caption


class Picture(Protocol):
    def scales(self, width: float) -> list[float]:
        """Scales the picture may be drawn at within `width` points, best first."""
        ...

    def size(self, scale: float) -> tuple[float, float]: ...

    def draw(self, canvas: Canvas, scale: float) -> None:
        """Draw with the origin at the picture's bottom-left corner."""
        ...


class Figure(Flowable):
    """A picture, centred, above its caption."""

    def __init__(self, picture: Picture, caption: Paragraph | None, page_height: float) -> None:
        super().__init__()
        self.picture = picture
        self.caption = caption
        self.page_height = page_height  # the frame's height: what a fresh page offers
        self.scale = 1.0
        self.spaceBefore, self.spaceAfter = 6, 10
        self.width = self.height = 0.0
        self._size = (0.0, 0.0)
        self._caption_h = 0.0
        self.cap: float | None = None  # the room it has where it goes, when wrapped in a group

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        if self.cap is not None:  # Platypus measures a kept-together group on an endless page
            avail_height = min(avail_height, self.cap)
        self.width = avail_width
        self._caption_h = height_of(self.caption, avail_width * 0.9) + GAP if self.caption \
            else 0.0  # fmt: skip
        scales = self.picture.scales(avail_width)
        heights = [self.picture.size(s)[1] + self._caption_h for s in scales]
        fits = [s for s, h in zip(scales, heights, strict=True) if h <= avail_height + 0.01]
        if fits:
            self.scale = fits[0]
        elif heights[0] <= self.page_height:
            self.scale = scales[0]  # the next page takes it whole
        else:
            self.scale = _largest_within(self.picture, scales[-1], self.page_height
                                         - self._caption_h)  # fmt: skip
        self._size = self.picture.size(self.scale)
        self.height = self._size[1] + self._caption_h
        return self.width, self.height

    def draw(self) -> None:
        self.cap = None
        canvas = self.canv
        w, h = self._size
        canvas.saveState()
        canvas.translate((self.width - w) / 2, self._caption_h)
        self.picture.draw(canvas, self.scale)
        canvas.restoreState()
        if self.caption is not None:
            cw = self.width * 0.9
            ch = self.caption.wrap(cw, 10_000)[1]
            self.caption.drawOn(canvas, (self.width - cw) / 2, self._caption_h - GAP - ch)


def _largest_within(picture: Picture, low: float, height: float) -> float:
    """The largest scale up to `low` whose picture is at most `height` tall."""
    scale = low
    for _ in range(40):
        if picture.size(scale)[1] <= height or scale < 0.01:
            break
        scale *= 0.95
    return scale


# -- marks -------------------------------------------------------------------------------------

DISC_R = mm_to_pt(2.3)


def number_disc(canvas: Canvas, x: float, y: float, number: int, fill: Color, font: str) -> None:
    """A call-out's numbered disc centred on (x, y), white-edged so it reads on any art."""
    canvas.saveState()
    canvas.setFillColor(fill)
    canvas.setStrokeColor(white)
    canvas.setLineWidth(0.9)
    canvas.circle(x, y, DISC_R, stroke=1, fill=1)
    canvas.setFillColor(white)
    size = 7.5 if number < 10 else 6.5
    canvas.setFont(font, size)
    canvas.drawCentredString(x, y - size * 0.35, str(number))
    canvas.restoreState()


def edged_line(canvas: Canvas, points: list[tuple[float, float]], colour: Color,
               width: float = 0.6) -> None:  # fmt: skip
    """A line with a white edge, visible over dark and light art alike."""
    for stroke, w in ((white, width + 1.4), (colour, width)):
        canvas.saveState()
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(w)
        canvas.setLineCap(1)
        path = canvas.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()


def bow(start: tuple[float, float], end: tuple[float, float], bend: float) -> tuple[float, float]:
    """The control point of an arrow from `start` to `end` bowed sideways by `bend` (a share of
    its length): the quadratic curve's middle point, for drawing it and for keeping off it."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    return (x0 + x1) / 2 + nx * bend * length, (y0 + y1) / 2 + ny * bend * length


def arrow(canvas: Canvas, start: tuple[float, float], end: tuple[float, float], colour: Color,
          bend: float = 0.0) -> tuple[float, float]:  # fmt: skip
    """An arrow from `start` to `end`, bowed sideways by `bend` (a share of its length); returns
    where its label goes: beside its middle, outside the bow."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length  # the label's side, outside the bow
    cx, cy = bow(start, end, bend)
    head = 6.0
    angle = math.atan2(y1 - cy, x1 - cx)
    tip_back = (x1 - head * 0.8 * math.cos(angle), y1 - head * 0.8 * math.sin(angle))
    for stroke, w in ((white, 3.2), (colour, 1.5)):
        canvas.saveState()
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(w)
        canvas.setLineCap(1)
        path = canvas.beginPath()
        path.moveTo(x0, y0)
        path.curveTo(x0 + (cx - x0) * 2 / 3, y0 + (cy - y0) * 2 / 3,
                     tip_back[0] + (cx - tip_back[0]) * 2 / 3,
                     tip_back[1] + (cy - tip_back[1]) * 2 / 3, *tip_back)  # fmt: skip
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()
    canvas.saveState()
    canvas.setFillColor(colour)
    canvas.setStrokeColor(white)
    canvas.setLineWidth(0.8)
    path = canvas.beginPath()
    path.moveTo(x1, y1)
    for side in (1, -1):
        a = angle + math.pi - side * 0.42
        path.lineTo(x1 + head * math.cos(a), y1 + head * math.sin(a))
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)
    canvas.restoreState()
    mx, my = (x0 + x1) / 4 + cx / 2, (y0 + y1) / 4 + cy / 2
    if not bend:
        return mx, my + 9.0  # above a straight arrow
    side = 1 if bend > 0 else -1
    return mx + nx * side * 12.0, my + ny * side * 12.0


def tag(canvas: Canvas, paragraph: Paragraph, x: float, y: float, width: float) -> None:
    """`paragraph` centred on (x, y) on a white rounded plate (an arrow's or a marker's label)."""
    width += 2  # the width measured, and a hair: the line must not break again
    h = paragraph.wrap(width, 1000)[1]
    w = text_width(paragraph, width)
    canvas.saveState()
    canvas.setFillColor(Color(1, 1, 1, alpha=0.92))
    canvas.roundRect(x - w / 2 - 2.5, y - h / 2 - 1.5, w + 5, h + 3, 2.5, stroke=0, fill=1)
    canvas.restoreState()
    paragraph.drawOn(canvas, x - width / 2, y - h / 2)
