"""What an element builder works in: the Frame it places into and the Face being compiled.

Templates speak millimetres from the top-left trim corner with y growing downwards; fitted
elements (pnp.draw.elements) are PDF points from the bottom-left with y up. The flip happens
once, through the frame: a y measured down from the reference line `ref` becomes `ref - y`
(the card's height at the top level, 0 inside a group, whose own origin was already flipped).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pnp.draw.elements import Element, Point
from pnp.layout.assets import Assets
from pnp.layout.output import Origin
from pnp.layout.theme import RGB, Theme
from pnp.units import mm_to_pt

# an element icon compiled once per face: (name, colour, opacity)
IconKey = tuple[str, RGB | None, float]


@dataclass(frozen=True)
class Frame:
    """Where elements are being placed: the y reference, inherited look, and message context."""

    ref: float  # points; a template y of 0 lands here
    top_level: bool
    origin: Origin  # where these elements were written, for messages
    opacity: float = 1.0
    current: RGB | None = None  # what `current` means as a colour (icons drawn in a colour)
    path: str = ""  # element number prefix for messages, e.g. "3." inside element 3
    prefix: str = ""  # what the elements belong to, for messages, e.g. "theme icon 'eye': "
    icons: tuple[
        str, ...
    ] = ()  # the theme icons being drawn around these elements, outermost first

    def flip(self, points: Sequence[tuple[float, float]]) -> tuple[Point, ...]:
        """Template points (mm, y down) as PDF points (y up from this frame's origin)."""
        return tuple((mm_to_pt(x), self.ref - mm_to_pt(y)) for x, y in points)


class Face(Protocol):
    """What element builders may ask of the face being compiled (pnp.layout.compiler)."""

    theme: Theme
    assets: Assets
    width_mm: float
    height_mm: float
    bleed_mm: float
    icon_cache: dict[IconKey, tuple[Element, ...]]

    def count(self, elements: int, frame: Frame) -> None:
        """Count elements toward the face's limit (an icon's, each time it is placed)."""
        ...

    def compile_list(self, items: Sequence[object], frame: Frame) -> tuple[Element, ...]:
        """Fitted elements for element items placed in `frame`."""
        ...
