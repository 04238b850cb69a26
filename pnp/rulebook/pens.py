"""What figures draw with: the edition's colours, a bold font for numbers, and labels set as
paragraphs (inline Markdown, the edition's fonts and fallbacks)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.lib.fonts import tt2ps
from reportlab.lib.styles import ParagraphStyle

from pnp.errors import InputError
from pnp.rulebook.blocks import Story
from pnp.rulebook.markdown import MarkdownError, parse_inline
from pnp.rulebook.para import Paragraph
from pnp.rulebook.words import Words


@dataclass
class Pens:
    """Colours, fonts and label paragraphs for the figures of one rulebook."""

    story: Story
    words: Words
    line: int = 0  # the directive being drawn, for messages about its labels

    @property
    def accent(self) -> Color:
        return self.story.styles.palette.accent

    @property
    def ink(self) -> Color:
        return self.story.styles.palette.ink

    @property
    def muted(self) -> Color:
        return self.story.styles.palette.muted

    @property
    def tint(self) -> Color:
        return self.story.styles.palette.tint

    @property
    def bold(self) -> str:
        return str(tt2ps(self.story.styles.body.fontName, 1, 0))

    def label(
        self,
        text: str,
        align: str = "center",
        *,
        muted: bool = False,
        line: int | None = None,
        style: ParagraphStyle | None = None,
    ) -> Paragraph:
        """`text` (inline Markdown) as a figure's label."""
        at = line or self.line
        try:
            inlines = parse_inline(text, at)
        except MarkdownError as exc:
            raise InputError(exc.message, file=self.story.file, line=at) from None
        base = style or self.story.styles.figure_label(align)
        if muted:
            base = ParagraphStyle(f"{base.name}-muted", parent=base, textColor=self.muted)
        return self.story.paragraph(inlines, base, at, terms=False)
