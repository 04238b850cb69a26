"""Loading catalogs: a good game loads; each kind of schema mistake names its file and line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.catalog.load import load_game
from pnp.cli import main
from pnp.errors import InputError

GAME = """\
game:
  id: tiny
  title: Tiny Game
  designer: Test Person
  players: {min: 2, max: 4}
  play_time: 10 min
  source: original
tables:
  colours:
    source: original
    rows:
      - {id: red, name: Red}
      - {id: blue, name: Blue}
rules:
  - id: deck-size
    text: The deck holds exactly 5 cards.
    check: total
    deck: cards
    equals: 5
"""

CARDS = """\
set:
  id: cards
  name: Cards
  kind: card
  size: poker
  front: card-front.yaml.j2
  back: card-back.yaml.j2
components:
  - id: red-one
    name: Red One
    count: 3
    source: original
    colour: red
    value: 1
  - id: blue-two
    name: Blue Two
    count: 2
    source: original
    colour: blue
    value: 2
"""


def make_game(tmp_path: Path, game: str = GAME, cards: str = CARDS) -> Path:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "game.yaml").write_text(game)
    (folder / "cards.yaml").write_text(cards)
    return folder


def test_a_good_game_loads_with_fields_and_origins(tmp_path: Path) -> None:
    game = load_game(make_game(tmp_path))
    assert game.id == "tiny" and game.title == "Tiny Game"
    deck = game.decks["cards"]
    assert deck.total == 5
    assert (deck.size.width_mm, deck.size.height_mm) == (63.0, 88.0)
    red = game.component("red-one")
    assert red.fields == {"colour": "red", "value": 1}
    assert red.deck == "cards"
    assert red.origin.line == 9 and red.origin.file.endswith("cards.yaml")
    assert game.tables["colours"].rows[1] == {"id": "blue", "name": "Blue"}


def error_for(tmp_path: Path, *, game: str = GAME, cards: str = CARDS) -> InputError:
    with pytest.raises(InputError) as info:
        load_game(make_game(tmp_path, game, cards))
    return info.value


def test_malformed_yaml_names_file_and_line(tmp_path: Path) -> None:
    err = error_for(tmp_path, cards=CARDS.replace("    colour: blue", "    colour: [blue"))
    assert err.file.endswith("cards.yaml")
    assert err.line == 20  # where the unclosed `[blue` of line 19 stops parsing
    assert "not valid YAML" in err.message


def test_negative_count_is_rejected_with_line(tmp_path: Path) -> None:
    err = error_for(tmp_path, cards=CARDS.replace("count: 2", "count: -2"))
    assert (err.line, "count") == (17, "count")
    assert "whole number from 0 to 1000" in err.message


def test_count_must_be_a_number(tmp_path: Path) -> None:
    err = error_for(tmp_path, cards=CARDS.replace("count: 3", "count: three"))
    assert err.line == 11 and "'three'" in err.message


def test_unknown_key_suggests_the_closest(tmp_path: Path) -> None:
    err = error_for(tmp_path, cards=CARDS.replace("  kind: card", "  knid: card"))
    assert err.line == 4
    assert "knid" in err.message and "kind" in (err.hint or "")


def test_unknown_size_suggests_the_closest(tmp_path: Path) -> None:
    err = error_for(tmp_path, cards=CARDS.replace("size: poker", "size: pokr"))
    assert err.line == 5 and "poker" in (err.hint or "")


def test_duplicate_component_id(tmp_path: Path) -> None:
    err = error_for(tmp_path, cards=CARDS.replace("id: blue-two", "id: red-one"))
    assert err.line == 15 and "used twice" in err.message


def test_duplicate_yaml_key(tmp_path: Path) -> None:
    err = error_for(tmp_path, cards=CARDS.replace("    value: 2", "    value: 2\n    value: 3"))
    assert err.line == 21 and "duplicate key 'value'" in err.message


def test_bad_source_value(tmp_path: Path) -> None:
    err = error_for(
        tmp_path,
        cards=CARDS.replace(
            "source: original\n    colour: red", "source: rulbook\n    colour: red"
        ),
    )
    assert err.line == 12 and "rulebook" in (err.hint or "")


def test_players_min_above_max(tmp_path: Path) -> None:
    err = error_for(tmp_path, game=GAME.replace("{min: 2, max: 4}", "{min: 5, max: 4}"))
    assert err.line == 5 and "more than max" in err.message


def test_cli_reports_bad_catalog_without_traceback(tmp_path: Path) -> None:
    folder = make_game(tmp_path, cards=CARDS.replace("count: 2", "count: -2"))
    result = CliRunner().invoke(main, ["inventory", str(folder)])
    assert result.exit_code == 2
    assert "cards.yaml:17" in result.output
    assert "Traceback" not in result.output


def test_inventory_json_lists_components_and_tables(tmp_path: Path) -> None:
    import json

    result = CliRunner().invoke(main, ["inventory", str(make_game(tmp_path)), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "tiny" and data["title"] == "Tiny Game"
    first = data["components"][0]
    assert {k: first[k] for k in ("id", "name", "kind", "deck", "count", "source")} == {
        "id": "red-one",
        "name": "Red One",
        "kind": "card",
        "deck": "cards",
        "count": 3,
        "source": "original",
    }
    assert first["fields"] == {"colour": "red", "value": 1}
    assert data["tables"]["colours"][0] == {"id": "red", "name": "Red"}


def test_unknown_game_suggests_builtin() -> None:
    result = CliRunner().invoke(main, ["inventory", "spy-royal"])
    assert result.exit_code == 2
    assert "unknown game 'spy-royal'" in result.output
    assert "spy-royale" in result.output


def test_missing_game_yaml(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(main, ["inventory", str(tmp_path / "empty")])
    assert result.exit_code == 2 and "missing game.yaml" in result.output


def test_yaml_source_lines_are_one_based(tmp_path: Path) -> None:
    from pnp.catalog.yamlsource import parse_yaml

    doc = parse_yaml(
        textwrap.dedent("""\
        a: 1
        b:
          - x
          - y
        """),
        "t.yaml",
    )
    assert doc.line_of("a") == 1 and doc.line_of("b") == 2
    assert doc["b"].line_of(1) == 4


def test_text_split_at_a_comma_is_caught(tmp_path: Path) -> None:
    """`{text: Roll, then move}` silently loses "then move" in plain YAML; we refuse it."""
    cards = CARDS.replace(
        "  - id: blue-two",
        "  - {id: green, name: Green, count: 0, source: original, text: Roll, then move}\n"
        "  - id: blue-two",
    )
    err = error_for(tmp_path, cards=cards)
    assert err.line == 15 and "'then move' is a key with no value" in err.message
