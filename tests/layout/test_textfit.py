"""Text in a box: markup, fonts per character, shrink-to-fit and its errors, at the fitting level.

Where the lines land on the face (alignment, breaks, inline icons) is measured in the PDF by
test_layout_text_pdf.py."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import FitError, GlyphError
from pnp.layout.text.fit import fit_text
from pnp.layout.text.fonts import has_glyph, load_face, text_width
from pnp.layout.text.markup import IconRef, LineBreak, Span, parse_markup
from pnp.layout.text.words import TextStyle
from pnp.layout.theme import Theme
from pnp.units import mm_to_pt

THEME = Theme()
ROBOTO = THEME.family("Roboto")
IPAEX = THEME.family("IPAex Gothic")
W, H = mm_to_pt(50), mm_to_pt(30)


def style(**kw) -> TextStyle:
    values = dict(family=ROBOTO, fallback=[IPAEX], size=10.0, min_size=6.0)
    values.update(kw)
    return TextStyle(**values)


def fit(text, width=W, height=H, **kw):
    return fit_text(text, style(**kw), width, height, icon_aspect=lambda name: 1.0, where="card X")


def fonts_of(fitted) -> dict[str, str]:
    """Each run's text -> its font name."""
    return {run.text: run.font for run in fitted.runs}


# -- markup ---------------------------------------------------------------------------------


def test_markup_bold_italic_icons_and_breaks():
    assert parse_markup("Gain **2** :intel: *now*\nthen") == [
        Span("Gain "),
        Span("2", bold=True),
        Span(" "),
        IconRef("intel"),
        Span(" "),
        Span("now", italic=True),
        LineBreak(),
        Span("then"),
    ]


@pytest.mark.parametrize(
    "text",
    ["5 * 3 = 15", "a ** b", "unclosed **bold", "time 10:30:00", r"\*stars\*", r"a\:b\:"],
)
def test_markup_leaves_ordinary_asterisks_and_colons_alone(text):
    tokens = parse_markup(text)
    assert all(isinstance(t, Span) and not (t.bold or t.italic) for t in tokens)
    assert "".join(t.text for t in tokens) == text.replace("\\", "")


def test_bold_italic_together():
    assert parse_markup("***both***") == [Span("both", bold=True, italic=True)]


# -- wrapping -------------------------------------------------------------------------------


def test_japanese_wraps_without_spaces_and_uses_the_fallback_font():
    text = "秘密警察は軍司令部の動きを監視し情報を集める" * 2
    fitted = fit(text, width=mm_to_pt(30), min_size=10)
    assert fitted.line_count >= 2
    assert {run.font for run in fitted.runs} == {"IPAexGothic"}


def test_mixed_scripts_pick_a_font_per_character():
    fitted = fit("Faction 軍司令部 wins", min_size=10)
    fonts = fonts_of(fitted)
    assert fonts["軍司令部"] == "IPAexGothic"
    assert fonts["Faction"] == "Roboto-Regular"


def test_bold_and_italic_markup_choose_the_family_files():
    fitted = fit("plain **bold** *italic* ***both***", min_size=10)
    fonts = fonts_of(fitted)
    assert fonts["bold"] == "Roboto-Bold"
    assert fonts["italic"] == "Roboto-Italic"
    assert fonts["both"] == "Roboto-BoldItalic"


# -- fitting --------------------------------------------------------------------------------


def test_text_that_fits_keeps_its_size():
    assert fit("Steal Document").size == 10.0


def test_text_too_long_even_at_min_size_fails_naming_the_card():
    with pytest.raises(FitError) as err:
        fit("many words here " * 80, min_size=8)
    message = err.value.format()
    assert "card X" in message
    assert "8pt" in message and "lines" in message
    assert "min_size" in err.value.hint


def test_a_word_wider_than_the_box_fails():
    with pytest.raises(FitError) as err:
        fit("Counterintelligenceoperation", width=mm_to_pt(10), min_size=8)
    assert "Counterintelligenceoperation" in err.value.message


def test_character_in_no_font_fails_naming_card_character_and_fonts():
    with pytest.raises(GlyphError) as err:
        fit("Smile 😀 please")
    message = err.value.message
    assert "card X" in message
    assert "U+1F600" in message
    assert "Roboto-Regular.ttf" in message and "IPAexGothic.ttf" in message


def test_without_fallback_japanese_fails():
    with pytest.raises(GlyphError) as err:
        fit_text("軍", style(fallback=[]), W, H, icon_aspect=lambda n: 1.0, where="card Y")
    assert "U+8ECD" in err.value.message


# -- a property: whatever the words, every line fits ------------------------------------------

words = st.lists(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJ", min_size=1, max_size=9),
    min_size=1,
    max_size=40,
)


@settings(max_examples=40, deadline=None)
@given(words=words, width_mm=st.floats(min_value=20, max_value=60))
def test_any_words_wrap_inside_the_width(words, width_mm):
    width = mm_to_pt(width_mm)
    fitted = fit(" ".join(words), width=width, height=mm_to_pt(200), min_size=8)
    for run in fitted.runs:
        assert run.x + text_width(run.text, _face(run.font), run.size) <= width + 1e-6


def _face(name: str):
    for family in (ROBOTO, IPAEX):
        for style_name in ("regular", "bold", "italic", "bold_italic"):
            path = getattr(family, style_name)
            if path is not None and load_face(path).name == name:
                return load_face(path)
    raise AssertionError(name)


def test_fallback_font_really_has_the_glyph():
    assert has_glyph(load_face(IPAEX.regular), "軍")
    assert not has_glyph(load_face(ROBOTO.regular), "軍")


# -- what is worked out once and reused: the sizes tried, the width of each word --------------


def test_each_text_box_shrinks_within_its_own_sizes():
    """A box of 12 to 11 pt and one of 12 to 8 pt try their own sizes, whichever came first."""
    text = "word " * 40  # fits at 9.7 pt
    with pytest.raises(FitError):
        fit(text, size=12.0, min_size=11.0)
    assert fit(text, size=12.0, min_size=8.0).size == 9.7
    assert fit(text * 2, size=11.5, min_size=6.0).size == 7.0


@pytest.mark.parametrize("align", ["left", "right"])
def test_each_run_starts_where_the_words_before_it_end_in_their_font_and_size(align):
    """Runs after a change of font start after the words before them as measured in that
    font at that size, however often those words were set before in other fonts and sizes."""
    condensed = THEME.family("Roboto Condensed")
    for family in (ROBOTO, condensed, ROBOTO):
        for size in (10.0, 7.5, 10.0):
            runs = fit("Agent **dossier**", family=family, size=size, min_size=size,
                       align=align).runs  # fmt: skip
            face = load_face(family.regular)
            before = text_width("Agent", face, size) + text_width(" ", face, size)
            assert runs[1].x - runs[0].x == pytest.approx(before, abs=1e-9)
