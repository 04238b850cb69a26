"""The five built-in games hold what their rulebooks (and our issue) say, read through the CLI."""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache

import pytest
from click.testing import CliRunner

from pnp.catalog.games import builtin_ids
from pnp.cli import main

GAMES = [
    "espionage-caledonian",
    "axis-allies-espionage",
    "spy-royale",
    "1955-war-of-espionage",
    "espionage-card-game",
]


@cache
def inventory(game: str) -> dict:
    result = CliRunner().invoke(main, ["inventory", game, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def total(game: str, **match) -> int:
    return sum(
        c["count"]
        for c in inventory(game)["components"]
        if all(c.get(k, c["fields"].get(k)) == v for k, v in match.items())
    )


def test_games_lists_the_five_ids_first() -> None:
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    ids = [line.split("\t")[0] for line in lines if not line.startswith(" ")]
    assert sorted(ids) == sorted(GAMES) == builtin_ids()
    # a game with editions lists them under it, the default marked
    editions = [line.strip() for line in lines if line.startswith(" ")]
    assert (
        "edition original (default): The game as its official rules describe it, our card "
        "texts where they give none." in editions
    )
    assert sum("(default)" in line for line in editions) == 2


@pytest.mark.parametrize("game", GAMES)
def test_every_component_is_well_formed(game: str) -> None:
    data = inventory(game)
    assert data["game"] == game and data["title"]
    ids = [c["id"] for c in data["components"]]
    assert len(ids) == len(set(ids))
    for c in data["components"]:
        assert c["source"] in ("rulebook", "original")
        assert c["kind"]
        assert (c["deck"] is not None) == (c["kind"] == "card")


@pytest.mark.parametrize("game", GAMES)
def test_validate_passes_for_every_builtin_catalog(products, game: str) -> None:
    """Read from the session's `validate --all` (each game in each of its editions, the
    default's included, as `validate <game>` checks it): every face drawn, every rule passed
    (its exit code: test_validate_all_exits_zero)."""
    _, output = products.ran("validate", "--all")
    mine = [line for line in output.splitlines() if re.match(rf"{game}( \(.+ edition\))?: ", line)]
    verdicts = [re.search(r": (\d+) rules, (\d+) passed$", line) for line in mine]
    assert [v for v in verdicts if v] and all(v[1] == v[2] for v in verdicts if v), mine
    assert any(line.endswith("faces drawn from their templates") for line in mine), mine


def test_validate_all_exits_zero(products) -> None:
    code, output = products.ran("validate", "--all")  # once a session: other files read it
    assert code == 0, output
    # one verdict line per game and edition: the card game and Caledonian have two each
    assert output.count(" rules, ") == 7
    assert "espionage-caledonian (original edition): " in output


def test_spy_royale_counts() -> None:
    g = "spy-royale"
    assert total(g, deck="action") == 55
    factions = ["military", "science", "corporate", "political", "police"]
    per = Counter()
    for c in inventory(g)["components"]:
        if c["deck"] == "action":
            per[(c["fields"]["faction"], c["name"])] += c["count"]
    for faction in factions:
        assert per[(faction, "Steal Document")] == 3
        assert per[(faction, "Eavesdrop")] == 3
        assert per[(faction, "Fake Intel")] == 2
        assert per[(faction, "Detect")] == 2
    specials = {
        c["name"]
        for c in inventory(g)["components"]
        if c["deck"] == "action" and c["fields"]["special"]
    }
    assert specials == {"Sniper", "Escape", "Extra Mission", "Diversion", "Disguise"}
    assert sorted(
        c["fields"]["turns"] for c in inventory(g)["components"] if c["deck"] == "duration"
    ) == [5, 6, 7, 8]
    assert total(g, deck="mission") == 20
    chips = Counter()
    for c in inventory(g)["components"]:
        if c["kind"] == "chip":
            chips[c["fields"]["value"]] += c["count"]
    assert chips == {1: 50, 5: 10, 10: 20}
    assert total(g, kind="marker") == 5
    names_ja = {row["name_ja"] for row in inventory(g)["tables"]["factions"]}
    assert names_ja == {"軍司令部", "科学研究所", "巨大企業", "中央政府", "秘密警察"}


def test_espionage_card_game_counts() -> None:
    g = "espionage-card-game"
    cards = [c for c in inventory(g)["components"] if c["deck"]]
    assert sum(c["count"] for c in cards) == 52
    gold = {c["name"]: c["count"] for c in cards if c["fields"]["rarity"] == "gold"}
    assert gold == {"Target": 1, "Package": 1, "Bomb": 1, "Protector": 1}
    common = {c["name"]: c["count"] for c in cards if c["fields"]["rarity"] == "common"}
    assert len(common) == 16 and set(common.values()) == {3}
    named = "Medic Police Decoy Bodyguard Ninja Mercenary Detective Sniper Assassin Terrorist"
    assert set(named.split()) | {"Infiltrator", "Double Agent"} <= set(common)
    assert {c["fields"]["type"] for c in cards} == {"mission", "reaction"}


def test_1955_counts() -> None:
    g = "1955-war-of-espionage"
    assert total(g, kind="card") == 54
    countries = {r["name"]: r["faction"] for r in inventory(g)["tables"]["countries"]}
    assert countries == {
        "United States": "blue",
        "Great Britain": "blue",
        "France": "blue",
        "U.S.S.R.": "red",
        "Poland": "red",
        "Hungary": "red",
    }
    assert len(inventory(g)["tables"]["special-actions"]) == 15
    france2 = [
        c
        for c in inventory(g)["components"]
        if c["fields"].get("country") == "france" and c["fields"].get("influence") == 2
    ]
    assert any(c["fields"]["action"] == "military-transport" for c in france2)
    assert total(g, kind="pawn") == 2
    assert total(g, kind="marker") == 6
    markers = Counter()
    for c in inventory(g)["components"]:
        if c["kind"] == "marker":
            markers[c["fields"]["colour"]] += c["count"]
    assert markers == {"neutral": 4, "red": 1, "blue": 1}
    assert total(g, kind="reference") == 2
    assert total(g, kind="board") == 1


def test_caledonian_nations_in_tracker_order() -> None:
    g = "espionage-caledonian"
    codes = [r["code"] for r in inventory(g)["tables"]["nations"]]
    assert codes == ["USA", "CHN", "GBR", "ISR", "GER", "RUS", "PAK", "IND"]
    tracker = inventory(g)["tables"]["security-tracker"]
    assert all(row["reset"] == 5 for row in tracker)
    names = {c["name"] for c in inventory(g)["components"] if c["deck"] == "dossier"}
    assert "The Traitor" in names
    crisis_decks = {
        c["deck"] for c in inventory(g)["components"] if str(c["deck"]).startswith("crisis-")
    }
    assert len(crisis_decks) == 8


def test_axis_allies_tables() -> None:
    g = "axis-allies-espionage"
    tables = inventory(g)["tables"]
    assert [r["total_cost"] for r in tables["network-levels"]] == [15, 35, 60]
    assert len(tables["event-dice"]) == 5
    assert len(tables["event-table"]) == 31
    defined = {r["id"] for r in tables["events"]}
    assert {r["event"] for r in tables["event-table"]} <= defined | {"no-event"}
