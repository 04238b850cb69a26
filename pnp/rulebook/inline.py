"""Inline Markdown (text, bold, italic, icons) as reportlab paragraph markup, set by the text
engine faces use (pnp.layout.text): its tokens tidied for Japanese (`tidy`), each character in
the font its fallback rules choose (`font_runs`), each icon the room its rule gives
(`inline_icon`: as tall as the type, centred on the capitals). Platypus breaks the lines
(pnp.rulebook.para, at pnp.layout.text.jabreak's places) and makes the pages.

An inline icon is an inline image in the markup (so a line never breaks inside it), whose file
is a placeholder the rulebook's canvas recognises and paints as the theme icon, in vectors.
"""

from __future__ import annotations

import atexit
import itertools
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.elements import Element
from pnp.draw.paint import paint
from pnp.draw.rl_private import StrokingText
from pnp.errors import InputError
from pnp.layout.templates import TemplateSet
from pnp.layout.text.fallback import font_runs, glyph_error
from pnp.layout.text.fonts import FontFamily, font_stroke, pdf_name, register_family
from pnp.layout.text.icons import inline_icon
from pnp.layout.text.jabreak import tidy
from pnp.layout.text.markup import IconRef, LineBreak, Span
from pnp.memo import Memo
from pnp.rulebook.markdown import Inline
from pnp.rulebook.styles import Styles
from pnp.rulebook.words import Words

BLANK = Path(__file__).with_name("blank.png")  # the placeholders' bytes
# the placeholder file of each icon label (name@size), and the label of each file: a file
# is never reused for another label, so a forgotten pair only costs a new file
_paths: Memo[str, str] = Memo(4096)
_placeholders: Memo[str, str] = Memo(4096)
_numbers = itertools.count()
_folder: list[Path] = []


def placeholder(label: str) -> str:
    """A blank image file standing for icon `label` in paragraph markup (one per label)."""
    known = _paths.get(label)
    if known is not None:
        return known
    if not _folder:
        _folder.append(Path(tempfile.mkdtemp(prefix="pnp-icons-")))
        atexit.register(shutil.rmtree, _folder[0], True)
    path = _folder[0] / f"icon-{next(_numbers)}.png"
    path.write_bytes(BLANK.read_bytes())
    _placeholders.put(str(path), label)
    return _paths.put(label, str(path))


class Icons:
    """Theme icons at text sizes: their widths for layout and their drawings for the page."""

    def __init__(self, templates: TemplateSet, colour: tuple[float, float, float]) -> None:
        self.templates = templates
        self.colour = colour
        # by label (name@size): a book's few icons at its few sizes
        self._drawn: Memo[str, tuple[float, tuple[Element, ...]]] = Memo(512)

    def width(self, name: str, size: float) -> float:
        """Width in points of icon `name` at font size `size` (raises for an unknown icon)."""
        return self._get(f"{name}@{size:g}")[0]

    def _get(self, label: str) -> tuple[float, tuple[Element, ...]]:
        def draw() -> tuple[float, tuple[Element, ...]]:
            name, size = label.rsplit("@", 1)
            return self.templates.icon(name, float(size), self.colour)

        return self._drawn.get_or_make(label, draw)

    def canvas_class(self) -> type[Canvas]:
        """A canvas that paints this rulebook's icons where paragraphs place their images."""
        icons = self

        class IconCanvas(Canvas):
            def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> Any:  # noqa: N802
                return StrokingText(self, x, y, direction, font_stroke)  # synthetic bold

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
        # a paragraph style names its family by its regular face; <b> and <i> then pick the
        # family's styles (registered here), and a run in a fallback names its exact face:
        # Platypus's <font name> sets its own weight and slant, whatever <b> or <i> said
        self._named: dict[str, FontFamily] = {}
        for family in [*styles.families, styles.title_family or lead]:
            self._named.setdefault(register_family(family), family)

    def markup(self, inlines: Sequence[Inline], style: ParagraphStyle, line: int) -> str:
        """Paragraph markup of `inlines` set in `style` (each character in its font or the
        first fallback that has it); errors name the Markdown line."""
        lead = self._named.get(style.fontName)
        size = style.fontSize
        out: list[str] = []
        for item in tidy(inlines):
            if isinstance(item, LineBreak):
                out.append("<br/>")
            elif isinstance(item, IconRef):
                out.append(self._icon(item.name, size, lead, line))
            else:
                out.append(self._span(item, lead, line))
        return "".join(out)

    def plain(self, inlines: Sequence[Inline]) -> str:
        """The text of `inlines` without markup (for bookmarks and the contents)."""
        return "".join(i.text for i in inlines if isinstance(i, Span)).strip()

    def _icon(self, name: str, size: float, lead: FontFamily | None, line: int) -> str:
        try:
            width = self.icons.width(name, size)
        except InputError as exc:
            raise InputError(f"inline :{name}: {exc.message}", file=self.file, line=line,
                             hint=exc.hint) from None  # fmt: skip
        cap = self.styles.faces(False, False, lead)[0].cap_height  # centred on its capitals
        room = inline_icon(width / size, size, cap)
        source = placeholder(f"{name}@{size:g}")
        return (f'<img src="{source}" width="{room.width:.3f}" height="{room.height:g}" '
                f'valign="{room.foot:.3f}"/>')  # fmt: skip

    def _span(self, span: Span, lead: FontFamily | None, line: int) -> str:
        text = self._font_runs(span, lead, line)
        if span.code:  # the body's face of the span's weight: <font name> overrides <b>, <i>
            text = f'<font name="{self._code_font(span)}">{text}</font>'
        if span.italic:
            text = f"<i>{text}</i>"
        if span.bold:  # emboldened in a family without a bold face (font_stroke)
            text = f"<b>{text}</b>"
        return text

    def _font_runs(self, span: Span, lead: FontFamily | None, line: int) -> str:
        """Escaped text, each run the lead font cannot set wrapped in the font that sets it."""
        faces = self.styles.faces(span.bold, span.italic, lead)
        runs = font_runs(span.text, faces, lambda c: glyph_error(c, faces, None, self.file, line))
        return "".join(
            escape(text)
            if face is faces[0]
            else f'<font name="{pdf_name(face)}">{escape(text)}</font>'
            for text, face in runs
        )

    def _code_font(self, span: Span) -> str:
        """The body family's face for `span`'s weight and slant (a command set in a heading
        or a bold run stays bold)."""
        return pdf_name(self.styles.faces(span.bold, span.italic)[0])
