"""The composition-rule engine: every check passes on a catalog that keeps it, fails on one that
breaks it with the right expected/found, and a wrong rule is an InputError at its line."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from pnp.catalog.games import builtin_ids, resolve_game
from pnp.catalog.load import load_game
from pnp.errors import InputError, UnknownNameError
from pnp.rules.registry import CHECKS, evaluate, parse_rules
from pnp.rules.report import validate_game
from pnp.rules.values import Range, Where
from pnp.rules.verdict import Counts

GAMES = Path(__file__).parents[1] / "fixtures" / "games"


def verdicts_by_id(game_dir: str, listed: dict[str, dict[str, int]] | None = None) -> dict:
    game = load_game(GAMES / game_dir)
    return {v.rule_id: v for v in evaluate(parse_rules(game), Counts(game, listed))}


def game_with_rule(tmp_path: Path, rule: str, base: str = "every-check") -> Path:
    """A copy of a fixture game whose rules are replaced by the one rule given (YAML text)."""
    folder = tmp_path / base
    shutil.copytree(GAMES / base, folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text()
    head = text[: text.index("\nrules:")]
    game_yaml.write_text(head + "\nrules:\n" + textwrap.indent(textwrap.dedent(rule), "  "))
    return folder


def rule_error(tmp_path: Path, rule: str) -> InputError:
    game = load_game(game_with_rule(tmp_path, rule))
    with pytest.raises(InputError) as info:
        validate_game(game)
    return info.value


# --- the built-in games ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", builtin_ids())
def test_builtin_catalog_keeps_its_rules(game_id: str) -> None:
    report = validate_game(resolve_game(game_id))
    assert report.verdicts, f"{game_id} declares no composition rules"
    assert report.ok, report.render()
    assert all(v.passed for v in report.verdicts)


# --- every check, kept and broken -----------------------------------------------------------


def test_every_check_passes_on_a_catalog_that_keeps_it() -> None:
    verdicts = verdicts_by_id("every-check")
    checks = {r.check for r in load_game(GAMES / "every-check").rules}
    assert checks == set(CHECKS) == {
        "total", "per_group", "max_copies", "unique", "required", "allowed_values",
        "enough_to_deal", "table_covers", "table_values", "facts", "agree",
    }  # fmt: skip
    assert [v.rule_id for v in verdicts.values() if not v.passed] == []


# rule id -> (expected, found, problem lines) on every-check-broken's catalog
BROKEN = {
    "agents-total": ("exactly 13 cards", "11 cards (2 short)", []),
    "red-agents": ("exactly 6 cards (faction: red)", "7 cards (1 too many)", []),
    "per-faction": (
        "exactly 5 cards for each faction (special: false)",
        "3 of 3 groups off",
        [
            "red: 6 (expected exactly 5, 1 too many)",
            "blue: 2 (expected exactly 5, 3 short)",
            "green: 2 (expected exactly 5, 3 short)",
        ],
    ),
    "per-faction-role": (
        # green has no spy or guard, so the expectations name the factions they apply to
        "3 spy (red, blue), 2 guard (red, blue); no other role (special: false)",
        "3 of 5 groups off",
        [
            "red / spy: 4 (expected exactly 3, 1 too many)",
            "blue / spy: 0 (expected exactly 3, 3 short)",
            "green / mole: 2 (expected exactly 0, 2 too many)",
        ],
    ),
    "max-three": (
        "at most 3 copies of each card",
        "1 card over the limit",
        ["red-spy (Spy): 4 copies (1 too many)"],
    ),
    "specials-unique": (
        "one copy of each card (role: [boss, mole])",
        "1 card over the limit",
        ["mole (Mole): 2 copies (1 too many)"],
    ),
    "bosses-present": (
        "present: red-boss, blue-boss",
        "1 of 2 missing",
        ["missing: blue-boss (Blue Boss)"],
    ),
    "some-specials": ("at least 2 cards (special: true)", "1 card", []),
    "faction-values": ("faction one of red, blue", "1 card with another value", ["mole"]),
    "target-values": (
        "targets one of red, blue, yellow",
        "1 card with another value",
        ["mole (Mole): targets 'purple'"],
    ),
    "deal-agents": (
        "at least 12 cards (worst case 4 players x 3)",
        "11 cards (1 short)",
        ["3 players x 4 = 12: 1 short", "4 players x 3 = 12: 1 short"],
    ),
    "deal-missions": ("at least 4 cards (4 players x 1)", "3 cards (1 short)", ["4 players"]),
    "mission-ranks": (
        "rank B: 1 card, rank A: 2 cards, rank S: 1 card; no other rank",
        "1 of 3 groups off",
        ["S: 0 (expected exactly 1, 1 short)"],
    ),
    "chip-total": ("exactly 14 pieces", "13 pieces (1 short)", []),
    "chips-by-value": (
        "value 1: 10 pieces, value 5: 4 pieces; no other value",
        "1 of 2 groups off",
        ["5: 3 (expected exactly 4, 1 short)"],
    ),
    "seats-covered": (
        "each of 1..4 exactly once in seats.seat",
        "2 problems",
        ["missing: 3", "2 appears 2 times (row 2, line 24; row 3, line 25)"],
    ),
    "hand-sizes-covered": (
        "each of 2..4 exactly once in hand-size.players",
        "1 problem",
        ["3 appears 2 times (row 2, line 16; row 3, line 17)"],
    ),
    "seat-factions": (
        "seats.faction one of red, blue",
        "1 row with another value",
        ["row 4, line 26: 'yellow'"],
    ),
    "hand-size-facts": (
        "in table hand-size: players 2: cards 4; players 3: cards 3; players 4: cards 2",
        "1 problem in 3 facts",
        ["players 3: 2 rows have it (row 2, line 16; row 3, line 17), expected one"],
    ),
    "spies-watch-rivals": (
        "faction -> targets in deck agents (role: spy) the same as "
        "faction -> rival in table rivals",
        "1 of 2 keys differ",
        ["faction blue: agents.targets has red (at "],
    ),
}


@pytest.mark.parametrize("rule_id", list(BROKEN))
def test_each_check_fails_on_a_catalog_made_to_break_it(rule_id: str) -> None:
    verdict = verdicts_by_id("every-check-broken")[rule_id]
    expected, found, problems = BROKEN[rule_id]
    assert verdict.status == "fail"
    assert verdict.expected == expected
    assert verdict.found == found
    assert len(verdict.problems) == len(problems)
    for line, wanted in zip(verdict.problems, problems, strict=True):
        assert line.startswith(wanted)


def test_broken_fixture_breaks_every_rule_of_the_game() -> None:
    assert set(verdicts_by_id("every-check-broken")) == set(BROKEN)


def test_allowed_values_names_the_card_and_where_it_is_written() -> None:
    verdict = verdicts_by_id("every-check-broken")["faction-values"]
    assert verdict.problems == (
        f"mole (Mole): faction 'green' (at {GAMES / 'every-check-broken' / 'agents.yaml'}:30)",
    )


# --- deck-list counts -----------------------------------------------------------------------


def test_per_group_counts_a_catalog_group_missing_from_the_list_as_zero() -> None:
    verdict = verdicts_by_id("every-check", {"agents": {"red-spy": 3, "red-guard": 2}})[
        "per-faction"
    ]
    assert verdict.status == "fail"
    assert verdict.problems == ("blue: 0 (expected exactly 5, 5 short)",)


def test_rules_about_decks_the_list_does_not_mention_are_skipped() -> None:
    verdicts = verdicts_by_id("every-check", {"missions": {"mission-b": 1}})
    assert verdicts["agents-total"].status == "skip"
    assert "no deck 'agents'" in verdicts["agents-total"].found
    assert verdicts["chip-total"].status == "skip"
    assert verdicts["seats-covered"].status == "skip"
    assert "catalog" in verdicts["seats-covered"].found
    assert verdicts["deal-missions"].status == "fail"


def test_a_deck_list_card_keeps_its_catalog_fields() -> None:
    verdicts = verdicts_by_id("every-check", {"agents": {"red-boss": 1, "blue-boss": 1}})
    assert verdicts["some-specials"].passed
    assert verdicts["red-agents"].found == "1 card (5 short)"


# --- pieces ---------------------------------------------------------------------------------


def test_where_matches_any_item_of_a_list_field_and_keeps_true_apart_from_1() -> None:
    game = load_game(GAMES / "every-check")
    guard = game.component("red-guard")
    assert Where((("targets", ("blue",)),)).matches(guard)
    assert Where((("targets", ("green", "red")),)).matches(guard)
    assert not Where((("targets", ("green",)),)).matches(guard)
    boss = game.component("red-boss")
    assert Where((("special", (True,)),)).matches(boss)
    assert not Where((("special", (1,)),)).matches(boss)
    assert Where((("id", ("red-boss",)), ("name", ("Red Boss",)))).matches(boss)
    assert not Where((("id", ("red-boss",)), ("faction", ("blue",)))).matches(boss)


@pytest.mark.parametrize(
    ("rng", "n", "holds", "describe", "gap"),
    [
        (Range(equals=5), 5, True, "exactly 5 cards", ""),
        (Range(equals=5), 3, False, "exactly 5 cards", "2 short"),
        (Range(min=2), 1, False, "at least 2 cards", "1 short"),
        (Range(max=1), 3, False, "at most 1 card", "2 too many"),
        (Range(min=2, max=4), 4, True, "between 2 and 4 cards", ""),
    ],
)
def test_range(rng: Range, n: int, holds: bool, describe: str, gap: str) -> None:
    assert rng.holds(n) is holds
    assert rng.describe("card") == describe
    assert rng.gap(n) == gap


# --- rule variants --------------------------------------------------------------------------


def run_rule(tmp_path: Path, rule: str):
    game = load_game(game_with_rule(tmp_path, rule))
    (verdict,) = validate_game(game).verdicts
    return verdict


def test_per_group_expected_by_last_field_and_range_for_the_others(tmp_path: Path) -> None:
    verdict = run_rule(
        tmp_path,
        """
        - id: r
          text: Three spies per faction, any number of the rest up to 2.
          check: per_group
          deck: agents
          group_by: [faction, role]
          expected: {spy: 3}
          max: 2
        """,
    )
    assert verdict.passed, verdict
    assert verdict.expected == "each faction: 3 spy; any other role at most 2"


def test_per_group_with_a_range_per_group(tmp_path: Path) -> None:
    verdict = run_rule(
        tmp_path,
        """
        - id: r
          text: Between 1 and 2 bosses, no mole.
          check: per_group
          deck: agents
          group_by: role
          where: {special: true}
          expected: {boss: {min: 1, max: 2}, mole: 0}
        """,
    )
    assert verdict.status == "fail"
    assert verdict.problems == ("mole: 1 (expected exactly 0, 1 too many): 1 x Mole",)


def test_required_where_counts_copies(tmp_path: Path) -> None:
    verdict = run_rule(
        tmp_path,
        """
        - id: r
          text: At least 7 spies.
          check: required
          deck: agents
          where: {role: spy}
          min: 7
        """,
    )
    assert (verdict.status, verdict.found) == ("fail", "6 cards")


def test_enough_to_deal_defaults_to_the_most_players(tmp_path: Path) -> None:
    verdict = run_rule(
        tmp_path,
        """
        - id: r
          text: Four cards each.
          check: enough_to_deal
          deck: agents
          per_player: 4
        """,
    )
    assert verdict.status == "fail"
    assert verdict.expected == "at least 16 cards (4 players x 4)"
    assert verdict.found == "13 cards (3 short)"


def test_enough_to_deal_with_a_named_player_count_and_add(tmp_path: Path) -> None:
    verdict = run_rule(
        tmp_path,
        """
        - id: r
          text: Two players get their hand plus two.
          check: enough_to_deal
          deck: agents
          per_player_table: {table: hand-size, players: players, cards: cards}
          add: 2
          players: 2
        """,
    )
    assert verdict.passed
    assert verdict.expected == "at least 12 cards (2 players x 6)"


def test_values_taken_from_a_set_field(tmp_path: Path) -> None:
    verdict = run_rule(
        tmp_path,
        """
        - id: r
          text: Seats belong to factions some agent has.
          check: table_values
          table: seats
          column: faction
          values: {deck: agents, field: faction}
        """,
    )
    assert verdict.passed
    assert verdict.expected == "seats.faction one of red, blue"


# --- wrong rules: InputError at the file and line, with close names ------------------------


@pytest.mark.parametrize(
    ("scenario", "line", "message", "suggestion"),
    [
        ("unknown-check", 25, "unknown check 'totl'", "total"),
        ("unknown-rule-key", 27, "unknown key 'equal'", "equals"),
        ("missing-rule-key", 23, "missing `max`", None),
        ("unknown-deck", 26, "no deck 'card'", "cards"),
        ("deck-names-a-set", 26, "names a set of tokens, not a deck", None),
        ("unknown-where-field", 27, "no component of 'cards' has a field 'fraction'", "faction"),
        ("unknown-group-field", 27, "no component of 'cards' has a field 'factoin'", "faction"),
        ("unknown-table", 26, "no table 'hand'", "hands"),
        ("unknown-column", 27, "table 'hands' has no column 'player'", "players"),
        ("unknown-required-card", 27, "no card 'Bos'", "boss"),
        (
            "ambiguous-required-card",
            27,
            "'Spy' names 2 cards in 'cards': use an id (red-spy, blue-spy)",
            None,
        ),
        ("bad-range", 27, "`min` (5) is more than `max` (3)", None),
        ("missing-table-row", 27, "table 'hands' (line 10) has no row with players = 4", None),
        ("bad-yaml", 27, "not valid YAML", None),
    ],
)
def test_a_wrong_rule_is_an_input_error_at_its_line(
    scenario: str, line: int, message: str, suggestion: str | None
) -> None:
    with pytest.raises(InputError) as info:
        validate_game(load_game(GAMES / scenario))
    err = info.value
    assert err.file == str(GAMES / scenario / "game.yaml")
    assert err.line == line
    assert message in err.message
    if suggestion:
        assert isinstance(err, UnknownNameError)
        assert err.suggestions[0] == suggestion
        assert f"did you mean: {suggestion}" in err.format()


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ("total, deck: agents, set: chips, equals: 1", "not both"),
        ("total, equals: 1", "`deck:` (a deck) or `set:`"),
        ("total, deck: [agents], equals: 1", "should be an id"),
        ("total, deck: agents", "needs `equals`"),
        ("total, deck: agents, equals: 3, min: 1", "`equals` alone"),
        ("total, deck: agents, equals: -1", "whole number of 0 or more"),
        ("total, deck: agents, equals: 2.5", "whole number"),
        ("total, deck: agents, equals: true", "the boolean true"),
        ("total, deck: agents, where: [a], equals: 1", "`where` should map"),
        ("total, deck: agents, where: {role: {a: 1}}, equals: 1", "a value or a list"),
        ("per_group, deck: agents, group_by: [], min: 1", "`group_by`"),
        ("per_group, deck: agents, group_by: role", "needs `equals`"),
        ("per_group, deck: agents, group_by: role, expected: [1]", "`expected`"),
        ("per_group, deck: agents, group_by: role, expected: {spy: x}", "expected spy"),
        ("required, deck: agents", "`cards: [id or name, ...]` or `where:`"),
        ("required, deck: agents, cards: [mole], min: 2", "`min` goes with"),
        ("required, deck: agents, cards: [{a: 1}]", "card ids or names"),
        ("allowed_values, deck: agents, field: role, values: []", "at least one"),
        ("allowed_values, deck: agents, field: role, values: 3", "`values` should be"),
        ("allowed_values, deck: agents, field: role, values: {set: chip}", "no set 'chip'"),
        ("enough_to_deal, deck: agents", "`per_player: N`"),
        ("enough_to_deal, deck: agents, per_player: 1, players: many", "`players`"),
        ("enough_to_deal, deck: agents, per_player: 1, add: -2", "hand of -1"),
        ("enough_to_deal, deck: agents, per_player_table: {table: seats}", "per_player_table"),
        ("table_covers, table: seats, column: seat, from: 1", "needs `from` and `to`"),
        ("table_covers, table: seats, column: seat, from: 0, to: 1000000000", "spans"),
        ("table_covers, table: seats, column: seat, from: 1, to: 2, values: [1]", "not both"),
        (
            "table_values, table: seats, column: faction, values: {table: seats, column: x}",
            "no column 'x'",
        ),
    ],
)
def test_rule_params_are_checked_when_the_game_loads(
    tmp_path: Path, params: str, message: str
) -> None:
    rule = "- {id: r, text: t, check: " + params + "}"
    err = rule_error(tmp_path, rule + "\n")
    assert message in err.message
    assert err.message.startswith(f"rule 'r' ({params.split(',')[0]}): ")
    game_yaml = tmp_path / "every-check" / "game.yaml"
    assert err.file == str(game_yaml)
    assert err.line == game_yaml.read_text().splitlines().index("  " + rule) + 1


def test_a_game_without_player_counts_needs_players_in_enough_to_deal(tmp_path: Path) -> None:
    folder = game_with_rule(
        tmp_path, "- {id: r, text: t, check: enough_to_deal, deck: agents, per_player: 1}\n"
    )
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("  players: {min: 2, max: 4}\n", ""))
    with pytest.raises(InputError, match="players: N"):
        validate_game(load_game(folder))


def test_note_and_source_are_allowed_on_any_rule(tmp_path: Path) -> None:
    verdict = run_rule(
        tmp_path,
        """
        - id: r
          text: Thirteen agents.
          check: total
          deck: agents
          equals: 13
          source: rulebook
          note: page 2
        """,
    )
    assert (verdict.passed, verdict.expected) == (True, "exactly 13 cards")


def test_an_unknown_key_lists_what_the_check_takes(tmp_path: Path) -> None:
    err = rule_error(tmp_path, "- {id: r, text: t, check: total, deck: agents, notes: x}\n")
    assert isinstance(err, UnknownNameError)
    assert err.message == (
        "rule 'r' (total): unknown key 'notes' "
        "(a total rule takes: id, text, check, deck, set, where, equals, min, max)"
    )
    assert err.suggestions[0] == "note"
