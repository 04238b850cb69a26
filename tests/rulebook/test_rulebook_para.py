"""The rulebook's Paragraph breaks its lines once per width, and never answers for another."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import paragraph

from pnp.rulebook.para import Paragraph

TEXT = " ".join(["A dead drop is a place where agents leave things for each other."] * 6)
STYLE = ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=12)


def _fresh_height(width: float) -> float:
    return paragraph.Paragraph(TEXT, STYLE).wrap(width, 1000)[1]


def test_a_second_ask_at_the_same_width_breaks_no_lines(monkeypatch) -> None:
    calls = []
    original = paragraph.Paragraph.breakLines
    monkeypatch.setattr(
        paragraph.Paragraph, "breakLines", lambda self, w: calls.append(w) or original(self, w)
    )
    para = Paragraph(TEXT, STYLE)
    first = para.wrap(200, 1000)
    assert para.wrap(200, 500) == first
    assert len(calls) == 1


def test_another_width_is_measured_again_and_the_first_comes_back_right() -> None:
    para = Paragraph(TEXT, STYLE)
    narrow, wide = _fresh_height(150), _fresh_height(400)
    assert narrow > wide  # the text wraps to more lines in the narrow column
    assert para.wrap(150, 1000)[1] == narrow
    assert para.wrap(400, 1000)[1] == wide
    assert para.wrap(150, 1000)[1] == narrow
    assert para.width == 150


def test_a_split_that_leaves_nothing_here_breaks_again() -> None:
    para = Paragraph(TEXT, STYLE)
    para.wrap(150, 1000)
    assert para.split(150, 5) == []  # no room for two lines: reportlab drops its lines
    assert para.wrap(150, 1000)[1] == _fresh_height(150)
    parts = para.split(150, 30)  # two lines here, the rest after
    assert len(parts) == 2 and parts[0].height == 24


# -- a figure's labels break between words or after a hyphen, never inside a word --


def _label_lines(text: str, width: float) -> list[str]:
    from pnp.catalog.games import resolve_game
    from pnp.pipeline.faces import template_set
    from pnp.rulebook.styles import make_styles

    styles = make_styles(template_set(resolve_game("axis-allies-espionage")).theme, "")
    label = Paragraph(text, styles.figure_label())
    label.wrap(width, 1000)
    return [" ".join(line.words if hasattr(line, "words") else line[1])
            for line in label.blPara.lines]  # fmt: skip


def test_a_figure_label_breaks_after_a_hyphen_not_inside_the_word() -> None:
    """A&A's "Counter-espionage roll" under a die 60 pt wide printed "Counter-espionag / e roll"."""
    assert _label_lines("Counter-espionage roll", 60) == ["Counter-", "espionage roll"]


def test_a_word_wider_than_its_label_stays_whole() -> None:
    lines = _label_lines("Counterespionage roll", 40)
    assert lines[0] == "Counterespionage", lines


# -- a code span keeps the weight of the words around it --


def test_a_code_span_inside_bold_is_set_bold() -> None:
    """`**Check it with `pnp validate` first.**`: the command is part of the bold run, read
    back from the PDF by the font of its characters (Platypus's <font name> had reset <b>)."""
    import io

    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas

    from pnp.catalog.games import resolve_game
    from pnp.pipeline.faces import template_set
    from pnp.rulebook.inline import Icons, Inlines
    from pnp.rulebook.markdown import parse_inline
    from pnp.rulebook.styles import make_styles
    from pnp.rulebook.words import Words

    templates = template_set(resolve_game("espionage-caledonian"))
    styles = make_styles(templates.theme, "")
    inlines = Inlines(styles, Icons(templates, (0, 0, 0)), "rulebook.md", Words("en"))
    text = inlines.markup(parse_inline("Then **check it with `pnp validate` first.**", 1),
                          styles.body, 1)  # fmt: skip
    out = io.BytesIO()
    canvas = Canvas(out)
    para = Paragraph(text, styles.body)
    para.wrap(400, 100)
    para.drawOn(canvas, 50, 700)
    canvas.save()
    with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    fonts = {w["text"]: w["fontname"].split("+")[-1] for w in words}
    assert fonts["check"] != fonts["Then"], fonts  # the bold run is in another face
    assert fonts["pnp"] == fonts["check"] == fonts["first."], fonts


def _lines(para: Paragraph) -> list[str]:
    return ["".join(f.text for f in line.words) for line in para.blPara.lines]


def test_a_hyphenated_word_set_whole_at_another_width_keeps_its_hyphen() -> None:
    """A table cell is measured at one width and set at another: a word broken at its hyphen
    ("two-" / "sided") at the first comes back whole at the second with its hyphen (reportlab
    kept the words of its last breaking and joined them as "twosided": Caledonian's components
    list printed it)."""
    style = ParagraphStyle("body", parent=STYLE, embeddedHyphenation=1)
    para = Paragraph("<b>Crisis cards</b><br/>10 cards, 63 x 88 mm, two-sided", style)
    para.wrap(120, 1000)
    assert _lines(para)[-2:] == ["10 cards, 63 x 88 mm, two-", "sided"]
    para.wrap(110, 1000)
    assert _lines(para)[-1] == "two-sided"
    para.wrap(120, 1000)
    assert _lines(para)[-1] == "sided"
