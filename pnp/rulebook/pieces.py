"""The items of a figure's rows, as they lie on the table: one piece, a stack of cards, a hand
fanned out, pieces spread side by side, dice and a note. Faces are the game's own, scaled.

Each item knows its size at a scale and draws itself from its bottom-left corner; `face_at`
says where its main face lies, for markers put on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.face import FaceArt
from pnp.rulebook.edges import EdgeLabel, draw_labels, margins
from pnp.rulebook.flowables import FaceForms, FaceImage
from pnp.rulebook.measure import height_of
from pnp.rulebook.para import Paragraph
from pnp.units import mm_to_pt

EDGE = Color(0.55, 0.55, 0.55)
LAYER = 1.3  # points between the edges of a stack's cards
FAN_STEP = 9.0  # degrees between the cards of a hand
DIE = mm_to_pt(8)
# The least a piece is drawn across: at 1:8 a 24 mm token would be a 3 mm dot. A piece that a
# figure's scale would make smaller is drawn at the first of STEPS that keeps it this size, and
# the figure says so in its scale note.
MIN_PIECE_MM = 6.0
STEPS = (1.0, 3 / 4, 2 / 3, 1 / 2, 1 / 3, 1 / 4, 1 / 5, 1 / 6)
PIPS = {1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)],
        4: [(-1, 1), (1, 1), (-1, -1), (1, -1)], 5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
        6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)]}  # fmt: skip
Placed = tuple[FaceArt, float, float, float]  # face, x, y, width
Box = tuple[float, float, float, float]


@dataclass
class Item:
    """Faces laid out one way; `kind` is piece, stack, fan or spread."""

    kind: str
    faces: list[FaceArt]
    forms: FaceForms
    layers: int = 1  # a stack's thickness, in drawn edges
    window: Box | None = None  # mm on the face: the part of a piece shown
    source: FaceArt | None = None  # the whole face a window is cut from (markers find on it)
    edges: list[EdgeLabel] = field(default_factory=list)  # labels round it (pnp.rulebook.edges)
    gutter: float = 0.0  # room each side for the labels of arrows between markers on it

    def __post_init__(self) -> None:
        shown = self.faces[:1] if self.kind in ("piece", "stack") else self.faces
        for face in shown:
            self.forms.plan(face)

    def drawn_scale(self, s: float) -> float:
        """The scale the piece is drawn at in a figure at `s`: `s`, or larger for a piece `s`
        would make smaller than MIN_PIECE_MM (a part of a board is never that small)."""
        face = self.faces[0]
        needed = MIN_PIECE_MM / min(face.width_mm, face.height_mm)
        if self.window is not None or s >= needed:
            return s
        return min((x for x in STEPS if x >= needed - 1e-9), default=1.0)

    def size(self, s: float) -> tuple[float, float]:
        """The pieces' size, and the room its edge labels take."""
        s = self.drawn_scale(s)
        w, h = self._body(s)
        left, bottom, right, top = self._margins(s)
        return w + left + right, h + bottom + top

    def face_at(self, s: float) -> Placed:
        """The main face (a stack's top, the first of a row): where it is and how wide."""
        s = self.drawn_scale(s)
        face, x, y, w = self._body_face(s)
        left, bottom, _, _ = self._margins(s)
        return face, x + left, y + bottom, w

    def draw(self, canvas: Canvas, s: float) -> None:
        s = self.drawn_scale(s)
        left, bottom, _, _ = self._margins(s)
        canvas.saveState()
        canvas.translate(left, bottom)
        self._draw_body(canvas, s)
        canvas.restoreState()
        if self.edges:
            w, h = self._body(s)
            _, fx, fy, _ = self.face_at(s)
            draw_labels(canvas, self.edges, s, (fx, fy), (left, bottom, left + w, bottom + h))

    def shown(self, s: float) -> Box:
        """The box (points, from the item's corner) of the part of its main face drawn."""
        s = self.drawn_scale(s)
        left, bottom, _, _ = self._margins(s)
        w, h = self._body(s)
        return left, bottom, left + w, bottom + h

    def _margins(self, s: float) -> tuple[float, float, float, float]:
        left, bottom, right, top = margins(self.edges, s)
        return left + self.gutter, bottom, right + self.gutter, top

    def _body(self, s: float) -> tuple[float, float]:
        w, h = self._face_size(self.faces[0], s)
        if self.window is not None:
            x0, y0, x1, y1 = self.window
            return mm_to_pt(x1 - x0) * s, mm_to_pt(y1 - y0) * s
        if self.kind == "stack":
            return w + self.layers * LAYER, h + self.layers * LAYER
        if self.kind == "spread":
            return w + (len(self.faces) - 1) * self._step(w), h
        if self.kind == "fan":
            x0, y0, x1, y1 = self._fan_box(s)
            return x1 - x0, y1 - y0
        return w, h

    def _body_face(self, s: float) -> Placed:
        w, _ = self._face_size(self.faces[0], s)
        if self.window is not None:
            return self.faces[0], -mm_to_pt(self.window[0]) * s, -mm_to_pt(self.window[1]) * s, w
        return self.faces[0], 0.0, self.layers * LAYER if self.kind == "stack" else 0.0, w

    def _draw_body(self, canvas: Canvas, s: float) -> None:
        face = self.faces[0]
        w, h = self._face_size(face, s)
        if self.kind == "stack":
            for j in range(self.layers, 0, -1):  # the cards under the top one, edges showing
                _edge(canvas, face, j * LAYER, (self.layers - j) * LAYER, w, h)
            self._face(canvas, face, 0, self.layers * LAYER, w)
        elif self.kind == "spread":
            for i, f in enumerate(self.faces):
                self._face(canvas, f, i * self._step(w), 0, w, shadow=True)
        elif self.kind == "fan":
            x0, y0, _, _ = self._fan_box(s)
            for f, angle in zip(self.faces, self._angles(), strict=True):
                canvas.saveState()
                canvas.translate(-x0, -y0)
                canvas.rotate(angle)
                canvas.translate(0, self._radius(h))
                self._face(canvas, f, -w / 2, 0, w, shadow=True)
                canvas.restoreState()
        elif self.window is not None:
            self._part(canvas, face, s)
        else:
            self._face(canvas, face, 0, 0, w)

    def _part(self, canvas: Canvas, face: FaceArt, s: float) -> None:
        """The window of the face, framed."""
        ww, wh = self._body(s)
        _, fx, fy, w = self._body_face(s)
        canvas.saveState()
        path = canvas.beginPath()
        path.roundRect(0, 0, ww, wh, 2)
        canvas.clipPath(path, stroke=0, fill=0)
        FaceImage(face, w, forms=self.forms, plan=False, outline=False).drawOn(canvas, fx, fy)
        canvas.restoreState()
        canvas.saveState()
        canvas.setStrokeColor(EDGE)
        canvas.setLineWidth(0.5)
        canvas.roundRect(0, 0, ww, wh, 2, stroke=1, fill=0)
        canvas.restoreState()

    def _face(self, canvas: Canvas, face: FaceArt, x: float, y: float, w: float,
              shadow: bool = False) -> None:  # fmt: skip
        image = FaceImage(face, w, forms=self.forms, plan=False)
        if shadow:
            _edge(canvas, face, x + 0.8, y - 0.8, w, image.height, fill=Color(0, 0, 0, 0.2))
        image.drawOn(canvas, x, y)

    @staticmethod
    def _face_size(face: FaceArt, s: float) -> tuple[float, float]:
        return mm_to_pt(face.width_mm) * s, mm_to_pt(face.height_mm) * s

    def _step(self, w: float) -> float:
        return w * (0.62 if self.faces[0].shape == "round" else 0.55)

    def _angles(self) -> list[float]:
        n = len(self.faces)
        return [FAN_STEP * ((n - 1) / 2 - i) for i in range(n)]  # the left card leans left

    @staticmethod
    def _radius(h: float) -> float:
        return h * 0.9  # how far below the cards the hand holds them

    def _fan_box(self, s: float) -> tuple[float, float, float, float]:
        w, h = self._face_size(self.faces[0], s)
        r = self._radius(h)
        xs, ys = [], []
        for angle in self._angles():
            a = math.radians(angle)
            for x, y in ((-w / 2, r), (w / 2, r), (-w / 2, r + h), (w / 2, r + h)):
                xs.append(x * math.cos(a) - y * math.sin(a))
                ys.append(x * math.sin(a) + y * math.cos(a))
        return min(xs), min(ys), max(xs), max(ys)


def _edge(canvas: Canvas, face: FaceArt, x: float, y: float, w: float, h: float,
          fill: Color = white) -> None:  # fmt: skip
    """A card's or token's outline under another (a stack's edge, a shadow)."""
    canvas.saveState()
    canvas.setFillColor(fill)
    canvas.setStrokeColor(EDGE if fill == white else Color(0, 0, 0, 0))
    canvas.setLineWidth(0.4)
    if face.shape == "round":
        canvas.circle(x + w / 2, y + h / 2, min(w, h) / 2, stroke=1, fill=1)
    else:
        canvas.roundRect(x, y, w, h, min(w, h) * 0.04, stroke=1, fill=1)
    canvas.restoreState()


@dataclass
class Dice:
    """Dice showing `values` (drawn, not printed: the players bring their own)."""

    values: list[int]
    ink: Color

    def size(self, s: float) -> tuple[float, float]:
        return len(self.values) * DIE + (len(self.values) - 1) * DIE * 0.25, DIE

    def face_at(self, s: float) -> None:
        return None

    def draw(self, canvas: Canvas, s: float) -> None:
        for i, value in enumerate(self.values):
            x = i * DIE * 1.25
            canvas.saveState()
            canvas.setFillColor(white)
            canvas.setStrokeColor(self.ink)
            canvas.setLineWidth(0.8)
            canvas.roundRect(x, 0, DIE, DIE, DIE * 0.18, stroke=1, fill=1)
            canvas.setFillColor(self.ink)
            for px, py in PIPS[value]:
                canvas.circle(x + DIE / 2 + px * DIE * 0.27, DIE / 2 + py * DIE * 0.27,
                              DIE * 0.085, stroke=0, fill=1)  # fmt: skip
            canvas.restoreState()


@dataclass
class Note:
    """A few words in a tinted box: a sum, a result, what happens next."""

    text: Paragraph
    tint: Color
    bar: Color
    width: float = mm_to_pt(44)  # narrowed under a row of items (pnp.rulebook.tableau)

    def __post_init__(self) -> None:
        self.natural = self.width

    def size(self, s: float) -> tuple[float, float]:
        return self.width, height_of(self.text, self.width - 10) + 8

    def face_at(self, s: float) -> None:
        return None

    def draw(self, canvas: Canvas, s: float) -> None:
        w, h = self.size(s)
        canvas.saveState()
        canvas.setFillColor(self.tint)
        canvas.roundRect(0, 0, w, h, 3, stroke=0, fill=1)
        canvas.setFillColor(self.bar)
        canvas.rect(0, 0, 2.2, h, stroke=0, fill=1)
        canvas.restoreState()
        self.text.wrap(w - 10, 10_000)
        self.text.drawOn(canvas, 6, 4)
