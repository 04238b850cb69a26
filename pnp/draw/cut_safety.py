"""Will a face survive real scissors and a drifting printer? Checked on its fitted elements.

A hand cut misses by about 1 mm and a home printer shifts the back 0.5-2 mm from the front, so
what lies near the trim ends up on some cards and not on others. The rules (docs/print-design.md):
- within `SAFE_MM` of the trim a rectangular face is one colour that runs on into the bleed at
  every point of its edge: no frame, border, strip, element edge, line or text in that band
  (a header band or a background that runs out through the bleed is fine);
- a back is one colour along all four edges, so drift cannot make one back differ from another.

Only edges parallel to the cut count: an element boundary that crosses the band at right angles
(a header band meeting the side edge) is the same on every copy however it is cut. Round pieces
are left to their own cut line. Findings name the edge and what is there, for one warning line
per template and problem (`CutSurvey`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.draw.coverage import Cover, Matrix, apply, colour_at, painted_covers, walk
from pnp.draw.elements import RGB, Circle, Element, Polyline, Rectangle, Text, TextRun
from pnp.units import mm_to_pt

SAFE_MM = 3.0
CLOSE = 48 / 255  # summed channel difference under which two colours look alike at an edge
MIN_RUN_MM = 0.8  # a boundary shorter than this along the cut is not seen
PAPER: RGB = (1.0, 1.0, 1.0)
EPS = 0.05  # points: what floating point leaves between a shape placed at the bleed and the bleed
EDGES = ("top", "bottom", "left", "right")
Span = tuple[float, float]  # (from, to), in points


@dataclass(frozen=True)
class CutFinding:
    """One problem near the cut: the edge, a grouping kind and what a person would see."""

    edge: str
    kind: str  # "colour", "line", "text" or "back"
    detail: str


@dataclass(frozen=True)
class _Frame:
    """A face's edges as (along, depth) spans: depth is measured inward from the trim."""

    w: float
    h: float

    def spans(self, edge: str, box: tuple[float, float, float, float]) -> tuple[Span, Span]:
        """(along, depth) spans of a face box seen from `edge`."""
        x0, y0, x1, y1 = box
        if edge == "left":
            return (y0, y1), (x0, x1)
        if edge == "right":
            return (y0, y1), (self.w - x1, self.w - x0)
        if edge == "bottom":
            return (x0, x1), (y0, y1)
        return (x0, x1), (self.h - y1, self.h - y0)

    def point(self, edge: str, along: float, depth: float) -> tuple[float, float]:
        if edge == "left":
            return depth, along
        if edge == "right":
            return self.w - depth, along
        if edge == "bottom":
            return along, depth
        return along, self.h - depth

    def length(self, edge: str) -> float:
        return self.h if edge in ("left", "right") else self.w


def check_cuts(
    elements: tuple[Element, ...], width_mm: float, height_mm: float, bleed_mm: float, *,
    back: bool = False, shape: str = "rect",
) -> list[CutFinding]:  # fmt: skip
    """Every problem near the cut of a rectangular face, one per edge and kind."""
    if shape != "rect":
        return []
    frame = _Frame(mm_to_pt(width_mm), mm_to_pt(height_mm))
    out, safe = mm_to_pt(bleed_mm), mm_to_pt(SAFE_MM)
    # only what reaches the band matters; most of a face lies inside it
    inner = (safe, safe, frame.w - safe, frame.h - safe)
    covers = [c for c in painted_covers(elements) if not _within(c[0], inner)]
    marks = [m for m in _marks(elements) if not _within(m[0], inner)]
    found: dict[tuple[str, str], CutFinding] = {}
    for edge in EDGES:
        for finding in _edge_findings(covers, marks, frame, edge, (-out, safe)):
            found.setdefault((edge, finding.kind), finding)
    uneven = _back_edges(covers, frame, out) if back else None
    if uneven is not None:
        found.setdefault(("edges", "back"), uneven)
    return list(found.values())


Box = tuple[float, float, float, float]
Mark = tuple[Box, Element, Matrix]  # a text box or a stroked shape, with its face box


def _within(box: Box, inner: Box) -> bool:
    return inner[0] <= box[0] and inner[1] <= box[1] and box[2] <= inner[2] and box[3] <= inner[3]


def _marks(elements: tuple[Element, ...]) -> list[Mark]:
    """Text boxes and stroked shapes of a face, each with the face box it marks."""
    marks: list[Mark] = []
    for matrix, element in walk(elements, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)):
        if isinstance(element, Text):
            box = _text_box(element, matrix)
        else:
            points = [apply(matrix, *p) for segment in _strokes(element) for p in segment]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            box = (min(xs), min(ys), max(xs), max(ys)) if points else None
        if box is not None:
            marks.append((box, element, matrix))
    return marks


def _edge_findings(
    covers: list[Cover], marks: list[Mark], frame: _Frame, edge: str, band: Span
) -> list[CutFinding]:
    findings = []
    for face_box, inverse, shape, _ in covers:
        along, depth = frame.spans(edge, face_box)
        if not _reaches(along, depth, frame.length(edge), band):
            continue
        upright = inverse[1] == 0 and inverse[2] == 0 and not isinstance(shape, Circle | Polyline)
        for d in depth if upright else _depths(band):
            if band[0] + 0.5 < d < band[1] - 0.5:
                change = _visible_change(covers, frame, edge, along, d)
                if change is not None:
                    findings.append(CutFinding(edge, "colour", change))
    for box, element, matrix in marks:
        finding = _line_or_text(element, matrix, box, frame, edge, band)
        if finding is not None:
            findings.append(finding)
    return findings


def _reaches(along: Span, depth: Span, length: float, band: Span) -> bool:
    """Whether a box overlaps the band for at least MIN_RUN_MM along the edge."""
    run = min(along[1], length) - max(along[0], 0.0)
    return run >= mm_to_pt(MIN_RUN_MM) and depth[0] < band[1] and depth[1] > band[0]


def _depths(band: Span) -> list[float]:
    """Depths to look for a change at, for shapes whose outline is not a box."""
    return [band[0] + (band[1] - band[0]) * f for f in (0.2, 0.45, 0.7, 0.95)]


def _visible_change(
    covers: list[Cover], frame: _Frame, edge: str, along: Span, depth: float
) -> str | None:
    """What the eye sees across `depth` along the box's run: None when both sides of it have
    one colour at every sampled point."""
    a0, a1 = max(along[0], 0.0), min(along[1], frame.length(edge))
    for f in (0.1, 0.5, 0.9):
        a = a0 + (a1 - a0) * f
        outer = colour_at(frame.point(edge, a, depth - 0.4), covers, PAPER)
        inner = colour_at(frame.point(edge, a, depth + 0.4), covers, PAPER)
        if _differ(outer, inner):
            where = "inside" if depth > 0 else "outside"
            at = f"{_mm(abs(depth))} mm {where}" if abs(depth) >= 0.15 else "at"
            return f"its colour changes {at} the cut ({_hex(outer)} to {_hex(inner)})"
    return None


def _line_or_text(
    element: Element, matrix: Matrix, box: Box, frame: _Frame, edge: str, band: Span
) -> CutFinding | None:
    """A stroke running along the band, or text (its face `box`) inside it."""
    if isinstance(element, Text):
        along, depth = frame.spans(edge, box)
        if _reaches(along, depth, frame.length(edge), (0.0, band[1])):
            name = f"text {element.name!r}" if element.name else "text"
            return CutFinding(edge, "text", f"{name} is within {SAFE_MM:g} mm of the cut")
        return None
    for p, q in _strokes(element):
        (pa, pd), (qa, qd) = (_edge_coords(frame, edge, apply(matrix, *pt)) for pt in (p, q))
        low, high = min(pd, qd), max(pd, qd)
        # a line crossing the whole band (a rule out through the bleed) is alike on every copy
        if (
            high <= band[0] + EPS
            or low >= band[1] - EPS
            or (low <= band[0] + EPS and high >= band[1] - EPS)
        ):
            continue
        run = max(abs(qa - pa), min(high, band[1]) - max(low, band[0]))
        if run >= mm_to_pt(MIN_RUN_MM) and max(pa, qa) > 0 and min(pa, qa) < frame.length(edge):
            half = _stroke_width(element) / 2
            if half >= mm_to_pt(0.5):  # a wide stroke is a border: say where it ends inside
                where = f"reaches {_mm(high + half)} mm inside the cut"
                return CutFinding(edge, "line", f"a border along the cut {where}")
            mm = _mm(max(low, 0.0))
            return CutFinding(edge, "line", f"a line or frame runs {mm} mm from the cut")
    return None


def _edge_coords(frame: _Frame, edge: str, point: tuple[float, float]) -> tuple[float, float]:
    (along, _), (depth, _) = frame.spans(edge, (*point, *point))
    return along, depth


def _strokes(element: Element) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight stroked segments of a shape, in its own coordinates."""
    paint = getattr(element, "paint", None)
    if paint is None or paint.stroke is None or paint.stroke_width <= 0:
        return []
    if isinstance(element, Rectangle):
        x0, y0, x1, y1 = element.x, element.y, element.x + element.w, element.y + element.h
        return [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)),
                ((x0, y1), (x0, y0))]  # fmt: skip
    if isinstance(element, Polyline):
        points = list(element.points) + ([element.points[0]] if element.closed else [])
        return list(zip(points, points[1:], strict=False))
    if isinstance(element, Circle):  # its four sides, as a box
        c = element
        return _strokes(Rectangle(c.cx - c.r, c.cy - c.r, 2 * c.r, 2 * c.r, c.paint))
    return []


def _stroke_width(element: Element) -> float:
    paint = getattr(element, "paint", None)
    return paint.stroke_width if paint is not None else 0.0


def _text_box(text: Text, matrix: Matrix) -> tuple[float, float, float, float] | None:
    """A text box's ink, roughly: from each run's start to its end, descender to cap height."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    corners = []
    for run in text.children:
        if not isinstance(run, TextRun) or not run.text.strip():
            continue
        try:
            width = stringWidth(run.text.rstrip(), run.font, run.size)
        except KeyError:
            width = 0.5 * run.size * len(run.text)
        for x, y in ((run.x, run.y - 0.2 * run.size), (run.x + width, run.y + 0.72 * run.size)):
            corners.append(apply(matrix, x, y))
    if not corners:
        return None
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _back_edges(covers: list[Cover], frame: _Frame, out: float) -> CutFinding | None:
    """A back's edges, sampled along all four: one colour, or a finding naming two."""
    depths = [mm_to_pt(1.5)] + ([-out / 2] if out > 0 else [])
    seen: list[tuple[str, RGB | None]] = []
    for edge in EDGES:
        length = frame.length(edge)
        for f in (0.1, 0.5, 0.9):
            for d in depths:
                seen.append((edge, colour_at(frame.point(edge, length * f, d), covers, PAPER)))
    first_edge, first = seen[0]
    for edge, colour in seen[1:]:
        if _differ(first, colour):
            return CutFinding("edges", "back", f"its edges are not one colour ({_hex(first)} at "
                              f"the {first_edge}, {_hex(colour)} at the {edge})")  # fmt: skip
    return None


def _differ(a: RGB | None, b: RGB | None) -> bool:
    if a is None or b is None:  # over an image: only image against image is alike
        return (a is None) != (b is None)
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) > CLOSE


def _mm(points: float) -> str:
    """A distance in mm, rounded down to 0.1 mm: 2.96 mm is "2.9", inside the 3 mm band."""
    return f"{math.floor(points * 254 / 72 + 1e-6) / 10:.1f}"


def _hex(colour: RGB | None) -> str:
    if colour is None:
        return "an image"
    return "#{:02x}{:02x}{:02x}".format(*(round(c * 255) for c in colour))


class CutSurvey:
    """Findings over the faces of one set, one line per template, edge and kind."""

    def __init__(self) -> None:
        self._seen: dict[int, object] = {}
        self._kinds: dict[tuple[str, str, str], tuple[CutFinding, str, int]] = {}

    def add(self, template: str, elements: tuple[Element, ...], found: list[CutFinding],
            label: str) -> None:  # fmt: skip
        """Count one face drawn from `template` (once per distinct face)."""
        if id(elements) in self._seen:
            return
        self._seen[id(elements)] = elements  # held, so its id is not reused
        for finding in found:
            key = (template, finding.edge, finding.kind)
            first, example, count = self._kinds.get(key, (finding, label, 0))
            self._kinds[key] = (first, example, count + 1)

    def lines(self, where: str) -> list[str]:
        """`where: template: top edge: its colour changes ... on 9 faces, e.g. Name (id)`."""
        out = []
        for (template, edge, _), (finding, example, count) in self._kinds.items():
            faces = "1 face" if count == 1 else f"{count} faces"
            side = "" if edge == "edges" else f"{edge} edge: "
            out.append(f"{where}: {template}: {side}{finding.detail} on {faces}, e.g. {example}")
        return out
