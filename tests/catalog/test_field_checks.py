"""Data checked early, in the right place: a field's allowed values and range, declared once in
the set's `fields:`, are checked as the workbook loads and a mistake is reported at its row and
column with the closest allowed value; `where:` in rules compares (`{min: 5}`, `{one_of: ...}`);
a `per_group` failure names the cards of the group; `pnp build` warns of a broken composition
rule and builds on."""

from __future__ import annotations

import io
import json
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from pnp.cli import main

FIELDS = (
    "  fields:\n"
    "    type: action\n"
    "    stage: {one_of: [early, mid, late]}\n"
    "    cost: {min: 0, max: 10, default: 0}\n"
    "    tags: {one_of: [move, look, fight], default: []}\n"
)
HEADER = ["name", "Qty", "Stage", "cost", "tags"]
ROWS = [["Scout", 3, "early", 1, "move;look"], ["Storm", 2, "late", 6, ""],
        ["Raid", 1, "mid", 8, "fight"], ["Spy", 4, "early", 2, "look"]]  # fmt: skip


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def workbook(rows: list[list]) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@pytest.fixture
def game(tmp_path: Path):
    """`game(rows, rules="")`: the scaffold (`pnp new`) with its deck from a workbook."""

    def make(rows: list[list], rules: str = "", fields: str = FIELDS) -> Path:
        folder = tmp_path / "g"
        assert run("new", str(folder)).exit_code == 0
        set_file = (folder / "cards.yaml").read_text()
        head = set_file.split("  fields:")[0]
        sheet = "sheet: cards.xlsx\ncolumns: {Qty: count}\n"
        (folder / "cards.yaml").write_text(head + fields + sheet)
        (folder / "cards.csv").unlink()
        (folder / "cards.xlsx").write_bytes(workbook([HEADER, *rows]))
        if rules:
            with (folder / "game.yaml").open("a") as game_file:
                game_file.write(rules)
        return folder

    return make


def refusal(folder: Path) -> str:
    result = run("inventory", str(folder))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output.replace("\n  ", " ")


def test_allowed_values_are_checked_at_their_row_and_column(game):
    folder = game([*ROWS[:2], ["Raid", 1, "mdi", 8, "fight"]])
    output = refusal(folder)
    assert "cards.xlsx:4: column 'Stage': expected one of early, mid, late, found 'mdi'" in output
    assert "did you mean: mid?" in output


def test_a_range_is_checked_with_the_closest_allowed_value(game):
    output = refusal(game([*ROWS[:2], ["Raid", 1, "mid", 12, "fight"]]))
    assert "cards.xlsx:4: column 'cost': expected a number from 0 to 10, found 12 (closest " in (
        output
    )
    assert "allowed: 10)" in output


def test_every_item_of_a_list_field_is_checked(game):
    output = refusal(game([ROWS[0], ["Storm", 2, "late", 6, "move;lok"]]))
    assert "cards.xlsx:3: column 'tags': expected one of move, look, fight, found 'lok'" in output
    assert "did you mean: look?" in output


def test_a_good_workbook_loads(game):
    result = run("inventory", str(game(ROWS)), "--json")
    assert result.exit_code == 0, result.output
    cards = {c["id"]: c for c in json.loads(result.output)["components"]}
    assert cards["scout"]["fields"]["stage"] == "early" and cards["scout"]["count"] == 3
    assert cards["storm"]["fields"]["tags"] == []


def test_a_default_outside_its_own_check_is_refused(game):
    folder = game(ROWS, fields=FIELDS.replace("default: 0}", "default: 11}"))
    output = refusal(folder)
    assert "cards.yaml:" in output and "`default` should be a number from 0 to 10" in output


RULES = """
  - id: dear-cards
    text: At most 4 cards cost 5 or more.
    check: total
    deck: cards
    where: {cost: {min: 5}}
    max: 4
  - id: early-or-mid
    text: At least 9 early or mid cards.
    check: total
    deck: cards
    where: {stage: {one_of: [early, mid]}}
    min: 9
  - id: stages
    text: Each stage has 2 to 7 cards.
    check: per_group
    deck: cards
    group_by: stage
    min: 2
    max: 7
"""


def test_where_compares_and_per_group_names_the_cards(game):
    result = run("validate", str(game(ROWS, RULES)))
    assert result.exit_code == 1, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    # cost 5 or more: Storm (2) and Raid (1) = 3 cards, within 4
    assert any(line.startswith("PASS dear-cards") for line in lines), result.output
    # early or mid: Scout 3 + Spy 4 + Raid 1 = 8 cards, one short of 9
    assert any(line.startswith("FAIL early-or-mid") for line in lines), result.output
    assert "found: 8 cards" in result.output
    assert "mid: 1 (expected between 2 and 7, 1 short): 1 x Raid" in lines
    assert "early: 7 (expected between 2 and 7" not in result.output


def test_a_where_comparison_is_checked_when_the_game_loads(game):
    bad = RULES.replace("{cost: {min: 5}}", "{cost: {least: 5}}")
    result = run("validate", str(game(ROWS, bad)))
    assert result.exit_code == 2, result.output
    assert "`where` cost: expected a value or a list of values, or {min: 5}" in result.output


def test_build_warns_of_a_broken_rule_and_builds_on(game, tmp_path):
    folder = game(ROWS, RULES)
    result = CliRunner().invoke(main, ["build", str(folder), "--what", "cards", "--out",
                                       str(tmp_path / "out")])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "warning: g: rule 'early-or-mid'" in result.stderr
    assert "is broken: At least 9 early or mid cards." in result.stderr
    assert "mid: 1 (expected between 2 and 7, 1 short): 1 x Raid" in result.stderr
    assert list((tmp_path / "out").rglob("*.pdf")), "the build went on"


def test_a_yaml_component_is_checked_at_its_line(tmp_path):
    folder = tmp_path / "y"
    folder.mkdir()
    (folder / "game.yaml").write_text("game: {id: y, title: Y, source: original}\n")
    (folder / "cards.yaml").write_text(
        "set: {id: cards, name: Cards, kind: card, size: poker, front: f.yaml.j2,\n"
        "      source: original, fields: {stage: {one_of: [early, mid, late]}}}\n"
        "components:\n"
        "  - {id: a, name: A, count: 1, source: original, stage: early}\n"
        "  - {id: b, name: B, count: 1, source: original,\n"
        "     stage: erly}\n"
    )
    output = refusal(folder)
    assert "cards.yaml:6: component 'b': `stage` should be one of early, mid, late, found " in (
        output
    )
    assert "did you mean: early?" in output
