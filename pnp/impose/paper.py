"""Paper sizes: named (A4, Letter, ...) or custom ("210x297mm", "8.5x11in"), in millimetres."""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.lib.units import mm

from pnp.errors import InputError

# Portrait width x height in mm.
NAMED_PAPERS: dict[str, tuple[float, float]] = {
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
}

_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
_CUSTOM = re.compile(
    r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Paper:
    """A sheet of paper as it lies in the printer, in millimetres."""

    name: str
    width_mm: float
    height_mm: float

    @property
    def is_landscape(self) -> bool:
        return self.width_mm > self.height_mm

    @property
    def size_pt(self) -> tuple[float, float]:
        """(width, height) in PDF points, for reportlab."""
        return (self.width_mm * mm, self.height_mm * mm)

    def portrait(self) -> Paper:
        """The same paper with its long edge vertical."""
        w, h = sorted((self.width_mm, self.height_mm))
        return Paper(self.name, w, h)

    def landscape(self) -> Paper:
        """The same paper with its long edge horizontal."""
        h, w = sorted((self.width_mm, self.height_mm))
        return Paper(self.name, w, h)

    def oriented(self, orientation: str) -> Paper:
        """`portrait` or `landscape`."""
        return self.landscape() if orientation == "landscape" else self.portrait()

    def half(self) -> Paper:
        """Half a sheet, portrait: the page of a booklet folded from this paper (A4 -> A5)."""
        short, long = sorted((self.width_mm, self.height_mm))
        return Paper(f"half {self.name}", long / 2, short)

    def __str__(self) -> str:
        return self.name


def parse_paper(value: str | Paper) -> Paper:
    """`a4`, `Letter`, `210x297mm`, `8.5x11in`, `21 x 29.7 cm` -> Paper (portrait as given).

    A custom size takes its unit from the last number ("8.5x11in"); both numbers may carry one.
    """
    if isinstance(value, Paper):
        return value
    text = str(value).strip()
    named = NAMED_PAPERS.get(text.lower())
    if named:
        label = "A" + text[1:] if text.lower().startswith("a") else text.lower().capitalize()
        return Paper(label, *named)
    match = _CUSTOM.match(text)
    if not match:
        raise InputError(
            f"unknown paper size {text!r}",
            hint="use " + ", ".join(NAMED_PAPERS) + ' or a size such as "210x297mm" or "8.5x11in"',
        )
    w, w_unit, h, h_unit = match.groups()
    width = float(w) * _UNIT_MM[(w_unit or h_unit).lower()]
    height = float(h) * _UNIT_MM[h_unit.lower()]
    if width < 50 or height < 50 or width > 2000 or height > 2000:
        raise InputError(
            f"paper size {text!r} is out of range", hint="each side must be 50 to 2000 mm"
        )
    return Paper(f"{width:g}x{height:g}mm", round(width, 3), round(height, 3))
