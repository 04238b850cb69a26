"""Labels on a piece's edges: a board excerpt's tracks named above their columns, which way its
ends lie beside it. Each stands outside the piece, level with the element it names, so the
reader needs no caption to tell the columns apart.

Positions are the element's middle on the face (mm from the trim's bottom-left); the piece
says where its face lies at a scale (pnp.rulebook.pieces.Item).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.rulebook.measure import height_of, text_width
from pnp.rulebook.para import Paragraph
from pnp.units import mm_to_pt

SIDES = ("above", "below", "left", "right")
GAP = 2.5  # points between the piece's edge and its labels
NARROWEST = mm_to_pt(10)  # a label above a column wraps at the column's width, or this
SIDE_W = mm_to_pt(30)  # a label beside the piece wraps at this width
Margins = tuple[float, float, float, float]  # left, bottom, right, top


@dataclass(frozen=True)
class EdgeLabel:
    """`text` on `side` of its piece, centred on the element at `at_mm` (its middle on the
    face, mm), wrapped at the element's width `span_mm` when above or below."""

    side: str
    at_mm: tuple[float, float]
    span_mm: float
    text: Paragraph

    def width(self, s: float) -> float:
        if self.side in ("above", "below"):
            return max(mm_to_pt(self.span_mm) * s, NARROWEST)
        return text_width(self.text, SIDE_W)

    def height(self, s: float) -> float:
        return height_of(self.text, self.width(s))


def margins(labels: list[EdgeLabel], s: float) -> Margins:
    """The room the labels take round the piece, each side."""

    def room(side: str, across: bool) -> float:
        sizes = [(lab.width(s) if across else lab.height(s)) for lab in labels if lab.side == side]
        return max(sizes) + GAP if sizes else 0.0

    return room("left", True), room("below", False), room("right", True), room("above", False)


def draw_labels(canvas: Canvas, labels: list[EdgeLabel], s: float, face_xy: tuple[float, float],
                body: tuple[float, float, float, float]) -> None:  # fmt: skip
    """Each label outside `body` (the piece's box, points), level with its element; `face_xy`
    is where the face's trim corner lies, for the elements' positions."""
    x0, y0, x1, y1 = body
    for lab in labels:
        w, h = lab.width(s), lab.height(s)
        ex = face_xy[0] + mm_to_pt(lab.at_mm[0]) * s
        ey = face_xy[1] + mm_to_pt(lab.at_mm[1]) * s
        if lab.side == "above":
            x, y = ex - w / 2, y1 + GAP
        elif lab.side == "below":
            x, y = ex - w / 2, y0 - GAP - h
        elif lab.side == "left":
            x, y = x0 - GAP - w, ey - h / 2
        else:
            x, y = x1 + GAP, ey - h / 2
        lab.text.wrap(w, 1000)
        lab.text.drawOn(canvas, x, y)
