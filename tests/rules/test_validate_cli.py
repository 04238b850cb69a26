"""`pnp validate`: the report a person reads and the exit codes scripts rely on
(0 all rules kept, 1 a rule broken, 2 bad input)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.catalog.games import builtin_ids
from pnp.catalog.load import load_game
from pnp.cli import main
from pnp.rules.report import validate_decklist, validate_game

FIXTURES = Path(__file__).parents[1] / "fixtures"
GAMES = FIXTURES / "games"
LISTS = FIXTURES / "decklists"
EVERY = str(GAMES / "every-check")


def run(*args: str):
    result = CliRunner().invoke(main, ["validate", *args])
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    return result


# --- the report -----------------------------------------------------------------------------


def test_report_lists_every_rule_and_sums_up() -> None:
    report = validate_game(load_game(GAMES / "every-check"))
    lines = report.render().splitlines()
    assert report.ok
    assert len(lines) == 21
    assert lines[0] == "PASS agents-total        The agent deck holds exactly 13 cards."
    assert lines[-1] == "every-check: 20 rules, 20 passed"


def test_a_failure_shows_expected_and_found() -> None:
    report = validate_game(load_game(GAMES / "every-check-broken"))
    text = report.render()
    assert not report.ok
    assert len(report.failed) == 20
    assert (
        "FAIL per-faction         Each faction has 5 ordinary agents.\n"
        "    expected: exactly 5 cards for each faction (special: false)\n"
        "    found: 3 of 3 groups off\n"
        "      red: 6 (expected exactly 5, 1 too many): 4 x Spy, 2 x Guard\n"
    ) in text
    assert text.endswith("every-check-broken: 20 rules, 0 passed, 20 failed")


def test_a_deck_list_report_names_the_list_and_sums_up_the_skipped_rules() -> None:
    report = validate_decklist(load_game(GAMES / "every-check"), LISTS / "every-check-broken.txt")
    lines = report.render().splitlines()
    assert lines[0] == f"deck list {LISTS / 'every-check-broken.txt'}: agents 11 cards"
    assert not any(line.startswith("SKIP chip-total") for line in lines)
    assert lines[-2] == (
        "SKIP 9 rules not checked: 2 about deck missions (not in the list); "
        "2 about set chips (lists hold cards); "
        "5 about tables and catalog facts (pnp validate GAME); --verbose lists them"
    )
    assert lines[-1] == "every-check: 20 rules, 3 passed, 8 failed, 9 skipped"
    verbose = report.render(verbose=True).splitlines()
    assert "SKIP chip-total          There are 14 chips." in verbose
    assert sum(line.startswith("SKIP ") for line in verbose) == 9
    data = report.as_dict()
    assert data["ok"] is False
    assert {v["status"] for v in data["verdicts"]} == {"pass", "fail", "skip"}


def test_verbose_render_shows_what_was_found_for_passing_rules() -> None:
    report = validate_game(load_game(GAMES / "minimal-game"))
    assert report.render(verbose=True).splitlines() == [
        "PASS deck-size  The deck holds 5 cards.",
        "    expected: exactly 5 cards",
        "    found: 5 cards",
        "minimal-game: 1 rule, 1 passed",
    ]


# --- exit codes -----------------------------------------------------------------------------


def test_a_catalog_that_keeps_its_rules_exits_0() -> None:
    result = run(EVERY)
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("every-check: 20 rules, 20 passed")


def test_a_catalog_that_breaks_a_rule_exits_1() -> None:
    result = run(str(GAMES / "every-check-broken"))
    assert result.exit_code == 1
    assert "FAIL seat-factions" in result.output


@pytest.mark.skipif(not builtin_ids(), reason="no built-in games yet")
def test_all_builtin_catalogs_validate(products) -> None:
    code, output = products.ran("validate", "--all")  # once a session: other files read it
    assert "Traceback" not in output
    assert code == 0, output
    for game_id in builtin_ids():  # a game with editions names each: "GAME (ID edition): "
        assert re.search(rf"^{re.escape(game_id)}(?: \(\S+ edition\))?: ", output, re.M)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("every-check-legal.txt", 0),
        ("every-check-legal.yaml", 0),
        ("every-check-broken.txt", 1),
        ("every-check-two-decks.txt", 1),
    ],
)
def test_deck_lists_exit_by_verdict(name: str, code: int) -> None:
    result = run("--game", EVERY, str(LISTS / name))
    assert result.exit_code == code, result.output


@pytest.mark.parametrize(
    ("scenario", "where", "hint"),
    [
        ("unknown-check", "game.yaml:25:", "did you mean: total?"),
        ("unknown-where-field", "game.yaml:27:", "did you mean: faction?"),
        ("bad-yaml", "game.yaml:27:", None),
    ],
)
def test_a_wrong_rule_exits_2_with_file_and_line(
    scenario: str, where: str, hint: str | None
) -> None:
    result = run(str(GAMES / scenario))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert f"{scenario}/{where}" in result.stderr
    if hint:
        assert hint in result.stderr


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("[agents]\n3 Spy\n", ":2:", "ambiguous"),
        ("1 Red Bos\n", ":1:", "did you mean: Red Boss,"),
        ("1 mole\n1.5 mole\n", ":2:", "whole number"),
        ("hello there\n", ":1:", "expected `COUNT CARD`"),
    ],
)
def test_a_bad_deck_list_exits_2_with_file_and_line(
    tmp_path: Path, text: str, where: str, message: str
) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(text)
    result = run("--game", EVERY, str(path))
    assert result.exit_code == 2
    assert f"{path}{where}" in result.stderr
    assert message in result.stderr


def test_a_yaml_list_for_another_game_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("game: spy-royale\ndecks: {action: {military-sniper: 1}}\n")
    result = run("--game", EVERY, str(path))
    assert result.exit_code == 2
    assert "for game 'spy-royale'" in result.stderr


def test_a_missing_deck_list_exits_2(tmp_path: Path) -> None:
    result = run("--game", EVERY, str(tmp_path / "none.txt"))
    assert result.exit_code == 2
    assert "file not found" in result.stderr
