"""Inline icons in running text: as tall as the type (times a scale), as wide as their picture
is for that height, and centred on the capitals' middle, so `5 :coin:` reads as one line of
type on a face and in a book alike."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class InlineIcon:
    """An icon's room in a line at one size (points): `rise` lifts its middle off the baseline."""

    width: float
    height: float
    rise: float

    @property
    def foot(self) -> float:
        """How far its bottom sits above the baseline (below it when negative)."""
        return self.rise - self.height / 2


def inline_icon(aspect: float, size: float, cap_height: float, scale: float = 1.0) -> InlineIcon:
    """The room an icon of `aspect` (width / height) takes in text set at `size` points in a
    font whose capitals are `cap_height` em tall."""
    height = size * scale
    return InlineIcon(aspect * height, height, cap_height * size / 2)
