"""A rectangular face seen from its cut: the band along each edge where a miscut or drift shows,
what a finding there says, and the measures the cut check (pnp.draw.cut_safety) shares."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.draw.elements import RGB
from pnp.units import mm_to_pt

SAFE_MM = 3.0  # text keeps this far inside the cut
PANEL_MM = 4.5  # panels, rings and lines keep this far inside: a 1 mm miscut leaves 3.5-5.5 mm
BACK_PANEL_MM = 6.0  # on a back, which the printer also shifts by 1-2 mm against its front
CLOSE = 48 / 255  # summed channel difference under which two colours look alike at an edge
MIN_RUN_MM = 0.8  # a boundary shorter than this along the cut is not seen
PAPER: RGB = (1.0, 1.0, 1.0)
EPS = 0.05  # points: what floating point leaves between a shape placed at the bleed and the bleed
EDGES = ("top", "bottom", "left", "right")
Span = tuple[float, float]  # (from, to), in points
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 on the face, in points


@dataclass(frozen=True)
class CutFinding:
    """One problem near the cut: the edge, a grouping kind and what a person would see."""

    edge: str
    kind: str  # "colour", "line", "text" or "back"
    detail: str


@dataclass(frozen=True)
class Frame:
    """A face's edges as (along, depth) spans: depth is measured inward from the trim."""

    w: float
    h: float

    def spans(self, edge: str, box: Box) -> tuple[Span, Span]:
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

    def inner(self, depth_mm: float = SAFE_MM) -> Box:
        """The face more than `depth_mm` inside the cut: what lies wholly here cannot reach a
        band that deep."""
        safe = mm_to_pt(depth_mm)
        return safe, safe, self.w - safe, self.h - safe


def within(box: Box, inner: Box) -> bool:
    return inner[0] <= box[0] and inner[1] <= box[1] and box[2] <= inner[2] and box[3] <= inner[3]


def reaches(along: Span, depth: Span, length: float, band: Span) -> bool:
    """Whether a box overlaps the band for at least MIN_RUN_MM along the edge."""
    run = min(along[1], length) - max(along[0], 0.0)
    return run >= mm_to_pt(MIN_RUN_MM) and depth[0] < band[1] and depth[1] > band[0]


def mm(points: float) -> str:
    """A distance in mm, rounded down to 0.1 mm: 2.96 mm is "2.9", inside the 3 mm band."""
    return f"{math.floor(points * 254 / 72 + 1e-6) / 10:.1f}"
