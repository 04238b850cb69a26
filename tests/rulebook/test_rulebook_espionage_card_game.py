"""ESPIONAGE the card game: choosing the first player and clockwise play are in the catalog's setup
table, in the rulebook and on the play summary, and the rulebook lists every card. Measured from
the built PDF with pdfplumber."""

from __future__ import annotations

import re

import pytest
from conftest import page_of
from rendered import render_game_faces, rulebook_pages

from pnp.catalog.games import resolve_game

GAME_ID = "espionage-card-game"


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> list[str]:
    """The A4 rulebook's pages as text, whitespace collapsed."""
    return rulebook_pages(tmp_path_factory.mktemp("rulebook"), GAME_ID)


def page_starting(pages: list[str], title: str) -> str:
    return next(t for t in pages if t.startswith(title))


def test_setup_chooses_a_first_player_and_plays_clockwise(game, pages):
    setup = page_starting(pages, "Setup")
    rows = sorted(game.tables["setup"].rows, key=lambda r: r["step"])
    assert [r["name"] for r in rows] == ["Shuffle", "Deal", "First player", "Clockwise"]
    where = [re.search(rf"\b{row['step']}\. [A-Z]", setup).start() for row in rows]
    assert where == sorted(where)
    deal = next(r for r in rows if r["name"] == "Deal")
    assert f"Deal {deal['cards']} cards to each player" in setup
    assert "Choose the first player." in setup
    assert "Play then goes clockwise" in setup and "the player on your left" in setup


def test_play_summary_says_play_goes_clockwise(game):
    front, _ = render_game_faces(game)["reference"]["play-summary"]
    text = " ".join(page_of(front).extract_text().split())
    last = max(game.tables["turn-summary"].rows, key=lambda r: r["step"])
    assert "clockwise" in last["text"] and last["text"] in text


def test_every_card_is_in_the_card_table(game, pages):
    cards = page_starting(pages, "The cards")
    for component in game.sets["deck"].components:
        assert component.name in cards, component.id


def test_quick_reference_is_one_page(pages):
    assert pages[-1].startswith("Quick reference")
    assert "Choose the first player; play goes clockwise" in pages[-1]
