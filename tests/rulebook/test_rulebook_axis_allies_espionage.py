"""Espionage Rules for Axis & Allies: our readings of the fan page are marked as ours in the
rulebook beside the rule they concern (the reference sheet states the rule only), and say what
the catalog says.
Measured from the built PDFs with pdfplumber."""

from __future__ import annotations

import pytest
import yaml
from conftest import page_of
from rendered import render_game_faces, rulebook_pages

from pnp.catalog.games import resolve_game

GAME_ID = "axis-allies-espionage"


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def pages(products) -> list[str]:
    """The A4 rulebook's pages as text, whitespace collapsed."""
    return rulebook_pages(products, GAME_ID)


def body(pages: list[str]) -> list[str]:
    """The pages of the rules proper: after the contents, before the designer's notes."""
    start = next(i for i, t in enumerate(pages) if t.startswith("Overview"))
    end = next(i for i, t in enumerate(pages) if t.startswith("Designer's notes"))
    return pages[start:end]


def readings(game) -> list[dict]:
    return game.tables["readings"].rows


def test_every_reading_is_set_in_the_rules_as_ours(game, pages):
    rules = body(pages)
    for row in readings(game):
        where = [t for t in rules if f"{row['topic']}." in t]
        assert where, row["id"]
        # the call-out's label and the fan page's words travel with the reading
        assert "Our reading" in where[0] and "The fan page:" in where[0], row["id"]


def test_the_issue_readings_are_there_and_the_events_follow_them(game, pages):
    rules = " ".join(body(pages))
    ids = {"recon-target", "bribery-list", "intelligence-duration", "half-cash", "unused-dice"}
    by_id = {r["id"]: r for r in readings(game)}
    for reading_id in ids:
        assert by_id[reading_id]["reading"] in rules, reading_id
    # the effects printed in the rules carry the readings' substance
    events = {e["id"]: e for e in game.tables["events"].rows}
    assert "rounded down" in events["economic-sabotage"]["effect"]
    assert "only one of these" in events["bribery"]["effect"]
    assert "next turn" in events["intelligence-report"]["effect"]
    assert "against the target power" in events["recon"]["effect"]
    for event in events.values():
        assert event["effect"] in rules, event["id"]


def _colour(text: str) -> tuple:
    return tuple(round(int(text[i : i + 2], 16) / 255, 2) for i in (1, 3, 5))


def test_reference_sheet_states_the_rules_and_leaves_the_readings_to_the_book(game, pages):
    """A component states the rule we play; that it is our reading, and why, is the book's."""
    front, back = render_game_faces(game, sets=["reference"])["reference"]["reference-sheet"]
    theme = yaml.safe_load(game.templates_dir.joinpath("theme.yaml").read_text())
    sign = _colour(theme["palette"]["reading"])
    rules = " ".join(body(pages))
    for face, where in ((front, {"steps", "network-levels", "event-dice", "roll-modifiers",
                                 "mission-outcomes"}), (back, {"event-table"})):  # fmt: skip
        page = page_of(face)
        w = page.width
        columns = [page.crop((x0, 0, x1, page.height)) for x0, x1 in ((0, w / 2), (w / 2, w))]
        text = "".join(c.extract_text() for c in columns)  # a column's lines in order
        text = "".join(text.split())
        assert "reading" not in text.lower() and "fanpage" not in text.lower()
        assert not [
            c
            for c in page.chars
            if tuple(round(v, 2) for v in (c.get("non_stroking_color") or ())) == sign
        ]
        shown = [r for r in readings(game) if r.get("sheet") and r["applies_to"] in where]
        assert shown
        for row in shown:  # the rule is on the sheet, the reading in the book
            assert "".join(row["sheet"].split()) in text, row["id"]
            assert row["reading"] in rules, row["id"]
    assert any(r["id"] == "unused-dice" and r.get("sheet") for r in readings(game))


def test_turns_in_a_country_are_counted_with_the_round_track_not_a_pencil(game, pages):
    rules = " ".join(body(pages))
    assert "pencil" not in rules
    setup = rules[rules.index("Getting ready") : rules.index("Spy networks Levels and costs")]
    assert "round track" in setup and "arrival chits" in setup
    turns = rules[rules.index("Turns in the country") :]
    assert "the current round minus its chit" in turns
    gallery = " ".join(pages)
    for set_id in ("round-track", "arrival-chits", "round-marker"):
        assert game.sets[set_id].name in gallery, set_id


def test_the_dice_chart_prints_its_penalties_with_a_minus_sign(game, pages):
    """The book's dice chart says "−1 −2 ..." as the reference sheet's does (it printed "-1",
    a hyphen, beside the sheet's minus signs)."""
    rows = game.tables["event-dice"].rows
    penalties = " ".join(str(d["penalty"]).replace("-", "−") for d in rows)
    chart = [t for t in body(pages) if "Espionage roll" in t and "IPC cost" in t]
    assert chart and all(f"Espionage roll {penalties}" in t for t in chart)


def test_the_roll_modifier_table_prints_its_minus_amounts_with_a_minus_sign(game, pages):
    """The `table roll-modifiers` directive sets the catalog's "-1" as "−1" beside its "+1"
    rows, as the reference sheet prints it (the catalog keeps the hyphen-minus: its validator
    rule reads it)."""
    minus = [r for r in game.tables["roll-modifiers"].rows if str(r["amount"]).startswith("-")]
    table = [t for t in body(pages) if game.tables["roll-modifiers"].title in t]
    assert minus and table, table
    for row in minus:
        amount = str(row["amount"])
        assert any(f"−{amount[1:]} {row['per']}" in t for t in table), (amount, row["per"])
        assert not any(f"{amount} {row['per']}" in t for t in table), (amount, row["per"])
