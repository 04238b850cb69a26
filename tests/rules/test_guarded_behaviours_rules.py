"""Rule verdicts a designer relies on, read from `pnp validate`'s report and exit code: the worst
hand of `enough_to_deal`, a `facts` list holding more than the rulebook says, and an `agree` key
that only one side states."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main

EVERY = Path(__file__).parents[1] / "fixtures" / "games" / "every-check"


def game(tmp_path: Path, rules: str, edits: dict[str, tuple[str, str]]) -> Path:
    """every-check with its rules replaced by `rules` (YAML) and each {file: (old, new)} applied
    (old present exactly once)."""
    folder = Path(shutil.copytree(EVERY, tmp_path / "every-check"))
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text()
    rules_yaml = textwrap.indent(textwrap.dedent(rules), "  ")
    game_yaml.write_text(text[: text.index("\nrules:")] + "\nrules:\n" + rules_yaml)
    for name, (old, new) in edits.items():
        path = folder / name
        content = path.read_text()
        assert content.count(old) == 1, (name, old)
        path.write_text(content.replace(old, new))
    return folder


def validate(folder: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


# --- enough_to_deal: the worst case is the most cards dealt, not the most players -------------

DEAL = """
- id: deal
  text: The agent deck deals every hand at every player count.
  check: enough_to_deal
  deck: agents
  per_player_table: {table: hand-size, players: players, cards: cards}
  players: all
"""


def test_enough_to_deal_fails_when_the_fewest_players_need_the_most_cards(tmp_path: Path) -> None:
    """Two players get 9 cards each (18) from a 13-card deck; four players need only 8. If the
    check judged by the largest table, validate would pass a deck that cannot be dealt."""
    edits = {"game.yaml": ("{players: 2, cards: 4}", "{players: 2, cards: 9}")}
    code, output = validate(game(tmp_path, DEAL, edits))
    assert code == 1, output
    assert (
        "FAIL deal  The agent deck deals every hand at every player count.\n"
        "    expected: at least 18 cards (worst case 2 players x 9)\n"
        "    found: 13 cards (5 short)\n"
        "      2 players x 9 = 18: 5 short\n"
    ) in output
    assert output.rstrip().endswith("every-check: 1 rule, 0 passed, 1 failed")


# --- facts: a list with an item the rulebook does not give ------------------------------------

GUARD_FACTS = """
- id: guards
  text: The red guard watches red and blue.
  check: facts
  deck: agents
  expect:
    red-guard: {targets: [red, blue]}
"""

RED_GUARD = "    targets: [red, blue]\n  - id: blue-guard"


def test_facts_catch_a_card_list_with_an_extra_value(tmp_path: Path) -> None:
    """The card also targets green, which the rulebook never says; every value the rulebook
    gives is there, so a check that only looked for those would pass it."""
    assert validate(game(tmp_path / "kept", GUARD_FACTS, {}))[0] == 0
    edits = {"agents.yaml": (RED_GUARD, RED_GUARD.replace("blue]", "blue, green]", 1))}
    folder = game(tmp_path / "extra", GUARD_FACTS, edits)
    code, output = validate(folder)
    assert code == 1, output
    agents = folder / "agents.yaml"
    assert "    found: 1 problem in 1 facts\n" in output
    assert (
        f"      red-guard (at {agents}:14): targets is [red, blue, green], expected [red, blue]\n"
    ) in output


def test_facts_catch_a_card_list_with_a_value_twice(tmp_path: Path) -> None:
    """[red, blue, blue] is not the rulebook's [red, blue]: a card printed with a duplicate."""
    edits = {"agents.yaml": (RED_GUARD, RED_GUARD.replace("blue]", "blue, blue]", 1))}
    folder = game(tmp_path, GUARD_FACTS, edits)
    code, output = validate(folder)
    assert code == 1, output
    assert "targets is [red, blue, blue], expected [red, blue]" in output


# --- agree: a key on one side only ------------------------------------------------------------

SPIES = """
- id: spies
  text: Each spy targets the faction the rivals table gives its own.
  check: agree
  left: {deck: agents, where: {role: spy}, key: faction, value: targets}
  right: {table: rivals, key: faction, value: rival}
"""

BLUE_RIVAL = "      - {faction: blue, rival: red}\n"


def test_agree_catches_a_key_only_the_right_side_has(tmp_path: Path) -> None:
    """The rivals table names a green faction no spy belongs to: the two places disagree."""
    edits = {"game.yaml": (BLUE_RIVAL, BLUE_RIVAL + "      - {faction: green, rival: red}\n")}
    code, output = validate(game(tmp_path, SPIES, edits))
    assert code == 1, output
    assert "    found: 1 of 3 keys differ\n" in output
    assert (
        "      faction green: agents.targets has nothing; rivals.rival has red (row 3, line 32)\n"
    ) in output


def test_agree_catches_a_key_only_the_left_side_has(tmp_path: Path) -> None:
    """A blue spy with no row in the rivals table: the table says nothing about blue."""
    code, output = validate(game(tmp_path, SPIES, {"game.yaml": (BLUE_RIVAL, "")}))
    assert code == 1, output
    assert "    found: 1 of 2 keys differ\n" in output
    assert "faction blue: agents.targets has red (at " in output
    assert "; rivals.rival has nothing\n" in output
