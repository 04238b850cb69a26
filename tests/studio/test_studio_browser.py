"""`pnp studio` in a real browser (Debian's chromium driven by Playwright): a designer's loop on
a copy of a built-in game. The tests run in order on one studio: each edits the game's files the
way an editor saves them and watches the page follow, without reloading it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.hang import HANG
from tests.studio_server import CHROMIUM, Running, browser_page, copy_builtin, studio

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium at /usr/bin/chromium: .ci/run installs Debian's package"
)

GAME = "espionage-card-game"
HOSTILE = "<script>"  # a name that is markup: as HTML it would vanish into a script element
WAIT_MS = int(HANG * 1000)  # a hang guard (tests/hang.py)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = copy_builtin(GAME, tmp_path_factory.mktemp("studio") / GAME)
    deck = folder / "deck.yaml"
    hostile = f"name: '{HOSTILE}'\n    short_name: Medic"  # the corner index fits
    deck.write_text(deck.read_text("utf-8").replace("name: Medic", hostile), "utf-8")
    return folder


@pytest.fixture(scope="module")
def running(game: Path) -> Iterator[Running]:
    with studio(game) as run:
        yield run


@pytest.fixture(scope="module")
def page(running: Running) -> Iterator[Any]:
    ready = (
        "document.body.dataset.version && !document.querySelector('#status').classList"
        ".contains('busy')"
    )
    with browser_page(running.url, ready, WAIT_MS) as tab:
        yield tab


def names(game: Path) -> list[str]:
    deck = yaml.safe_load((game / "deck.yaml").read_text("utf-8"))
    reference = yaml.safe_load((game / "reference.yaml").read_text("utf-8"))
    return [c["name"] for c in deck["components"] + reference["components"]]


def test_every_card_name_is_on_the_page_and_every_image_loads(page: Any, game: Path) -> None:
    shown = page.locator(".tile .name").all_inner_texts()
    for name in names(game):
        assert name in shown
    for tile in page.locator(".tile").all():
        tile.scroll_into_view_if_needed()  # the pictures load as they come into view
    page.wait_for_function("[...document.querySelectorAll('.tile img')].every("
                           "i => i.complete && i.naturalWidth > 0)", timeout=WAIT_MS)  # fmt: skip
    sizes = page.eval_on_selector_all(
        ".tile img", "is => is.map(i => [i.naturalWidth, i.naturalHeight])"
    )
    # real pictures of the faces (a 63 x 125 mm play summary is 181 px wide), not icons
    assert len(sizes) == page.locator(".tile").count() > 20
    assert min(h for _, h in sizes) > 300 and min(w for w, _ in sizes) > 150
    page.screenshot(path=str(game.parent / "gallery.png"))


def test_a_card_named_script_is_shown_as_text(page: Any) -> None:
    assert HOSTILE in page.locator(".tile .name").all_inner_texts()
    assert page.locator("#gallery script, #gallery img:not([src^='/face/'])").count() == 0


def _shown(page: Any, count: int) -> None:
    """Wait until the gallery holds `count` tiles (the server filters)."""
    page.wait_for_function("n => document.querySelectorAll('.tile').length === n", arg=count,
                           timeout=WAIT_MS)  # fmt: skip


def test_the_filter_and_the_search_narrow_the_gallery(page: Any) -> None:
    every = page.locator(".tile").count()
    page.select_option("#set-filter", "reference")
    page.wait_for_function("[...document.querySelectorAll('.tile')].every("
                           "t => t.dataset.set === 'reference')", timeout=WAIT_MS)  # fmt: skip
    assert 0 < page.locator(".tile").count() < every
    page.select_option("#set-filter", "")
    page.fill("#search", "sniper")
    _shown(page, 1)
    assert page.locator(".tile .name").all_inner_texts() == ["Sniper"]
    assert page.inner_text("#shown") == f"1 of {every} faces"
    page.fill("#search", "")
    _shown(page, every)


def test_an_opened_card_shows_an_elements_outline_and_its_template_line(
    page: Any, game: Path
) -> None:
    page.locator(".tile", has_text="Sniper").first.click()
    title = page.locator('#overlay .el[data-name="title"]')
    title.wait_for(timeout=WAIT_MS)
    title.click(force=True)
    template = game / "templates" / "card-front.yaml.j2"
    line = next(n for n, text in enumerate(template.read_text("utf-8").splitlines(), 1)
                if "name: title," in text)  # fmt: skip
    info = page.inner_text("#element-info")
    assert f"card-front.yaml.j2:{line}" in info
    assert re.search(r"font size chosen by the fit: [\d.]+ pt", info)
    assert "SNIPER" in page.inner_text("#card-yaml") or "Sniper" in page.inner_text("#card-yaml")
    assert page.locator("#overlay .trim").count() == page.locator("#overlay .safe").count() == 1
    page.wait_for_function(
        "(i => i.complete && i.naturalWidth > 1000)(document.getElementById('card-image'))",
        timeout=WAIT_MS,
    )  # trim and bleed, 1,600 px long
    page.screenshot(path=str(game.parent / "card.png"))


def _wait_new_key(page: Any, ident: str, old: str) -> None:
    page.wait_for_function("([id, old]) => document.querySelector(`.tile[data-id=\"${id}\"]`)"
                           ".dataset.key !== old", arg=[ident, old], timeout=WAIT_MS)  # fmt: skip


def _key(page: Any, name: str) -> str:
    key: str = page.locator(".tile", has_text=name).first.get_attribute("data-key")
    return key


def test_an_edited_template_redraws_the_faces_without_a_reload(page: Any, game: Path) -> None:
    before = {n: _key(page, n) for n in ("Sniper", "Bomb")}
    back = page.locator(".tile[data-side=back]").first.get_attribute("data-key")
    scroll = page.evaluate("document.getElementById('gallery').scrollTop = 300")
    template = game / "templates" / "card-front.yaml.j2"
    text = template.read_text("utf-8")
    template.write_text(text.replace("(card.name | upper)", "(card.name | lower)"), "utf-8")
    _wait_new_key(page, "deck/sniper/front", before["Sniper"])
    assert _key(page, "Bomb") != before["Bomb"]
    assert page.locator(".tile[data-side=back]").first.get_attribute("data-key") == back
    assert page.evaluate("window.__notReloaded") is True
    assert page.evaluate("document.getElementById('gallery').scrollTop") == scroll
    page.wait_for_function("document.getElementById('card-yaml').textContent.includes('sniper')",
                           timeout=WAIT_MS)  # the open card followed  # fmt: skip
    assert page.inner_text("#card-name") == "Sniper"


def test_a_catalog_edit_redraws_that_card_alone(page: Any, game: Path) -> None:
    keys = dict(page.eval_on_selector_all(".tile", "ts => ts.map(t => [t.dataset.id, "
                                          "t.dataset.key])"))  # fmt: skip
    page.evaluate("document.querySelectorAll('.tile img').forEach(i => i.__kept = true)")
    # the default (original) edition draws the Sniper's text from its own file, over deck.yaml's
    edition = game / "editions" / "original.yaml"
    text = edition.read_text("utf-8")
    start = text.index("text: ", text.index("sniper:"))
    end = text.index("\n", start)
    edition.write_text(text[:start] + 'text: "Choose a player: they discard 2 cards."' + text[end:],
                       "utf-8")  # fmt: skip
    _wait_new_key(page, "deck/sniper/front", keys["deck/sniper/front"])
    after = dict(page.eval_on_selector_all(".tile", "ts => ts.map(t => [t.dataset.id, "
                                           "t.dataset.key])"))  # fmt: skip
    assert [i for i in keys if keys[i] != after[i]] == ["deck/sniper/front"]
    # the server's list of changed faces is what the page flashes: that card alone, this time
    flashed = page.eval_on_selector_all(".tile", "ts => ts.map(t => [t.dataset.id, "
                                        "Number(t.dataset.changed || 0)])")  # fmt: skip
    latest = max(version for _, version in flashed)
    assert [i for i, version in flashed if version == latest] == ["deck/sniper/front"]
    assert page.evaluate("[...document.querySelectorAll('.tile img')].every(i => i.__kept)")
    page.wait_for_function("document.getElementById('card-yaml').textContent"
                           ".includes('discard 2 cards')", timeout=WAIT_MS)  # fmt: skip


def test_a_broken_template_shows_file_and_line_and_a_fix_clears_it(
    page: Any, game: Path, running: Running
) -> None:
    template = game / "templates" / "card-front.yaml.j2"
    good = template.read_text("utf-8")
    lines = good.splitlines(keepends=True)
    lines.insert(0, "{{ no_such_value }}\n")
    template.write_text("".join(lines), "utf-8")
    page.locator("#problem").wait_for(state="visible", timeout=WAIT_MS)
    assert page.inner_text("#problem-where").endswith("card-front.yaml.j2:1")
    assert "no_such_value" in page.inner_text("#problem-text")
    assert running.process.poll() is None
    assert running.request("/api/state")[0] == 200
    assert page.locator(".tile img").count() > 20  # the last good faces stay
    page.screenshot(path=str(game.parent / "broken.png"))
    template.write_text(good, "utf-8")
    page.locator("#problem").wait_for(state="hidden", timeout=WAIT_MS)
    assert page.evaluate("window.__notReloaded") is True


def test_a_face_lists_its_legibility_warnings(page: Any, game: Path) -> None:
    template = game / "templates" / "card-front.yaml.j2"
    good = template.read_text("utf-8")
    footer = 'text: "ESPIONAGE · the card game", font: condensed, size: small'
    assert footer in good
    template.write_text(good.replace(footer, footer.replace("size: small", "size: 4")), "utf-8")
    sniper = page.locator('.tile[data-id="deck/sniper/front"] .warn')
    sniper.wait_for(timeout=WAIT_MS)
    assert "illegible text: text 'footer': 4 pt" in sniper.get_attribute("title")
    page.locator("#card-warnings li", has_text="illegible text: text 'footer'").wait_for(
        timeout=WAIT_MS
    )
    template.write_text(good, "utf-8")
    sniper.wait_for(state="detached", timeout=WAIT_MS)
    page.locator("#card-warnings li", has_text="none").wait_for(timeout=WAIT_MS)


def test_a_pasted_deck_list_shows_a_broken_rule(page: Any) -> None:
    page.click("#panel nav button[data-tab=checks]")
    page.locator("#rules li").first.wait_for(timeout=WAIT_MS)
    assert page.locator("#rules li.fail").count() == 0
    page.fill("#decklist", "4 Sniper\n2 Bomb\n")
    page.click("#check-deck")
    failed = page.locator("#deck-verdicts li.fail")
    failed.first.wait_for(timeout=WAIT_MS)
    assert "more than 3 times" in " ".join(failed.all_inner_texts())
    page.fill("#decklist", "2 Snipper\n")
    page.click("#check-deck")
    page.locator("#deck-error").wait_for(state="visible", timeout=WAIT_MS)
    assert "deck list:1:" in page.inner_text("#deck-error")
    assert "did you mean: sniper?" in page.inner_text("#deck-error")  # the closest name
