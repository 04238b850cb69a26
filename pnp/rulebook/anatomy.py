"""A card's anatomy: one real face, at actual size where the page allows, with numbered
call-outs on the elements its template named and their labels in the margins beside it.

Each disc sits against its element's box (found in the face's fitted elements, so moving an
element on the card moves its call-out), on the side of its label, where it covers the least
text; a leader line runs from the disc out of the card to the label.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pnp.draw.face import FaceArt
from pnp.draw.footprint import named_boxes, text_boxes
from pnp.rulebook.clear import overlap
from pnp.rulebook.figure import DISC_R, edged_line, number_disc
from pnp.rulebook.flowables import FaceImage
from pnp.rulebook.measure import height_of
from pnp.rulebook.pens import Pens
from pnp.units import mm_to_pt

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
COLUMN = mm_to_pt(50)  # the widest a column of labels gets
NARROWEST = mm_to_pt(26)  # below this the labels do not fit beside the face
LEAD = mm_to_pt(7)  # between the face's edge and its labels
NICE = (1.0, 0.75, 2 / 3, 0.5, 0.4, 1 / 3, 0.25, 0.2)
NOTE_H = 11.0  # the scale note under the face
RUN = 0.05  # the cost of a point of leader across the face: the shorter way out, all else equal


@dataclass(frozen=True)
class Spot:
    """A call-out: its element's box (mm from the trim's bottom-left) and its label's text."""

    box: Box
    label: str


class AnatomyPicture:
    """A face with numbered call-outs, labels to its left and right."""

    def __init__(self, face: FaceImage, spots: list[Spot], pens: Pens, scale: float | None,
                 note: Callable[[float], str]) -> None:  # fmt: skip
        self.image = face
        self.face: FaceArt = face.face
        self.spots = spots
        self.pens = pens
        self.fixed = scale
        self.note = note
        self.words = [_pt(b) for b in text_boxes(self.face.elements)]
        # the face's small named parts, pictures too (a corner index's disc): no leader runs
        # over them; a panel's box is not a part (a leader may cross a background)
        self.parts = [_pt(b) for _, b, _ in named_boxes(self.face.elements) if _small(b)]
        self.avail = 10_000.0  # the width the figure last offered
        placed = self._place()
        # numbered in reading order: down the face, then across
        order = sorted(
            range(len(spots)), key=lambda i: (-round(placed[i][0][1] / 6), placed[i][0][0])
        )
        self.spots = [spots[i] for i in order]
        self.discs = [placed[i][0] for i in order]
        self.sides = [placed[i][1] for i in order]
        aligns = ["right" if side == "left" else "left" for side in self.sides]
        pairs = zip(self.spots, aligns, strict=True)
        self.labels = [pens.label(f"**{i + 1}**  {s.label}", a) for i, (s, a) in enumerate(pairs)]

    # -- scale and size ------------------------------------------------------------------------

    def scales(self, width: float) -> list[float]:
        """Its own scale (actual size where it fits): its discs are placed at that scale and
        would crowd the card's words at a smaller one (a page's foot took the card game's
        Mission card at 3:4, disc 4 over "Play it on your turn"), so it moves to a page
        instead of shrinking."""
        self.avail = width
        fitting = [s for s in ((self.fixed,) if self.fixed else NICE) if self._column(s, width)
                   >= NARROWEST]  # fmt: skip
        if fitting:
            return fitting[:1]
        low = [s for s in NICE if self._column(s, width) >= NARROWEST]
        return low[:1] or [NICE[-1]]

    def _column(self, scale: float, width: float) -> float:
        return min(COLUMN, (width - mm_to_pt(self.face.width_mm) * scale) / 2 - LEAD)

    def size(self, scale: float) -> tuple[float, float]:
        layout = self._layout(scale)
        return layout.width, layout.top - layout.bottom

    def _layout(self, scale: float) -> _Layout:
        w, h = mm_to_pt(self.face.width_mm) * scale, mm_to_pt(self.face.height_mm) * scale
        column = min(max(self._column(scale, self.avail), NARROWEST), COLUMN)
        placed: list[tuple[float, float, float]] = []  # label's x, top, height
        tops = {}
        for side in ("left", "right"):
            order = sorted((i for i, s in enumerate(self.sides) if s == side),
                           key=lambda i: -self.discs[i][1])  # fmt: skip
            floor = None
            for i in order:
                height = height_of(self.labels[i], column)
                want = self.discs[i][1] * scale + height / 2
                top = want if floor is None else min(want, floor - 3)
                tops[i] = (top, height)
                floor = top - height
        for i, side in enumerate(self.sides):
            top, height = tops[i]
            x = 0.0 if side == "left" else column + 2 * LEAD + w
            placed.append((x, top, height))
        bottom = min([-NOTE_H] + [t - hh for _, t, hh in placed])
        top = max([h] + [t for _, t, _ in placed])
        return _Layout(column, w, h, placed, bottom, top)

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, canvas: Canvas, scale: float) -> None:
        lay = self._layout(scale)
        x0 = lay.column + LEAD  # the face's left edge; its bottom is the layout's 0
        canvas.saveState()
        canvas.translate(x0, -lay.bottom)
        FaceImage(self.face, lay.w, forms=self.image.forms, plan=False).drawOn(canvas, 0, 0)
        note = self.pens.label(f"*{self.note(scale)}*", "center", muted=True)
        note.wrap(lay.w + 2 * LEAD, 100)
        note.drawOn(canvas, -LEAD, -NOTE_H + 1)
        for i, (dx, dy) in enumerate(self.discs):
            lx, top, _ = lay.placed[i]
            ly = top - 4.5  # the middle of the label's first line
            left = self.sides[i] == "left"
            edge = -2.5 if left else lay.w + 2.5
            end = lx - x0 + lay.column + 1.5 if left else lx - x0 - 1.5
            edged_line(canvas, [(dx * scale, dy * scale), (edge, dy * scale), (end, ly)],
                       self.pens.ink)  # fmt: skip
        for i, (dx, dy) in enumerate(self.discs):
            number_disc(canvas, dx * scale, dy * scale, i + 1, self.pens.accent, self.pens.bold)
        for i, label in enumerate(self.labels):
            lx, top, height = lay.placed[i]
            label.wrap(lay.column, 10_000)
            label.drawOn(canvas, lx - x0, top - height)
        canvas.restoreState()

    def _place(self) -> list[tuple[tuple[float, float], str]]:
        """Each disc's centre (points at 1:1 from the face's corner) and its labels' side:
        beside its element, where the disc covers the least text and no other disc, and its
        leader runs out of the face to that side crossing no text."""
        w, h = mm_to_pt(self.face.width_mm), mm_to_pt(self.face.height_mm)
        out: list[tuple[tuple[float, float], str]] = []
        counts = {"left": 0, "right": 0}
        for own, spot in enumerate(self.spots):
            x0, y0, x1, y1 = (mm_to_pt(v) for v in spot.box)
            cy, r = (max(y0, 0) + min(y1, h)) / 2, DISC_R + 1.0
            candidates = [(x0 - r, cy), (x1 + r, cy), (x0 - r, y1 - r), (x1 + r, y1 - r),
                          (x0 - r, y0 + r), (x1 + r, y0 + r), (x0 + r, y1 + r), (x1 - r, y1 + r),
                          (x0 + r, y0 - r), (x1 - r, y0 - r), ((x0 + x1) / 2, cy)]  # fmt: skip
            clamped = [self._on_face(x, y, w, h) for x, y in candidates]
            centre = (x0 + x1) / 2
            options = []
            for rank, spot_xy in enumerate(clamped):
                for side in ("left", "right"):
                    # either side suits what spans the middle (the piece's colour)
                    natural = abs(centre - w / 2) < 0.1 * w or (side == "left") == (centre < w / 2)
                    cost = self._cost(spot_xy, [d for d, _ in out], own) + rank * 0.5
                    text, pictures = self._crossing(spot_xy, side, w, [d for d, _ in out], own)
                    cost += 5.0 * text + (100.0 if text > 0.5 else 0.0)  # never, if avoidable
                    cost += pictures + (60.0 if pictures > 0.5 else 0.0)  # rather than on text
                    cost += 20.0 * _on_leaders(spot_xy, out, w)
                    cost += RUN * abs((0.0 if side == "left" else w) - spot_xy[0])
                    cost += (0.0 if natural else 30.0) + 8.0 * counts[side]  # even columns
                    options.append((cost, spot_xy, side))
            _, best, side = min(options, key=lambda o: o[0])
            counts[side] += 1
            out.append((best, side))
        return out

    def _on_face(self, x: float, y: float, w: float, h: float) -> tuple[float, float]:
        """(x, y) moved onto the face: inside its box (a disc may stand a little over the
        edge), and on a round piece inside its rim, not in its box's empty corner."""
        x, y = min(max(x, -DISC_R * 0.6), w + DISC_R * 0.6), min(max(y, DISC_R), h - DISC_R)
        if self.face.shape != "round":
            return x, y
        cx, cy, rim = w / 2, h / 2, min(w, h) / 2 - DISC_R * 0.2
        far = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
        if far <= rim:
            return x, y
        return cx + (x - cx) * rim / far, cy + (y - cy) * rim / far

    def _cost(self, centre: tuple[float, float], discs: list[tuple[float, float]],
              own: int) -> float:  # fmt: skip
        """What a disc at `centre` covers: text, the other parts called out, other discs."""
        x, y = centre
        r = DISC_R + 0.5
        disc = (x - r, y - r, x + r, y + r)
        cost = 4.0 * sum(overlap(disc, b) for b in self.words)
        cost += sum(0.5 * overlap(disc, _pt(spot.box)) for i, spot in enumerate(self.spots)
                    if i != own and _small(spot.box))  # fmt: skip
        cost += sum(400.0 for dx, dy in discs if abs(dx - x) < 2 * r and abs(dy - y) < 2 * r)
        return cost

    def _crossing(self, centre: tuple[float, float], side: str, w: float,
                  discs: list[tuple[float, float]], own: int) -> tuple[float, float]:  # fmt: skip
        """The text and discs, and apart the face's other small parts (a corner's picture),
        that a leader from `centre` straight out to `side` runs over."""
        x, y = centre
        edge = -2.5 if side == "left" else w + 2.5
        band = (min(x, edge), y - 1.5, max(x, edge), y + 1.5)
        r = DISC_R
        others = [(dx - r, dy - r, dx + r, dy + r) for dx, dy in discs]
        mine = _pt(self.spots[own].box)
        parts = [b for b in self.parts if overlap(b, mine) < 0.5 * overlap(b, b)]
        text = sum(overlap(band, b) for b in self.words)
        return text + sum(overlap(band, b) * 4 for b in others), sum(
            overlap(band, b) for b in parts
        )


@dataclass(frozen=True)
class _Layout:
    column: float
    w: float
    h: float
    placed: list[tuple[float, float, float]]
    bottom: float
    top: float

    @property
    def width(self) -> float:
        return 2 * (self.column + LEAD) + self.w


def _on_leaders(centre: tuple[float, float], placed: list[tuple[tuple[float, float], str]],
                w: float) -> float:  # fmt: skip
    """How much of a disc at `centre` lies on the leaders of the discs placed before it."""
    x, y = centre
    r = DISC_R + 0.5
    disc = (x - r, y - r, x + r, y + r)
    total = 0.0
    for (dx, dy), side in placed:
        edge = -LEAD if side == "left" else w + LEAD
        total += overlap(disc, (min(dx, edge), dy - 1.5, max(dx, edge), dy + 1.5))
    return total


def _pt(box: Box) -> Box:
    return mm_to_pt(box[0]), mm_to_pt(box[1]), mm_to_pt(box[2]), mm_to_pt(box[3])


def _small(box: Box) -> bool:
    """A part, not a panel: covering a panel's corner hides nothing."""
    return (box[2] - box[0]) * (box[3] - box[1]) < 400.0  # mm²
