"""Round pieces seen from their cut circle: the rules of pnp.draw.cut_safety, along a circle.

A circle cut a little off, or a back shifted by the printer, moves the cut against the art all
round, so from the bleed's edge to `PANEL_MM` inside the cut (`BACK_PANEL_MM` on a back) a
round piece is one colour along every radius, with no ring, rim or line whose end the miscut
would show lopsided; its text keeps `SAFE_MM` inside. A line that crosses the whole band on a
radius is the same on every copy and is let be.
"""

from __future__ import annotations

import math

from pnp.draw.coverage import IDENTITY, Cover, Matrix, apply, colour_at, painted_covers
from pnp.draw.cut_frame import BACK_PANEL_MM, CLOSE, EPS, PANEL_MM, PAPER, SAFE_MM, CutFinding
from pnp.draw.cut_marks import marks, stroke_segments, text_box
from pnp.draw.elements import RGB, Circle, Element, Text
from pnp.units import mm_to_pt

EDGE = "round"
RAYS = 36  # radii sampled: 10 degrees apart, finer than a 2 mm rim spot on a 20 mm chip
STEP_MM = 0.25
ARC = 3  # rays in a row (20 degrees) that make a ring or a panel edge, not a symbol's tip

Centre = tuple[float, float, float]  # cx, cy, r of the cut circle, in points


def round_findings(
    elements: tuple[Element, ...], width_mm: float, height_mm: float, bleed_mm: float, back: bool
) -> tuple[CutFinding, ...]:
    """The first colour change, line and text near the cut circle of a round face."""
    w, h = mm_to_pt(width_mm), mm_to_pt(height_mm)
    circle = (w / 2, h / 2, min(w, h) / 2)
    band = (-mm_to_pt(bleed_mm), mm_to_pt(BACK_PANEL_MM if back else PANEL_MM))
    found = [_colour_change(painted_covers(elements), circle, band)]
    for _, element, matrix in marks(elements, IDENTITY):
        if isinstance(element, Text):
            found.append(_text(element, matrix, circle))
        elif not any(f is not None and f.kind == "line" for f in found):
            found.append(_line(element, matrix, circle, band))
    return tuple(f for f in found if f is not None)


def _colour_change(
    covers: list[Cover], circle: Centre, band: tuple[float, float]
) -> CutFinding | None:
    """Along each radius from the bleed's edge inwards, the first change of colour: any within
    SAFE_MM of the cut; deeper in the band, one that runs round an arc (a ring or a panel's
    edge, on ARC rays in a row at about one depth), not the tip of a symbol."""
    changes = [_first_change(covers, circle, band, 2 * math.pi * i / RAYS) for i in range(RAYS)]
    safe = mm_to_pt(SAFE_MM)
    shallow = [d for d in changes if d is not None and d < safe]
    if shallow:
        return CutFinding(EDGE, "colour", f"its colour changes {_at(min(shallow))} the cut circle")
    for i in range(RAYS):
        run = [changes[(i + k) % RAYS] for k in range(ARC)]
        if all(d is not None for d in run):
            depths = [d for d in run if d is not None]
            if max(depths) - min(depths) <= mm_to_pt(0.5):
                return CutFinding(EDGE, "colour", f"a ring or panel edge runs {_at(min(depths))} "
                                  "the cut circle")  # fmt: skip
    return None


def _first_change(
    covers: list[Cover], circle: Centre, band: tuple[float, float], angle: float
) -> float | None:
    """The depth of the first change of colour along one radius, in the band; None if none."""
    cx, cy, r = circle
    dx, dy = math.cos(angle), math.sin(angle)
    start = band[0] + 0.5  # 0.5 pt inside the bleed's own edge
    on_ray = _on_segment(covers, (cx + (r - start) * dx, cy + (r - start) * dy),
                         (cx + (r - band[1]) * dx, cy + (r - band[1]) * dy))  # fmt: skip

    def colour(depth: float) -> RGB | None:
        return colour_at((cx + (r - depth) * dx, cy + (r - depth) * dy), on_ray, PAPER)

    first, step = colour(start), mm_to_pt(STEP_MM)
    for k in range(1, int((band[1] - start) / step) + 1):
        if _differ(first, colour(start + k * step)):
            low, high = start + (k - 1) * step, start + k * step
            for _ in range(5):  # to within 0.01 mm
                middle = (low + high) / 2
                low, high = (low, middle) if _differ(first, colour(middle)) else (middle, high)
            return high
    return None


def _on_segment(covers: list[Cover], a: tuple[float, float], b: tuple[float, float]) -> list[Cover]:
    """The covers whose face box meets the box around segment `a`-`b`, in paint order: every
    point sampled on a ray lies on it, so the others cannot colour one (a face's art lies
    mostly away from any one ray: this spares testing each of them at every sample)."""
    x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    x0, y0, x1, y1 = x0 - EPS, y0 - EPS, x1 + EPS, y1 + EPS  # rounding of the sampled points
    return [
        c for c in covers if c[0][0] <= x1 and c[0][2] >= x0 and c[0][1] <= y1 and c[0][3] >= y0
    ]


def _text(text: Text, matrix: Matrix, circle: Centre) -> CutFinding | None:
    box = text_box(text, matrix)
    if box is None:
        return None
    cx, cy, r = circle
    far = max(math.hypot(x - cx, y - cy) for x in (box[0], box[2]) for y in (box[1], box[3]))
    if far > r - mm_to_pt(SAFE_MM) + EPS:
        name = f"text {text.name!r}" if text.name else "text"
        return CutFinding(EDGE, "text", f"{name} is within {SAFE_MM:g} mm of the cut circle")
    return None


def _line(
    element: Element, matrix: Matrix, circle: Centre, band: tuple[float, float]
) -> CutFinding | None:
    """A stroke (a ring, a rim, an outline) lying in the band, unless it crosses it on a radius."""
    cx, cy, r = circle
    for points in _stroke_points(element, matrix):
        depths = [r - math.hypot(x - cx, y - cy) for x, y in points]
        if min(depths) <= band[0] + EPS and max(depths) >= band[1] - EPS:
            continue  # across the whole band: alike on every copy
        inside = [d for d in depths if band[0] + EPS < d < band[1] - EPS]
        if inside:
            return CutFinding(
                EDGE, "line", f"a line or ring runs {_at(min(inside, key=abs))} the cut circle"
            )
    return None


def _stroke_points(element: Element, matrix: Matrix) -> list[list[tuple[float, float]]]:
    """Points along each stroked segment (a circle's outline as one ring) on the face."""
    if isinstance(element, Circle):
        if element.paint.stroke is None or element.paint.stroke_width <= 0:
            return []
        c = element
        ring = [(c.cx + c.r * math.cos(t), c.cy + c.r * math.sin(t))
                for t in (2 * math.pi * i / RAYS for i in range(RAYS))]  # fmt: skip
        return [[apply(matrix, *p) for p in ring]]
    out = []
    for (x1, y1), (x2, y2) in stroke_segments(element):
        out.append(
            [apply(matrix, x1 + (x2 - x1) * f / 8, y1 + (y2 - y1) * f / 8) for f in range(9)]
        )
    return out


def _at(depth: float) -> str:
    mm_ = abs(depth) * 25.4 / 72
    if mm_ < 0.15:
        return "at"
    return f"{math.floor(mm_ * 10 + 1e-6) / 10:.1f} mm {'inside' if depth > 0 else 'outside'}"


def _differ(a: RGB | None, b: RGB | None) -> bool:
    if a == b:  # most samples: the colour where the ray began
        return False
    if a is None or b is None:
        return (a is None) != (b is None)
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) > CLOSE
