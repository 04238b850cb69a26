"""Text in a box: markup, wrapping with real metrics, shrink-to-fit, font fallback."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import FitError, GlyphError
from pnp.layout.fonts import has_glyph, load_face, register_family, text_width
from pnp.layout.textfit import IconRef, LineBreak, Span, TextStyle, fit_text, parse_markup
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


def test_lines_stay_inside_the_box_width():
    text = "Score 1 intel for each enabled card of this faction in your turn row. " * 2
    fitted = fit(text, size=9, min_size=9, height=mm_to_pt(80))
    assert fitted.line_count > 2
    for run in fitted.runs:
        width = text_width(run.text, _face(run.font), run.size)
        assert run.x >= -1e-6
        assert run.x + width <= W + 1e-6


def test_explicit_line_breaks_start_new_lines():
    fitted = fit("one\ntwo\n\nfour", min_size=10)
    assert fitted.line_count == 4
    baselines = sorted({run.y for run in fitted.runs})
    assert len(baselines) == 3  # the empty third line draws nothing
    assert baselines[1] - baselines[0] == pytest.approx(10 * 1.2)


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


@pytest.mark.parametrize(("align", "edge"), [("right", "right"), ("center", "center")])
def test_horizontal_alignment(align, edge):
    fitted = fit("short line", align=align, min_size=10)
    run = fitted.runs[-1]
    end = run.x + text_width(run.text, _face(run.font), run.size)
    if edge == "right":
        assert end == pytest.approx(W)
    else:
        assert (fitted.runs[0].x + end) / 2 == pytest.approx(W / 2)


def test_justify_fills_every_line_but_the_last():
    text = "Score 1 intel for each enabled card of this faction in your turn row today."
    fitted = fit(text, align="justify", min_size=10, height=mm_to_pt(60))
    lines: dict[float, list] = {}
    for run in fitted.runs:
        lines.setdefault(run.y, []).append(run)
    ordered = [lines[y] for y in sorted(lines)]
    assert len(ordered) >= 2
    for line in ordered[:-1]:
        last = line[-1]
        assert last.x + text_width(last.text, _face(last.font), last.size) == pytest.approx(W)
    last = ordered[-1][-1]
    assert last.x + text_width(last.text, _face(last.font), last.size) < W - 5


@pytest.mark.parametrize(("valign", "expect"), [("top", "top"), ("bottom", "bottom")])
def test_vertical_alignment(valign, expect):
    top = fit("one line", valign="top", min_size=10).runs[0].y
    moved = fit("one line", valign=valign, min_size=10).runs[0].y
    if expect == "top":
        assert moved == pytest.approx(top)
    else:
        assert moved == pytest.approx(top + H - 10 * 1.2)


# -- fitting --------------------------------------------------------------------------------


def test_text_that_fits_keeps_its_size():
    assert fit("Steal Document").size == 10.0


def test_long_text_shrinks_but_not_below_min_size():
    text = "Score 1 intel for each enabled card of this faction in your turn row. " * 4
    fitted = fit(text, size=12, min_size=6)
    assert 6 <= fitted.size < 12
    assert fitted.line_count * fitted.size * 1.2 <= H + 1e-6
    # one step larger would not have fitted
    with pytest.raises(FitError):
        fit(text, size=round(fitted.size + 0.1, 1), min_size=round(fitted.size + 0.1, 1))


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


# -- inline icons ---------------------------------------------------------------------------


def test_inline_icon_sits_in_the_line_between_its_words():
    fitted = fit("Gain 2 :intel: now", min_size=10)
    (icon,) = fitted.icons
    before, after = fitted.runs[0], fitted.runs[-1]
    assert before.text == "Gain 2"
    assert after.text.strip() == "now"
    face = _face(before.font)
    assert before.x + text_width("Gain 2 ", face, 10) == pytest.approx(icon.x)
    assert icon.x + icon.w <= after.x + 1e-6
    assert icon.h == pytest.approx(10.0)  # one em
    cap_top = before.y - face.cap_height * 10
    # centred on the capital letters
    assert icon.y + icon.h / 2 == pytest.approx((cap_top + before.y) / 2)


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


def test_registering_a_family_twice_is_harmless_and_maps_bold_for_paragraphs():
    from reportlab.lib.fonts import tt2ps

    name = register_family(ROBOTO)
    assert register_family(ROBOTO) == name == "Roboto-Regular"
    assert tt2ps(name, 1, 0) == "Roboto-Bold"
    assert tt2ps(name, 1, 1) == "Roboto-BoldItalic"
