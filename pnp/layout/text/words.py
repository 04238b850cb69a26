"""Markup tokens -> paragraphs of measured words and spaces, each character in a font that has it.

Widths are measured at size 1 (they scale linearly), so shrink-to-fit measures each word once.
A word breaks at spaces, at a zero-width space (U+200B), and in text with wide (CJK)
characters, which those scripts write without spaces, between phrases where kinsoku allows
(pnp.layout.text.jabreak): 巨大企業 or 3枚 is never split, no line starts with 」 or ゃ. Those
places are found in the whole text, bold and icons included, as a book's paragraph finds them,
so a style starting inside a phrase is no place to break. The font for each character is
pnp.layout.text.fallback's choice, as in a book.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from operator import add

from pnp.layout.text.fallback import face_for, faces_of, glyph_error, invisible
from pnp.layout.text.fonts import (
    SYNTHETIC,
    FontFace,
    FontFamily,
    has_glyph,
    style_face,
    text_width,
)
from pnp.layout.text.jabreak import OBJECT, breaks, has_wide, is_wide, tidy
from pnp.layout.text.lines import Gap
from pnp.layout.text.markup import IconRef, LineBreak, Span, Token
from pnp.memo import Memo

ZERO_WIDTH_SPACE = "\u200b"


@dataclass(frozen=True)
class TextStyle:
    """How a text box sets its text; sizes in points."""

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


@dataclass(frozen=True)
class IconSegment:
    """An inline icon inside a word."""

    name: str
    aspect: float  # width / height


TextSegment = tuple[str, FontFace]  # characters drawn in one font


@dataclass
class Word:
    """Text and icons set without a break between them."""

    segments: list[TextSegment | IconSegment] = field(default_factory=list)
    width: float = 0.0  # at size 1

    def __str__(self) -> str:
        return "".join(f":{s.name}:" if isinstance(s, IconSegment) else s[0] for s in self.segments)


@dataclass(frozen=True)
class Space(Gap):
    """A space: a break place that takes room inside a line, drawn in `face`."""

    face: FontFace


Paragraph = list[Word | Space]


def measure_words(
    tokens: Sequence[Token],
    style: TextStyle,
    icon_aspect: Callable[[str], float],
    where: str,
    file: str | None = None,
) -> list[Paragraph]:
    """Paragraphs (split at hard line breaks) of words and spaces; raises GlyphError naming
    `where` for a character no font has."""
    tokens = tidy(tokens)
    builder = _Builder(style, icon_aspect, where, file, None)
    for token in tokens:
        builder.add(token)
        if builder.wide:  # words end at other places: set again from the start
            builder = _Builder(style, icon_aspect, where, file, _cuts(tokens))
            for again in tokens:
                builder.add(again)
            break
    return builder.paragraphs


def _cuts(tokens: Sequence[Token]) -> frozenset[int]:
    """Where a line of text with wide characters may break (pnp.layout.text.jabreak.breaks, on
    the same text a book's paragraph gives it: the visible characters, an icon or a line break
    one OBJECT), by index in that text."""
    return breaks("".join(
        "".join(c for c in t.text if not invisible(c)) if type(t) is Span else OBJECT
        for t in tokens
    ))  # fmt: skip


_PIECES = re.compile("[ \t]+|\u200b|[^ \t\u200b]+")  # spaces, a zero-width space, the rest
# per font face: widths at size 1 of characters it draws in the middle of a word (not wide, not
# a control character); what the fast path of _add_span may add without looking at each one
# (tables read in the hot loop as plain dicts, each filled by one face's characters)
_simple: Memo[str, dict[str, float]] = Memo(64)
_spaces: Memo[str, Space] = Memo(64)
# per font face: widths at size 1 of whole pieces of such characters, summed from 0 (a deck's
# texts repeat their words), at most _WORDS of them
_words: Memo[str, dict[str, float]] = Memo(64)
_WORDS = 4096


# looked up per span and per space: a lookup and a test, no call made when known
def _simple_widths(face: FontFace) -> dict[str, float]:
    widths = _simple.get(face.name)
    return widths if widths is not None else _simple.put(face.name, {})


def _word_widths(face: FontFace) -> dict[str, float]:
    widths = _words.get(face.name)
    return widths if widths is not None else _words.put(face.name, {})


def _space(face: FontFace) -> Space:
    key = face.name + SYNTHETIC if face.embolden else face.name  # drawn in its own face
    space = _spaces.get(key)
    return space if space is not None else _spaces.put(key, _new_space(face))


def _new_space(face: FontFace) -> Space:
    return Space(width=text_width(" ", face, 1.0), face=face)


class _Builder:
    """Collects words and spaces token by token, choosing a font per character."""

    def __init__(
        self,
        style: TextStyle,
        icon_aspect: Callable[[str], float],
        where: str,
        file: str | None,
        cuts: frozenset[int] | None,
    ) -> None:
        self.style = style
        self.icon_aspect = icon_aspect
        self.where = where
        self.file = file
        self.paragraphs: list[Paragraph] = [[]]
        self.word: Word | None = None
        self.cuts = cuts  # None: text without wide characters, until one is met (`wide`)
        self.at = 0  # the index in the text `cuts` counts in (with cuts only)
        self.wide = False

    def add(self, token: Token) -> None:
        if isinstance(token, LineBreak):
            self._end_word()
            self.paragraphs.append([])
            self.at += 1
        elif isinstance(token, IconRef):
            if self.cuts is not None:
                self._cut()
                self.at += 1
            aspect = self.icon_aspect(token.name)
            self._word().segments.append(IconSegment(token.name, aspect))
            self._word().width += aspect * self.style.icon_scale
        else:
            self._add_span(token)

    def _add_span(self, span: Span) -> None:
        style = (span.bold or self.style.bold, span.italic or self.style.italic)
        first = style_face(self.style.family, *style)  # fallbacks only when needed
        simple = _simple_widths(first)
        known = _word_widths(first)
        for piece in _PIECES.findall(span.text):
            if piece[0] in " \t":
                self.word = None
                para = self.paragraphs[-1]
                if not para or type(para[-1]) is not Space:
                    para.append(_space(first))
                self.at += len(piece)
                continue
            if piece == ZERO_WIDTH_SPACE:  # a break opportunity that takes no room
                self.word = None
                continue
            if self.cuts is not None:
                self._add_phrases(piece, first, style, simple)
                continue
            width = known.get(piece)
            if width is None and all(map(simple.__contains__, piece)):  # the usual case
                # added one character at a time, as the slow path does: the same sum to the bit
                width = reduce(add, map(simple.__getitem__, piece), 0.0)
                if len(known) >= _WORDS:
                    known.clear()
                known[piece] = width
            if width is None and has_wide(piece):  # never in the fast path's tables
                self.wide = True  # its words end at the whole text's cuts (measure_words)
                return
            if width is None:
                for char in piece:
                    self._add_char(char, first, style, simple)
            elif self.word is None:  # a word of its own: its width is the piece's
                self.word = Word([(piece, first)], width)
                self.paragraphs[-1].append(self.word)
            else:  # a word going on from the span before: its sum goes on from there
                self._join(self.word, piece, first)
                self.word.width = reduce(add, map(simple.__getitem__, piece), self.word.width)

    def _add_phrases(
        self, piece: str, first: FontFace, style: tuple[bool, bool], simple: dict[str, float]
    ) -> None:
        """A piece of text with wide characters: its words end at the paragraph's cuts (a
        phrase, a word, a number with its counter), whatever span or icon they start in."""
        for char in piece:
            if invisible(char):
                continue
            self._cut()
            self.at += 1
            self._add_char(char, first, style, simple)

    def _cut(self) -> None:
        """End the word when a line may break before the character at `at`."""
        if self.cuts is not None and self.at in self.cuts:
            self.word = None

    def _add_char(
        self, char: str, first: FontFace, style: tuple[bool, bool], simple: dict[str, float]
    ) -> None:
        if invisible(char):
            return
        face = first if has_glyph(first, char) else self._fallback(char, style)
        width = text_width(char, face, 1.0)
        if is_wide(char):  # never in the fast path's table: its words are phrases
            self._append(char, face, width)
            return
        if face is first:
            simple[char] = width  # this face draws it, within a word: the fast path may
        self._append(char, face, width)

    def _append(self, char: str, face: FontFace, width: float) -> None:
        word = self._word()
        self._join(word, char, face)
        word.width += width

    @staticmethod
    def _join(word: Word, text: str, face: FontFace) -> None:
        """Add `text` in `face` to the word's last segment when that is in the same face."""
        last = word.segments[-1] if word.segments else None
        if isinstance(last, tuple) and last[1] is face:
            word.segments[-1] = (last[0] + text, face)
        else:
            word.segments.append((text, face))

    def _word(self) -> Word:
        if self.word is None:
            self.word = Word()
            self.paragraphs[-1].append(self.word)
        return self.word

    def _end_word(self) -> None:
        self.word = None

    def _fallback(self, char: str, style: tuple[bool, bool]) -> FontFace:
        """The face of a character the style's own lacks (the fallbacks are loaded, and so
        parsed, only when a character needs them: IPAex Gothic alone is 6 MB)."""
        faces = faces_of([self.style.family, *self.style.fallback], *style)
        face = face_for(char, faces)
        if face is None:
            raise glyph_error(char, faces, self.where, self.file)
        return face
