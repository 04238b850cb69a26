"""Row-bound facts (`facts`) and cross-checks (`agree`): each kept on the every-check fixture,
broken by a changed row with a message naming the row (or card), its line and the field, and a
wrong rule refused at its line with the closest names."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.catalog.load import load_game
from pnp.cli import main
from pnp.errors import InputError, UnknownNameError
from pnp.rules.facts import matches
from pnp.rules.registry import evaluate, parse_rules
from pnp.rules.report import validate_game
from pnp.rules.verdict import Counts, Verdict

GAMES = Path(__file__).parents[1] / "fixtures" / "games"


def game_copy(tmp_path: Path, rules: str, edits: dict[str, tuple[str, str]] | None = None) -> Path:
    """every-check with its rules replaced by `rules` (YAML text) and `edits`
    ({file: (old, new)}, each old text present exactly once) applied."""
    folder = tmp_path / "every-check"
    shutil.copytree(GAMES / "every-check", folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text()
    game_yaml.write_text(
        text[: text.index("\nrules:")]
        + "\nrules:\n"
        + textwrap.indent(textwrap.dedent(rules), "  ")
    )
    for name, (old, new) in (edits or {}).items():
        path = folder / name
        content = path.read_text()
        assert content.count(old) == 1, (name, old)
        path.write_text(content.replace(old, new))
    return folder


def verdict_of(
    tmp_path: Path, rules: str, edits: dict[str, tuple[str, str]] | None = None
) -> Verdict:
    (verdict,) = validate_game(load_game(game_copy(tmp_path, rules, edits))).verdicts
    return verdict


def error_of(tmp_path: Path, rules: str) -> InputError:
    with pytest.raises(InputError) as info:
        validate_game(load_game(game_copy(tmp_path, rules)))
    return info.value


HAND_FACTS = """
- id: hands
  text: Two players hold 4 cards, four players 2.
  check: facts
  table: hand-size
  key: players
  expect:
    2: {cards: 4}
    4: {cards: 2}
"""

CARD_FACTS = """
- id: bosses
  text: The red boss is a red boss; the mole has no faction.
  check: facts
  deck: agents
  expect:
    red-boss: {faction: red, role: boss, special: true}
    mole: {role: mole, faction: null}
"""

SPIES = """
- id: spies
  text: Each spy targets the faction the rivals table gives its own.
  check: agree
  left: {deck: agents, where: {role: spy}, key: faction, value: targets}
  right: {table: rivals, key: faction, value: rival}
"""


# --- facts ----------------------------------------------------------------------------------


def test_table_facts_pass_when_each_row_holds_its_values(tmp_path: Path) -> None:
    verdict = verdict_of(tmp_path, HAND_FACTS)
    assert verdict.passed
    assert verdict.expected == "in table hand-size: players 2: cards 4; players 4: cards 2"
    assert verdict.found == "2 facts in 2 rows, as expected"


def test_swapped_rows_break_a_fact_that_allowed_values_would_keep(tmp_path: Path) -> None:
    swapped = ("{players: 2, cards: 4}", "{players: 2, cards: 2}")
    verdict = verdict_of(tmp_path, HAND_FACTS, {"game.yaml": swapped})
    assert verdict.failed
    assert verdict.problems == ("players 2 (row 1, line 15): cards is 2, expected 4",)
    assert verdict.found == "1 problem in 2 facts"


def test_a_row_that_is_gone_fails_and_suggests_the_keys_there_are(tmp_path: Path) -> None:
    gone = ("{players: 4, cards: 2}", "{players: 5, cards: 2}")
    verdict = verdict_of(tmp_path, HAND_FACTS, {"game.yaml": gone})
    assert verdict.failed
    assert verdict.problems[0].startswith("players 4: no row of table 'hand-size' has it")


def test_card_facts_name_the_card_and_where_it_is_written(tmp_path: Path) -> None:
    assert verdict_of(tmp_path, CARD_FACTS).passed
    edits = {
        "agents.yaml": (
            "role: boss, special: true}\n  - {id: blue",
            "role: guard, special: true}\n  - {id: blue",
        )
    }
    verdict = verdict_of(tmp_path / "b", CARD_FACTS, edits)
    agents = tmp_path / "b" / "every-check" / "agents.yaml"
    assert verdict.problems == (f"red-boss (at {agents}:28): role is guard, expected boss",)


def test_null_means_the_card_has_no_such_field(tmp_path: Path) -> None:
    edits = {"agents.yaml": ("{id: mole, name: Mole,", "{id: mole, faction: red, name: Mole,")}
    verdict = verdict_of(tmp_path, CARD_FACTS, edits)
    assert verdict.failed
    assert verdict.problems[0].endswith("faction is red, expected nothing")


def test_a_card_that_is_gone_breaks_its_facts(tmp_path: Path) -> None:
    edits = {"agents.yaml": ("{id: mole, name: Mole,", "{id: the-mole, name: Mole,")}
    verdict = verdict_of(tmp_path, CARD_FACTS, edits)
    assert verdict.problems == ("mole: no card of 'agents' has it (did you mean: the-mole?)",)


def test_facts_with_several_key_fields_and_list_values(tmp_path: Path) -> None:
    rules = """
    - id: guards
      text: Every guard watches both factions.
      check: facts
      deck: agents
      key: [faction, role]
      expect:
        red / guard: {targets: [blue, red]}
        blue / guard: {targets: [red, blue]}
    """
    verdict = verdict_of(tmp_path, rules)
    assert verdict.passed, verdict.problems
    assert verdict.expected.startswith("in deck agents by faction / role: red / guard: targets")
    edits = {
        "agents.yaml": (
            "role: guard\n    targets: [red, blue]\n  - id: blue-guard",
            "role: guard\n    targets: [red]\n  - id: blue-guard",
        )
    }
    broken = verdict_of(tmp_path / "b", rules, edits)
    assert broken.problems[0].startswith("red / guard (at ")
    assert broken.problems[0].endswith("targets is [red], expected [blue, red]")


@pytest.mark.parametrize(
    ("have", "want", "same"),
    [
        ([1, 2], [2, 1], True),
        ([1, 1], [1, 2], False),
        ({"each": 1}, {"each": 1}, True),
        ({"each": 1}, {"each": 2}, False),
        (True, 1, False),
        (None, None, True),
        ([], None, True),
        ("red", None, False),
        (35, 35.0, True),
    ],
)
def test_what_counts_as_the_same_value(have: object, want: object, same: bool) -> None:
    assert matches(have, want) is same


# --- agree ----------------------------------------------------------------------------------


def test_agree_passes_when_both_sides_give_each_key_the_same_values(tmp_path: Path) -> None:
    verdict = verdict_of(tmp_path, SPIES)
    assert verdict.passed
    assert verdict.found == "2 keys, all the same"
    assert verdict.about == (("deck", "agents"), ("table", "rivals"))


def test_agree_names_the_key_and_what_each_side_says(tmp_path: Path) -> None:
    edits = {"game.yaml": ("{faction: blue, rival: red}", "{faction: blue, rival: green}")}
    verdict = verdict_of(tmp_path, SPIES, edits)
    agents = tmp_path / "every-check" / "agents.yaml"
    assert verdict.problems == (
        f"faction blue: agents.targets has red (at {agents}:13); "
        "rivals.rival has green (row 2, line 31)",
    )


def test_agree_reports_a_key_only_one_side_has(tmp_path: Path) -> None:
    edits = {"game.yaml": ("      - {faction: blue, rival: red}\n", "")}
    verdict = verdict_of(tmp_path, SPIES, edits)
    assert verdict.found == "1 of 2 keys differ"
    assert verdict.problems[0].startswith("faction blue: agents.targets has red")
    assert verdict.problems[0].endswith("; rivals.rival has nothing")


def test_agree_splits_text_cells_and_compares_values_as_written(tmp_path: Path) -> None:
    rules = """
    - id: seats
      text: The hand-size table and the seats agree.
      check: agree
      left: {table: seats, key: faction, value: seat}
      right: {table: spread, key: faction, value: seats, split: {seats: ' '}}
    """
    table = (
        "  spread:\n    rows:\n"
        "      - {faction: red, seats: 1 3}\n      - {faction: blue, seats: '2   4'}\n"
    )
    edits = {"game.yaml": ("  rivals:\n", table + "  rivals:\n")}
    assert verdict_of(tmp_path, rules, edits).passed
    edits = {"game.yaml": ("  rivals:\n", table.replace("2   4", "2 5") + "  rivals:\n")}
    verdict = verdict_of(tmp_path / "b", rules, edits)
    assert verdict.problems[0].startswith("faction blue: seats.seat has 2, 4 (row 2, line ")
    assert "spread.seats has 2, 5 (row 2, line " in verdict.problems[0]


def test_catalog_facts_are_skipped_on_a_deck_list(tmp_path: Path) -> None:
    game = load_game(game_copy(tmp_path, HAND_FACTS + CARD_FACTS + SPIES))
    verdicts = evaluate(parse_rules(game), Counts(game, {"agents": {"mole": 1}}))
    assert [v.status for v in verdicts] == ["skip", "skip", "skip"]
    assert all("checked with the catalog" in v.found for v in verdicts)


# --- wrong rules ----------------------------------------------------------------------------


RIGHT = "right: {table: seats, key: seat, value: faction}"


def agree(left: str) -> str:
    """An `agree` rule's parameters with `left` as given and a good right side."""
    return f"agree, left: {left}, {RIGHT}"


@pytest.mark.parametrize(
    ("params", "message", "suggestion"),
    [
        ("facts, table: seats, expect: {1: {faction: red}}", "need `key:`", None),
        ("facts, table: seats, key: seet, expect: {1: {faction: red}}", "field 'seet'", "seat"),
        (
            "facts, table: seats, key: seat, expect: {1: {fraction: red}}",
            "field 'fraction'",
            "faction",
        ),
        ("facts, table: seats, key: seat, expect: [1]", "`expect` should map", None),
        ("facts, table: seats, key: seat, expect: {1: red}", "give its facts as", None),
        ("facts, deck: agents, table: seats, expect: {a: {b: 1}}", "not both", None),
        ("facts, expect: {a: {b: 1}}", "name a `table:`", None),
        ("facts, deck: agent, expect: {mole: {role: mole}}", "no deck 'agent'", "agents"),
        ("agree, left: {table: seats, key: seat, value: faction}", "missing `right`", None),
        (agree("[seats]"), "`left` should be", None),
        (agree("{table: seats, key: seat}"), "needs `value:`", None),
        (agree("{table: seats, key: seat, value: faction, sort: 1}"), "unknown key 'sort'", None),
        (agree("{table: seats, key: [seat, faction], value: faction}"), "as many", None),
        (agree("{table: seats, key: seat, value: facton}"), "field 'facton'", "faction"),
        (
            agree("{table: seats, key: seat, value: faction, split: {faction: 1}}"),
            "separator",
            None,
        ),
        (
            agree("{table: seats, key: seat, value: faction, where: {sit: 1}}"),
            "field 'sit'",
            "seat",
        ),
    ],
)
def test_a_wrong_fact_or_cross_check_is_refused_at_its_line(
    tmp_path: Path, params: str, message: str, suggestion: str | None
) -> None:
    rule = "- {id: r, text: t, check: " + params + "}"
    err = error_of(tmp_path, rule + "\n")
    assert message in err.message
    game_yaml = tmp_path / "every-check" / "game.yaml"
    assert err.file == str(game_yaml)
    assert err.line == game_yaml.read_text().splitlines().index("  " + rule) + 1
    if suggestion:
        assert isinstance(err, UnknownNameError)
        assert err.suggestions[0] == suggestion


def test_a_wrong_side_key_is_refused_at_its_own_line(tmp_path: Path) -> None:
    rules = """
    - id: r
      text: t
      check: agree
      left:
        table: seats
        key: seat
        value: fation
      right: {table: seats, key: seat, value: faction}
    """
    err = error_of(tmp_path, rules)
    lines = (tmp_path / "every-check" / "game.yaml").read_text().splitlines()
    assert err.line == lines.index("      value: fation") + 1
    assert "did you mean: faction?" in err.format()


def test_the_cli_exits_1_naming_a_broken_fact(tmp_path: Path) -> None:
    swapped = ("{players: 2, cards: 4}", "{players: 2, cards: 2}")
    folder = game_copy(tmp_path, HAND_FACTS, {"game.yaml": swapped})
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1
    assert "FAIL hands  Two players hold 4 cards, four players 2." in result.output
    assert "players 2 (row 1, line 15): cards is 2, expected 4" in result.output
