"""What a reader sees of the figures, measured from the built PDFs with pdfplumber (pages found
by their text, read with pdfium: tests/readers.py): a figure
that shows part of a board says which board and which part; a booklet's half pages draw the
examples' cards no smaller than 0.4 of their size and the setups no smaller than 1:8 (before,
1:10 and 1:12); an anatomy's leaders run over no picture of the card, numbered down the card."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from readers import opened, page_texts

ROOT = Path(__file__).parents[2]
MM = 72 / 25.4
DISC_MM = 4.6  # a call-out's disc


@pytest.fixture(scope="module")
def built(products):
    """A built-in game's rulebook (A4, or the booklet), built once per session and shared with
    the other books' tests (tests/products.py): the A4 book `pnp build <game> --what rulebook`
    writes, the booklet that `--all --what rulebook --booklet` writes."""

    def build(game: str, booklet: bool) -> Path:
        if not booklet:
            return products.rulebook(game)
        out = products.build("--all", "--what", "rulebook", "--booklet")
        return out / game / f"{game}-rulebook-booklet-a4.pdf"

    return build


def flat(text: str | None) -> str:
    return " ".join((text or "").split())


def page_with(path: Path, words: str) -> pdfplumber.page.Page:
    """The page of the book at `path` whose text holds `words` (found in the pages' text,
    read once per session), opened with pdfplumber (shared by the file's tests)."""
    for number, text in enumerate(page_texts(path)):
        if words in text:
            with opened(path) as pdf:
                return pdf.pages[number]
    raise AssertionError(f"{words!r} is on no page")


# -- every board excerpt says what it shows ------------------------------------------------------

# game -> (the excerpt's label, under it) and what the text about it names: the board and its part
EXCERPTS = {
    "espionage-caledonian": ("The tracker's top, after the crisis",
                             ["National Security Tracker",
                              "the tracks of the United States, China and the United Kingdom"]),
    "1955-war-of-espionage": ("The middle of the board",
                              ["the tracks left to right: United States, Great Britain, France, "
                               "Poland, Hungary, U.S.S.R."]),
}  # fmt: skip


def test_every_excerpt_in_the_books_is_checked_here():
    crops = {path.parent.name for path in (ROOT / "templates").glob("*/rulebook*.md.j2")
             if re.search(r"^\s*piece .* crop ", path.read_text(), re.M)}  # fmt: skip
    assert crops == set(EXCERPTS)


@pytest.mark.parametrize("game", sorted(EXCERPTS))
def test_a_board_excerpt_names_its_board_and_the_part_shown(built, game):
    label, names = EXCERPTS[game]
    page = page_with(built(game, False), label)
    at = page.search(re.escape(label).replace("\\ ", r"\s+"))[0]
    # the excerpt's label (its column) and the figure's caption: from the label down 70 mm
    below = (at["top"] - 1, page.width, min(page.height, at["top"] + 70 * MM))
    near = " ".join(flat(page.crop((x, *below)).extract_text()) for x in (at["x0"] - 1, 0))
    for name in names:
        assert name in near, (name, near)


def test_the_tracker_excerpt_shows_its_nation_headers(built):
    """The column heads (flag, code) of each track shown are drawn above its top space."""
    page = page_with(built("espionage-caledonian", False), "The tracker's top, after the crisis")
    tops = [w for w in page.extract_words() if w["text"] == "MAX"]
    codes = {w["text"]: w for w in page.extract_words() if w["text"] in ("USA", "CHN", "GBR")
             and any(abs(w["x0"] - t["x0"]) < 8 * MM and 0 < t["top"] - w["bottom"] < 12 * MM
                     for t in tops)}  # fmt: skip
    # drawn, not clipped away: the excerpt's frame (its columns' outlines) reaches above them
    frames = [r for r in page.rects + page.curves if r["height"] > 40 * MM
              and r["top"] < min(w["top"] for w in codes.values()) if codes]  # fmt: skip
    assert set(codes) == {"USA", "CHN", "GBR"}
    assert frames, "the headers lie outside the excerpt"


# -- booklet figures keep readable pieces ---------------------------------------------------------


def char_size(page: pdfplumber.page.Page, word: str) -> float:
    found = page.search(re.escape(word))
    assert found, word
    return max(c["size"] for c in found[0]["chars"])


@pytest.mark.parametrize(("game", "label", "word", "anatomy"), [
    ("espionage-caledonian", "The crisis, the five cards", "Analyst", "A Dossier card:"),
    ("1955-war-of-espionage", "Alex's turn: a faded", "TRANSPORT", "A country card,"),
])  # fmt: skip
def test_a_booklets_example_draws_its_cards_at_least_0_4_of_their_size(built, game, label,
                                                                        word, anatomy):  # fmt: skip
    """A card's own name measured in the booklet's example against the same card drawn at
    actual size in the A4 book's anatomy."""
    true = char_size(page_with(built(game, False), anatomy), word)
    shown = char_size(page_with(built(game, True), label), word)
    assert shown / true >= 0.4 - 0.01, shown / true


@pytest.mark.parametrize("game", ["espionage-caledonian", "1955-war-of-espionage"])
def test_a_booklets_setup_is_drawn_at_1_8_or_larger(built, game):
    text = " ".join(page_texts(built(game, True)))
    scales = [int(n) for n in re.findall(r"Scale 1:(\d+)", text)]
    assert scales and max(scales) <= 8, scales


@pytest.mark.parametrize(("game", "label"), [
    ("espionage-card-game", "A chain of Reactions"),
    ("axis-allies-espionage", "The mission of the example"),
])  # fmt: skip
def test_a_booklets_turn_by_turn_figure_stays_on_its_page(built, game, label):
    """Each of the booklet's half pages holds its own drawing: no glyph, box or picture of the
    sheet crosses the fold or comes nearer than 3 mm to a half page's edge (a row label cut at
    the left edge, a figure running onto the facing page)."""
    mm = 72 / 25.4
    page_with(built(game, True), label)
    with opened(built(game, True)) as pdf:
        for sheet in pdf.pages:
            half = sheet.width / 2
            for thing in [*sheet.chars, *sheet.rects, *sheet.images]:
                x0, x1 = thing["x0"], thing["x1"]
                if x1 - x0 > half:
                    continue  # drawn across the whole sheet on purpose (none today)
                left = 0.0 if (x0 + x1) / 2 < half else half
                assert x0 >= left + 3 * mm and x1 <= left + half - 3 * mm, (
                    sheet.page_number, thing.get("text", thing["object_type"]), x0, x1,
                )  # fmt: skip


# -- an anatomy's leaders cross no picture ----------------------------------------------------


def leaders(page: pdfplumber.page.Page) -> list[list[tuple[float, float]]]:
    """Call-out leaders: three-point polylines 0.6 pt wide (pnp.rulebook.anatomy)."""
    return [c["pts"] for c in page.curves if len(c["pts"]) == 3
            and abs(c.get("linewidth", 0) - 0.6) < 0.01]  # fmt: skip


def test_the_card_games_leaders_cross_no_picture_and_count_down_the_card(built):
    """The corner index's white disc (10.4 mm) and its picture: no leader's straight run out of
    the card passes over them; the discs are numbered top to bottom."""
    page = page_with(built("espionage-card-game", False), "A Mission card,")
    runs = leaders(page)
    pictures = [c for c in page.curves if 9.5 * MM < c["width"] < 11.5 * MM
                and 9.5 * MM < c["height"] < 11.5 * MM]  # fmt: skip
    discs = sorted(
        (
            c
            for c in page.curves
            if abs(c["width"] - DISC_MM * MM) < 0.6 * MM
            and abs(c["height"] - DISC_MM * MM) < 0.6 * MM
        ),
        key=lambda c: c["x0"],
    )
    numbers = {}
    for c in discs:
        inside = "".join(ch["text"] for ch in page.chars if c["x0"] - 1 <= ch["x0"]
                         and ch["x1"] <= c["x1"] + 1 and c["top"] - 1 <= ch["top"]
                         and ch["bottom"] <= c["bottom"] + 1)  # fmt: skip
        if inside.isdigit():
            numbers[int(inside)] = c["top"]
    assert len(runs) >= 5 and pictures, (len(runs), len(pictures))
    for (x0, y), (x1, _), _ in runs:
        low, high = sorted((x0, x1))
        over = [p for p in pictures if p["x0"] < high - 0.5 and p["x1"] > low + 0.5
                and p["top"] + 0.5 < y < p["bottom"] - 0.5]  # fmt: skip
        assert not over, (round(y / MM, 1), [(round(p["x0"] / MM), round(p["top"] / MM))
                                             for p in over])  # fmt: skip
    tops = [numbers[n] for n in sorted(numbers)]
    assert len(tops) >= 5 and all(b >= a - 3 * MM for a, b in zip(tops, tops[1:], strict=False))
