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
def pages(products) -> list[str]:
    """The A4 rulebook's pages as text, whitespace collapsed."""
    return rulebook_pages(products, GAME_ID)


def page_starting(pages: list[str], title: str) -> str:
    """The text from the chapter `title` on, past the contents: a chapter starts on the page
    before when more than 40% of it is left."""
    text = " ".join(pages[2:])
    return text[text.index(f"{title} ") :]


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
    front, _ = render_game_faces(game, sets=["reference"])["reference"]["play-summary"]
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


# ---------------------------------------------------------------- editions, rulings, players' text


@pytest.fixture(scope="module")
def books(products, pages) -> dict[str, list[str]]:
    """Edition id -> its book's pages (the default edition's is the one built above), each
    built with `pnp build --edition`."""
    return {"original": pages, "pnp": rulebook_pages(products, GAME_ID, "pnp")}


def players_chapters(book: list[str]) -> str:
    """Everything before the builder's page: what the players read."""
    end = next(i for i, t in enumerate(book) if t.startswith("For the builder of this kit"))
    return " ".join(book[:end])


def printed(edition: str, card_id: str) -> str:
    """A card's text as its face prints it (bold marks gone), collapsed like the pages."""
    card = next(c for c in resolve_game(GAME_ID, edition).sets["deck"].components
                if c.id == card_id)  # fmt: skip
    return " ".join(str(card.fields["text"]).replace("**", "").split())


@pytest.mark.parametrize("edition", ["original", "pnp"])
def test_rulings_quote_the_cards_they_rule_on(books, edition):
    """The Ninja's card and its ruling once disagreed ("copy the last card played" against "the
    last common Mission ... you cannot play it as a Mission"): every ruling on a card now quotes
    the card's printed text, from the same data, so the two cannot drift."""
    text = " ".join(books[edition])
    for card_id in ("ninja", "mercenary", "decoy", "double-agent", "protector"):
        assert f"“{printed(edition, card_id)}”" in text, (edition, card_id)
    assert "the last common Mission" not in text
    assert "cannot play the Ninja as a Mission" in text


QUESTIONS = {  # a question a careful reader had to answer alone -> the book's answer
    "Does the safe first round stop Reactions?": "The safe first round stops Reactions too",
    "A Double Agent redirected by a Decoy": "The player of the Double Agent takes nothing",
    "A Ninja copying the Protector": "so the Ninja's player takes the Target",
    "Police against a Ninja played as a Reaction": "only a Counterspy can cancel it",
    "The topmost common Mission": "the top card need not be one",
    "Who answers a hit first": "The player hit answers first",
    "Does the Package need 10 cards again?": "however many cards you hold then",
    "Does the reveal lapse?": "the reveal is over",
    "A Ninja copying a Mercenary": "A Ninja may copy a Mercenary",
    "How long is a turn?": "A turn with its answers takes one to two minutes",
}


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_balanced_book_settles_every_table_question(books, question):
    assert QUESTIONS[question] in players_chapters(books["pnp"]), question


def test_players_chapters_hold_no_tool_talk(books):
    """No raw Markdown, no catalog words, no simulator or its figures before the builder's page;
    the balance's method and figures are on the builder's page."""
    for edition, book in books.items():
        text = players_chapters(book)
        for word in ("*", "in the catalog", "bench/", "sim_espionage", "How we tested", "%"):
            assert word not in text, (edition, word)
        assert "How we tested the balance" in " ".join(book), edition


def test_the_balanced_book_lists_its_changes_before_the_notes(books):
    """One row a change, each with its topic and why, in a chapter just before the notes."""
    text = " ".join(t for t in books["pnp"] if not t.startswith("Contents"))
    changes = text.index("Changes from the original This edition changes")
    notes = text.index("Designer's notes Where the official rules")
    assert changes < notes
    chapter = text[changes:notes]
    words = set(chapter.split())
    for row in resolve_game(GAME_ID, "pnp").edition.changes:
        assert row["topic"] in chapter, row["topic"]
        # a cell wraps, and its lines come out between its neighbours': word by word
        assert set(row["why"].split()) <= words, row["topic"]


def test_the_original_book_says_a_balanced_edition_exists(books):
    text = " ".join(books["original"])
    balanced = next(e for e in resolve_game(GAME_ID).editions if e.id == "pnp")
    assert f"also comes in a {balanced.name.lower()}" in text
    assert "Changes from the original" not in text


def test_the_original_book_plays_the_official_rules(books):
    """The Package as the rules give it, every card live from the first turn."""
    text = " ".join(books["original"])
    assert "Safe first round" not in text and "safe first round" not in text
    assert "Force an opponent to discard the Target or the Package: you win at once." in text
    assert printed("original", "package") in text


@pytest.mark.parametrize("edition", ["original", "pnp"])
def test_the_glossary_eliminates_whom_the_cards_eliminate(books, edition):
    """ "Eliminated" names every gold card that puts its holder out when discarded, as the
    edition's cards say (the original's Package too: the glossary once named the Target only)."""
    deck = resolve_game(GAME_ID, edition).sets["deck"].components
    out = sorted(c.name for c in deck if c.fields.get("when_discarded") == "out")
    text = " ".join(books[edition])
    start = text.index("Eliminated Out of the game:")
    entry = text[start : text.index(" Hit A card", start)]  # up to the next term
    entry = re.sub(r" \d+(?= )", "", entry)  # the page column's numbers fall inside the line
    gold = {c.name for c in deck if c.fields.get("when_discarded")}
    assert sorted(name for name in gold if f"the {name}" in entry) == out, (edition, entry)
