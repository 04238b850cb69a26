"""The rulebook's type and colours, taken from the game's theme: one set of styles per edition.

A rulebook is read at arm's length, not across a table: body text is 10 pt on 13.5 pt leading,
three heading levels step down from 20 pt, call-outs are tinted with the theme's accent. An
edition in a language the theme's body font cannot set (Japanese) uses the first fallback font
that can, with line breaking for scripts without spaces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from pnp.draw.rl_private import cjk_lines_break_beside_pictures
from pnp.layout.text.fallback import faces_of
from pnp.layout.text.fonts import FontFace, FontFamily, has_glyph, load_face, register_family
from pnp.layout.theme import Theme

BODY_PT = 10.0
LEADING = 1.35
HEADING_PT = {1: 20.0, 2: 14.0, 3: 11.5}
SAMPLE = {"ja": "あ漢", "zh": "汉", "ko": "한"}  # a letter each script needs, to pick its font


@dataclass(frozen=True)
class Palette:
    ink: Color
    accent: Color
    muted: Color
    tint: Color  # call-out backgrounds: the accent, very light


@dataclass(frozen=True)
class Styles:
    """Paragraph styles of one edition, and the families and faces they use."""

    body: ParagraphStyle
    small: ParagraphStyle
    caption: ParagraphStyle
    headings: dict[int, ParagraphStyle]
    cell: ParagraphStyle
    head_cell: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    toc: list[ParagraphStyle]
    palette: Palette
    families: list[FontFamily]  # the body family first, then the fallbacks, for each character
    cjk: bool
    title_family: FontFamily | None = None  # the headings' (None: the body's)

    @property
    def keep_small(self) -> ParagraphStyle:
        """Small text that stays on the page of what follows it (a gallery's title)."""
        return ParagraphStyle("keep-small", parent=self.small, keepWithNext=1)

    @property
    def label(self) -> ParagraphStyle:
        """A call-out's label: small capitals' worth of emphasis in the accent colour."""
        return ParagraphStyle("label", parent=self.small, textColor=self.palette.accent,
                              fontSize=8, leading=10, spaceAfter=0)  # fmt: skip

    @property
    def figure_caption(self) -> ParagraphStyle:
        """A figure's caption: under the picture, centred, a touch smaller than the text."""
        return ParagraphStyle("figure-caption", parent=self.small, alignment=TA_CENTER,
                              fontSize=8.5, leading=11, spaceAfter=0)  # fmt: skip

    def figure_label(self, align: str = "center") -> ParagraphStyle:
        """A label inside a figure (a piece's name, a call-out), set left, center or right."""
        alignment = {"left": TA_LEFT, "right": TA_RIGHT}.get(align, TA_CENTER)
        # a word without a hyphen is never broken: the label is made as wide as its word
        return ParagraphStyle(f"figure-label-{align}", parent=self.small, fontSize=7.5,
                              leading=9, spaceAfter=0, alignment=alignment,
                              splitLongWords=0)  # fmt: skip

    def aligned(self, align: str, *, head: bool = False) -> ParagraphStyle:
        """A table cell's style aligned left, center or right."""
        base = self.head_cell if head else self.cell
        alignment = {"center": TA_CENTER, "right": TA_RIGHT}.get(align, TA_LEFT)
        return ParagraphStyle(f"{base.name}-{align}", parent=base, alignment=alignment)

    def faces(self, bold: bool, italic: bool, lead: FontFamily | None = None) -> list[FontFace]:
        """The faces tried in turn for a character in this style of the `lead` family (the
        body's when None): its own, then the book's others (the body's first)."""
        lead = lead or self.families[0]
        return faces_of([lead, *(f for f in self.families if f != lead)], bold, italic)


def make_styles(theme: Theme, lang: str) -> Styles:
    """Styles for the edition in `lang` from the game's theme."""
    families = [theme.family("body"), *theme.fallback_families()]
    cjk = lang in SAMPLE
    if cjk:  # the first family that can set the script leads, one with a bold weight first;
        cjk_lines_break_beside_pictures()  # its lines break at icons too
        able = [f for f in families if _covers(f, SAMPLE[lang])]
        lead = next((f for f in able if f.bold), able[0] if able else families[0])
        families = [lead, *(f for f in families if f != lead)]
    body_font = register_family(families[0])
    title_family = families[0] if cjk else theme.family("title")
    title_font = register_family(title_family)
    palette = _palette(theme)
    body = ParagraphStyle("body", fontName=body_font, fontSize=BODY_PT, leading=BODY_PT * LEADING,
                          textColor=palette.ink, spaceAfter=5,
                          embeddedHyphenation=1,  # a line may end after the hyphen of "Counter-"
                          alignment=TA_JUSTIFY if cjk else TA_LEFT,  # Japanese sets justified
                          wordWrap="CJK" if cjk else None)  # fmt: skip
    small = ParagraphStyle("small", parent=body, fontSize=8.5, leading=8.5 * 1.3, spaceAfter=2)
    heads = _headings(body, title_font, palette)
    return Styles(
        body=body, small=small, headings=heads, palette=palette, families=families, cjk=cjk,
        title_family=title_family,
        **_display_styles(body, small, heads, palette),
    )  # fmt: skip


def _display_styles(
    body: ParagraphStyle, small: ParagraphStyle, heads: dict[int, ParagraphStyle], palette: Palette
) -> dict[str, Any]:
    """Captions, table cells, the cover's title and subtitle, and the contents' levels."""
    return {
        "caption": ParagraphStyle("caption", parent=small, alignment=TA_CENTER, fontSize=7.5,
                                  leading=9, textColor=palette.muted),
        "cell": ParagraphStyle("cell", parent=small, spaceAfter=0),
        "head_cell": ParagraphStyle("head", parent=small, spaceAfter=0),
        "title": ParagraphStyle("title", parent=heads[1], fontSize=34, leading=40,
                                alignment=TA_CENTER, spaceBefore=0),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontSize=12, leading=16,
                                   alignment=TA_CENTER, textColor=palette.muted),
        "toc": [ParagraphStyle(f"toc{i}", parent=body, leftIndent=14 * i, firstLineIndent=0,
                               fontSize=(11 if i == 0 else 9.5), spaceBefore=(3 if i == 0 else 0),
                               leading=(14 if i == 0 else 12.5))
                for i in range(3)],
    }  # fmt: skip


def _headings(body: ParagraphStyle, font: str, palette: Palette) -> dict[int, ParagraphStyle]:
    """Three heading levels in the title font; chapters and sections in the accent colour."""
    return {
        level: ParagraphStyle(
            f"h{level}",
            parent=body,
            fontName=font,
            fontSize=size,
            leading=size * 1.2,
            textColor=palette.accent if level < 3 else palette.ink,
            spaceBefore=size * 0.9,
            spaceAfter=size * 0.45,
            keepWithNext=1,
        )  # fmt: skip
        for level, size in HEADING_PT.items()
    }


def _covers(family: FontFamily, sample: str) -> bool:
    face = load_face(family.regular)
    return all(has_glyph(face, ch) for ch in sample)


def _palette(theme: Theme) -> Palette:
    def colour(name: str, fallback: tuple[float, float, float]) -> Color:
        try:
            rgb = theme.color(name) if name in theme.palette else fallback
        except Exception:  # a palette entry set to `none`
            rgb = fallback
        return Color(*(rgb or fallback))

    accent = colour("accent", (0.7, 0.15, 0.12))
    tint = Color(*(1 - (1 - c) * 0.1 for c in (accent.red, accent.green, accent.blue)))
    return Palette(colour("ink", (0.12, 0.12, 0.12)), accent, colour("muted", (0.48, 0.48, 0.48)),
                   tint)  # fmt: skip
