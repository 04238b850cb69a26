"""Bounds on what a template computes that no other test would miss if they broke: the checks a
template's hottest steps take by exact type (`+`, `*` and `%` of two numbers, a whole number
returned by a filter, a text or number printed, a card's fields weighed as they are wrapped) must
refuse what the general checks refuse, and compute what Python computes.

Each case runs one face template in this process and reads the message it stops with; the same
templates built by `pnp` exit 2 with that message (tests/test_hostile_limits.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.errors import TemplateError
from pnp.layout.templates import TemplateSet
from pnp.layout.theme import load_theme

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
SIZE = dict(width_mm=63, height_mm=88, bleed_mm=3)
BIG = "(('9' * 1300) | int)"  # a whole number of 4,319 bits, which |int does not weigh
EDGE = "(('9' * 1233) | int)"  # one of 4,096 bits, the most allowed
HALF = "(('9' * 700) | int)"  # one of 2,326 bits


def source(tmp_path: Path, template: str, card: dict | None = None) -> str:
    """What the face template `template` writes for a card (named `card` and `component`, as
    a build names it), with the sixth game's theme."""
    folder = tmp_path / "templates"
    shutil.copytree(SIXTH / "templates", folder)
    (folder / "face.yaml.j2").write_text(template, encoding="utf-8")
    templates = TemplateSet([folder], [folder], load_theme(folder / "theme.yaml"))
    shown = card or {"n": 3, "f": 2.5, "s": "ab"}
    context = {"card": shown, "component": shown}
    return templates.source("face.yaml.j2", context, label="Mole (mole)", **SIZE)


def refusal(tmp_path: Path, template: str, card: dict | None = None) -> str:
    with pytest.raises(TemplateError) as err:
        source(tmp_path, template, card)
    return str(err.value)


@pytest.mark.parametrize(
    "template",
    [
        "{{ " + EDGE + " + " + EDGE + " }}",  # two whole numbers added
        "{{ " + HALF + " * " + HALF + " }}",  # multiplied: refused before it is computed
        "{{ " + BIG + " % ('9' * 1301) | int }}",  # the remainder is the number itself
        "{{ [" + BIG + "] | sum }}",  # a filter's whole-number result
        "{{ " + BIG + " + 0 }}",
    ],
    ids=["add", "multiply", "remainder", "filter-result", "add-zero"],
)
def test_whole_numbers_stay_within_their_bits_by_every_way(tmp_path, template):
    assert "a whole number larger than 4096 bits" in refusal(tmp_path, template)


@pytest.mark.parametrize(
    ("template", "limit"),
    [
        # a float formatted wide: refused for its width before the text is made
        ("{{ '%20000000.1f' % 1.5 }}", "this format width would make more than"),
        ("{{ '%.20000000f' % 1.5 }}", "this format width would make more than"),
        # a text that is not exactly a str (|safe makes a Markup) takes the checked way
        ("{{ ('x' | safe) * 10**7 }}", "repeating this would make more than"),
        ("{{ ('%20000000s' | safe) % 'y' }}", "this format width would make more than"),
        ("{{ 'x' * 10**7 }}", "repeating this would make more than"),
        ("{{ 10**7 * 'x' }}", "repeating this would make more than"),
        # a list of numbers weighs one an item: 100,001 ten times
        ("{{ (range(100000) | list) * 10 }}", "repeating this would make more than"),
        ("{{ [none, 0.5, true, 1, none] * 200001 }}", "repeating this would make more than"),
        # a filter that can make more than it is given has its result weighed
        ("{{ ('x' * 600000) | list | length }}", "the result of |list would hold more than"),
    ],
    ids=["float-width", "float-precision", "markup-repeat", "markup-width", "repeat",
         "count-times-text", "numbers", "mixed-numbers", "filter-result"],
)  # fmt: skip
def test_texts_stay_within_their_size_by_every_way(tmp_path, template, limit):
    assert limit in refusal(tmp_path, template)


def test_arithmetic_by_the_fast_way_is_pythons(tmp_path):
    template = (
        "{{ 1 + 2.5 }} {{ 2.5 + 1 }} {{ 0.1 + 0.2 }} {{ 3 + 4 }} {{ 2 * 2.5 }} {{ 2.5 * 2 }} "
        "{{ 6 * 7 }} {{ 7 % 3 }} {{ -7 % 3 }} {{ 7.5 % 2 }} {{ 7 % 2.5 }} {{ -7.5 % 2 }} "
        "{{ true + 1 }} {{ 1.5 + true }} {{ true * 'ab' }} {{ 3 * false }} {{ true % 2 }} "
        "{{ card.n * card.f }} {{ card.s * card.n }} {{ '%05.1f' % 2.25 }} {{ 1e308 * 10 }} "
        "{{ 2.345 | round(2) }} {{ 2.5 | round }} {{ 2 | round(1) }} {{ 2.5 | round(0, 'floor') }} "
        "{{ 2.3456 | round(precision=2) }} {{ " + EDGE + " - " + EDGE + " }}"
    )
    assert source(tmp_path, template).split() == [
        "3.5", "3.5", "0.30000000000000004", "7", "5.0", "5.0", "42", "1", "2", "1.5", "2.0",
        "0.5", "2", "2.5", "ab", "0", "1", "7.5", "ababab", "002.2", "inf", "2.35", "2.0", "2",
        "2.0", "2.35", "0",
    ]  # fmt: skip


@pytest.mark.parametrize("name", ["card", "component"])
@pytest.mark.parametrize(("copies", "refused"), [(4, False), (6, True)])
def test_a_cards_text_fields_weigh_what_they_hold(tmp_path, copies, refused, name):
    # a card whose text weighs 200,000: a list of it six times passes the 1,000,000 limit
    card = {"name": "Mole", "text": "x" * 200_000, "count": 1, "cost": 2.5, "rare": True}
    template = "{% set l = [" + ", ".join([name] * copies) + "] %}{{ l | length }}"
    if refused:
        assert "a value would hold more than 1,000,000" in refusal(tmp_path, template, card)
    else:
        assert source(tmp_path, template, card) == str(copies)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("card.fields.nope", "card.fields has no field 'nope'"),
        ("component.fields.nope", "component.fields has no field 'nope'"),
        ("component.tags[0].nope", "component.tags[0] has no field 'nope'"),
        ("component.nope", "component has no field 'nope'"),
    ],
)
def test_a_missing_field_is_named_by_the_name_the_template_used(tmp_path, field, message):
    # `card` and `component` are one mapping: each still names itself
    card = {"name": "Mole", "fields": {"cost": 2}, "tags": [{"kind": "spy"}]}
    assert message in refusal(tmp_path, "{{ " + field + " }}", card)


def test_a_field_named_like_a_mapping_method_is_read_by_its_key(tmp_path):
    # `card.items` is the mapping's method, as Jinja finds attributes first; the field is
    # card["items"] (a Record's fields are read at once, its methods still found first)
    card = {"items": "three", "name": "Mole"}
    template = "{{ card.items() | list | length }} {{ card['items'] }} {{ card.name }}"
    assert source(tmp_path, template, card) == "2 three Mole"


@pytest.mark.parametrize(
    ("template", "written"),
    [
        ("{{ 'é\"\\\\\n\x01' | yaml }}", '"é\\"\\\\\\n\\u0001"'),
        ("{{ ('é\"\\\\' | safe) | yaml }}", '"é\\"\\\\"'),  # a Markup, not a str
        ("{{ '\\ud800' | yaml }}", '"\\ud800"'),  # escaped, so YAML reads it and refuses it
        ("{{ 2.5 | yaml }} {{ [1, 'a'] | yaml }} {{ none | yaml }}", '2.5 [1, "a"] null'),
    ],
    ids=["escapes", "markup", "lone-surrogate", "others"],
)
def test_yaml_writes_a_text_as_json_does(tmp_path, template, written):
    assert source(tmp_path, template) == written
