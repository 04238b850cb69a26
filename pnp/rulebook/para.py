"""The rulebook's Paragraph: reportlab's, breaking its lines once per width.

Platypus asks a paragraph for its size more than once with the same width: a frame before it
places it, a group kept together measuring its parts, a table measuring a cell and then drawing
it, each pass of a multi-pass build. reportlab breaks the lines again every time (about half of
all the line breaking of a book, measured on the built-in games). The lines depend on the width,
the fragments and the style, and none of those changes after a paragraph is made, so a second
ask at the width of the first is answered from the first.

Text with wide (Japanese) characters breaks between phrases where kinsoku allows, the same
rule as card faces (pnp.layout.text.jabreak).
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import paragraph

from pnp.layout.text.jabreak import NO_START, OBJECT, breaks


class Paragraph(paragraph.Paragraph):
    """reportlab's Paragraph, whose `wrap` at the width it last broke its lines for keeps them."""

    _broken_at: float | None = None  # the width of the lines in `blPara`

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        # reportlab drops `blPara` when a split leaves nothing here; then break again
        if availWidth == self._broken_at and "blPara" in self.__dict__:
            return self.width, self.height
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        self._broken_at = availWidth if "blPara" in self.__dict__ else None
        return size

    def breakLinesCJK(self, maxWidths: Any) -> Any:  # noqa: N802, N803 (reportlab's names)
        """Lines of text with wide characters, broken between phrases where kinsoku allows
        (pnp.layout.text.jabreak), not after any character as reportlab's own breaker does."""
        widths = list(maxWidths) if isinstance(maxWidths, (list, tuple)) else [maxWidths]
        if self.bulletText or self.style.endDots or not self.frags:
            return super().breakLinesCJK(widths)
        if "blPara" in self.__dict__ and getattr(self, "_splitpara", False):
            return self.blPara
        bounds = getattr(self, "autoLeading", getattr(self.style, "autoLeading", ""))
        return cjk_lines(self.frags, widths, bounds not in ("", "off"))


def cjk_lines(frags: list[Any], widths: list[float], bounds: bool) -> Any:
    """reportlab's CJK lines (one glyph a unit), greedily filled, each ended at the last place
    jabreak allows; a run with no such place in a line is cut where it overflows."""
    units = [paragraph.cjkU(c, f, "utf8") for f in frags for c in (f.text or [""])]
    text = "".join(u or OBJECT for u in units)
    cuts = breaks(text)
    lines: list[Any] = []
    start, used = 0, 0.0
    i = 0
    while i < len(units):
        unit, width = units[i], widths[min(len(lines), len(widths) - 1)]
        forced = hasattr(unit.frag, "lineBreak")
        if used + unit.width > width + _FUZZ and i > start or forced:
            end = i if forced else max((c for c in cuts if start < c <= i), default=i)
            if not forced and unit in NO_START and end == i and text[i - 1] != " ":
                end = i + 1  # hangs in the margin rather than starting a line
            line = _strip(units[start:end])
            lines.append(
                paragraph.makeCJKParaLine(
                    line, width, _width(line), width - _width(line), forced, bounds
                )
            )
            start, used, i = end + (1 if forced else 0), 0.0, end + (1 if forced else 0)
            continue
        used += unit.width
        i += 1
    if start < len(units):
        line = _strip(units[start:])
        width = widths[min(len(lines), len(widths) - 1)]
        lines.append(
            paragraph.makeCJKParaLine(
                line, width, _width(line), width - _width(line), False, bounds
            )
        )
    return paragraph.ParaLines(kind=1, lines=lines)


_FUZZ = 1e-6


def _strip(units: list[Any]) -> list[Any]:
    """A line without the spaces it would end (or start) with."""
    while units and units[-1] == " ":
        units = units[:-1]
    while units and units[0] == " ":
        units = units[1:]
    return units


def _width(units: list[Any]) -> float:
    return float(sum(u.width for u in units))
