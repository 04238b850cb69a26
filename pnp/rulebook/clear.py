"""Where a figure's small labels go (an arrow's "+3", a marker's name): the spot nearest where
the label belongs whose plate covers no word, edge or marker of the pieces under it, and stays
inside the picture. A column's border or a space's number under a label is what an editor
strikes out first.

Everything here is in the picture's points. What is in the way is read from the faces' own
elements (their text lines and the outlines of their named shapes), so any board reads alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pnp.draw.face import FaceArt
from pnp.draw.footprint import named_boxes, text_boxes
from pnp.rulebook.figure import bow
from pnp.units import mm_to_pt

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Point = tuple[float, float]
EDGE = 0.8  # half the width of the band an outline keeps clear
STEP = 3.0  # points between the spots tried
REACH = 90.0  # the farthest a label moves from where it belongs
SAMPLES = 24  # points along an arrow's curve


@dataclass
class Clutter:
    """What a label may not cover: solid boxes (words, markers, other labels) and thin ones
    (outlines, arrows), inside `bounds`."""

    bounds: Box
    solid: list[Box] = field(default_factory=list)
    thin: list[Box] = field(default_factory=list)

    def add_face(self, face: FaceArt, x: float, y: float, s: float, shown: Box) -> None:
        """The words and outlines of `face` drawn with its trim's corner at (x, y) and scale
        `s`, those inside `shown` (a cropped piece's window on the page)."""

        def place(b: Box) -> Box:
            return (x + mm_to_pt(b[0]) * s, y + mm_to_pt(b[1]) * s,
                    x + mm_to_pt(b[2]) * s, y + mm_to_pt(b[3]) * s)  # fmt: skip

        self.solid += [b for b in map(place, text_boxes(face.elements)) if _meets(b, shown)]
        for _, box, _ in named_boxes(face.elements):
            x0, y0, x1, y1 = place(box)
            edges = [(x0 - EDGE, y0, x0 + EDGE, y1), (x1 - EDGE, y0, x1 + EDGE, y1),
                     (x0, y0 - EDGE, x1, y0 + EDGE), (x0, y1 - EDGE, x1, y1 + EDGE)]  # fmt: skip
            self.thin += [e for e in edges if _meets(e, shown)]

    def add_curve(self, start: Point, end: Point, bend: float) -> None:
        """An arrow from `start` to `end` bowed by `bend`, as pnp.rulebook.figure.arrow draws it."""
        (x0, y0), (x1, y1) = start, end
        cx, cy = bow(start, end, bend)
        for i in range(SAMPLES + 1):
            t = i / SAMPLES
            px = (1 - t) ** 2 * x0 + 2 * t * (1 - t) * cx + t * t * x1
            py = (1 - t) ** 2 * y0 + 2 * t * (1 - t) * cy + t * t * y1
            self.thin.append((px - 2, py - 2, px + 2, py + 2))

    def cost(self, box: Box) -> float:
        """How much of what is in the way `box` covers (points²), and how far out it is."""
        x0, y0, x1, y1 = self.bounds
        out = (
            max(0.0, x0 - box[0])
            + max(0.0, box[2] - x1)
            + max(0.0, y0 - box[1])
            + max(0.0, box[3] - y1)
        )
        return (
            sum(overlap(box, b) for b in self.solid)
            + sum(overlap(box, b) for b in self.thin)
            + 50.0 * out
        )


def clear_spot(near: Point, w: float, h: float, clutter: Clutter) -> Point:
    """The centre for a `w` x `h` plate nearest `near` that covers the least of `clutter`
    (nothing, where any spot within REACH does); the plate is then added to the clutter, so
    the next label keeps off it."""
    reach = (near[0] - REACH - w, near[1] - REACH - h, near[0] + REACH + w, near[1] + REACH + h)
    local = Clutter(clutter.bounds, [b for b in clutter.solid if _meets(b, reach)],
                    [b for b in clutter.thin if _meets(b, reach)])  # fmt: skip
    best, spot = float("inf"), near
    for dx, dy in _offsets():
        x, y = near[0] + dx, near[1] + dy
        cost = 20.0 * local.cost((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        cost += (dx * dx + dy * dy) ** 0.5 * 0.05
        if cost < best:
            best, spot = cost, (x, y)
    x, y = spot
    clutter.solid.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    return spot


def _offsets() -> Iterable[Point]:
    steps = int(REACH / STEP)
    for i in range(-steps, steps + 1):
        for j in range(-steps // 3, steps // 3 + 1):  # sideways first: a label reads level
            yield i * STEP, j * STEP


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when apart)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0
