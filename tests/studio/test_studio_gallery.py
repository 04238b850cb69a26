"""`pnp studio` on a game of thousands of cards, in a real browser: the gallery holds only the
tiles near the view, says how many there are, lays out and draws what is scrolled to first,
finds a card deep in the deck by name, and follows a one-card edit of the sheet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.hang import HANG
from tests.studio_server import CHROMIUM, Running, browser_page, sheet_game, studio

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium at /usr/bin/chromium: .ci/run installs Debian's package"
)

CARDS = 3000
WAIT_MS = int(HANG * 1000)  # a hang guard (tests/hang.py)
LOADED = "i => i.complete && i.naturalWidth > 0"


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sheet_game(tmp_path_factory.mktemp("studio") / "many", CARDS)


@pytest.fixture(scope="module")
def running(game: Path) -> Iterator[Running]:
    with studio(game) as run:
        yield run


@pytest.fixture(scope="module")
def page(running: Running) -> Iterator[Any]:
    with browser_page(running.url, "document.body.dataset.faces > 0", WAIT_MS) as tab:
        yield tab


def _tile(name: str) -> str:
    return f'.tile:has(.name:text-is("{name}"))'


def test_the_first_pictures_show_and_the_page_holds_a_screenful_of_tiles(page: Any) -> None:
    page.locator(f"{_tile('Scout 0')} img").wait_for(timeout=WAIT_MS)
    page.wait_for_function(f"({LOADED})(document.querySelector('.tile img'))", timeout=WAIT_MS)
    faces = int(page.evaluate("document.body.dataset.faces"))
    assert faces > CARDS  # every front, and the deck's back
    assert f"of {faces:,} faces" in page.inner_text("#shown")
    assert 0 < page.locator(".tile").count() <= 400  # not thousands of elements
    height = page.evaluate("document.getElementById('sheet').offsetHeight")
    assert height > 290 * CARDS / 8  # the scroll bar measures every card


def test_the_last_card_is_drawn_once_scrolled_to(page: Any) -> None:
    last = f"Wild Card {CARDS - 1}"  # the sheet's six samples, numbered, over and over
    page.evaluate("g => g.scrollTop = g.scrollHeight", page.query_selector("#gallery"))
    tile = page.locator(_tile(last))
    tile.wait_for(timeout=WAIT_MS)
    page.wait_for_function(
        f"f => f.dataset.key && ({LOADED})(f.querySelector('img'))",
        arg=tile.element_handle(), timeout=WAIT_MS,
    )  # fmt: skip
    assert page.locator(_tile("Scout 0")).count() == 0  # the top's tiles were let go
    assert page.locator(".tile").count() <= 400


def test_a_search_finds_a_card_deep_in_the_deck(page: Any) -> None:
    page.fill("#search", "trade 1502")
    page.wait_for_function("document.querySelectorAll('.tile').length === 1", timeout=WAIT_MS)
    assert page.locator(".tile .name").all_inner_texts() == ["Trade 1502"]
    assert page.inner_text("#shown").startswith("1 of ")
    page.fill("#search", "")


def test_a_one_card_edit_of_the_sheet_redraws_that_card(page: Any, game: Path) -> None:
    page.fill("#search", "sprint 1")  # Sprint 1, 1001, 1051, ...: the first is on screen
    tile = page.locator(_tile("Sprint 1"))
    tile.wait_for(timeout=WAIT_MS)
    page.wait_for_function("f => f.dataset.key", arg=tile.element_handle(), timeout=WAIT_MS)
    old = tile.get_attribute("data-key")
    sheet = game / "cards.csv"
    lines = sheet.read_text("utf-8").split("\n")
    row = next(i for i, line in enumerate(lines) if line.startswith("Sprint 1,"))
    lines[row] = lines[row].replace(",2,", ",5,", 1)  # its cost: 2 -> 5
    sheet.write_text("\n".join(lines), "utf-8")
    page.wait_for_function(
        f"([f, old]) => f.dataset.key !== old && ({LOADED})(f.querySelector('img'))"
        " && f.querySelector('img').src.includes(f.dataset.key)",
        arg=[tile.element_handle(), old], timeout=WAIT_MS,
    )  # fmt: skip
    assert page.evaluate("window.__notReloaded") is True
