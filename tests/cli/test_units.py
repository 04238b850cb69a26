"""Lengths as users write them in templates, themes and catalogs."""

import pytest

from pnp.errors import InputError
from pnp.units import mm_to_pt, parse_font_size, parse_length, pt_to_mm


@pytest.mark.parametrize(
    ("text", "mm"),
    [
        ("63mm", 63.0),
        ("2.5in", 63.5),
        ("72pt", 25.4),
        ("1.5cm", 15.0),
        (" 3 mm ", 3.0),
        ("-2mm", -2.0),
        (".5in", 12.7),
        (12, 12.0),
        (0.25, 0.25),
        ("7", 7.0),
    ],
)
def test_lengths_convert_to_millimetres(text, mm):
    assert parse_length(text) == pytest.approx(mm)


def test_font_sizes_default_to_points():
    assert parse_font_size(9) == pytest.approx(9.0)
    assert parse_font_size("9pt") == pytest.approx(9.0)
    assert parse_font_size("3mm") == pytest.approx(8.504, abs=1e-3)  # 3 / 25.4 * 72
    assert parse_font_size("0.25in") == pytest.approx(18.0)


@pytest.mark.parametrize("bad", ["12px", "big", "", True, None, [3]])
def test_bad_lengths_name_what_was_expected(bad):
    with pytest.raises(InputError) as err:
        parse_length(bad, what="stroke_width")
    assert "stroke_width" in err.value.message


def test_unknown_unit_lists_the_known_ones():
    with pytest.raises(InputError) as err:
        parse_length("12px")
    assert "px" in err.value.message
    assert "mm" in err.value.hint and "in" in err.value.hint


def test_points_and_millimetres_match_known_paper_sizes():
    # A4 is 595.28 x 841.89 pt in every PDF; Letter is 612 x 792 pt = 215.9 x 279.4 mm
    assert (mm_to_pt(210), mm_to_pt(297)) == (
        pytest.approx(595.276, abs=1e-3),
        pytest.approx(841.890, abs=1e-3),
    )
    assert (pt_to_mm(612), pt_to_mm(792)) == (pytest.approx(215.9), pytest.approx(279.4))
    assert mm_to_pt(25.4) == pytest.approx(72.0)
