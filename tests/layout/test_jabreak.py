"""Japanese line breaking: where a line may break (BudouX phrases, kinsoku), the Markdown spaces
Japanese does not print, and the rulebook's paragraphs broken by those rules at every width."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.layout.text.jabreak import NO_END, NO_START, boundary_spaces, breaks
from pnp.resources import fonts_dir
from pnp.rulebook.para import Paragraph

TEXT = "巨大企業のカードが3枚以上あるとき、「傍受」は（このカードも含めて）1点を得る。" * 4


def test_a_line_breaks_between_phrases_never_inside_a_word_or_against_kinsoku() -> None:
    cuts = breaks(TEXT)
    assert cuts  # phrases to break between
    assert not cuts & {1, 2, 3}, "巨大企業 is one word"
    three = TEXT.index("3枚")
    assert three + 1 not in cuts, "3枚: the number stays with its counter"
    for cut in cuts:
        assert TEXT[cut] not in NO_START and TEXT[cut - 1] not in NO_END, TEXT[cut - 2 : cut + 2]


def test_spaces_markdown_needs_around_bold_and_icons_are_not_printed_in_japanese() -> None:
    assert boundary_spaces(["傍受が ", "3枚以上", " ある。"]) == ["傍受が", "3枚以上", "ある。"]
    assert boundary_spaces(["有効な ", None, " のカード"]) == ["有効な", "", "のカード"]
    latin = ["Score 1 ", None, " for each", " card"]
    assert boundary_spaces(latin) == ["Score 1 ", "", " for each", " card"]


def test_the_rulebooks_japanese_paragraphs_break_by_the_same_rules_at_every_width() -> None:
    pdfmetrics.registerFont(TTFont("BIZUDPGothic", fonts_dir() / "BIZUDPGothic-Regular.ttf"))
    style = ParagraphStyle("ja", fontName="BIZUDPGothic", fontSize=10, leading=14,
                           wordWrap="CJK")  # fmt: skip
    for width in range(60, 400, 7):
        para = Paragraph(TEXT, style)
        para.wrap(width, 10_000)
        lines = [  # a line of frags (reportlab's kind 1), or (space, words) for one frag
            "".join(w.text for w in line.words) if hasattr(line, "words") else "".join(line[1])
            for line in para.blPara.lines
        ]
        assert "".join(lines) == TEXT
        for before, after in zip(lines, lines[1:], strict=False):
            assert after[0] not in NO_START, (width, before, after)
            assert before[-1] not in NO_END, (width, before, after)
            assert not (before.endswith("巨大") or before.endswith("巨大企")), (width, before)
