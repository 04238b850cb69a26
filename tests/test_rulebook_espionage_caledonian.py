"""Espionage (Caledonian Games): the setup, the secret allegiance that may differ from the public
one, and the new allegiance drawn with an empty hand are in the catalog, in the rulebook and on
the pieces players look at during play. Measured from the built PDF with pdfplumber."""

from __future__ import annotations

import re

import pytest
from conftest import page_of
from rendered import render_game_faces, rulebook_pages

from pnp.catalog.games import resolve_game

GAME_ID = "espionage-caledonian"


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> list[str]:
    """The A4 rulebook's pages as text, whitespace collapsed."""
    return rulebook_pages(tmp_path_factory.mktemp("rulebook"), GAME_ID)


def chapter(pages: list[str], title: str) -> str:
    """The text of the chapter that starts a page with `title`, up to the next chapter."""
    start = next(i for i, t in enumerate(pages) if t.startswith(title))
    text = [pages[start]]
    for page in pages[start + 1 :]:
        if re.match(r"^[A-Z][a-z' ]+ [A-Z]", page) and not page.startswith(title):
            break
        text.append(page)
    return " ".join(text)


def number(game, key: str) -> int:
    return next(r["value"] for r in game.tables["key-numbers"].rows if r["key"] == key)


def test_setup_follows_the_table_in_order(game, pages):
    setup = chapter(pages, "Setup")
    rows = sorted(game.tables["setup"].rows, key=lambda r: r["step"])
    # a step opens "5. Public ...": the tracker in the setup figure says "starts on 5. USA"
    where = [re.search(rf"\b{row['step']}\. [A-Z][a-z]", setup).start() for row in rows]
    assert where == sorted(where)
    dossier = next(r for r in rows if r["name"] == "Dossier")
    assert dossier["cards"] == number(game, "opening-hand") == 5
    assert f"Each player draws {dossier['cards']} Dossier cards." in setup
    assert "face down under their Spy card" in setup and "secret allegiance" in setup
    assert "Decide together who goes first" in setup and "clockwise" in setup
    # public and secret allegiance may differ, said at setup and in the overview's table
    assert "may be your secret nation, or any other" in setup
    overview = chapter(pages, "Overview")
    assert "Not required: the two may differ" in overview


def test_selling_gives_a_new_allegiance_even_with_an_empty_hand(game, pages):
    bonds = chapter(pages, "Bonds and the Vault")
    for row in game.tables["selling-bonds"].rows:
        assert " ".join(row["text"].split()) in bonds, row["name"]
    empty = next(r for r in game.tables["selling-bonds"].rows if r["name"] == "Empty hand")
    assert empty["cards"] == 1 and "Draw the top Dossier card" in empty["text"]


def test_pieces_at_the_table_recall_the_allegiance_rules(game):
    faces = render_game_faces(game)
    spy = " ".join(page_of(faces["player-cards"]["spy"][0]).extract_text().split())
    assert "different nations" in spy and "Draw the top Dossier card" in spy
    vault = " ".join(page_of(faces["player-cards"]["vault"][0]).extract_text().split())
    assert f"REACH {number(game, 'vault-goal')} TO WIN" in vault
    back = faces["turn-aid"]["order-of-play-aid"][1]
    assert back is not None
    reminders = " ".join(page_of(back).extract_text().split())
    assert "draw one if your hand is empty" in reminders
    assert "need not match your secret one" in reminders


def test_quick_reference_is_one_page_and_every_term_has_a_page(game, pages):
    assert pages[-1].startswith("Quick reference")
    assert "it may differ from your secret one" in pages[-1]
    glossary = chapter(pages, "Glossary")
    for row in game.tables["glossary"].rows:
        found = re.search(re.escape(row["term"]) + r" .*?(\d+|–)", glossary)
        assert found, row["term"]
    assert " – " not in glossary.split("Page", 1)[1]
