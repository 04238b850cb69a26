"""Rows of real pieces at one scale: the table as set up, or an example played out.

A row is a line of items, each with its label under it. Rows with a `row:` label keep that
label in a column on the left and line their items up as a grid (turn after turn); an `area:`
row is framed with its label at the top (a player's place at the table); other rows are centred.
Markers stand on elements of a piece (a board's spaces) and arrows join items and markers
(pnp.rulebook.pins); a setup says its scale.

A picture shrinks with its page, but never below a floor (FLOORS): on a narrow page (a booklet's
half page) a row too wide at the floor wraps onto several rows instead, the figure taking a page
of its own if it must, so a card stays readable and a token more than a dot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from pnp.draw.face import FaceArt
from pnp.memo import Memo
from pnp.rulebook.clear import Clutter
from pnp.rulebook.flowables import FaceForms
from pnp.rulebook.measure import height_of, text_width
from pnp.rulebook.para import Paragraph
from pnp.rulebook.pens import Pens
from pnp.rulebook.pieces import Item, Note
from pnp.rulebook.pins import Link, Pin, draw_links, draw_pins
from pnp.units import mm_to_pt

HGAP, VGAP = mm_to_pt(6), mm_to_pt(5)
PAD = mm_to_pt(3)  # inside an area's frame
ARCH = mm_to_pt(14)  # over a row whose items arrows join (the bow and its label)
LABEL_MIN = mm_to_pt(22)  # a piece's label wraps at the piece's width, or this if wider
NOTE_MIN = mm_to_pt(26)  # a note under an item narrows to the item's width, not below this
ROW_LABEL_W = mm_to_pt(30)
SETUP_SCALES = (1 / 2, 1 / 3, 1 / 4, 1 / 5, 1 / 6, 1 / 8, 1 / 10, 1 / 12)
EXAMPLE_SCALES = (0.6, 0.55, 0.5, 0.45, 0.4, 1 / 3, 0.3, 0.25, 0.2, 1 / 6, 1 / 8, 1 / 10)
# The smallest a picture draws its pieces. An example's cards are there to be read: at 0.4 a
# card's name (9-11 pt) prints at 3.6-4.4 pt and its large value (16-18 pt) at 6.4 pt or more,
# still legible in print (A4 pages show them at 0.45-0.6). A setup shows where things go, each
# recognisable: at 1:6 a 16 mm marker is still a 2.7 mm disc and a 63 mm card 10.5 mm wide
# (A4 pages show setups at 1:4 or 1:5).
FLOORS = {"setup": 1 / 6, "example": 0.4}
ALONE = 0.9  # of a page's height: a figure on a page of its own, its caption below it
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
    part: int = 0  # a wrapped row's part after the first: no label, its frame joins the first's
    above: bool = False  # a row label set above the row (a narrow page), not in a column


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
                 note: Callable[[float, float | None], str],
                 page_height: float) -> None:  # fmt: skip
        self.lines, self.pins, self.links, self.pens = lines, pins, links, pens
        self.forms, self.setup, self.fixed, self.note = forms, setup, scale, note
        self.page_height = page_height
        for pin in pins:
            forms.plan(pin.face)
        self._layouts: Memo[tuple[float, float | None, float], _Placed] = Memo(64)  # tried
        self.avail = 10_000.0  # the width the figure last offered (notes narrow to fit it)
        self.wrap_at: float | None = None  # the width rows wrap at, when nothing else fits
        self.row_w = max([text_width(line.label, ROW_LABEL_W) for line in lines
                          if line.label is not None and not line.framed] + [0.0])  # fmt: skip

    def scales(self, width: float) -> list[float]:
        """The nice scales down to the floor whose rows fit `width` as written, best first
        (two, an example's three); else the floor (or the least above it that fits) with its
        rows wrapped to `width`, as tall as a page of its own allows, and larger while that
        wraps them into no more rows."""
        nice: tuple[float, ...] = SETUP_SCALES if self.setup else EXAMPLE_SCALES
        if self.fixed:
            nice = (self.fixed, *(s for s in nice if s < self.fixed))
        floor = min(FLOORS["setup" if self.setup else "example"], nice[0])
        self.wrap_at, self.avail = None, width
        fits = [s for s in nice if s >= floor - 1e-9 and self._fits(s, width)]
        if self.fixed and fits and fits[0] != self.fixed and self.layout(self.fixed).width <= width:
            fits.insert(0, self.fixed)  # as stated, when only the height is short
        if fits:
            # an example a third, to stay on its page beside its lead-in rather than leave it
            return fits[:2] if self.setup or self.fixed else fits[:3]
        above = sorted(s for s in nice if s >= floor - 1e-9)  # wrapped, as small as allowed
        below = [s for s in nice if s < floor - 1e-9]  # a page too short even for that
        for i, s in enumerate(above + below):
            if self._wraps_within(s, width):
                self.wrap_at = width
                return [self._wrapped_larger(s, above[i + 1 :], width)]
        fits = [s for s in nice if self._fits(s, width)]
        return fits[:2] or [nice[-1]]  # a piece too large for any page at its floor

    def _fits(self, s: float, width: float) -> bool:
        placed = self.layout(s)
        tall = self.page_height * (0.8 if self.setup else 0.6)
        return placed.width <= width + 0.01 and placed.height <= tall

    def _wraps_within(self, s: float, width: float) -> bool:
        wrapped = self.layout(s, width)
        return wrapped.width <= width + 0.01 and wrapped.height <= self.page_height * ALONE

    def _wrapped_larger(self, s: float, larger: list[float], width: float) -> float:
        """The largest of `larger` (ascending) that wraps into as few rows as `s` does and
        still fits a page: wrapping at the floor need not draw the pieces at the floor."""
        rows = len(self._wrapped(s, width))
        best = s
        for bigger in larger:
            if len(self._wrapped(bigger, width)) > rows or not self._wraps_within(bigger, width):
                break
            best = bigger
        return best

    def size(self, scale: float) -> tuple[float, float]:
        placed = self.layout(scale, self.wrap_at)
        return placed.width, placed.height

    def layout(self, scale: float, wrap: float | None = None) -> _Placed:
        """The picture laid out at `scale`, rows wrapped at `wrap` (worked out once each)."""
        return self._layouts.get_or_make((scale, wrap, self.avail),
                                         lambda: self._layout(scale, wrap))  # fmt: skip

    def _wrapped(self, s: float, width: float | None) -> list[Line]:
        """The rows, those wider than `width` (but a grid's) split into the fewest parts that
        fit it, the items shared out evenly (five cards as three and two, not four and one)."""
        if width is None:
            return self.lines
        stack = self._grid_span(s) > width + 0.01  # row labels go above their rows
        out: list[Line] = []
        for line in self.lines:
            pad = 2 * PAD if line.framed else 0.0
            widths = [self._cell_w(c, s) for c in line.cells]
            labelled = line.label is not None and not line.framed
            if labelled and stack:
                line = Line(line.cells, line.label, False, above=True)
            if (labelled and not stack) or len(widths) < 2:
                out.append(line)
                continue
            for parts in range(1, len(widths) + 1):
                size = -(-len(widths) // parts)
                chunks = [line.cells[i : i + size] for i in range(0, len(widths), size)]
                spans = [sum(widths[i : i + size]) + HGAP * (size - 1) + pad
                         for i in range(0, len(widths), size)]  # fmt: skip
                if max(spans) <= width + 0.01:
                    break
            out += [Line(chunk, line.label if k == 0 else None, line.framed, k, line.above)
                    for k, chunk in enumerate(chunks)]  # fmt: skip
        return out

    def _grid_span(self, s: float) -> float:
        """How wide the rows with a row label are as a grid: the label column, then columns."""
        grid = [line for line in self.lines if line.label is not None and not line.framed]
        if not grid:
            return 0.0
        columns = max(len(line.cells) for line in grid)
        widths = [max(self._cell_w(line.cells[i], s) for line in grid if i < len(line.cells))
                  for i in range(columns)]  # fmt: skip
        return self.row_w + HGAP + sum(widths) + HGAP * (columns - 1)

    def _fit_notes(self, s: float) -> None:
        """A row of notes under a row of as many items (what each step did, under the step)
        takes the items' widths, so each note stands under its item and the two rows wrap
        alike: one sequence, not a row of wide notes breaking where the items did not. In a
        row too wide for the page the notes narrow first (down to NOTE_MIN), before the
        pieces shrink."""
        for line in self.lines:
            for cell in line.cells:
                if isinstance(cell.thing, Note):
                    cell.thing.width = cell.thing.natural
        under = set()
        for above, line in zip(self.lines, self.lines[1:], strict=False):
            notes = [c.thing for c in line.cells if isinstance(c.thing, Note)]
            if len(notes) != len(line.cells) or len(line.cells) != len(above.cells):
                continue
            under.add(id(line))
            for note, cell in zip(notes, above.cells, strict=True):
                note.width = min(max(self._cell_w(cell, s), NOTE_MIN), note.natural)
        for line in self.lines:
            notes = [c.thing for c in line.cells if isinstance(c.thing, Note)]
            if not notes or id(line) in under:
                continue
            span = sum(self._cell_w(c, s) for c in line.cells) + HGAP * (len(line.cells) - 1)
            excess = span + (2 * PAD if line.framed else 0.0) - self.avail
            for note in notes if excess > 0 else []:
                note.width = max(NOTE_MIN, note.natural - excess / len(notes))

    def _layout(self, s: float, wrap: float | None = None) -> _Placed:
        self._fit_notes(s)
        lines = self._wrapped(s, wrap)
        grid = [ln for ln in lines if ln.label is not None and not ln.framed and not ln.above]
        columns = max((len(line.cells) for line in grid), default=0)
        widths = [max((self._cell_w(line.cells[i], s) for line in grid if i < len(line.cells)),
                      default=0.0) for i in range(columns)]  # fmt: skip
        row_col = self.row_w + HGAP if grid else 0.0
        spans = []
        for line in lines:
            if line in grid:
                spans.append(row_col + sum(widths[: len(line.cells)])
                             + HGAP * (len(line.cells) - 1))  # fmt: skip
            else:
                own = sum(self._cell_w(c, s) for c in line.cells) + HGAP * (len(line.cells) - 1)
                spans.append(own + (2 * PAD if line.framed else 0))
        width = max(spans)
        placed = _Placed(width, 0.0, {}, [])
        y = 0.0  # rows from the top down; flipped at the end
        for line, span in zip(lines, spans, strict=True):
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
        elif line.above and line.label is not None:  # the row's label as a line of its own
            placed.labels.append((line.label, 0.0, top, placed.width))
            inner_top = top - height_of(line.label, placed.width, 1000) - 2
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
            if line.part:  # one frame around all the parts of a wrapped area
                top = placed.frames.pop()[3]
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

    def _items(self) -> list[Item]:
        return [c.thing for line in self.lines for c in line.cells if isinstance(c.thing, Item)]

    def _clutter(self, placed: _Placed, s: float) -> Clutter:
        """What the markers' and arrows' labels keep off: the words and outlines of the pieces
        markers stand on, every other item and every label whole."""
        clutter = Clutter((0.0, -placed.height, placed.width, 0.0))
        bases = {pin.on for pin in self.pins}
        for cell, x, y in placed.spots:
            w, h = cell.thing.size(s)
            at = cell.thing.face_at(s) if cell.name in bases else None
            if at is None:
                clutter.solid.append((x, y, x + w, y + h))
                continue
            face, fx, fy, _ = at
            whole = getattr(cell.thing, "source", None) or face
            x0, y0, x1, y1 = cell.thing.shown(s) if isinstance(cell.thing, Item) else (0, 0, w, h)
            hs = cell.thing.drawn_scale(s) if isinstance(cell.thing, Item) else s
            clutter.add_face(whole, x + fx, y + fy, hs, (x + x0, y + y0, x + x1, y + y1))
        for paragraph, x, top, width in placed.labels:
            clutter.solid.append((x, top - paragraph.wrap(width, 1000)[1], x + width, top))
        return clutter

    def draw(self, canvas: Canvas, scale: float) -> None:
        placed = self.layout(scale, self.wrap_at)
        self._fit_notes(scale)  # the notes' widths at this scale (other scales were tried)
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
        clutter = self._clutter(placed, scale)
        centres, tags = draw_pins(canvas, self.pins, hosts, scale, self.forms, self.pens, clutter)
        draw_links(canvas, self.links, placed.boxes, centres, self.pens.accent, clutter, tags)
        if self.setup:
            larger = sorted({item.drawn_scale(scale) for item in self._items()} - {scale})
            note = self.pens.label(f"*{self.note(scale, larger[0] if larger else None)}*",
                                   "right", muted=True)  # fmt: skip
            note.wrap(placed.width, 100)
            note.drawOn(canvas, 0, -placed.height + 2)
        canvas.restoreState()
