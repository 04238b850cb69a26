"""Lines and text near the cut (pnp.draw.cut_safety): a stroke running along the band, or text
inside it, is cut on some copies and not on others. Each mark is judged on its own, so what an
element marks is the same on every face that has it."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.draw.coverage import Matrix, apply, walk
from pnp.draw.cut_frame import (
    EPS,
    MIN_RUN_MM,
    SAFE_MM,
    Box,
    CutFinding,
    Frame,
    Span,
    mm,
    reaches,
)
from pnp.draw.elements import Circle, Element, Polyline, Rectangle, Text, TextRun
from pnp.units import mm_to_pt

Mark = tuple[Box, Element, Matrix]  # a text box or a stroked shape, with its face box


def marks(elements: tuple[Element, ...], matrix: Matrix) -> list[Mark]:
    """Text boxes and stroked shapes of a face, each with the face box it marks."""
    found: list[Mark] = []
    for placed, element in walk(elements, matrix):
        if isinstance(element, Text):
            box = text_box(element, placed)
        else:
            points = [apply(placed, *p) for segment in stroke_segments(element) for p in segment]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            box = (min(xs), min(ys), max(xs), max(ys)) if points else None
        if box is not None:
            found.append((box, element, placed))
    return found


def line_or_text(
    element: Element, matrix: Matrix, box: Box, frame: Frame, edge: str, band: Span
) -> CutFinding | None:
    """A stroke running along the band (to PANEL_MM inside the cut), or text (its face `box`)
    within SAFE_MM of the cut."""
    if isinstance(element, Text):
        along, depth = frame.spans(edge, box)
        if reaches(along, depth, frame.length(edge), (0.0, mm_to_pt(SAFE_MM))):
            name = f"text {element.name!r}" if element.name else "text"
            return CutFinding(edge, "text", f"{name} is within {SAFE_MM:g} mm of the cut")
        return None
    for p, q in stroke_segments(element):
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
                where = f"reaches {mm(high + half)} mm inside the cut"
                return CutFinding(edge, "line", f"a border along the cut {where}")
            at = mm(max(low, 0.0))
            return CutFinding(edge, "line", f"a line or frame runs {at} mm from the cut")
    return None


def _edge_coords(frame: Frame, edge: str, point: tuple[float, float]) -> tuple[float, float]:
    (along, _), (depth, _) = frame.spans(edge, (*point, *point))
    return along, depth


def stroke_segments(element: Element) -> list[tuple[tuple[float, float], tuple[float, float]]]:
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
        return stroke_segments(Rectangle(c.cx - c.r, c.cy - c.r, 2 * c.r, 2 * c.r, c.paint))
    return []


def _stroke_width(element: Element) -> float:
    paint = getattr(element, "paint", None)
    return paint.stroke_width if paint is not None else 0.0


def text_box(text: Text, matrix: Matrix) -> Box | None:
    """A text box's ink, roughly: from each run's start to its end, descender to cap height."""
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
