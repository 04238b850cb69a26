"""Markers standing on pieces (a board's spaces, a card's corner) and arrows joining the items
and markers of a figure: drawn over its rows, at the figure's scale. Their labels go last, each
where it covers no word, outline, marker or arrow (pnp.rulebook.clear)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.face import FaceArt
from pnp.rulebook.clear import Clutter, clear_spot
from pnp.rulebook.figure import arrow, tag
from pnp.rulebook.flowables import FaceForms, FaceImage
from pnp.rulebook.measure import text_width
from pnp.rulebook.para import Paragraph
from pnp.rulebook.pens import Pens
from pnp.units import mm_to_pt

LABEL_W = mm_to_pt(40)  # a marker's or an arrow's label wraps at this width
GAP = 3.0  # points between an arrow's ends and the markers it joins
MIN_ARROW = mm_to_pt(5)  # the shortest arrow drawn across between markers: its head and a shaft
SIDE_BEND = 0.45  # how far an arrow round the side of two near markers bows out
Box = tuple[float, float, float, float]
Point = tuple[float, float]
Spot = tuple[float, float, float]  # a marker's centre and radius
Tag = tuple[Paragraph, Point, float]  # a label, where it belongs, its width


@dataclass(frozen=True)
class Pin:
    """A marker standing on an element of a named cell's face."""

    face: FaceArt
    on: str
    centre_mm: tuple[float, float]  # on the host face, from its trim's bottom-left
    ghost: bool
    name: str | None
    label: Paragraph | None


@dataclass(frozen=True)
class Link:
    start: str
    end: str
    label: Paragraph | None


def draw_pins(
    canvas: Canvas,
    pins: list[Pin],
    hosts: dict[str, tuple[Any, float, float]],
    s: float,
    forms: FaceForms,
    pens: Pens,
    clutter: Clutter,
) -> tuple[dict[str, Spot], list[Tag]]:
    """Each marker on its host (an item drawn from (x, y)), none of it off the host's edge,
    added to `clutter`; the named ones' centres and radii, for arrows, and their labels, to be
    placed once the arrows are known."""
    out: dict[str, Spot] = {}
    tags: list[Tag] = []
    for pin in pins:
        thing, x, y = hosts[pin.on]
        host = thing.face_at(s)
        assert host is not None  # checked when the figure was read
        _, fx, fy, _ = host
        hs = thing.drawn_scale(s)  # a marker keeps to its host's scale, spaces and all
        cx = x + fx + mm_to_pt(pin.centre_mm[0]) * hs
        cy = y + fy + mm_to_pt(pin.centre_mm[1]) * hs
        w = mm_to_pt(pin.face.width_mm) * hs
        h = mm_to_pt(pin.face.height_mm) * hs
        canvas.saveState()
        path = canvas.beginPath()  # a marker stands on its host: none of it off the edge
        path.rect(x, y, *thing.size(s))
        canvas.clipPath(path, stroke=0, fill=0)
        image = FaceImage(pin.face, w, forms=forms, plan=False)
        image.drawOn(canvas, cx - w / 2, cy - h / 2)
        if pin.ghost:
            _fade(canvas, pin.face, cx, cy, w, h, pens.ink)
        canvas.restoreState()
        r = max(w, h) / 2
        clutter.solid.append((cx - r, cy - r, cx + r, cy + r))
        if pin.name:
            out[pin.name] = (cx, cy, r)
        if pin.label is not None:
            width = text_width(pin.label, LABEL_W)
            tags.append((pin.label, (cx + r + 4 + width / 2, cy), width))
    return out, tags


def draw_links(canvas: Canvas, links: list[Link], boxes: dict[str, Box], pins: dict[str, Spot],
               colour: Color, clutter: Clutter, tags: list[Tag]) -> None:  # fmt: skip
    """Each arrow between items (their boxes) or markers (their centres and radii); then the
    labels, `tags` (the markers') and the arrows', each clear of what is drawn."""
    for start, end, bend, label in [_route(link, boxes, pins, clutter) for link in links]:
        clutter.add_curve(start, end, bend)
        spot = arrow(canvas, start, end, colour, bend)
        if label is not None:
            tags.append((label, spot, text_width(label, LABEL_W)))
    for paragraph, near, width in tags:
        h = paragraph.wrap(width + 2, 1000)[1]
        x, y = clear_spot(near, width + 5, h + 3, clutter)
        tag(canvas, paragraph, x, y, width)


def _route(link: Link, boxes: dict[str, Box], pins: dict[str, Spot],
           clutter: Clutter) -> tuple[Point, Point, float, Paragraph | None]:  # fmt: skip
    """An arrow's start, end and bow."""
    if link.start in pins and link.end in pins:
        start, end, bend = _between(pins[link.start], pins[link.end], clutter)
        return start, end, bend, link.label
    a, b = _centre(link.start, boxes, pins), _centre(link.end, boxes, pins)
    start = _trim(a, b, link.start, boxes, pins)
    end = _trim(b, a, link.end, boxes, pins)
    bend = 0.0
    over = _over(link, boxes)
    if over is not None:  # neighbours in a row: over their tops, bowing up
        start, end = over
        bend = 0.2 if end[0] > start[0] else -0.2
    return start, end, bend, link.label


def _between(a: Spot, b: Spot, clutter: Clutter) -> tuple[Point, Point, float]:
    """An arrow from marker `a` to marker `b`, each end GAP clear of its marker: across, bowed
    a little, when that leaves it MIN_ARROW long; else (neighbouring spaces) round the side of
    the two, from side to side, on the side with less in the way."""
    (ax, ay, ra), (bx, by, rb) = a, b
    d = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 or 1.0
    ux, uy = (bx - ax) / d, (by - ay) / d
    if d - ra - rb - 2 * GAP >= MIN_ARROW:
        start = (ax + ux * (ra + GAP), ay + uy * (ra + GAP))
        return start, (bx - ux * (rb + GAP), by - uy * (rb + GAP)), 0.22
    ways = []
    for side in (1, -1):
        nx, ny = -uy * side, ux * side  # the bow's side (pnp.rulebook.figure.bow)
        start = (ax + nx * (ra + GAP), ay + ny * (ra + GAP))
        end = (bx + nx * (rb + GAP), by + ny * (rb + GAP))
        bend = SIDE_BEND * side
        trial = Clutter(clutter.bounds)
        trial.add_curve(start, end, bend)
        ways.append((sum(clutter.cost(box) for box in trial.thin), -side, start, end, bend))
    _, _, start, end, bend = min(ways)
    return start, end, bend


def _over(link: Link, boxes: dict[str, Box]) -> tuple[Point, Point] | None:
    """From the top of one item to the top of the other, when both stand in one row."""
    a, b = boxes.get(link.start), boxes.get(link.end)
    if a is None or b is None or min(a[3], b[3]) <= max(a[1], b[1]):
        return None
    top = max(a[3], b[3]) + 3
    return ((a[0] + a[2]) / 2, top), ((b[0] + b[2]) / 2, top)


def _fade(canvas: Canvas, face: FaceArt, cx: float, cy: float, w: float, h: float,
          ink: Color) -> None:  # fmt: skip
    """A marker where it was: washed out, with a dashed edge."""
    canvas.saveState()
    canvas.setFillColor(Color(1, 1, 1, alpha=0.6))
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(0.7)
    canvas.setDash(1.5, 1.5)
    if face.shape == "round":
        canvas.circle(cx, cy, min(w, h) / 2, stroke=1, fill=1)
    else:
        canvas.roundRect(cx - w / 2, cy - h / 2, w, h, 1.5, stroke=1, fill=1)
    canvas.restoreState()


def _centre(name: str, boxes: dict[str, Box], pins: dict[str, Spot]) -> Point:
    if name in pins:
        return pins[name][0], pins[name][1]
    x0, y0, x1, y1 = boxes[name]
    return (x0 + x1) / 2, (y0 + y1) / 2


def _trim(point: Point, towards: Point, name: str, boxes: dict[str, Box],
          pins: dict[str, Spot]) -> Point:  # fmt: skip
    """Where the line from `point` to `towards` leaves the thing named `name` (plus a gap)."""
    (x, y), (tx, ty) = point, towards
    dx, dy = tx - x, ty - y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    if name in pins:
        t = (pins[name][2] + 2.5) / length
    else:
        x0, y0, x1, y1 = boxes[name]
        tx_ = (((x1 if dx > 0 else x0) - x) / dx) if dx else float("inf")
        ty_ = (((y1 if dy > 0 else y0) - y) / dy) if dy else float("inf")
        t = min(tx_, ty_) + 3.0 / length
    t = min(t, 0.45)
    return x + dx * t, y + dy * t
