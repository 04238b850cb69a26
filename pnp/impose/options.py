"""How sheets are printed: paper, bleed, duplex, gutterfold, back offset and spacing.

Every imposition (grid, packing, tiling, standees, calibration) reads one SheetOptions; strings
from the command line are accepted and checked here, once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.errors import InputError
from pnp.impose.paper import Paper, parse_paper

DUPLEX_MODES = ("long", "short", "none")
ORIENTATIONS = ("auto", "portrait", "landscape")
A4 = parse_paper("a4")


@dataclass(frozen=True)
class SheetOptions:
    """How sheets are printed. Every value is checked; `paper` and `back_offset_mm` may also be
    given as text ("letter", "1.5,-0.5"), as on the command line, and are parsed here.

    duplex: "long" (backs mirror the columns of a portrait sheet), "short" (backs mirror the
    rows), "none" (all fronts, then all backs, for feeding the stack through again by hand).
    back_offset_mm: (x, y) shift of everything on back pages, x to the right and y up as seen on
    the back, to undo a printer's misregistration (read it off `pnp calibrate`).
    gap_mm: space between neighbouring trims; None chooses (see pnp.impose.spacing).
    square_tokens: round tokens cut square (in square cells with crop marks, for a guillotine)
    instead of round along a circle.
    """

    paper: Paper = A4
    orientation: str = "auto"
    bleed_mm: float = 3.0
    duplex: str = "long"
    gutterfold: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    margin_mm: float = 3.0  # the printer cannot print nearer the paper edge
    gap_mm: float | None = None
    overlap_mm: float = 11.0  # a tiled board's: an 8 mm glue band and a 3 mm cut allowance
    tab_mm: float = 12.0
    square_tokens: bool = False
    lang: str = "en"  # the language of the kit's words (pnp.impose.words)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "paper", parse_paper(self.paper))
        set_(self, "duplex", _choice("duplex", self.duplex, DUPLEX_MODES))
        set_(self, "orientation", _choice("orientation", self.orientation, ORIENTATIONS))
        set_(self, "back_offset_mm", parse_offset(self.back_offset_mm))
        for name, low, high in (
            ("bleed_mm", 0, 20),
            ("margin_mm", 0, 50),
            ("overlap_mm", 0, 50),
            ("tab_mm", 3, 50),
        ):
            value = float(getattr(self, name))
            if not low <= value <= high:  # NaN is not either, so it is refused too
                raise InputError(
                    f"{name.removesuffix('_mm')} must be {low} to {high} mm, not {value:g}"
                )
            set_(self, name, value)
        if self.gap_mm is not None and not 0 <= self.gap_mm <= 50:
            raise InputError(f"gap must be 0 to 50 mm, not {self.gap_mm:g}")


def _choice(name: str, value: str, allowed: tuple[str, ...]) -> str:
    text = str(value).strip().lower()
    if text not in allowed:
        raise InputError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return text


def parse_bleed(value: float | str) -> float:
    """`"3"` or `3.0` -> 3.0 millimetres of bleed, from 0 to 20."""
    try:
        bleed = float(value)
    except (TypeError, ValueError):
        raise InputError(f"bleed must be a number of mm, not {str(value)[:40]!r}") from None
    if not 0 <= bleed <= 20:
        raise InputError(f"bleed must be 0 to 20 mm, not {bleed:g}")
    return bleed


def parse_offset(value: tuple[float, float] | str) -> tuple[float, float]:
    """`"1.5,-0.5"` or `(1.5, -0.5)` -> (1.5, -0.5) millimetres."""
    try:
        parts = value.replace(" ", "").split(",") if isinstance(value, str) else list(value)
        x, y = (float(p) for p in parts)
    except (TypeError, ValueError):
        raise InputError(
            f"back offset must be two numbers in mm, X,Y (e.g. 1.5,-0.5), not {str(value)[:40]!r}"
        ) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise InputError(f"back offset must be two finite numbers, not {x:g},{y:g}")
    if abs(x) > 20 or abs(y) > 20:
        raise InputError(f"back offset {x:g},{y:g} mm is implausibly large (at most 20 mm)")
    return (x, y)
