"""The studio's list of changed faces, which the page flashes: after a save, exactly the faces
drawn differently, whether they were on the page before or not."""

from __future__ import annotations

from pathlib import Path

from pnp.studio.book import FaceBook
from tests.studio_server import copy_builtin

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
