"""Geometry of the shapes templates ask for, in the template's top-down coordinates."""

from __future__ import annotations

import math

Point = tuple[float, float]

# Inner radius as a share of the outer one when a template gives none: a regular five-pointed
# star (the pentagram's own proportion) and a slim four-pointed compass star.
DEFAULT_INNER = {5: 0.381966, 4: 0.4}


def star_points(
    cx: float, cy: float, r: float, points: int = 5, inner: float | None = None, rotate: float = 0
) -> list[Point]:
    """Corners of a star centred on (cx, cy), first tip straight up, turned `rotate` degrees.

    y grows downwards, so a positive rotation turns clockwise as the designer sees the card.
    """
    ratio = DEFAULT_INNER.get(points, 0.5) if inner is None else inner
    corners = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * ratio
        angle = math.radians(rotate + i * 180.0 / points)
        corners.append((cx + radius * math.sin(angle), cy - radius * math.cos(angle)))
    return corners


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotate: float = 0) -> list[Point]:
    """Corners of a regular polygon with a corner straight up (hexagon, triangle, ...)."""
    return [
        (
            cx + r * math.sin(math.radians(rotate + i * 360.0 / sides)),
            cy - r * math.cos(math.radians(rotate + i * 360.0 / sides)),
        )
        for i in range(sides)
    ]
