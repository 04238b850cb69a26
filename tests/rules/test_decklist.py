"""Reading users' deck lists: both formats, sections, ids and names, and clear errors with the
file, the line and the closest names."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.catalog.load import load_game
from pnp.catalog.model import Game
from pnp.errors import InputError, UnknownNameError
from pnp.rules.decklist import read_decklist

FIXTURES = Path(__file__).parents[1] / "fixtures"
LISTS = FIXTURES / "decklists"
CATALOG_AGENTS = {
    "red-spy": 3, "blue-spy": 3, "red-guard": 2, "blue-guard": 2,
    "red-boss": 1, "blue-boss": 1, "mole": 1,
}  # fmt: skip


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(FIXTURES / "games" / "every-check")


def write(tmp_path: Path, text: str | bytes, name: str = "list.txt") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def error_for(game: Game, tmp_path: Path, text: str | bytes, name: str = "list.txt") -> InputError:
    path = write(tmp_path, text, name)
    with pytest.raises(InputError) as info:
        read_decklist(game, path)
    assert info.value.file == str(path)
    return info.value


# --- what a list says -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["every-check-legal.txt", "every-check-legal.yaml"])
def test_both_formats_give_the_catalog_deck(game: Game, name: str) -> None:
    decklist = read_decklist(game, LISTS / name)
    assert decklist.format == name.rsplit(".", 1)[1].replace("txt", "text")
    assert decklist.decks == {"agents": CATALOG_AGENTS}
    assert decklist.total == 13


def test_without_sections_each_card_finds_its_deck(game: Game) -> None:
    decklist = read_decklist(game, LISTS / "every-check-two-decks.txt")
    assert decklist.decks["agents"] == CATALOG_AGENTS
    assert decklist.decks["missions"] == {"mission-b": 1, "mission-a1": 1, "mission-a2": 1}


def test_ids_names_case_and_spacing(game: Game, tmp_path: Path) -> None:
    text = "2 RED-SPY\n1   red   boss  \n1x Blue Boss\n3× mole # trailing comment\n1 red-spy\n"
    decklist = read_decklist(game, write(tmp_path, text))
    assert decklist.decks == {"agents": {"red-spy": 3, "red-boss": 1, "blue-boss": 1, "mole": 3}}


def test_a_section_alone_names_its_deck(game: Game, tmp_path: Path) -> None:
    decklist = read_decklist(game, write(tmp_path, "[missions]\n[agents]\n1 mole\n"))
    assert decklist.decks == {"missions": {}, "agents": {"mole": 1}}


def test_a_section_may_name_the_deck_by_its_name(game: Game, tmp_path: Path) -> None:
    decklist = read_decklist(game, write(tmp_path, "[Missions]\n1 mission-s\n"))
    assert decklist.decks == {"missions": {"mission-s": 1}}


def test_yaml_is_recognised_by_content_without_extension(game: Game, tmp_path: Path) -> None:
    path = write(tmp_path, "# mine\ngame: every-check\ndecks: {agents: {mole: 1}}\n", "mine")
    decklist = read_decklist(game, path)
    assert (decklist.format, decklist.decks) == ("yaml", {"agents": {"mole": 1}})


def test_yaml_ids_and_names_of_one_card_add_up(game: Game, tmp_path: Path) -> None:
    path = write(tmp_path, "decks:\n  agents: {mole: 1, Mole : 2}\n", "list.yaml")
    assert read_decklist(game, path).decks == {"agents": {"mole": 3}}


def test_utf8_bom_is_ignored(game: Game, tmp_path: Path) -> None:
    path = write(tmp_path, "\ufeff1 mole\n".encode())
    assert read_decklist(game, path).decks == {"agents": {"mole": 1}}


# --- text errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("[agents]\n3 Spy\n", 2, "'Spy' is ambiguous: it names 2 cards (red-spy, blue-spy)"),
        ("# x\n\n2 Guard\n", 3, "'Guard' is ambiguous: it names 2 cards (red-guard, blue-guard)"),
        ("1 mole\n-2 mole\n", 2, "count -2 should be 0 or more"),
        ("2.5 mole\n", 1, "count '2.5' should be a whole number"),
        ("two mole\n", 1, "expected `COUNT CARD`"),
        ("mole\n", 1, "expected `COUNT CARD`"),
        ("3\n", 1, "expected `COUNT CARD`"),
        ("mole x2\n", 1, "expected `COUNT CARD`"),
        ("[chips]\n1 chip-1\n", 1, "'chips' is a set of chips, not a deck"),
        ("[missions]\n1 mole\n", 2, "'mole' is not in deck 'missions'; it is in agents"),
        ("[]\n1 mole\n", 1, "expected a deck id"),
    ],
)
def test_text_errors_name_the_line(
    game: Game, tmp_path: Path, text: str, line: int, message: str
) -> None:
    err = error_for(game, tmp_path, text)
    assert err.line == line
    assert message in err.message


def test_an_ambiguous_name_says_to_use_the_id(game: Game, tmp_path: Path) -> None:
    err = error_for(game, tmp_path, "3 spy\n")
    assert err.hint == "write the card's id instead"


@pytest.mark.parametrize(
    ("text", "line", "suggestion"),
    [
        ("[agents]\n1 Red Bos\n", 2, "Red Boss"),
        ("1 mol\n", 1, "mole"),
        ("[agent]\n1 mole\n", 1, "agents"),
        ("[missions]\n1 Tail the Currier\n", 2, "Tail the Courier"),
    ],
)
def test_unknown_names_come_with_the_closest_known(
    game: Game, tmp_path: Path, text: str, line: int, suggestion: str
) -> None:
    err = error_for(game, tmp_path, text)
    assert isinstance(err, UnknownNameError)
    assert err.line == line
    assert suggestion in err.suggestions
    assert f"did you mean: {suggestion}" in err.format()
    assert f":{line}: " in err.format()


# --- YAML errors ----------------------------------------------------------------------------

MOLE_COUNT = "deck 'agents': `mole` should be a whole number from 0 to 1000"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("game: every-check\ndecks: {agents: {mole: 1}\n", 3, "not valid YAML"),
        ("game: spy-royale\ndecks: {agents: {mole: 1}}\n", 1, "for game 'spy-royale'"),
        ("game: every-check\ndeck: {agents: {mole: 1}}\n", 2, "unknown key 'deck'"),
        ("game: every-check\n", 1, "`decks` should map deck ids"),
        ("decks: [mole]\n", 1, "`decks` should map deck ids"),
        ("decks:\n  agents: [mole]\n", 2, "expected card: count lines"),
        ("decks:\n  agents:\n    mole: three\n", 3, f"{MOLE_COUNT}, found 'three'"),
        ("decks:\n  agents:\n    mole: -1\n", 3, f"{MOLE_COUNT}, found -1"),
        ("decks:\n  agents:\n    mole: 1.5\n", 3, f"{MOLE_COUNT}, found 1.5"),
        ("decks:\n  agents:\n    mole: true\n", 3, f"{MOLE_COUNT}, found the boolean true"),
        ("decks:\n  agents:\n    mole:\n", 3, "deck 'agents': `mole` needs a count"),
        ("decks:\n  agents:\n    mole: 1\n    Spy: 2\n", 4, "'Spy' is ambiguous"),
        ("decks:\n  agents:\n    mole: 1\n    [a]: 2\n", 4, "plain value"),
        ("decks:\n  agents:\n    mole: 1\n    mole: 2\n", 4, "duplicate key 'mole'"),
        ("- 3 mole\n", 1, "expected a mapping with `game:` and `decks:`"),
        ("decks:\n  agents: {mole: 1}\n  chips: {chip-1: 2}\n", 3, "not a deck"),
    ],
)
def test_yaml_errors_name_the_line(
    game: Game, tmp_path: Path, text: str, line: int, message: str
) -> None:
    err = error_for(game, tmp_path, text, "list.yaml")
    assert err.line == line
    assert message in err.message


def test_yaml_unknown_card_and_deck_suggest(game: Game, tmp_path: Path) -> None:
    err = error_for(game, tmp_path, "decks:\n  agents:\n    Blue Bos: 1\n", "list.yaml")
    assert isinstance(err, UnknownNameError)
    assert (err.line, err.suggestions[0]) == (3, "Blue Boss")
    err = error_for(game, tmp_path, "decks:\n  mission:\n    mission-s: 1\n", "list.yaml")
    assert isinstance(err, UnknownNameError)
    assert (err.line, err.suggestions[0]) == (2, "missions")


# --- files that are not deck lists ----------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "name", "message"),
    [
        (b"", "list.txt", "empty deck list"),
        (b"  \n\n", "list.txt", "empty deck list"),
        (b"# only a comment\n[agents]\n", "list.txt", "empty deck list"),
        (b"decks:\n  agents:\n", "list.yaml", "empty deck list"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff", "list.txt", "not UTF-8"),
        (b"1 mole\x00\x00", "list.txt", "binary file"),
    ],
)
def test_files_that_hold_no_deck_list(
    game: Game, tmp_path: Path, content: bytes, name: str, message: str
) -> None:
    assert message in error_for(game, tmp_path, content, name).message


def test_a_missing_file_or_a_folder(game: Game, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="file not found"):
        read_decklist(game, tmp_path / "nope.txt")
    with pytest.raises(InputError, match="found a folder"):
        read_decklist(game, tmp_path)
