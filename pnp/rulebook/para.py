"""The rulebook's Paragraph: reportlab's, breaking its lines once per width.

Platypus asks a paragraph for its size more than once with the same width: a frame before it
places it, a group kept together measuring its parts, a table measuring a cell and then drawing
it, each pass of a multi-pass build. reportlab breaks the lines again every time (about half of
all the line breaking of a book, measured on the built-in games). The lines depend on the width,
the fragments and the style, and none of those changes after a paragraph is made, so a second
ask at the width of the first is answered from the first.

Text with wide (Japanese) characters is filled into lines by the faces' line filler
(pnp.layout.text.lines), with words between the places pnp.layout.text.jabreak lets a line
break (phrases, kinsoku); Platypus draws the lines.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from reportlab.platypus import paragraph

from pnp.layout.text.jabreak import NO_START, OBJECT, breaks
from pnp.layout.text.lines import Gap, fill


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

    def breakLines(self, width: Any) -> Any:  # noqa: N802 - reportlab's name
        """reportlab's line breaking, always from the paragraph's own fragments: reportlab puts
        the words of its last breaking in their place, where a word once broken at its hyphen
        ("two-" / "sided") comes back without it when another width sets it whole on one line
        ("twosided": a table cell measured at one width and drawn at another)."""
        if "_own_frags" not in self.__dict__:
            self._own_frags: list[Any] = self.__dict__["frags"]
        self.frags = self._own_frags
        return super().breakLines(width)

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
    """reportlab's CJK lines (one glyph a unit) filled by the faces' line filler
    (pnp.layout.text.lines) with words between jabreak's break places; a word wider than a
    line is cut where it overflows."""
    units = [paragraph.cjkU(c, f, "utf8") for f in frags for c in (f.text or [""])]
    text = "".join(u or OBJECT for u in units)
    paragraphs = _words(units, text, breaks(text))
    lines, _ = fill(paragraphs, 1.0, widths, cut=_Cutter(units, text))
    assert lines is not None  # never without a cut: a word too wide is cut
    out = []
    for k, (entries, last) in enumerate(lines):
        line = [u for e in entries for u in _units(units, e)]
        width = widths[min(k, len(widths) - 1)]
        used = _width(line)
        forced = last and k < len(lines) - 1  # ended by a <br/>
        out.append(paragraph.makeCJKParaLine(line, width, used, width - used, forced, bounds))
    return paragraph.ParaLines(kind=1, lines=out)


@dataclass(frozen=True)
class _Run:
    """units[start:end], set without a break inside."""

    start: int
    end: int
    width: float


@dataclass(frozen=True)
class _Spaces(Gap):
    """units[start:end], spaces after which the line may break."""

    start: int = 0
    end: int = 0


def _words(units: list[Any], text: str, cuts: frozenset[int]) -> list[list[_Run | Gap]]:
    """The units as paragraphs (at each <br/>) of words between `cuts`, and gaps of spaces."""
    paragraphs: list[list[_Run | Gap]] = [[]]
    forced = [i for i, u in enumerate(units) if hasattr(u.frag, "lineBreak")]
    bounds = sorted({0, len(units), *cuts, *forced, *(i + 1 for i in forced)})
    for start, end in itertools.pairwise(bounds):
        if hasattr(units[start].frag, "lineBreak"):
            paragraphs.append([])
            continue
        piece = text[start:end]
        lead = start + len(piece) - len(piece.lstrip(" "))  # where its words start and end
        tail = start + len(piece.rstrip(" "))
        para = paragraphs[-1]
        if lead > start or lead >= tail:  # spaces before it (or nothing but spaces)
            para.append(_Spaces(_width(units[start : min(lead, end)]), start, min(lead, end)))
        if lead < tail:
            para.append(_Run(lead, tail, _width(units[lead:tail])))
            if tail < end:
                para.append(_Spaces(_width(units[tail:end]), tail, end))
    if len(paragraphs) > 1 and not paragraphs[-1]:
        paragraphs.pop()  # a <br/> ending the text opens no line
    return paragraphs


def _units(units: list[Any], entry: _Run | Gap) -> list[Any]:
    """The units of a word or a gap of `_words`."""
    assert isinstance(entry, _Run | _Spaces)
    return units[entry.start : entry.end]


class _Cutter:
    """Cuts a word wider than a line where it overflows: a character no line may start with
    (kinsoku) hangs in the margin rather than start the next line."""

    def __init__(self, units: list[Any], text: str) -> None:
        self.units = units
        self.text = text

    def __call__(self, run: _Run, room: float) -> tuple[_Run, _Run | None]:
        units, text = self.units, self.text
        used, end = units[run.start].width, run.start + 1  # at least one unit a line
        while end < run.end and used + units[end].width <= room + _FUZZ:
            used += units[end].width
            end += 1
        if end < run.end and units[end] in NO_START and text[end - 1] != " ":
            end += 1
        if end >= run.end:
            return run, None
        head_end = len(text[run.start : end].rstrip(" ")) + run.start
        rest = end + len(text[end : run.end]) - len(text[end : run.end].lstrip(" "))
        return (
            _Run(run.start, head_end, _width(units[run.start : head_end])),
            _Run(rest, run.end, _width(units[rest : run.end])),
        )


_FUZZ = 1e-6


def _width(units: list[Any]) -> float:
    return float(sum(u.width for u in units))
