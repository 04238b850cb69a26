"""The studio's list of changed faces, which the page flashes: after a save, exactly the faces
drawn differently, whether they were on the page before or not."""

from __future__ import annotations

import time
from pathlib import Path

from pnp.catalog.games import resolve_game
from pnp.studio.book import FIRST_FACES, FaceBook, Snapshot
from tests.hang import HANG
from tests.studio_server import copy_builtin, sheet_game

GAME = "espionage-card-game"


def test_an_edited_card_is_listed_changed_and_no_other(tmp_path: Path) -> None:
    folder = copy_builtin(GAME, tmp_path / GAME)
    book = FaceBook(str(folder))
    first = book.refresh()
    assert len(first) == len(book.snapshot.faces) > 20  # all new at first
    # the default (original) edition draws the Sniper's text from its own file, over deck.yaml's
    edition = folder / "editions" / "original.yaml"
    text = edition.read_text("utf-8")
    start = text.index("text: ", text.index("sniper:"))
    end = text.index("\n", start)
    edition.write_text(text[:start] + 'text: "Choose a player: they discard 2 cards."' + text[end:],
                       "utf-8")  # fmt: skip
    assert book.refresh() == ["deck/sniper/front"]
    assert book.refresh() == []  # nothing saved since


def test_a_template_save_lays_out_again_only_the_faces_that_reach_it(tmp_path: Path) -> None:
    folder = copy_builtin(GAME, tmp_path / GAME)
    book = FaceBook(str(folder))
    book.refresh()
    game = book.snapshot.game
    assert game is not None
    deck, reference = (len([c for c in game.sets[s].components if c.count])
                       for s in ("deck", "reference"))  # fmt: skip
    assert book.laid == deck + reference
    templates = folder / "templates"

    def save(name: str, addition: str) -> int:
        path = templates / name
        path.write_text(path.read_text("utf-8") + addition, "utf-8")
        book.refresh()
        return book.laid

    # summary.j2 is imported by the reference card's front and back, by no card of the deck
    assert save("summary.j2", "{# a note #}\n") == reference
    assert save("card-front.yaml.j2", "{# a note #}\n") == deck
    assert save("rulebook.md.j2", "\nMore rules.\n") == 0  # no face reads it
    assert save("theme.yaml", "\n# a note\n") == deck + reference  # every face reads it
    assert book.refresh() == [] and book.laid == 0


def test_the_faces_the_page_shows_are_laid_out_first_and_the_rest_after(tmp_path: Path) -> None:
    folder = sheet_game(tmp_path / "many", 200)
    book = FaceBook(str(folder), background=True)
    published: list[Snapshot] = []
    book.notify = lambda snapshot, changed: published.append(snapshot)
    last = resolve_game(str(folder)).sets["cards"].components[-1].id
    book.focus = frozenset({f"cards/{last}"})  # the page shows the last card
    try:
        book.refresh(announce=True)
        first = next(s for s in published if s.faces)  # what the page gets first
        assert f"cards/{last}/front" in first.faces
        assert len(first.faces) <= 2 * FIRST_FACES and first.pending
        assert first.waiting == 200 - len({f.component_id for f in first.faces.values()})
        deadline = time.monotonic() + HANG
        while book.snapshot.pending:  # the rest, in the background
            assert time.monotonic() < deadline
            time.sleep(0.1)
        fronts = [f for f in book.snapshot.faces.values() if f.side == "front"]
        assert len(fronts) == 200 and book.snapshot.waiting == 0
    finally:
        book.close()
