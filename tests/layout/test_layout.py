"""Face templates: the sandbox, error messages that point at the template, the element
vocabulary and the flip from designer coordinates (mm, top-down) to PDF points."""

from pathlib import Path

import pytest

from pnp.draw import elements as draw
from pnp.errors import FitError, GlyphError, InputError, TemplateError
from pnp.layout.compiler import KINDS
from pnp.layout.records import wrap_context
from pnp.layout.templates import TemplateSet
from pnp.layout.theme import Theme, load_theme
from pnp.units import mm_to_pt

FIXTURES = Path(__file__).parents[1] / "fixtures" / "layout"
PROJECT_TEMPLATES = Path(__file__).parents[2] / "templates"
CARD = {"id": "military-steal-document", "name": "Steal Document", "text": "Score: 1 intel"}
LABEL = "Steal Document (military-steal-document)"
SIZE = dict(width_mm=63, height_mm=88, bleed_mm=3)


def templates(scenario: str) -> TemplateSet:
    folder = FIXTURES / scenario
    return TemplateSet([folder, PROJECT_TEMPLATES], [folder], load_theme(folder / "theme.yaml"))


def layout(scenario, template, card=CARD, **context):
    return templates(scenario).layout(template, {"card": card, **context}, label=LABEL, **SIZE)


def elements(raw, scenario="basic-game"):
    """Lay out a list of raw elements (as a template would write them)."""
    return layout(scenario, "elements.yaml.j2", elements=raw)


def error_of(scenario, template, **context) -> TemplateError:
    with pytest.raises(TemplateError) as err:
        layout(scenario, template, **context)
    return err.value


# -- missing fields and template mistakes -----------------------------------------------------


def test_missing_field_names_template_line_field_and_card():
    err = error_of("template-missing-field", "front.yaml.j2")
    assert err.file.endswith("template-missing-field/front.yaml.j2")
    assert err.line == 3
    assert "card has no field 'cost'" in err.message
    assert LABEL in err.message


def test_misspelt_field_suggests_the_right_one():
    card = {**CARD, "cots": 2}
    err = error_of("template-missing-field", "front.yaml.j2", card=card)
    assert "card has no field 'cost' (did you mean: cots?)" in err.message


def test_missing_field_inside_a_shared_macro_names_both_places():
    err = error_of("template-missing-field", "macro-user.yaml.j2")
    assert "card has no field 'cost'" in err.message
    assert "macro-user.yaml.j2:3" in err.message  # the call site in the game's template


def test_template_not_found_suggests_close_names():
    err = error_of("basic-game", "frnot.yaml.j2")
    assert "'frnot.yaml.j2' not found" in err.message
    assert "front.yaml.j2" in err.hint


def test_jinja_syntax_error_names_the_line():
    err = error_of("template-bad-output", "syntax-error.yaml.j2")
    assert err.file.endswith("syntax-error.yaml.j2") and err.line == 3
    assert "syntax error" in err.message


# -- the sandbox ------------------------------------------------------------------------------


@pytest.mark.parametrize("template", ["class-walk.yaml.j2", "globals.yaml.j2", "mutate.yaml.j2"])
def test_sandbox_blocks_python_internals_and_mutation(template):
    err = error_of("template-sandbox-escape", template)
    assert "not allowed in a template" in err.message
    assert err.file.endswith(template) and err.line == 1


def test_sandbox_cannot_include_files_outside_the_template_folders():
    err = error_of("template-sandbox-escape", "include-outside.yaml.j2")
    assert "not found" in err.message


@pytest.mark.parametrize("template", ["dotdot.yaml.j2", "absolute.yaml.j2"])
def test_images_outside_the_game_folder_are_refused(template):
    err = error_of("template-file-escape", template)
    assert "outside the game's folder" in err.message
    assert err.file.endswith(template)
    assert "passwd" in err.message or "/etc/hosts" in err.message


def test_missing_image_names_the_path():
    err = error_of("template-file-escape", "missing.yaml.j2")
    assert "art/nothing-here.png" in err.message and "not found" in err.message


# -- malformed output -------------------------------------------------------------------------


def test_unquoted_text_with_a_colon_gives_a_yaml_error_and_the_fix():
    err = error_of("template-bad-output", "unquoted-colon.yaml.j2")
    assert "not valid YAML" in err.message
    assert "output line 1" in err.message
    assert "| yaml" in err.hint


def test_unquoted_hex_colour_points_at_the_comment_trap():
    err = error_of("template-bad-output", "unquoted-hex.yaml.j2")
    assert "quote hex colours" in err.hint


def test_unknown_element_type_suggests_the_closest():
    err = error_of("template-bad-output", "unknown-type.yaml.j2")
    assert "unknown element type 'txet'" in err.message
    assert "element 2" in err.message
    assert err.hint == "did you mean: text, rect?"


def test_unknown_key_suggests_the_closest_and_names_the_element():
    err = error_of("template-bad-output", "unknown-key.yaml.j2")
    assert "element 2 (text 'rules')" in err.message
    assert "unknown key 'colour' (known: x, y, w, h, text, font," in err.message
    assert err.hint == "did you mean: color?"


def test_output_must_be_a_list():
    err = error_of("template-bad-output", "not-a-list.yaml.j2")
    assert "must be a YAML list" in err.message


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ([{"rect": {"x": 0, "y": 0, "w": 5}}], "missing `h`"),
        ([{"rect": {"x": 0, "y": 0, "w": 5, "h": "5px"}}], "unknown unit 'px'"),
        ([{"rect": {"x": 0, "y": 0, "w": 5, "h": 5, "fill": "crimsn"}}], "unknown colour"),
        ([{"rect": {"x": 0, "y": 0, "w": 5, "h": 5, "fill": None}}], "`fill` is empty"),
        ([{"circle": {"cx": 0, "cy": 0, "r": 0}}], "`r` should be a length more than 0, found 0"),
        (
            [{"text": {"x": 0, "y": 0, "w": 5, "h": 5, "text": "a", "align": "centre"}}],
            "`align` must be one of left, center, right, justify, found 'centre'",
        ),
        (
            [{"text": {"x": 0, "y": 0, "w": 5, "h": 5, "text": "a", "font": "Robot"}}],
            "unknown font 'Robot'",
        ),
        ([{"icon": {"use": "intell", "x": 0, "y": 0, "size": 5}}], "unknown icon 'intell'"),
        ([{"star": {"cx": 0, "cy": 0, "r": 5, "inner": 2}}], "`inner` is the inner radius"),
        (
            [{"group": {"elements": [{"rect": {"x": 0, "y": 0, "w": 1, "h": 1, "bleed": True}}]}}],
            "only on top-level",
        ),
        ([{"text": {"x": 0, "y": 0, "w": 5, "h": 5}, "rect": {}}], "one element type"),
    ],
)
def test_element_mistakes_are_template_errors(raw, expected):
    with pytest.raises(TemplateError) as err:
        elements(raw)
    assert expected in err.value.format()
    assert LABEL in err.value.message


def test_unknown_icon_in_running_text_is_named():
    raw = [{"text": {"x": 0, "y": 0, "w": 40, "h": 10, "text": "Gain :inteel:"}}]
    with pytest.raises(TemplateError) as err:
        elements(raw)
    assert ":inteel:" in err.value.message
    assert "intel" in err.value.hint


# -- text errors carry the card, template and element ------------------------------------------


def test_fit_error_names_card_template_and_element():
    box = {"w": 20, "h": 6, "text": "far too many words for this tiny box " * 5}
    with pytest.raises(FitError) as err:
        layout("basic-game", "text-box.yaml.j2", box=box)
    assert LABEL in err.value.message
    assert err.value.file.endswith("text-box.yaml.j2")
    assert "element 1 (text 'box')" in err.value.message


def test_glyph_error_names_card_and_character():
    box = {"w": 40, "h": 10, "text": "Smile 😀"}
    with pytest.raises(GlyphError) as err:
        layout("basic-game", "text-box.yaml.j2", box=box)
    assert LABEL in err.value.message
    assert "'😀' (U+1F600)" in err.value.message


# -- geometry ---------------------------------------------------------------------------------

H_PT = mm_to_pt(88)


def test_top_down_millimetres_become_pdf_points_from_the_bottom():
    (rect,) = elements([{"rect": {"x": 10, "y": 5, "w": 20, "h": 10, "fill": "ink"}}])
    assert rect.x == pytest.approx(mm_to_pt(10))
    assert rect.y == pytest.approx(H_PT - mm_to_pt(15))
    assert (rect.w, rect.h) == pytest.approx((mm_to_pt(20), mm_to_pt(10)))


def test_units_in_templates():
    (rect,) = elements([{"rect": {"x": "1in", "y": "72pt", "w": "2cm", "h": 10}}])
    assert rect.x == pytest.approx(72)
    assert rect.y == pytest.approx(H_PT - 72 - mm_to_pt(10))
    assert rect.w == pytest.approx(mm_to_pt(20))


def test_bleed_carries_background_edges_to_the_bleed_line():
    full, band, inner = elements(
        [
            {"rect": {"x": 0, "y": 0, "w": 63, "h": 88, "bleed": True}},
            {"rect": {"x": 0, "y": 0, "w": 63, "h": 14, "bleed": True}},
            {"rect": {"x": 5, "y": 20, "w": 10, "h": 10, "bleed": True}},
        ]
    )
    b = mm_to_pt(3)
    assert (full.x, full.y) == pytest.approx((-b, -b))
    assert (full.w, full.h) == pytest.approx((mm_to_pt(69), mm_to_pt(94)))
    # a header band bleeds off the top and the sides, not into the card
    assert band.x == pytest.approx(-b)
    assert band.y == pytest.approx(H_PT - mm_to_pt(14))
    assert band.y + band.h == pytest.approx(H_PT + b)
    assert inner.w == pytest.approx(mm_to_pt(10))


def test_group_moves_rotates_clockwise_and_scales_its_children():
    (group,) = elements(
        [
            {
                "group": {
                    "x": 10,
                    "y": 20,
                    "rotate": 30,
                    "scale": 2,
                    "elements": [{"circle": {"cx": 0, "cy": 5, "r": 1}}],
                }
            }
        ]
    )
    assert (group.x, group.y) == pytest.approx((mm_to_pt(10), H_PT - mm_to_pt(20)))
    assert group.rotate == -30  # PDF turns counter-clockwise; designers see clockwise
    assert group.scale_x == group.scale_y == 2
    (circle,) = group.children
    assert circle.cy == pytest.approx(-mm_to_pt(5))


def test_star_has_its_first_tip_straight_up():
    (star,) = elements([{"star": {"cx": 30, "cy": 40, "r": 10, "points": 4}}])
    assert len(star.points) == 8
    tip = star.points[0]
    assert tip == pytest.approx((mm_to_pt(30), H_PT - mm_to_pt(30)))


def test_palette_names_and_hex_colours():
    military, hexed, none = elements(
        [
            {"rect": {"x": 0, "y": 0, "w": 1, "h": 1, "fill": "band"}},
            {"rect": {"x": 0, "y": 0, "w": 1, "h": 1, "fill": "#fff", "stroke": "police"}},
            {"rect": {"x": 0, "y": 0, "w": 1, "h": 1, "fill": "none", "stroke": "ink"}},
        ]
    )
    assert military.paint.fill == pytest.approx((0x8B / 255, 0x2E / 255, 0x2E / 255))
    assert hexed.paint.fill == (1.0, 1.0, 1.0)
    assert hexed.paint.stroke == pytest.approx((0x1F / 255, 0x4E / 255, 0x8C / 255))
    assert none.paint.fill is None


def test_element_icon_takes_the_requested_colour():
    (group,) = elements([{"icon": {"use": "intel", "x": 5, "y": 5, "size": 12, "color": "police"}}])
    disc = group.children[0]
    assert disc.paint.fill == pytest.approx((0x1F / 255, 0x4E / 255, 0x8C / 255))
    assert group.scale_x == pytest.approx(12 / 24)  # a 24-unit icon box drawn 12 mm wide


def test_svg_icon_keeps_its_aspect_ratio():
    (image,) = elements([{"icon": {"use": "eye", "x": 0, "y": 0, "size": 12}}])
    assert image.kind == "svg"
    assert image.w / image.h == pytest.approx(24 / 16)
    assert image.w == pytest.approx(mm_to_pt(12))


def test_cover_image_fills_its_box_and_is_clipped_to_it():
    (image,) = elements(
        [{"image": {"x": 0, "y": 0, "w": 30, "h": 30, "src": "art/picture.png", "fit": "cover"}}]
    )
    assert image.h == pytest.approx(mm_to_pt(30))
    assert image.w == pytest.approx(mm_to_pt(60))  # the picture is 2:1
    assert image.clip == pytest.approx((0, H_PT - mm_to_pt(30), mm_to_pt(30), mm_to_pt(30)))


# -- shared macros, theme, context -------------------------------------------------------------


def test_shared_macros_build_a_whole_face():
    card = {**CARD, "cost": 3, "text": "Gain 2 :intel: when **any** faction is *disabled*."}
    result = layout("basic-game", "front.yaml.j2", card=card)
    texts = [e for e in result if isinstance(e, draw.Text)]
    assert [t.name for t in texts] == ["title", "rules", "badge"]
    badge = texts[-1]
    assert [run.text for run in badge.children] == ["3"]


def test_a_game_template_extends_the_shared_card():
    card = {**CARD, "faction": "police", "cost": 2}
    result = layout("basic-game", "extends.yaml.j2", card=card, game={"title": "Spy Test"})
    band = result[1]
    assert band.paint.fill == pytest.approx((0x1F / 255, 0x4E / 255, 0x8C / 255))
    texts = [e.name for e in result if isinstance(e, draw.Text)]
    assert texts == ["title", "rules", "footer", "badge"]


def test_every_element_key_is_documented():
    docs = (Path(__file__).parents[2] / "docs" / "templates.md").read_text()
    for kind, spec in KINDS.items():
        assert f"`{kind}`" in docs, kind
        for key in spec.keys:
            assert f"`{key}`" in docs or f"{key}:" in docs, f"{kind}.{key}"


def test_fields_named_like_record_internals_stay_reachable():
    card = {**CARD, "path": "north"}
    raw = "{{ card.path }}"
    folder = FIXTURES / "basic-game"
    ts = TemplateSet([folder], [folder], load_theme(folder / "theme.yaml"))
    assert ts.env.from_string(raw).render(card=wrap_context(card, "card")) == "north"


def test_template_sees_trim_bleed_safe_and_theme():
    text = templates("basic-game").source(
        "context.yaml.j2", {}, width_mm=63, height_mm=88, bleed_mm=3, shape="round"
    )
    assert text.strip() == "# 63 88 3 3.0 military round"


def test_identical_output_is_fitted_once():
    ts = templates("basic-game")
    a = ts.layout("back.yaml.j2", {"card": CARD}, label="a", **SIZE)
    b = ts.layout("back.yaml.j2", {"card": {**CARD, "name": "Other"}}, label="b", **SIZE)
    assert a is b


def test_default_theme_without_a_file():
    theme = load_theme(None)
    assert theme.color("ink") is not None
    assert theme.family("body").name == "Roboto"
    assert load_theme(FIXTURES / "no-such-theme.yaml") == Theme()


def test_theme_errors_name_file_line_and_closest_name():
    with pytest.raises(InputError) as err:
        load_theme(FIXTURES / "theme-bad" / "theme.yaml")
    assert err.value.line == 3
    assert "militray" in err.value.message
    assert "militry" in err.value.hint
    with pytest.raises(InputError) as err:
        load_theme(FIXTURES / "theme-bad" / "unknown-section.yaml")
    assert err.value.line == 2 and "colours" in err.value.message
