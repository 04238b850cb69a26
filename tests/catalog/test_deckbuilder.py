"""A deck-builder as a designer writes one: starter, market and late cards on one sheet with a
`Stage` column, each stage a set of its own (`where:`), and rules that say what the box holds,
what a deck list holds and what each player's starting deck holds (`scope:`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_in import invoke

DOC = Path(__file__).resolve().parents[2] / "docs" / "make-your-own-game.md"


def block(kind: str, title: str) -> str:
    """A file as docs/make-your-own-game.md shows it, so the page and pnp cannot drift."""
    found = re.findall(rf"```{kind}\n# {re.escape(title)}\n(.*?)```", DOC.read_text(), re.S)
    assert len(found) == 1, f"the page shows one {title}"
    return found[0]


SHEET = block("csv", "deck.csv")
SET = block("yaml", "starter.yaml")
RULES = block("yaml", "game.yaml: the rules")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    code, out = invoke("new", "builder", cwd=tmp_path)
    assert code == 0, out
    folder = tmp_path / "builder"
    for name in ("cards.yaml", "cards.csv", "decklist.txt"):
        (folder / name).unlink()
    (folder / "deck.csv").write_text(SHEET, "utf-8")
    stages = (("starter", "Starting cards", "start"), ("market", "Market", "market"),
              ("late", "Late game", "late"))  # fmt: skip
    for set_id, name, stage in stages:
        text = SET.replace("id: starter", f"id: {set_id}").replace("Starting cards", name)
        (folder / f"{set_id}.yaml").write_text(text.replace("stage: start", f"stage: {stage}"))
    text = (folder / "game.yaml").read_text("utf-8")
    (folder / "game.yaml").write_text(text[: text.index("rules:")] + RULES, "utf-8")
    return folder


def test_each_stage_is_its_own_deck(game: Path) -> None:
    code, out = invoke("inventory", ".", "--json", cwd=game)
    assert code == 0, out
    decks: dict[str, dict[str, int]] = {}
    for c in json.loads(out)["components"]:
        decks.setdefault(c["deck"], {})[c["id"]] = c["count"]
    assert decks == {
        "starter": {"copper": 28, "estate": 12},
        "market": {"village": 10, "smithy": 10},
        "late": {"dragon": 4},
    }


def test_the_box_and_a_starting_deck_are_both_exact(game: Path) -> None:
    code, out = invoke("validate", ".", cwd=game)
    assert code == 0, out  # the box: 28 Coppers; split in 4 (players max): 7 + 3 each
    (game / "deck.txt").write_text("[starter]\n7 copper\n3 estate\n")
    code, out = invoke("validate", "--game", ".", "deck.txt", cwd=game)
    assert code == 0, out
    (game / "deck.txt").write_text("[starter]\n8 copper\n3 estate\n")
    code, out = invoke("validate", "--game", ".", "deck.txt", cwd=game)
    assert code == 1, out  # one Copper too many in a starting deck: the range is gone
    assert "starting-deck" in out and "FAIL" in out


def test_a_box_that_does_not_split_evenly_fails(game: Path) -> None:
    (game / "deck.csv").write_text(SHEET.replace("Estate,start,12", "Estate,start,13"))
    code, out = invoke("validate", ".", cwd=game)
    assert code == 1, out
    assert "13 copies do not split into 4 equal shares" in out


def test_a_row_no_set_takes_is_reported(game: Path) -> None:
    (game / "deck.csv").write_text(SHEET + "Moat,marke,10,2,Block an attack.\n")
    code, out = invoke("inventory", ".", cwd=game)
    assert code == 2, out
    assert "deck.csv:7" in out and "taken by none of the sets" in out


def test_a_where_naming_no_column_names_the_closest(game: Path) -> None:
    path = game / "late.yaml"
    path.write_text(path.read_text().replace("where: {stage: late}", "where: {stag: late}"))
    code, out = invoke("inventory", ".", cwd=game)
    assert code == 2, out
    assert "no column 'stag'" in out and "Stage" in out and "late.yaml" in out
