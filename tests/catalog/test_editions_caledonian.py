"""Espionage (Caledonian): two editions of one catalog. Ours (`pnp`, the default) and the
designer's journal as written (`original`): crises and incidents counting for one nation, no
discard before drawing, the Vault goal as the only ending. Read from the loaded
catalog of each edition and from `pnp validate`, as a designer or a player choosing an edition
would see them."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from pnp.catalog.games import resolve_game

GAME_ID = "espionage-caledonian"
NATIONS = ("usa", "chn", "gbr", "isr", "ger", "rus", "pak", "ind")
PLAIN_EFFECT = r"game in \d|\d games? in \d|times in \d|one a game|fair share"
TOOL_TALK = re.compile(r"--|simulat|catalog|runs? of|source: original|balance pass", re.I)


@pytest.fixture(scope="module")
def ours():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def journal():
    return resolve_game(GAME_ID, "original")


def test_ours_is_the_default_and_both_are_declared(ours):
    assert ours.edition.id == "pnp" and ours.edition.default
    assert [e.id for e in ours.editions] == ["pnp", "original"]
    assert all(e.description for e in ours.editions)


def supports(game, set_id: str) -> set[tuple[str, ...]]:
    return {tuple(c.fields["support"]) for c in game.sets[set_id].components}


def cards(game, set_id: str) -> dict[str, tuple[str, int]]:
    return {c.id: (c.name, c.fields["goal"]) for c in game.sets[set_id].components}


def test_journal_crises_and_incidents_count_for_one_nation(ours, journal):
    for n in NATIONS:
        assert supports(journal, f"crisis-{n}") == {(n,)}
        assert {len(s) for s in supports(ours, f"crisis-{n}")} == {4}
    assert supports(journal, "incident") == {("peril",)}
    # the cards themselves are written once: goals, panels and names are the same
    for n in NATIONS:
        assert cards(ours, f"crisis-{n}") == cards(journal, f"crisis-{n}")


def test_journal_has_no_discard_head_start_or_extra_endings(ours, journal):
    def keys(game, table: str) -> set[str]:
        return {r["key"] for r in game.tables[table].rows}

    assert "discard" in keys(ours, "key-numbers") and "discard" not in keys(journal, "key-numbers")
    # no head start in either: with the round finished at 50 it put the last players ahead
    assert "head-start" not in ours.tables and "head-start" not in journal.tables
    assert "game-length" in ours.tables and "game-length" not in journal.tables
    assert keys(ours, "endings") == {"vault", "deadline", "empty-dossier", "tie"}
    assert keys(journal, "endings") == {"vault"}
    step1 = next(r["text"] for r in journal.tables["turn-order"].rows if r["step"] == 1)
    assert "discard" not in step1.lower() and "hold 5" in step1
    aid = journal.sets["turn-aid"].components[0].fields["back_text"]
    assert "last round" not in aid and "Dossier deck is gone" not in aid


def test_the_changes_page_is_complete_and_in_players_words(ours):
    changes = ours.edition.changes
    topics = [c["topic"] for c in changes]
    assert topics == ["Crisis support", "International Incidents", "Drawing", "Reaching 50",
                      "Investing", "Bond Broker", "Lifted Papers", "Last round",
                      "Empty Dossier deck"]  # fmt: skip
    for c in changes:
        assert set(c) == {"topic", "original", "edition", "why", "effect"}
        assert c["why"].count(". ") == 0, c["why"]  # one sentence
        for text in c.values():
            assert not TOOL_TALK.search(text), text
        assert re.search(PLAIN_EFFECT, c["effect"]), c["effect"]


def test_each_variant_changes_one_thing_and_the_endings_can_be_dropped(ours, journal):
    variants = {r["key"]: r["text"] for r in ours.tables["variants"].rows}
    assert "the round is not finished" in variants["stop-at-50"]
    assert "only 50 in a Vault ends the game" in variants["journal-ending"]
    assert "variants" not in journal.tables  # the journal's game is the journal's rules


def test_double_cross_turns_one_card():
    game = resolve_game(GAME_ID)
    dossier = game.sets["dossier"].components
    texts = {c.fields["text"] for c in dossier if c.fields["role"] == "double-cross"}
    assert len(texts) == 1
    text = texts.pop()
    # "one card of your choice, a random one too" read as two cards turning; the ruling meant one
    assert "one submitted card" in text and "too" not in text
    reading = next(c.fields["reading"] for c in game.sets["dossier"].components
                   if c.fields["role"] == "double-cross")  # fmt: skip
    assert "the 3 random ones included" in reading


def test_notes_speak_to_players(ours, journal):
    for game in (ours, journal):
        for note in game.meta["notes"]:
            assert not TOOL_TALK.search(note), note
            # run sizes and error bars belong on the builder's page
            assert not re.search(r"\d,\d{3}|±", note), note


def test_both_editions_validate():
    result = subprocess.run(
        [sys.executable, "-m", "pnp.cli", "validate", GAME_ID, "--edition", "all"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"\(pnp edition\): \d+ rules, \d+ passed", result.stdout)
    assert re.search(r"\(original edition\): \d+ rules, \d+ passed", result.stdout)
