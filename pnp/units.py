"""Lengths as people write them: "63mm", "2.5in", "12pt", "1.2cm"; a bare number is millimetres.

Every length in the project is converted here and nowhere else. Internally lengths are millimetres
(what designers measure) and drawing converts to PDF points at the last moment.
"""

from __future__ import annotations

import math
import re

from pnp.errors import InputError
from pnp.limits import FONT_PT, LENGTH_MM
from pnp.names import describe

MM_PER_IN = 25.4
PT_PER_IN = 72.0
PT_PER_MM = PT_PER_IN / MM_PER_IN

_MM_PER_UNIT = {
    "mm": 1.0,
    "cm": 10.0,
    "in": MM_PER_IN,
    "pt": MM_PER_IN / PT_PER_IN,
}
_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-zA-Z]*)\s*")


def parse_length(
    value: object, *, default_unit: str = "mm", what: str = "length", limit_mm: float = LENGTH_MM
) -> float:
    """Return `value` in millimetres; numbers (and unit-less strings) are in `default_unit`.

    Raises InputError naming `what` when the value is not a length, or not a finite one within
    100 m either way (pnp.limits.LENGTH_MM).
    """
    number, unit = _split(value, what)
    unit = (unit or default_unit).lower()
    if unit not in _MM_PER_UNIT:
        raise InputError(
            f"{what}: unknown unit {unit[:20]!r} in {describe(value)}",
            hint="use mm, cm, in or pt (a bare number is " + default_unit + ")",
        )
    mm = number * _MM_PER_UNIT[unit]
    if not math.isfinite(mm):
        raise InputError(f"{what}: {describe(value)} is not a finite length")
    if abs(mm) > limit_mm:
        raise InputError(
            f"{what}: {describe(value)} is out of range (at most {limit_mm / 1000:g} m either way)"
        )
    return mm


def parse_font_size(value: object, *, what: str = "font size") -> float:
    """Return a font size in points; a bare number is points, as in every word processor.

    Sizes outside pnp.limits.FONT_PT are refused: text is fitted in 0.1 pt steps, so a size of
    1e8 would be a billion steps."""
    points = parse_length(value, default_unit="pt", what=what, limit_mm=math.inf) * PT_PER_MM
    low, high = FONT_PT
    if not low <= points <= high:
        raise InputError(f"{what}: {describe(value)} should be {low:g} to {high:g} pt")
    return points


def mm_to_pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    """PDF points to millimetres."""
    return pt / PT_PER_MM


def _split(value: object, what: str) -> tuple[float, str]:
    if isinstance(value, bool):
        raise InputError(f"{what}: expected a length like '12mm', got {value!r}")
    if isinstance(value, int | float):
        try:
            return float(value), ""
        except OverflowError:  # a whole number too large for a float
            raise InputError(f"{what}: {describe(value)} is out of range") from None
    if isinstance(value, str):
        match = _LENGTH.fullmatch(value)
        if match:
            return float(match.group(1)), match.group(2)
    raise InputError(
        f"{what}: expected a length like '12mm', '0.5in' or '9pt', got {describe(value)}"
    )
