"""1955: The War of Espionage: the rules the catalog gained for the rulebook (setup, the opening
turn, the empty draw deck, the clarifications, the credits, our readings) are printed, in the
rulebook and where players need them at the table on the reference card and the board.
Measured from the built PDFs with pdfplumber."""

from __future__ import annotations

import re

import pytest
from conftest import page_of
from rendered import render_game_faces, rulebook_pages

from pnp.catalog.games import resolve_game

GAME_ID = "1955-war-of-espionage"


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def faces(game):
    return render_game_faces(game)


@pytest.fixture(scope="module")
def pages(products) -> list[str]:
    """The A4 rulebook's pages as text, whitespace collapsed."""
    return rulebook_pages(products, GAME_ID)


def chapter(pages: list[str], title: str, until: str) -> str:
    """The text of the chapter `title`, up to the next chapter's title `until` (a chapter
    may start part way down a page)."""
    text = " ".join(pages[2:])  # past the cover and the contents, which list the titles
    start = text.index(title)
    return text[start : text.index(until, start)]


def face_text(art) -> str:
    return flat(page_of(art).extract_text() or "")


def test_setup_steps_are_printed_in_order(game, pages):
    setup = chapter(pages, "Setup", "Playing a turn")
    rows = sorted(game.tables["setup"].rows, key=lambda r: r["step"])
    positions = [setup.find(flat(r["text"])) for r in rows]
    assert -1 not in positions, [r["id"] for r, p in zip(rows, positions, strict=True) if p < 0]
    assert positions == sorted(positions)
    # the steps that are our reading say so beside them
    for row in rows:
        if row["source"] == "original":
            at = setup.find(flat(row["text"])) + len(flat(row["text"]))
            assert setup[at : at + 16].strip().startswith("(our reading)"), row["id"]


def test_opening_turn_and_empty_deck_are_in_the_rules(game, pages):
    setup = chapter(pages, "Setup", "Playing a turn")
    for row in game.tables["opening"].rows:
        assert flat(row["text"]) in setup, row["id"]
    # the chapter "Special actions", not the section of that name inside "Playing a turn"
    turn = chapter(pages, "Playing a turn", "Special actions There are")
    for row in game.tables["card-flow"].rows:
        assert flat(row["text"]) in turn, row["id"]


def test_reference_card_front_carries_the_reshuffle_and_the_short_first_turn(game, faces):
    front, _ = faces["reference-cards"]["reference-card"]
    text = face_text(front)
    reshuffle = next(r for r in game.tables["card-flow"].rows if r["id"] == "reshuffle")
    assert flat(reshuffle["text"]) in text
    # printed with the refill step, before step 4
    at = text.index(flat(reshuffle["text"]))
    assert text.index("Refill.") < at < text.index("Move your spy.")
    first = next(r for r in game.tables["opening"].rows if r["id"] == "first-turn")
    assert f"steps {', '.join(map(str, first['steps'][:-1]))} and {first['steps'][-1]} only" in text


def test_clarifications_are_printed(game, pages, faces):
    rules = " ".join(pages)
    actions = game.tables["special-actions"].rows
    for row in actions:
        if row["detail"]:
            assert flat(row["detail"]) in rules, row["id"]
    _, back = faces["reference-cards"]["reference-card"]
    back_text = face_text(back)
    for row in actions:
        if row["detail_on_reference"]:
            assert flat(row["detail"]) in back_text, row["id"]
    # the gadget limit is printed where a Gadget Research card is tucked: beside the gadget slots
    gadget = next(r for r in actions if r["id"] == "gadget-research")
    board_front, board_back = faces["board"]["game-board"]
    for side in (board_front, board_back):
        assert flat(gadget["detail"]) in face_text(side)


def test_front_matter_carries_the_full_credits_and_the_cover_only_the_short_ones(game, pages):
    contents = next(i for i, t in enumerate(pages) if t.startswith("Contents"))
    cover = " ".join(pages[:contents])
    front = " ".join(pages[: contents + 1])  # the long thanks follow the contents
    assert game.meta["designer"] in cover
    for role, names in game.meta["credits"].items():
        for name in names if isinstance(names, list) else [names]:
            assert flat(name) in front, (role, name)
    thanks = game.meta["credits"]["special_thanks"]
    assert sum(flat(name) in cover for name in thanks) < 5  # a cover, not a list of ~190 names


def test_every_reading_is_marked_as_ours_beside_its_rule(game, pages):
    notes = next(i for i, t in enumerate(pages) if t.startswith("Designer's notes"))
    rules = " ".join(pages[:notes])
    for row in game.tables["readings"].rows:
        text = f"{row['topic']}. {flat(row['reading'])}"
        assert text in rules, row["id"]
        # readings that stand together share one box: the label, then only readings
        before = rules[: rules.index(text)]
        inside = before[before.rindex("Our reading") + len("Our reading") :]
        for other in game.tables["readings"].rows:
            inside = inside.replace(f"{other['topic']}. {flat(other['reading'])}", "")
        assert not inside.strip(), (row["id"], inside[-80:])


def test_every_glossary_term_points_at_a_page(game, pages):
    glossary = next(t for t in pages if t.startswith("Glossary"))
    for row in game.tables["glossary"].rows:
        # a long definition wraps in its cell, and the page number may come between its lines
        definition = flat(row["definition"])
        at = glossary.find(f"{row['term']} {definition[:20]}")
        assert at >= 0, row["term"]
        cell = glossary[at : at + len(row["term"]) + len(definition) + 12]
        assert re.search(r" \d+( |$)", cell), (row["term"], cell)


def test_the_book_joins_the_board_as_the_kit_does_with_glue_never_tape(pages):
    """The kit's page 1 and its tiled sheets say glue the board's overlaps; the book's builder
    section said "tape the board's sheets together", so a builder read two ways to do one job."""
    book = flat(" ".join(pages)).lower()
    assert "tape" not in book
    assert "glue the board's sheets along their overlaps" in book
