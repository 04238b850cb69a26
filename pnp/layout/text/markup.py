"""The text engine's tokens (styled spans, inline icons, line breaks) and the faces' light
markup: `**bold**`, `*italic*`, `:icon-name:`, newlines, and `\\` escapes.

`parse_markup` turns a face's text into tokens; a rulebook's Markdown is read into the same
tokens (pnp.rulebook.markdown, with `icon_tokens` for the `:icon:` names in its text), so both
are set by the same rules (pnp.layout.text.jabreak.tidy, pnp.layout.text.fallback).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """Running text in one style (`code`: Markdown's `code`, which a book sets in its own font;
    face markup has none)."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False


@dataclass(frozen=True)
class IconRef:
    """An inline icon by theme name."""

    name: str


@dataclass(frozen=True)
class LineBreak:
    """A hard line break."""


Token = Span | IconRef | LineBreak

ICON_NAME = r"[^\W\d_][\w-]*"  # a theme icon's name as text gives it, between colons
_ICON = re.compile(f":({ICON_NAME}):")
_MARK = re.compile(rf"\\[\\*:]|\*\*|\*|:{ICON_NAME}:|\n")


@dataclass(slots=True)
class _Part:
    """A piece of the text between markers, or a marker; `delim` may open or close a style."""

    kind: str  # text | br | icon | delim
    text: str = ""
    can_open: bool = False
    can_close: bool = False


def parse_markup(text: str) -> list[Token]:
    """Split marked-up text into styled spans, icons and line breaks.

    A `*` or `**` opens only before a non-space and closes only after one, so "5 * 3" stays
    literal; a marker left unclosed is literal text too.
    """
    if _MARK.search(text) is None:  # plain text, as most is: one span
        return [Span(text)] if text else []
    parts = _split(text)
    _resolve_delimiters(parts)
    tokens: list[Token] = []
    bold = italic = False
    for part in parts:
        if part.kind == "text":
            last = tokens[-1] if tokens else None
            if isinstance(last, Span) and last.bold == bold and last.italic == italic:
                tokens[-1] = Span(last.text + part.text, bold, italic)
            else:
                tokens.append(Span(part.text, bold, italic))
        elif part.kind == "br":
            tokens.append(LineBreak())
        elif part.kind == "icon":
            tokens.append(IconRef(part.text))
        elif part.text == "**":
            bold = not bold
        else:
            italic = not italic
    return tokens


def icon_tokens(text: str, bold: bool = False, italic: bool = False) -> list[Span | IconRef]:
    """Text in one style with its `:icon:` names made icons (`5 :coin:` -> "5 ", coin)."""
    out: list[Span | IconRef] = []
    pos = 0
    for match in _ICON.finditer(text):
        if match.start() > pos:
            out.append(Span(text[pos : match.start()], bold, italic))
        out.append(IconRef(match.group(1)))
        pos = match.end()
    if pos < len(text):
        out.append(Span(text[pos:], bold, italic))
    return out


def _split(text: str) -> list[_Part]:
    """The text cut at every marker; delimiters note whether they could open or close."""
    parts: list[_Part] = []
    pos = 0
    for m in _MARK.finditer(text):
        if m.start() > pos:
            parts.append(_Part("text", text[pos : m.start()]))
        tok = m.group()
        if tok.startswith("\\"):
            parts.append(_Part("text", tok[1]))
        elif tok == "\n":
            parts.append(_Part("br"))
        elif tok.startswith(":"):
            parts.append(_Part("icon", tok[1:-1]))
        else:
            before = text[m.start() - 1] if m.start() > 0 else " "
            after = text[m.end()] if m.end() < len(text) else " "
            parts.append(_Part("delim", tok, not after.isspace(), not before.isspace()))
        pos = m.end()
    if pos < len(text):
        parts.append(_Part("text", text[pos:]))
    return parts


def _resolve_delimiters(parts: list[_Part]) -> None:
    """Keep each matched delimiter as a toggle; turn the unmatched ones into literal text."""
    while True:
        open_at: dict[str, int | None] = {"**": None, "*": None}
        for i, part in enumerate(parts):
            if part.kind != "delim":
                continue
            if open_at[part.text] is not None and part.can_close:
                open_at[part.text] = None
            elif part.can_open:
                open_at[part.text] = i
            else:
                part.kind = "text"
        unmatched = [i for i in open_at.values() if i is not None]
        if not unmatched:
            return
        parts[max(unmatched)].kind = "text"
