"""What a player reads when checking a deck list: pieces that are not cards, names in other
languages, cards filed under another deck, one line for the rules that do not apply, expectations
that say which groups they mean, suggestions that can be written back, and the JSON for tools."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.catalog.games import resolve_game
from pnp.catalog.load import load_game
from pnp.catalog.model import Game
from pnp.cli import main
from pnp.errors import InputError, UnknownNameError
from pnp.rules.decklist import read_decklist
from pnp.rules.report import validate_decklist, validate_game

EVERY = Path(__file__).parents[1] / "fixtures" / "games" / "every-check"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(EVERY)


def write(tmp_path: Path, text: str, name: str = "list.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(*args: str):
    result = CliRunner().invoke(main, ["validate", *args])
    assert "Traceback" not in result.output
    return result


# --- pieces that are not cards --------------------------------------------------------------


@pytest.mark.parametrize("text", ["1 chip-1\n", "[agents]\n1 chip-1\n", "1 5 Intel\n"])
def test_a_chip_in_a_deck_list_says_what_it_is(game: Game, tmp_path: Path, text: str) -> None:
    with pytest.raises(InputError) as info:
        read_decklist(game, write(tmp_path, text))
    err = info.value
    assert not isinstance(err, UnknownNameError)
    ref = text.split("\n")[-2].split(" ", 1)[1]
    assert err.message == f"{ref!r} is a chip (set Intel chips), not a card; deck lists hold cards"
    assert err.hint == "decks of every-check: agents, missions"
    assert err.line == text.count("\n")


def test_a_marker_id_in_a_game_without_decks_exits_2_naming_its_set(tmp_path: Path) -> None:
    result = run("--game", "axis-allies-espionage", str(write(tmp_path, "1 network-ussr-1\n")))
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {tmp_path / 'list.txt'}:1: 'network-ussr-1' is a marker (set Spy network "
        "markers), not a card; deck lists hold cards\n"
        "  axis-allies-espionage has no decks of cards\n"
    )


# --- names in other languages ---------------------------------------------------------------


def test_japanese_names_resolve_like_english_ones(tmp_path: Path) -> None:
    game = resolve_game("spy-royale")
    path = write(tmp_path, "[mission]\n1 盗聴\n1 機密奪取\n[duration]\n1 5ターン\n")
    decklist = read_decklist(game, path)
    assert decklist.decks == {
        "mission": {"wiretap": 1, "seize-the-secrets": 1},
        "duration": {"duration-5": 1},
    }


def test_a_misspelt_japanese_name_suggests_the_japanese_name(tmp_path: Path) -> None:
    with pytest.raises(UnknownNameError) as info:
        read_decklist(resolve_game("spy-royale"), write(tmp_path, "1 盗聴x\n"))
    assert info.value.suggestions[0] == "盗聴"


# --- suggestions that are themselves ambiguous ----------------------------------------------


def test_a_name_several_cards_share_is_suggested_as_their_ids(game: Game, tmp_path: Path) -> None:
    with pytest.raises(UnknownNameError) as info:
        read_decklist(game, write(tmp_path, "1 Spi\n"))
    suggestions = info.value.suggestions
    assert suggestions[:2] == ["red-spy", "blue-spy"]
    assert "Spy" not in suggestions


def test_spy_royale_suggests_ids_for_a_misspelt_shared_name(tmp_path: Path) -> None:
    result = run("--game", "spy-royale", str(write(tmp_path, "1 Steal Documnt\n")))
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "  did you mean: military-steal-document, science-steal-document, "
        "corporate-steal-document?\n"
    )


# --- cards filed under their own deck -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "note"),
    [
        (
            "3 red-spy\n3 blue-spy\n1 Tail the Courier\n",
            "1 card of Missions listed outside any section (line 3); it counts toward deck "
            "missions, not agents",
        ),
        (
            "1 mission-b\n2 mission-a1\n[agents]\n3 red-spy\n",
            "3 cards of Missions listed outside any section (lines 1, 2); they count toward deck "
            "missions, not agents",
        ),
    ],
)
def test_a_card_outside_any_section_says_which_deck_it_counts_toward(
    game: Game, tmp_path: Path, text: str, note: str
) -> None:
    report = validate_decklist(game, write(tmp_path, text))
    assert report.notes == [note]
    assert report.render().splitlines()[1] == f"note: {note}"


def test_a_list_of_one_deck_or_with_sections_has_no_note(game: Game, tmp_path: Path) -> None:
    assert validate_decklist(game, write(tmp_path, "3 red-spy\n1 mole\n")).notes == []
    sectioned = "[agents]\n3 red-spy\n[missions]\n1 mission-b\n"
    assert validate_decklist(game, write(tmp_path, sectioned)).notes == []


def test_the_issue_example_a_crisis_card_in_a_dossier_list(tmp_path: Path) -> None:
    path = write(tmp_path, "1 usa-traitor\n1 usa-handler\n1 Factory Fire\n")
    result = run("--game", "espionage-caledonian", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[1] == (
        "note: 1 card of Crisis cards: China listed outside any section (line 3); it counts "
        "toward deck crisis-chn, not dossier"
    )


# --- one line for the rules that do not apply -----------------------------------------------

ACTION_LIST = "[action]\n3 military-steal-document\n2x science-fake-intel\n"


def test_rules_about_other_decks_are_one_summary_line(tmp_path: Path) -> None:
    result = run("--game", "spy-royale", str(write(tmp_path, ACTION_LIST)))
    assert result.exit_code == 1
    skips = [line for line in result.output.splitlines() if line.startswith("SKIP")]
    assert len(skips) == 1
    assert skips[0] == (
        "SKIP 28 rules not checked: 9 about decks mission, duration (not in the list); "
        "6 about sets chip, marker, aid (lists hold cards); "
        "13 about tables and catalog facts (pnp validate GAME); --verbose lists them"
    )
    assert result.output.splitlines()[-1].endswith(", 28 skipped")


def test_verbose_lists_every_skipped_rule(tmp_path: Path) -> None:
    result = run("--game", "spy-royale", str(write(tmp_path, ACTION_LIST)), "--verbose")
    skips = [line for line in result.output.splitlines() if line.startswith("SKIP")]
    assert len(skips) == 28
    assert any(line.startswith("SKIP extra-hand-counts ") for line in skips)
    assert "    expected: exactly 55 cards" in result.output.splitlines()


# --- expectations that say which groups they mean -------------------------------------------


def test_per_group_expectations_say_which_factions_each_card_is_for() -> None:
    report = validate_game(resolve_game("spy-royale"))
    (verdict,) = [v for v in report.verdicts if v.rule_id == "action-per-faction-and-name"]
    assert verdict.expected == (
        "each faction: 3 Steal Document, 3 Eavesdrop, 2 Fake Intel, 2 Detect; "
        "1 Sniper (military), 1 Escape (science), 1 Extra Mission (corporate), "
        "1 Diversion (political), 1 Disguise (police); no other name"
    )


# --- JSON for tools -------------------------------------------------------------------------


def test_json_for_a_deck_list_holds_the_deck_and_what_each_rule_is_about(tmp_path: Path) -> None:
    path = write(tmp_path, ACTION_LIST + "[mission]\n1 盗聴\n[duration]\n1 5ターン\n")
    result = run("--game", "spy-royale", str(path), "--json")
    assert result.exit_code == 1
    (data,) = json.loads(result.output)
    assert data["decklist"] == str(path)
    assert data["decks"] == {
        "action": {"military-steal-document": 3, "science-fake-intel": 2},
        "mission": {"wiretap": 1},
        "duration": {"duration-5": 1},
    }
    assert data["summary"] == "spy-royale: 41 rules, 10 passed, 12 failed, 19 skipped"
    verdicts = {v["rule"]: v for v in data["verdicts"]}
    deck_size = verdicts["action-deck-size"]
    assert (deck_size["status"], deck_size["deck"], deck_size["tables"]) == ("fail", "action", [])
    assert deck_size["expected"] == "exactly 55 cards"
    assert deck_size["found"] == "5 cards (50 short)"
    assert verdicts["chip-total"]["set"] == "chip"
    assert verdicts["cards-follow-relations"]["tables"] == ["faction-relations"]
    assert verdicts["cards-follow-relations"]["status"] == "skip"


def test_json_for_the_catalog_has_every_rule_with_its_sentence() -> None:
    result = run("axis-allies-espionage", "--json")
    assert result.exit_code == 0
    (data,) = json.loads(result.output)
    assert data["decks"] is None and data["notes"] == []
    facts = {v["rule"]: v for v in data["verdicts"]}["network-total-costs"]
    assert (
        facts["text"]
        == "A network costs 15 IPCs in total at level 1, 35 at level 2 and 60 at level 3."
    )
    assert facts["tables"] == ["network-levels"]
    assert facts["found"] == "3 facts in 3 rows, as expected"
    file, line = facts["origin"].rsplit(":", 1)
    assert Path(file).read_text().splitlines()[int(line) - 1] == "  - id: network-total-costs"
