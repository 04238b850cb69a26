"""Inline Markdown (text, bold, italic, icons) as reportlab paragraph markup.

Characters the edition's font lacks are set in the first fallback font that has them (as on
faces); a character no font has is an error. Inline icons are the faces' own theme icons, drawn
as vectors: each is an inline image in the markup (so a line never breaks inside it), whose
file is a placeholder the rulebook's canvas recognises and paints as the icon instead.
"""

from __future__ import annotations

import atexit
import dataclasses
import shutil
import tempfile
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.elements import Element
from pnp.draw.paint import paint
from pnp.errors import GlyphError, InputError
from pnp.layout.fonts import FontFace, has_glyph, register_family
from pnp.layout.jabreak import boundary_spaces
from pnp.layout.templates import TemplateSet
from pnp.rulebook.markdown import Break, Icon, Inline, Span
from pnp.rulebook.styles import Styles
from pnp.rulebook.words import Words

CAP = 0.7  # icons are centred on the capitals, as on faces
BLANK = Path(__file__).with_name("blank.png")  # the placeholders' bytes
_placeholders: dict[str, str] = {}  # placeholder file -> icon label (name@size)
_folder: list[Path] = []


def placeholder(label: str) -> str:
    """A blank image file standing for icon `label` in paragraph markup (one per label)."""
    for known_path, known in _placeholders.items():
        if known == label:
            return known_path
    if not _folder:
        _folder.append(Path(tempfile.mkdtemp(prefix="pnp-icons-")))
        atexit.register(shutil.rmtree, _folder[0], True)
    path = _folder[0] / f"icon-{len(_placeholders)}.png"
    path.write_bytes(BLANK.read_bytes())
    _placeholders[str(path)] = label
    return str(path)


class Icons:
    """Theme icons at text sizes: their widths for layout and their drawings for the page."""

    def __init__(self, templates: TemplateSet, colour: tuple[float, float, float]) -> None:
        self.templates = templates
        self.colour = colour
        self._drawn: dict[str, tuple[float, tuple[Element, ...]]] = {}

    def width(self, name: str, size: float) -> float:
        """Width in points of icon `name` at font size `size` (raises for an unknown icon)."""
        return self._get(f"{name}@{size:g}")[0]

    def _get(self, label: str) -> tuple[float, tuple[Element, ...]]:
        if label not in self._drawn:
            name, size = label.rsplit("@", 1)
            self._drawn[label] = self.templates.icon(name, float(size), self.colour)
        return self._drawn[label]

    def canvas_class(self) -> type[Canvas]:
        """A canvas that paints this rulebook's icons where paragraphs place their images."""
        icons = self

        class IconCanvas(Canvas):
            def drawImage(self, image: Any, x: float, y: float, *args: Any, **kw: Any) -> Any:  # noqa: N802
                label = _placeholders.get(str(getattr(image, "fileName", image)))
                if label is None:
                    return super().drawImage(image, x, y, *args, **kw)
                self.saveState()
                self.translate(x, y)
                paint(self, icons._get(label)[1])
                self.restoreState()
                return None

        return IconCanvas


class Inlines:
    """Turns inline Markdown into paragraph markup for one edition's styles."""

    def __init__(self, styles: Styles, icons: Icons, file: str, words: Words) -> None:
        self.words = words
        self.styles = styles
        self.icons = icons
        self.file = file
        lead = styles.families[0]
        self._no_bold = lead.file_for(bold=True) == lead.regular
        self._accent = styles.palette.accent.hexval().replace("0x", "#")
        # <font name=...> takes a family's regular name; <b> and <i> then pick its styles
        self._family_of: dict[Path, str] = {}
        for family in styles.families:
            regular = register_family(family)
            for bold, italic in ((False, False), (True, False), (False, True), (True, True)):
                self._family_of.setdefault(family.file_for(bold, italic).resolve(), regular)

    def markup(self, inlines: Sequence[Inline], size: float, line: int) -> str:
        """Paragraph markup of `inlines` set at `size` points; errors name the Markdown line."""
        out: list[str] = []
        for item in _join_cjk_lines(inlines):
            if isinstance(item, Break):
                out.append("<br/>")
            elif isinstance(item, Icon):
                out.append(self._icon(item.name, size, line))
            else:
                out.append(self._span(item, line))
        return "".join(out)

    def plain(self, inlines: Sequence[Inline]) -> str:
        """The text of `inlines` without markup (for bookmarks and the contents)."""
        return "".join(i.text for i in inlines if isinstance(i, Span)).strip()

    def _icon(self, name: str, size: float, line: int) -> str:
        try:
            width = self.icons.width(name, size)
        except InputError as exc:
            raise InputError(f"inline :{name}: {exc.message}", file=self.file, line=line,
                             hint=exc.hint) from None  # fmt: skip
        drop = (CAP * size - size) / 2  # from the baseline to the icon's foot
        source = placeholder(f"{name}@{size:g}")
        return f'<img src="{source}" width="{width:.3f}" height="{size:g}" valign="{drop:.3f}"/>'

    def _span(self, span: Span, line: int) -> str:
        text = self._fallback(span, line)
        if span.code:
            text = f'<font name="{self._code_font()}">{text}</font>'
        if span.italic:
            text = f"<i>{text}</i>"
        if span.bold:
            text = f"<b>{text}</b>"
            if self._no_bold:  # a one-weight font (Japanese): bold shows as the accent colour
                text = f'<font color="{self._accent}">{text}</font>'
        return text

    def _fallback(self, span: Span, line: int) -> str:
        """Escaped text, with runs the lead font cannot set wrapped in a fallback font."""
        faces = self.styles.faces(span.bold, span.italic)
        if _lead_sets_all(faces[0], span.text):  # nearly every span: no character to look up
            return escape(span.text)
        runs: list[tuple[FontFace, str]] = []
        for char in span.text:
            face = _face_for(char, faces, self.file, line)
            if runs and runs[-1][0] is face:
                runs[-1] = (face, runs[-1][1] + char)
            else:
                runs.append((face, char))
        lead = faces[0]
        return "".join(
            escape(text)
            if face is lead
            else f'<font name="{self._family_of[face.path]}">{escape(text)}</font>'
            for face, text in runs
        )

    def _code_font(self) -> str:
        return self.styles.body.fontName


_SPACES = frozenset(" \t\n\u00a0")


@lru_cache(maxsize=32)
def _chars_of(face: FontFace) -> frozenset[str]:
    """The characters `face` sets, and the spaces every span leaves to its lead font."""
    return frozenset(map(chr, pdfmetrics.getFont(face.name).face.charToGlyph)) | _SPACES


def _lead_sets_all(lead: FontFace, text: str) -> bool:
    """Whether `_face_for` picks the lead font for every character of `text` (a character
    outside these may still be one the lead sets: the slow path decides)."""
    return _chars_of(lead).issuperset(text)


def _face_for(char: str, faces: list[FontFace], file: str, line: int) -> FontFace:
    if char in " \t\n\u00a0" or not char.isprintable():
        return faces[0]
    for face in faces:
        if has_glyph(face, char):
            return face
    tried = ", ".join(dict.fromkeys(f.path.name for f in faces))
    raise GlyphError(
        f"no font has the character {char!r} (U+{ord(char):04X}); tried {tried}",
        file=file,
        line=line,
        hint="add a font that has it to fallback_fonts in the game's theme.yaml",
    )


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _join_cjk_lines(inlines: Sequence[Inline]) -> list[Inline]:
    """Drop the space a soft line break leaves between two CJK characters: those scripts write
    no spaces, so a paragraph wrapped in the source must not gain one in print; nor the spaces
    Markdown needs around bold or an icon next to one (pnp.layout.jabreak.boundary_spaces)."""
    texts = boundary_spaces([i.text if isinstance(i, Span) else None for i in inlines])
    out = [dataclasses.replace(i, text=t) if isinstance(i, Span) and t != i.text else i
           for i, t in zip(inlines, texts, strict=True)]  # fmt: skip
    for k in range(1, len(out) - 1):
        item, before, after = out[k], out[k - 1], out[k + 1]
        if (isinstance(item, Span) and item.text == " " and isinstance(before, Span)
                and isinstance(after, Span) and before.text and after.text
                and _wide(before.text[-1]) and _wide(after.text[0])):  # fmt: skip
            out[k] = Span("", item.bold, item.italic)
    return out
