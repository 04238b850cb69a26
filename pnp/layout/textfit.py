"""Text in a box: light markup, font fallback per character, wrapping and shrink-to-fit.

Markup: `**bold**`, `*italic*`, `:icon-name:` (an inline icon one em tall, centred on the capital
letters), a newline for a hard line break, and `\\*`, `\\:`, `\\\\` for literal characters.
Widths come from the registered TTF files, so what is measured here is what the PDF shows.
Text that does not fit at its minimum size is an error, never clipped.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pnp.errors import FitError, GlyphError
from pnp.layout.fonts import FontFace, FontFamily, has_glyph, load_face, text_width
from pnp.units import pt_to_mm

SIZE_STEP = 0.1  # points; shrink-to-fit searches sizes on this grid
_EPS = 1e-6


@dataclass(frozen=True)
class Span:
    """Running text in one style."""

    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class IconRef:
    """An inline icon by theme name."""

    name: str


@dataclass(frozen=True)
class LineBreak:
    """A hard line break."""


Token = Span | IconRef | LineBreak


@dataclass(frozen=True)
class PlacedRun:
    """A string drawn from `x` on the baseline `y` (points, top-down from the box's corner)."""

    x: float
    y: float
    text: str
    font: str
    size: float


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


@dataclass(frozen=True)
class TextStyle:
    """How a text box sets its text; sizes in points, box in points."""

    family: FontFamily
    fallback: Sequence[FontFamily] = ()
    size: float = 8.0
    min_size: float = 8.0
    leading: float = 1.2
    align: str = "left"  # left | center | right | justify
    valign: str = "top"  # top | middle | bottom
    bold: bool = False
    italic: bool = False
    icon_scale: float = 1.0


# ---------------------------------------------------------------------------------------------
# markup

_MARK = re.compile(r"\\[\\*:]|\*\*|\*|:[^\W\d_][\w-]*:|\n")


def parse_markup(text: str) -> list[Token]:
    """Split marked-up text into styled spans, icons and line breaks.

    A `*` or `**` opens only before a non-space and closes only after one, so "5 * 3" stays
    literal; a marker left unclosed is literal text too.
    """
    parts: list[list] = []
    pos = 0
    for m in _MARK.finditer(text):
        if m.start() > pos:
            parts.append(["text", text[pos : m.start()]])
        tok = m.group()
        if tok.startswith("\\"):
            parts.append(["text", tok[1]])
        elif tok == "\n":
            parts.append(["br"])
        elif tok.startswith(":"):
            parts.append(["icon", tok[1:-1]])
        else:
            before = text[m.start() - 1] if m.start() > 0 else " "
            after = text[m.end()] if m.end() < len(text) else " "
            parts.append(["delim", tok, not after.isspace(), not before.isspace()])
        pos = m.end()
    if pos < len(text):
        parts.append(["text", text[pos:]])
    _resolve_delimiters(parts)

    tokens: list[Token] = []
    bold = italic = False
    for part in parts:
        kind = part[0]
        if kind == "text":
            if (
                tokens
                and isinstance(tokens[-1], Span)
                and tokens[-1].bold == bold
                and (tokens[-1].italic == italic)
            ):
                tokens[-1] = Span(tokens[-1].text + part[1], bold, italic)
            else:
                tokens.append(Span(part[1], bold, italic))
        elif kind == "br":
            tokens.append(LineBreak())
        elif kind == "icon":
            tokens.append(IconRef(part[1]))
        elif part[1] == "**":
            bold = not bold
        else:
            italic = not italic
    return tokens


def _resolve_delimiters(parts: list[list]) -> None:
    """Mark each delimiter as a toggle, or turn the unmatched ones into literal text."""
    while True:
        open_at: dict[str, int | None] = {"**": None, "*": None}
        for i, part in enumerate(parts):
            if part[0] != "delim":
                continue
            tok, can_open, can_close = part[1], part[2], part[3]
            if open_at[tok] is not None and can_close:
                open_at[tok] = None
            elif can_open:
                open_at[tok] = i
            else:
                parts[i] = ["text", tok]
        unmatched = [i for i in open_at.values() if i is not None]
        if not unmatched:
            return
        i = max(unmatched)
        parts[i] = ["text", parts[i][1]]


# ---------------------------------------------------------------------------------------------
# pieces: words and spaces measured at size 1


@dataclass(frozen=True)
class _IconSeg:
    name: str
    aspect: float  # width / height


@dataclass
class _Word:
    segments: list[tuple[str, FontFace] | _IconSeg] = field(default_factory=list)
    width: float = 0.0  # at size 1


@dataclass(frozen=True)
class _Space:
    face: FontFace
    width: float


def _is_wide(char: str) -> bool:
    """Characters that may break anywhere (CJK), as their scripts have no spaces."""
    return unicodedata.east_asian_width(char) in ("W", "F")


class _Builder:
    """Turns tokens into paragraphs of words and spaces, choosing a font per character."""

    def __init__(
        self,
        style: TextStyle,
        icon_aspect: Callable[[str], float],
        where: str,
        file: str | None,
    ) -> None:
        self.style = style
        self.icon_aspect = icon_aspect
        self.where = where
        self.file = file
        self.paragraphs: list[list[_Word | _Space]] = [[]]
        self.word: _Word | None = None

    def add(self, token: Token) -> None:
        if isinstance(token, LineBreak):
            self._end_word()
            self.paragraphs.append([])
        elif isinstance(token, IconRef):
            aspect = self.icon_aspect(token.name)
            self._word().segments.append(_IconSeg(token.name, aspect))
            self._word().width += aspect * self.style.icon_scale
        else:
            self._add_span(token)

    def _add_span(self, span: Span) -> None:
        faces = self._faces(span.bold or self.style.bold, span.italic or self.style.italic)
        for char in span.text:
            if char in " \t":
                self._end_word()
                para = self.paragraphs[-1]
                if not para or not isinstance(para[-1], _Space):
                    para.append(_Space(faces[0], text_width(" ", faces[0], 1.0)))
                continue
            if char == "\u200b":  # zero-width space: a break opportunity
                self._end_word()
                continue
            if unicodedata.category(char) in ("Cc", "Cf"):
                continue
            face = self._face_for(char, faces)
            if _is_wide(char):
                self._end_word()
                self._append(char, face)
                self._end_word()
            else:
                self._append(char, face)

    def _append(self, char: str, face: FontFace) -> None:
        word = self._word()
        last = word.segments[-1] if word.segments else None
        if isinstance(last, tuple) and last[1] is face:
            word.segments[-1] = (last[0] + char, face)
        else:
            word.segments.append((char, face))
        word.width += text_width(char, face, 1.0)

    def _word(self) -> _Word:
        if self.word is None:
            self.word = _Word()
            self.paragraphs[-1].append(self.word)
        return self.word

    def _end_word(self) -> None:
        self.word = None

    def _faces(self, bold: bool, italic: bool) -> list[FontFace]:
        families = [self.style.family, *self.style.fallback]
        return [load_face(f.file_for(bold, italic)) for f in families]

    def _face_for(self, char: str, faces: list[FontFace]) -> FontFace:
        for face in faces:
            if has_glyph(face, char):
                return face
        tried = ", ".join(dict.fromkeys(f.path.name for f in faces))
        raise GlyphError(
            f"{self.where}: no font has the character {char!r} (U+{ord(char):04X}); tried {tried}",
            file=self.file,
            hint="add a font that has it to fallback_fonts in the game's theme.yaml",
        )


# ---------------------------------------------------------------------------------------------
# wrapping and fitting


def _wrap(paragraphs: list[list[_Word | _Space]], size: float, width: float):
    """Greedy line breaking at `size`; returns (lines, widest word that overflowed or None)."""
    lines: list[tuple[list[_Word | _Space], bool]] = []  # (entries, last line of paragraph)
    for para in paragraphs:
        line: list[_Word | _Space] = []
        line_w = 0.0
        pending: _Space | None = None
        for entry in para:
            if isinstance(entry, _Space):
                pending = entry if line else None
                continue
            w = entry.width * size
            if w > width + _EPS:
                return None, entry
            gap = pending.width * size if pending else 0.0
            if line and line_w + gap + w > width + _EPS:
                lines.append((line, False))
                line, line_w = [entry], w
            else:
                if pending:
                    line.append(pending)
                line.append(entry)
                line_w += gap + w
            pending = None
        lines.append((line, True))
    return lines, None


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
    builder = _Builder(style, icon_aspect, where, file)
    for token in parse_markup(text):
        builder.add(token)
    paragraphs = builder.paragraphs
    sizes = _candidate_sizes(style.size, style.min_size)

    def fits(size: float):
        lines, overflow = _wrap(paragraphs, size, width)
        if lines is None:
            return None, overflow
        return (lines if len(lines) * size * style.leading <= height + _EPS else None), None

    lines, _ = fits(sizes[0])
    if lines is not None:
        return _place(lines, sizes[0], style, width, height)
    lines, overflow = fits(sizes[-1])
    if lines is None:
        raise _fit_error(paragraphs, style, width, height, overflow, where, file)
    lo, hi = 0, len(sizes) - 1  # sizes[lo] does not fit, sizes[hi] fits
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(sizes[mid])[0] is not None:
            hi = mid
        else:
            lo = mid
    return _place(fits(sizes[hi])[0], sizes[hi], style, width, height)


def _candidate_sizes(size: float, min_size: float) -> list[float]:
    sizes = [size]
    k = 1
    while round(size - k * SIZE_STEP, 4) > min_size + _EPS:
        sizes.append(round(size - k * SIZE_STEP, 4))
        k += 1
    if min_size < size:
        sizes.append(min_size)
    return sizes


def _fit_error(paragraphs, style, width, height, overflow, where, file) -> FitError:
    size = style.min_size
    box = f"{pt_to_mm(width):.1f} x {pt_to_mm(height):.1f} mm box"
    if overflow is not None:
        word = "".join(
            f":{s.name}:" if isinstance(s, _IconSeg) else s[0] for s in overflow.segments
        )
        detail = f"the word {word!r} is wider than its {box} even at {size:g}pt"
    else:
        lines, _ = _wrap(paragraphs, size, width)
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


def _place(lines, size: float, style: TextStyle, width: float, height: float) -> FittedText:
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
        natural = sum(e.width for e in line) * size
        spaces = sum(1 for e in line if isinstance(e, _Space))
        extra = 0.0
        if style.align == "justify" and not last and spaces:
            extra = (width - natural) / spaces
        elif style.align == "center":
            setter.x = (width - natural) / 2
        elif style.align == "right":
            setter.x = width - natural
        for entry in line:
            if isinstance(entry, _Space) and extra:
                setter.skip(entry.width * size + extra)
            elif isinstance(entry, _Space):
                setter.text(" ", entry.face)
            else:
                for segment in entry.segments:
                    if isinstance(segment, _IconSeg):
                        setter.icon(segment)
                    else:
                        setter.text(*segment)
        setter.flush()
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

    def text(self, text: str, face: FontFace) -> None:
        if self._face is not face:
            self.flush()
            self._start, self._face = self.x, face
        self._text += text
        self.x += text_width(text, face, self.size)

    def icon(self, segment: _IconSeg) -> None:
        self.flush()
        h = self.size * self.icon_scale
        top = self.baseline - self.metrics.cap_height * self.size / 2 - h / 2
        self.icons.append(PlacedIcon(segment.name, self.x, top, segment.aspect * h, h))
        self.x += segment.aspect * h

    def skip(self, width: float) -> None:
        self.flush()
        self.x += width

    def flush(self) -> None:
        if self._face is not None and self._text.strip():
            text = self._text.rstrip(" ")
            self.runs.append(
                PlacedRun(self._start, self.baseline, text, self._face.name, self.size)
            )
        self._text, self._face = "", None
