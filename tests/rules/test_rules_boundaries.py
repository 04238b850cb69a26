"""Counts at the edge of a rule, through `pnp validate --game`: exactly at a minimum or maximum
passes (exit 0), one past it fails (exit 1) and the report says by how much."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

EVERY = Path(__file__).parents[1] / "fixtures" / "games" / "every-check"

AT_LEAST_8 = "{id: at-least-8, text: At least 8 agents., check: total, deck: agents, min: 8}"
AT_MOST_10 = "{id: at-most-10, text: At most 10 agents., check: total, deck: agents, max: 10}"
BETWEEN = "{id: eight-to-ten, text: 8 to 10 agents., check: total, deck: agents, min: 8, max: 10}"
THREE_COPIES = (
    "{id: three-copies, text: 3 copies at most., check: max_copies, deck: agents, max: 3}"
)
TWO_SPECIALS = (
    "{id: two-specials, text: Two specials., check: required, deck: agents,"
    " where: {special: true}, min: 2}"
)
DEAL_THREE = (
    "{id: deal-three, text: Three cards each., check: enough_to_deal, deck: agents, per_player: 3}"
)
TWO_PER_FACTION = (
    "{id: two-per-faction, text: Two of each faction., check: per_group, deck: agents,"
    " group_by: faction, min: 2}"
)


def game_with(tmp_path: Path, rule: str) -> Path:
    """The every-check fixture with `rule` as its only rule."""
    folder = tmp_path / "game"
    shutil.copytree(EVERY, folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text()
    game_yaml.write_text(text[: text.index("\nrules:")] + f"\nrules:\n  - {rule}\n")
    return folder


def validate(tmp_path: Path, rule: str, decklist: str) -> tuple[int, list[str]]:
    """Exit code and report lines after the deck list's own line."""
    listed = tmp_path / "list.txt"
    listed.write_text(textwrap.dedent(decklist))
    result = CliRunner().invoke(main, ["validate", "--game", str(game_with(tmp_path, rule)),
                                       str(listed)])  # fmt: skip
    lines = result.output.splitlines()
    assert lines[0].startswith(f"deck list {listed}: agents ")
    return result.exit_code, lines[1:]


@pytest.mark.parametrize(
    ("rule", "decklist", "passed"),
    [
        pytest.param(
            AT_LEAST_8, "8 red-spy", "PASS at-least-8  At least 8 agents.", id="total-min"
        ),
        pytest.param(
            AT_MOST_10, "10 red-spy", "PASS at-most-10  At most 10 agents.", id="total-max"
        ),
        pytest.param(
            BETWEEN, "8 red-spy", "PASS eight-to-ten  8 to 10 agents.", id="between-at-min"
        ),
        pytest.param(
            BETWEEN, "10 red-spy", "PASS eight-to-ten  8 to 10 agents.", id="between-at-max"
        ),
        pytest.param(
            THREE_COPIES,
            "3 red-spy\n3 blue-spy",
            "PASS three-copies  3 copies at most.",
            id="max-copies",
        ),
        pytest.param(
            TWO_SPECIALS,
            "1 red-boss\n1 mole",
            "PASS two-specials  Two specials.",
            id="required-min",
        ),
        pytest.param(
            DEAL_THREE, "12 red-spy", "PASS deal-three  Three cards each.", id="enough-to-deal"
        ),
        pytest.param(
            TWO_PER_FACTION,
            "2 red-spy\n2 blue-guard",
            "PASS two-per-faction  Two of each faction.",
            id="per-group-min",
        ),
    ],
)
def test_a_count_exactly_at_the_limit_passes(
    tmp_path: Path, rule: str, decklist: str, passed: str
) -> None:
    code, lines = validate(tmp_path, rule, decklist)
    assert code == 0, lines
    assert lines == [passed, "every-check: 1 rule, 1 passed"]


@pytest.mark.parametrize(
    ("rule", "decklist", "verdict"),
    [
        pytest.param(
            AT_LEAST_8,
            "7 red-spy",
            [
                "FAIL at-least-8  At least 8 agents.",
                "    expected: at least 8 cards",
                "    found: 7 cards (1 short)",
            ],
            id="total-min",
        ),
        pytest.param(
            AT_MOST_10,
            "11 red-spy",
            [
                "FAIL at-most-10  At most 10 agents.",
                "    expected: at most 10 cards",
                "    found: 11 cards (1 too many)",
            ],
            id="total-max",
        ),
        pytest.param(
            BETWEEN,
            "7 red-spy",
            [
                "FAIL eight-to-ten  8 to 10 agents.",
                "    expected: between 8 and 10 cards",
                "    found: 7 cards (1 short)",
            ],
            id="between-below-min",
        ),
        pytest.param(
            BETWEEN,
            "11 red-spy",
            [
                "FAIL eight-to-ten  8 to 10 agents.",
                "    expected: between 8 and 10 cards",
                "    found: 11 cards (1 too many)",
            ],
            id="between-above-max",
        ),
        pytest.param(
            THREE_COPIES,
            "3 red-spy\n4 blue-spy",
            [
                "FAIL three-copies  3 copies at most.",
                "    expected: at most 3 copies of each card",
                "    found: 1 card over the limit",
                "      blue-spy (Spy): 4 copies (1 too many)",
            ],
            id="max-copies",
        ),
        pytest.param(
            TWO_SPECIALS,
            "1 red-boss\n5 red-spy",
            [
                "FAIL two-specials  Two specials.",
                "    expected: at least 2 cards (special: true)",
                "    found: 1 card",
            ],
            id="required-min",
        ),
        pytest.param(
            DEAL_THREE,
            "11 red-spy",
            [
                "FAIL deal-three  Three cards each.",
                "    expected: at least 12 cards (4 players x 3)",
                "    found: 11 cards (1 short)",
                "      4 players x 3 = 12: 1 short",
            ],
            id="enough-to-deal",
        ),
        pytest.param(
            TWO_PER_FACTION,
            "2 red-spy\n1 blue-guard",
            [
                "FAIL two-per-faction  Two of each faction.",
                "    expected: at least 2 cards for each faction",
                "    found: 1 of 2 groups off",
                "      blue: 1 (expected at least 2, 1 short): 1 x Guard",
            ],
            id="per-group-min",
        ),
    ],
)
def test_one_past_the_limit_fails_and_says_by_how_much(
    tmp_path: Path, rule: str, decklist: str, verdict: list[str]
) -> None:
    code, lines = validate(tmp_path, rule, decklist)
    assert code == 1, lines
    assert lines == [*verdict, "every-check: 1 rule, 0 passed, 1 failed"]
