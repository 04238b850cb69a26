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
    assert parse_font_size("3mm") == pytest.approx(mm_to_pt(3))


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


def test_points_and_millimetres_round_trip():
    assert mm_to_pt(25.4) == pytest.approx(72.0)
    assert pt_to_mm(mm_to_pt(63)) == pytest.approx(63)
