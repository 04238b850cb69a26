"""Rows of real pieces at one scale: the table as set up, or an example played out.

A row is a line of items, each with its label under it. Rows with a `row:` label keep that
label in a column on the left and line their items up as a grid (turn after turn); an `area:`
row is framed with its label at the top (a player's place at the table); other rows are centred.
Markers stand on elements of a piece (a board's spaces) and arrows join items and markers
(pnp.rulebook.pins); a setup says its scale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from pnp.draw.face import FaceArt
from pnp.memo import Memo
from pnp.rulebook.flowables import FaceForms
from pnp.rulebook.measure import height_of, text_width
from pnp.rulebook.para import Paragraph
from pnp.rulebook.pens import Pens
from pnp.rulebook.pins import Link, Pin, draw_links, draw_pins
from pnp.units import mm_to_pt

HGAP, VGAP = mm_to_pt(6), mm_to_pt(5)
PAD = mm_to_pt(3)  # inside an area's frame
ARCH = mm_to_pt(14)  # over a row whose items arrows join (the bow and its label)
LABEL_MIN = mm_to_pt(22)  # a piece's label wraps at the piece's width, or this if wider
ROW_LABEL_W = mm_to_pt(30)
SETUP_SCALES = (1 / 2, 1 / 3, 1 / 4, 1 / 5, 1 / 6, 1 / 8, 1 / 10, 1 / 12)
EXAMPLE_SCALES = (0.6, 0.55, 0.5, 0.45, 0.4, 1 / 3, 0.3, 0.25, 0.2, 1 / 6, 1 / 8, 1 / 10)
Box = tuple[float, float, float, float]


class Drawable(Protocol):
    """What a row holds: an item of pieces.py."""

    def size(self, s: float) -> tuple[float, float]: ...
    def draw(self, canvas: Canvas, s: float) -> None: ...
    def face_at(self, s: float) -> tuple[FaceArt, float, float, float] | None: ...


@dataclass
class Cell:
    thing: Drawable
    label: Paragraph | None
    name: str | None


@dataclass
class Line:
    cells: list[Cell]
    label: Paragraph | None
    framed: bool


@dataclass
class _Placed:
    width: float
    height: float
    boxes: dict[str, Box]  # named cells' drawings, figure coordinates
    spots: list[tuple[Cell, float, float]]  # cell, x, y of its drawing's bottom-left
    labels: list[tuple[Paragraph, float, float, float]] = field(default_factory=list)
    frames: list[Box] = field(default_factory=list)


class TableauPicture:
    """Rows, markers and arrows; `setup` pictures note their scale."""

    def __init__(self, lines: list[Line], pins: list[Pin], links: list[Link], pens: Pens,
                 forms: FaceForms, *, setup: bool, scale: float | None,
                 note: Callable[[float], str], page_height: float) -> None:  # fmt: skip
        self.lines, self.pins, self.links, self.pens = lines, pins, links, pens
        self.forms, self.setup, self.fixed, self.note = forms, setup, scale, note
        self.page_height = page_height
        for pin in pins:
            forms.plan(pin.face)
        self._layouts: Memo[float, _Placed] = Memo(64)  # every scale tried, kept
        self.row_w = max([text_width(line.label, ROW_LABEL_W) for line in lines
                          if line.label is not None and not line.framed] + [0.0])  # fmt: skip

    def scales(self, width: float) -> list[float]:
        nice: tuple[float, ...] = SETUP_SCALES if self.setup else EXAMPLE_SCALES
        if self.fixed:
            nice = (self.fixed, *(s for s in nice if s < self.fixed))
        tall = self.page_height * (0.8 if self.setup else 0.6)
        fits = [s for s in nice if self.layout(s).width <= width + 0.01
                and self.layout(s).height <= tall]  # fmt: skip
        if self.fixed and fits and fits[0] != self.fixed and self.layout(self.fixed).width <= width:
            fits.insert(0, self.fixed)  # as stated, when only the height is short
        return fits[:2] or [nice[-1]]

    def size(self, scale: float) -> tuple[float, float]:
        placed = self.layout(scale)
        return placed.width, placed.height

    def layout(self, scale: float) -> _Placed:
        """The picture laid out at `scale` (worked out once per scale tried)."""
        return self._layouts.get_or_make(scale, lambda: self._layout(scale))

    def _layout(self, s: float) -> _Placed:
        grid = [line for line in self.lines if line.label is not None and not line.framed]
        columns = max((len(line.cells) for line in grid), default=0)
        widths = [max((self._cell_w(line.cells[i], s) for line in grid if i < len(line.cells)),
                      default=0.0) for i in range(columns)]  # fmt: skip
        row_col = self.row_w + HGAP if grid else 0.0
        spans = []
        for line in self.lines:
            if line in grid:
                spans.append(row_col + sum(widths[: len(line.cells)])
                             + HGAP * (len(line.cells) - 1))  # fmt: skip
            else:
                own = sum(self._cell_w(c, s) for c in line.cells) + HGAP * (len(line.cells) - 1)
                spans.append(own + (2 * PAD if line.framed else 0))
        width = max(spans)
        placed = _Placed(width, 0.0, {}, [])
        y = 0.0  # rows from the top down; flipped at the end
        for line, span in zip(self.lines, spans, strict=True):
            y = self._place_line(placed, line, s, y, widths if line in grid else None, span)
            y -= VGAP
        y += VGAP
        if self.setup:
            y -= 12.0  # the scale note
        placed.height = -y
        return placed

    def _cell_w(self, cell: Cell, s: float) -> float:
        """An item's width, or its label's if wider: a label wraps at its item's width, but
        not narrower than LABEL_MIN."""
        w = cell.thing.size(s)[0]
        if cell.label is None:
            return w
        return max(w, text_width(cell.label, max(w, LABEL_MIN)))

    def _place_line(self, placed: _Placed, line: Line, s: float, top: float,
                    widths: list[float] | None, span: float) -> float:  # fmt: skip
        """Place a row with its top at `top` (going down from 0); returns its bottom."""
        if line.framed:
            title_h = height_of(line.label, span - 2 * PAD, 1000) if line.label else 0.0
            inner_top = top - PAD - title_h - (2 if title_h else 0)
        else:
            inner_top = top
        if self._arched(line):
            inner_top -= ARCH  # room for the arrows bowing over the row
        band = max(c.thing.size(s)[1] for c in line.cells)
        below = max([self._label_h(c, s, widths, i) for i, c in enumerate(line.cells)] + [0.0])
        bottom = inner_top - band - below
        x = (placed.width - span) / 2 + (PAD if line.framed else 0)
        if widths is not None:
            x = 0.0
            if line.label is not None:
                h = height_of(line.label, self.row_w, 1000)
                placed.labels.append((line.label, 0.0, inner_top - band / 2 + h / 2, self.row_w))
            x = self.row_w + HGAP
        for i, cell in enumerate(line.cells):
            cw = widths[i] if widths is not None else self._cell_w(cell, s)
            w, h = cell.thing.size(s)
            cx, cy = x + (cw - w) / 2, inner_top - band / 2 - h / 2
            placed.spots.append((cell, cx, cy))
            if cell.name:
                placed.boxes[cell.name] = (cx, cy, cx + w, cy + h)
            if cell.label is not None:
                placed.labels.append((cell.label, x, inner_top - band - 3, cw))
            x += cw + HGAP
        if line.framed:
            bottom -= PAD
            placed.frames.append((0.0, bottom, placed.width, top))
            if line.label is not None:
                placed.labels.append((line.label, PAD, top - PAD, span - 2 * PAD))
        return bottom

    def _arched(self, line: Line) -> bool:
        """Whether an arrow joins two items of this row (it bows over them)."""
        names = {c.name for c in line.cells if c.name}
        return any(link.start in names and link.end in names for link in self.links)

    def _label_h(self, cell: Cell, s: float, widths: list[float] | None, i: int) -> float:
        if cell.label is None:
            return 0.0
        cw = widths[i] if widths is not None else self._cell_w(cell, s)
        return height_of(cell.label, cw, 1000) + 3

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, canvas: Canvas, scale: float) -> None:
        placed = self.layout(scale)
        canvas.saveState()
        canvas.translate(0, placed.height)  # layout runs down from the top
        for x0, y0, x1, y1 in placed.frames:
            canvas.saveState()
            canvas.setFillColor(self.pens.tint)
            canvas.setStrokeColor(self.pens.muted)
            canvas.setLineWidth(0.6)
            canvas.setDash(2, 2)
            canvas.roundRect(x0, y0, x1 - x0, y1 - y0, 4, stroke=1, fill=1)
            canvas.restoreState()
        for cell, x, y in placed.spots:
            canvas.saveState()
            canvas.translate(x, y)
            cell.thing.draw(canvas, scale)
            canvas.restoreState()
        for paragraph, x, top, width in placed.labels:
            h = paragraph.wrap(width, 1000)[1]
            paragraph.drawOn(canvas, x, top - h)
        hosts = {cell.name: (cell.thing, x, y) for cell, x, y in placed.spots if cell.name}
        centres = draw_pins(canvas, self.pins, hosts, scale, self.forms, self.pens)
        draw_links(canvas, self.links, placed.boxes, centres, self.pens.accent)
        if self.setup:
            note = self.pens.label(f"*{self.note(scale)}*", "right", muted=True)
            note.wrap(placed.width, 100)
            note.drawOn(canvas, 0, -placed.height + 2)
        canvas.restoreState()
