"""Text in a box: wrapping, shrink-to-fit and placing each line's runs and icons.

Markup is pnp.layout.text.markup's, measuring pnp.layout.text.words', an inline icon's room
pnp.layout.text.icons'. Widths come from the registered TTF files, so what is measured here is
what the PDF shows. Text that does not fit at its minimum size is an error, never clipped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp.errors import FitError
from pnp.layout.text.fonts import FontFace, load_face, stroke_width, text_width
from pnp.layout.text.icons import inline_icon
from pnp.layout.text.lines import Gap, fill
from pnp.layout.text.lines import Line as _Line
from pnp.layout.text.markup import parse_markup
from pnp.layout.text.words import IconSegment, Paragraph, Space, TextStyle, Word, measure_words
from pnp.memo import Memo
from pnp.names import quote
from pnp.units import pt_to_mm

SIZE_STEP = 0.1  # points; shrink-to-fit searches sizes on this grid
_EPS = 1e-6

Line = _Line[Word]  # (words and spaces, last line of its paragraph)


@dataclass(frozen=True)
class PlacedRun:
    """A string drawn from `x` on the baseline `y` (points, top-down from the box's corner)."""

    x: float
    y: float
    text: str
    font: str
    size: float
    stroke: float = 0.0  # points: the outline stroke of synthetic bold, 0 for none


@dataclass(frozen=True)
class PlacedIcon:
    """An inline icon's box (points, top-down from the text box's corner)."""

    name: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class FittedText:
    """The outcome of fitting: the size chosen and what to draw where."""

    size: float
    line_count: int
    runs: tuple[PlacedRun, ...]
    icons: tuple[PlacedIcon, ...]


def fit_text(
    text: str,
    style: TextStyle,
    width: float,
    height: float,
    *,
    icon_aspect: Callable[[str], float],
    where: str = "text",
    file: str | None = None,
) -> FittedText:
    """Set `text` in a `width` x `height` pt box at the largest size from `style.size` down to
    `style.min_size` (in 0.1 pt steps) at which it fits both ways.

    Raises FitError (naming `where`) when it does not fit even at `min_size`, and GlyphError
    when a character is in none of the fonts.
    """
    paragraphs = measure_words(parse_markup(text), style, icon_aspect, where, file)
    sizes = _candidate_sizes(style.size, style.min_size)

    def fits(size: float) -> list[Line] | None:
        lines, _ = wrap(paragraphs, size, width)
        if lines is None or len(lines) * size * style.leading > height + _EPS:
            return None
        return lines

    lines = fits(sizes[0])
    if lines is not None:
        return _place(lines, sizes[0], style, width, height)
    lines = fits(sizes[-1])
    if lines is None:
        raise _fit_error(paragraphs, style, width, height, where, file)
    lo, hi = 0, len(sizes) - 1  # sizes[lo] does not fit, sizes[hi] fits as `lines`
    while hi - lo > 1:
        mid = (lo + hi) // 2
        attempt = fits(sizes[mid])
        if attempt is not None:
            hi, lines = mid, attempt
        else:
            lo = mid
    return _place(lines, sizes[hi], style, width, height)


def wrap(
    paragraphs: list[Paragraph], size: float, width: float
) -> tuple[list[Line] | None, Word | None]:
    """The box's lines at `size` (pnp.layout.text.lines, as a book's): (lines, None), or
    (None, a word wider than `width`), which the box answers by a smaller size."""
    return fill(paragraphs, size, (width,))


# the sizes tried by (size, min_size), each with its type: 9 and 9.0 are equal keys of
# unequal sizes; a deck's text boxes share a few pairs
_sizes: Memo[tuple[type, float, type, float], tuple[float, ...]] = Memo(256)


def _candidate_sizes(size: float, min_size: float) -> tuple[float, ...]:
    """The sizes tried, largest first: `size`, then down the 0.1 pt grid, then `min_size`."""
    key = (type(size), size, type(min_size), min_size)
    known = _sizes.get(key)
    return known if known is not None else _sizes.put(key, _size_grid(size, min_size))


def _size_grid(size: float, min_size: float) -> tuple[float, ...]:
    sizes = [size]
    k = 1
    while round(size - k * SIZE_STEP, 4) > min_size + _EPS:
        sizes.append(round(size - k * SIZE_STEP, 4))
        k += 1
    if min_size < size:
        sizes.append(min_size)
    return tuple(sizes)


def _fit_error(
    paragraphs: list[Paragraph],
    style: TextStyle,
    width: float,
    height: float,
    where: str,
    file: str | None,
) -> FitError:
    """Why the text does not fit at its minimum size: a word too wide, or too many lines."""
    size = style.min_size
    box = f"{pt_to_mm(width):.1f} x {pt_to_mm(height):.1f} mm box"
    lines, overflow = wrap(paragraphs, size, width)
    if lines is None:
        detail = f"the word {quote(str(overflow))} is wider than its {box} even at {size:g}pt"
    else:
        need = len(lines) * size * style.leading
        detail = (
            f"it needs {len(lines)} lines ({pt_to_mm(need):.1f} mm) at {size:g}pt "
            f"but its {box} holds {int((height + _EPS) // (size * style.leading))}"
        )
    return FitError(
        f"{where}: text does not fit: {detail}",
        file=file,
        hint="shorten the text, enlarge the box or lower its min_size",
    )


# (text, font name, size) -> points, at most the words of a deck's texts at their few sizes
_widths: Memo[tuple[str, str, float], float] = Memo(8192)


def _width(text: str, face: FontFace, size: float) -> float:
    """`text_width(text, face, size)`, measured once per text, font and size (a deck's
    texts repeat their words and sizes across faces)."""
    key = (text, face.name, size)
    width = _widths.get(key)
    return width if width is not None else _widths.put(key, text_width(text, face, size))


def _place(
    lines: list[Line], size: float, style: TextStyle, width: float, height: float
) -> FittedText:
    """Position each line's runs and icons for the chosen size."""
    metrics = load_face(style.family.file_for(style.bold, style.italic))
    line_h = size * style.leading
    total = len(lines) * line_h
    top = {"top": 0.0, "middle": (height - total) / 2, "bottom": height - total}[style.valign]
    half_leading = (line_h - (metrics.ascent + metrics.descent) * size) / 2
    runs: list[PlacedRun] = []
    icons: list[PlacedIcon] = []
    for i, (line, last) in enumerate(lines):
        baseline = top + i * line_h + half_leading + metrics.ascent * size
        setter = _LineSetter(baseline, size, metrics, style.icon_scale)
        setter.set_line(line, width, style.align, last)
        runs.extend(setter.runs)
        icons.extend(setter.icons)
    return FittedText(size, len(lines), tuple(runs), tuple(icons))


class _LineSetter:
    """Sets one line left to right, joining neighbouring text in one font into one run."""

    def __init__(self, baseline: float, size: float, metrics: FontFace, icon_scale: float):
        self.baseline = baseline
        self.size = size
        self.metrics = metrics
        self.icon_scale = icon_scale
        self.x = 0.0
        self.runs: list[PlacedRun] = []
        self.icons: list[PlacedIcon] = []
        self._start = 0.0
        self._text = ""
        self._face: FontFace | None = None

    def set_line(self, line: list[Word | Gap], width: float, align: str, last: bool) -> None:
        """Set a whole line aligned in `width`; justified lines stretch their spaces."""
        extra = 0.0
        if align != "left":
            natural = sum(e.width for e in line) * self.size
            spaces = sum(1 for e in line if isinstance(e, Space))
            if align == "justify" and not last and spaces:
                extra = (width - natural) / spaces
            elif align == "center":
                self.x = (width - natural) / 2
            elif align == "right":
                self.x = width - natural
        for entry in line:
            if isinstance(entry, Word):
                for segment in entry.segments:
                    if isinstance(segment, IconSegment):
                        self.icon(segment)
                    else:
                        self.text(segment[0], segment[1])
            elif extra:
                self.skip(entry.width * self.size + extra)
            elif isinstance(entry, Space):  # every gap of a face's line is one
                self.text(" ", entry.face)
        self.flush()

    def text(self, text: str, face: FontFace) -> None:
        if self._face is not face:
            self.flush()
            self._start, self._face = self.x, face
        self._text += text
        self.x += _width(text, face, self.size)

    def icon(self, segment: IconSegment) -> None:
        self.flush()
        room = inline_icon(segment.aspect, self.size, self.metrics.cap_height, self.icon_scale)
        top = self.baseline - room.rise - room.height / 2
        self.icons.append(PlacedIcon(segment.name, self.x, top, room.width, room.height))
        self.x += room.width

    def skip(self, width: float) -> None:
        self.flush()
        self.x += width

    def flush(self) -> None:
        if self._face is not None and self._text.strip():
            text = self._text.rstrip(" ")
            stroke = stroke_width(self.size) if self._face.embolden else 0.0
            self.runs.append(
                PlacedRun(self._start, self.baseline, text, self._face.name, self.size, stroke)
            )
        self._text, self._face = "", None
