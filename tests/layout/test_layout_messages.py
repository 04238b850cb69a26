"""Where layout mistakes are reported: the output line of the key at fault, the theme file's own
line for theme mistakes (an icon's elements included), one wording for suggestions."""

from pathlib import Path

import pytest

from pnp.errors import InputError, TemplateError
from pnp.layout.templates import TemplateSet
from pnp.layout.theme import load_theme

SIZE = dict(width_mm=63, height_mm=88, bleed_mm=3)
LABEL = "Card (card-id)"


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def layout(folder: Path, template: str = "face.yaml.j2"):
    theme = load_theme(folder / "theme.yaml")
    return TemplateSet([folder], [folder], theme).layout(template, {}, label=LABEL, **SIZE)


def template_error(folder: Path) -> TemplateError:
    with pytest.raises(TemplateError) as err:
        layout(folder)
    return err.value


def theme_error(folder: Path, theme: str) -> InputError:
    write(folder, {"theme.yaml": theme})
    with pytest.raises(InputError) as err:
        load_theme(folder / "theme.yaml")
    return err.value


# -- the template's output -------------------------------------------------------------------------


def test_a_bad_value_quotes_the_output_line_of_its_key(tmp_path):
    face = "- rect:\n    x: 0\n    y: 0\n    w: 5\n    h: 5\n    fill: crimsn\n"
    err = template_error(write(tmp_path, {"face.yaml.j2": face}))
    assert err.message == (
        f"{LABEL}: element 1 (rect): `fill`: unknown colour 'crimsn': use '#rrggbb' or a "
        "palette name [output line 6: fill: crimsn] (written by face.yaml.j2:6)"
    )
    assert err.file.endswith("face.yaml.j2")


def test_a_missing_key_quotes_the_element_line(tmp_path):
    face = "- circle: {cx: 1, cy: 1, r: 1}\n- rect:\n    x: 0\n    y: 0\n    w: 5\n"
    err = template_error(write(tmp_path, {"face.yaml.j2": face}))
    assert err.message.endswith("element 2 (rect): missing `h` [output line 2: - rect:] "
                               "(written by face.yaml.j2:2)")  # fmt: skip


def test_a_duplicate_key_in_the_output_is_refused_at_its_line(tmp_path):
    face = "- rect: {x: 0, y: 0, w: 5, h: 5}\n- text: {x: 0, y: 0, w: 5, h: 5,\n   x: 3, text: a}\n"
    err = template_error(write(tmp_path, {"face.yaml.j2": face}))
    assert "the template's output is not valid YAML: duplicate key 'x'" in err.message
    assert err.message.endswith("[output line 3: x: 3, text: a}] (written by face.yaml.j2:3)")


def test_a_control_character_in_the_output_is_named(tmp_path):
    face = "- rect: {x: 0, y: 0, w: 5, h: 5}\n- text: {x: 0, y: 0, w: 5, h: 5, text: a\x07b}\n"
    err = template_error(write(tmp_path, {"face.yaml.j2": face}))
    assert "not valid YAML: character '\\x07' (U+0007) is not allowed" in err.message
    assert "[output line 2: " in err.message


def test_a_group_child_is_named_by_its_place_in_the_group(tmp_path):
    face = (
        "- group:\n    elements:\n      - rect: {x: 0, y: 0, w: 1, h: 1}\n      - circle: {cx: 0}\n"
    )
    err = template_error(write(tmp_path, {"face.yaml.j2": face}))
    assert "element 1.2 (circle): missing `cy`" in err.message
    assert err.message.endswith("[output line 4: - circle: {cx: 0}] (written by face.yaml.j2:4)")


# -- the theme ------------------------------------------------------------------------------------


def test_a_duplicate_key_in_a_theme_is_refused_at_its_line(tmp_path):
    err = theme_error(tmp_path, "palette:\n  ink: '#111111'\n  ink: '#222222'\n")
    assert (err.line, err.message) == (
        3,
        "duplicate key 'ink' (first given on line 2)",
    )


def test_an_unquoted_hex_colour_in_a_theme_is_named_with_the_fix(tmp_path):
    err = theme_error(tmp_path, "palette:\n  ink: '#111111'\n  band: #8b2e2e\n")
    assert (err.line, err.message) == (3, "theme.palette: `band` is empty")
    assert err.hint == "quote hex colours, e.g. fill: '#8b2e2e' (a bare # starts a YAML comment)"


def test_a_theme_font_size_error_names_the_size_and_its_line(tmp_path):
    err = theme_error(tmp_path, "sizes:\n  body: 9pt\n  title: 12px\n")
    assert err.line == 3
    assert err.message.startswith("theme.sizes: `title`: unknown unit 'px'")


def test_a_theme_icon_needs_svg_or_elements(tmp_path):
    err = theme_error(tmp_path, "icons:\n  eye:\n    box: [24, 24]\n")
    assert (err.line, err.message) == (
        2,
        "theme.icons.eye: give exactly one of `svg` or `elements`",
    )


def test_a_mistake_inside_a_theme_icon_points_at_the_theme_line(tmp_path):
    theme = (
        "icons:\n  coin:\n    elements:\n"
        "      - circle: {cx: 12, cy: 12, r: 11}\n"
        "      - star: {cx: 12, cy: 12, r: 7, inner: 3}\n"
    )
    face = "- icon: {use: coin, x: 0, y: 0, size: 5}\n"
    write(tmp_path, {"theme.yaml": theme, "face.yaml.j2": face})
    err = template_error(tmp_path)
    assert err.file.endswith("theme.yaml") and err.line == 5
    assert err.message.startswith(f"{LABEL}: theme icon 'coin': element 2 (star): `inner`")


def test_an_unknown_theme_section_suggests_one_wording(tmp_path):
    err = theme_error(tmp_path, "palette: {}\nsize: {body: 9}\n")
    assert err.line == 2
    assert err.message.startswith("theme: unknown key 'size' (known: palette, fonts,")
    assert err.hint == "did you mean: sizes?"


def test_a_font_role_naming_an_unknown_family_suggests_families(tmp_path):
    err = theme_error(tmp_path, "fonts:\n  body: Robotto\n")
    assert err.line == 2
    assert err.message.startswith("theme.fonts: `body`: unknown font family 'Robotto' (families: ")
    assert "Times New Roman" in err.message  # the common names with an open twin are listed
    assert err.hint.startswith("did you mean: Roboto,")


def test_palette_names_that_point_at_each_other_are_a_loop(tmp_path):
    err = theme_error(tmp_path, "palette:\n  a: b\n  b: a\n")
    assert err.line == 2 and "palette names refer to each other in a loop" in err.message
