"""What a reader sees of the figures, measured from the built PDFs (pdfplumber's objects read with
pdfium, tests/pdfpage.py; pages found by their text: tests/readers.py): a figure
that shows part of a board says which board and which part; a booklet's half pages draw the
examples' cards no smaller than 0.4 of their size and the setups no smaller than 1:8 (before,
1:10 and 1:12); an anatomy's leaders run over no picture of the card, numbered down the card."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pdfplumber
import pytest
from pdfpage import PdfiumPage
from readers import opened, page_texts, read

ROOT = Path(__file__).parents[2]
MM = 72 / 25.4
DISC_MM = 4.6  # a call-out's disc


@pytest.fixture(scope="module")
def built(products):
    """A built-in game's rulebook (A4, or the booklet), built once per session and shared with
    the other books' tests (tests/products.py): the A4 book `pnp build <game> --what rulebook`
    writes, the booklet that `--all --what rulebook --edition all --booklet` writes."""

    def build(game: str, booklet: bool) -> Path:
        if not booklet:
            return products.rulebook(game)
        out = products.books("--booklet")
        return out / game / f"{game}-rulebook-booklet-a4.pdf"

    return build


def flat(text: str | None) -> str:
    return " ".join((text or "").split())


def page_with(path: Path, words: str) -> PdfiumPage:
    """The page of the book at `path` whose text holds `words` (found in the pages' text,
    read once per session), read with pdfium (shared by the file's tests)."""
    for number, text in enumerate(page_texts(path)):
        if words in text:
            with read(path) as pdf:
                return pdf.pages[number]
    raise AssertionError(f"{words!r} is on no page")


# -- every board excerpt says what it shows ------------------------------------------------------

# game -> (the excerpt's label, under it) and what the text about it names: the board and its part
EXCERPTS = {
    "espionage-caledonian": ("The tracker's top, after the crisis",
                             ["National Security Tracker",
                              "the tracks of the United States, China and the United Kingdom"]),
    "1955-war-of-espionage": ("The middle of the board",
                              ["Sam's end at the top, Alex's at the bottom"]),
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


def test_the_board_excerpt_names_each_track_above_its_column(built):
    """1955's middle of the board: each country's name stands just above the excerpt, over its
    own column, left to right as the board runs (before, only the caption named them)."""
    names = ["United", "Great", "France", "Poland", "Hungary", "U.S.S.R."]
    book = built("1955-war-of-espionage", False)
    page = page_with(book, "The middle of the board")
    frame = max((r for r in page.rects + page.curves if r["height"] > 40 * MM and r["stroke"]
                 and r["width"] > 60 * MM), key=lambda r: r["height"])  # fmt: skip
    words = {w["text"]: w for w in page.extract_words()
             if w["text"] in names and 0 < frame["top"] - w["bottom"] < 12 * MM}  # fmt: skip
    assert set(words) == set(names), sorted(words)
    column = frame["width"] / len(names)
    for i, name in enumerate(names):
        middle = (words[name]["x0"] + words[name]["x1"]) / 2
        assert abs(middle - (frame["x0"] + column * (i + 0.5))) < column / 2, (name, middle)


# -- booklet figures keep readable pieces ---------------------------------------------------------


def char_size(page: PdfiumPage, word: str) -> float:
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
    with read(built(game, True)) as pdf:
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


def leaders(page: PdfiumPage) -> list[list[tuple[float, float]]]:
    """Call-out leaders: three-point polylines 0.6 pt wide (pnp.rulebook.anatomy)."""
    return [c["pts"] for c in page.curves if len(c["pts"]) == 3
            and abs(c.get("linewidth", 0) - 0.6) < 0.01]  # fmt: skip


def test_the_card_games_leaders_cross_no_picture_and_count_down_the_card(built):
    """The corner index's white disc (10.4 mm) and its picture: no leader's straight run out of
    the card passes over them; the discs are numbered top to bottom (the figure's own: above
    its caption, another anatomy may follow it on the page)."""
    page = page_with(built("espionage-card-game", False), "A Mission card,")
    caption = page.search("A Mission card,")[0]["top"]
    runs = [run for run in leaders(page) if run[0][1] < caption]
    pictures = [c for c in page.curves if 9.5 * MM < c["width"] < 11.5 * MM
                and 9.5 * MM < c["height"] < 11.5 * MM and c["bottom"] < caption]  # fmt: skip
    discs = sorted(
        (
            c
            for c in page.curves
            if c["bottom"] < caption
            and abs(c["width"] - DISC_MM * MM) < 0.6 * MM
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


def test_a_booklets_chain_of_reactions_reads_as_one_row_under_its_cards(built):
    """The card game's chain: each note of what resolved stands under the card it resolves
    (its left edge within 5 mm of the card's number), all three on one row (before, the third
    note wrapped onto a row of its own at booklet size)."""
    book = built("espionage-card-game", True)
    words = page_with(book, "A chain of Reactions").extract_words()
    steps = [next(w for w in words if w["text"] == f"{n}.") for n in (1, 2, 3)]
    notes = [next(w for w in words if w["text"] == t) for t in ("Last:", "Second:", "First:")]
    for step, note in zip(steps, notes, strict=True):
        assert abs(note["x0"] - step["x0"]) < 5 * MM, (step, note)
        assert 0 < note["top"] - step["top"] < 40 * MM, (step, note)
    assert max(n["top"] for n in notes) - min(n["top"] for n in notes) < 6 * MM


# -- a figure's labels cover no line ---------------------------------------------------------------


def stroked_points(page: PdfiumPage, step: float = 0.5) -> list[tuple[float, float]]:
    """Points every `step` pt along every stroked outline and line of the page (the faces'
    forms included): a column's border, a space's frame, an arrow."""
    out = []
    for thing in [*page.rects, *page.curves, *page.lines]:
        if not thing.get("stroke"):
            continue
        pts = thing.get("pts") or [(thing["x0"], thing["top"]), (thing["x1"], thing["top"]),
                                   (thing["x1"], thing["bottom"]), (thing["x0"], thing["bottom"]),
                                   (thing["x0"], thing["top"])]  # fmt: skip
        for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
            n = max(1, int(max(abs(bx - ax), abs(by - ay)) / step))
            out += [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(n + 1)]
    return out


def at_label(page: PdfiumPage) -> float:
    return page.search("The tracker's top")[0]["top"]


@pytest.mark.parametrize("booklet", [False, True])
def test_the_tracker_excerpts_arrow_labels_sit_clear_of_its_lines(built, booklet):
    """The "+3" and "+1" of the Caledonian example: no border of a column or a space, and no
    arrow, runs through either label (before, both sat on the columns' borders), and each
    stands beside its own track, the United Kingdom's +3 nearer GBR than USA (in the booklet
    both had gone to the left of the tracker)."""
    book = built("espionage-caledonian", booklet)
    page = page_with(book, "The tracker's top")
    words = page.extract_words()
    tops = [w for w in words if w["text"] == "MAX"]  # the top spaces, under the heads
    heads = [
        w
        for w in words
        if w["text"] in ("USA", "GBR")
        and any(
            abs(w["x0"] - t["x0"]) < 8 * MM and 0 < t["top"] - w["bottom"] < 12 * MM for t in tops
        )
    ]
    caption = at_label(page)
    labels = [w for w in words if re.fullmatch(r"[+−-]\d", w["text"])
              and min(h["x0"] for h in heads) - 25 * MM < w["x0"]
              and w["x1"] < max(h["x1"] for h in heads) + 25 * MM
              and min(h["top"] for h in heads) < w["top"] < caption]  # fmt: skip
    points = stroked_points(page)
    assert len(labels) == 2, labels
    for w in labels:
        on = [(round(x), round(y)) for x, y in points
              if w["x0"] - 1 < x < w["x1"] + 1 and w["top"] - 1 < y < w["bottom"] + 1]  # fmt: skip
        assert not on, (w["text"], on[:5])
    middle = {h["text"]: (h["x0"] + h["x1"]) / 2 for h in heads}
    for w in labels:
        x = (w["x0"] + w["x1"]) / 2
        own, other = ("GBR", "USA") if w["text"] == "+3" else ("USA", "GBR")
        assert abs(x - middle[own]) < abs(x - middle[other]), (w["text"], x, middle)


def test_an_anatomys_leaders_leave_a_round_piece_the_short_way(built):
    """Axis & Allies' network marker at 2:1: each leader leaves the marker on its label's side,
    its run across the marker under 40% of the marker's width (before, call-out 1, the
    marker's colour, ran from the left rim right across the picture to a label on the right)."""
    book = built("axis-allies-espionage", False)
    page = page_with(book, "A level 2 network marker")
    runs = leaders(page)
    marker = min((c for c in page.curves if c["width"] > 15 * MM
                  and abs(c["width"] - c["height"]) < 1), key=lambda c: c["width"])  # fmt: skip
    assert len(runs) == 3, runs
    for (x0, _), (x1, _), _ in runs:
        assert abs(x1 - x0) < 0.4 * marker["width"], (round(x0), round(x1), marker["width"])


def test_a_sheets_gallery_shows_its_front_before_its_back(built):
    """Axis & Allies' reference sheet (one front, five copies): the front comes first in the
    gallery, its back after it, named as that sheet's back (before, "Back (every card)" led)."""
    book = built("axis-allies-espionage", False)
    page = page_with(book, "Espionage reference ×5")
    front = page.search("Espionage reference ×5")[0]
    back = page.search(r"Espionage reference \(back\)")
    assert back, "the back is not captioned as the sheet's back"
    assert (front["top"], front["x0"]) < (back[0]["top"] - 1, back[0]["x0"]) or (
        abs(front["top"] - back[0]["top"]) < 2 and front["x0"] < back[0]["x0"]
    )


def test_a_booklets_setup_draws_a_token_no_smaller_than_6_mm(built):
    """Caledonian's booklet setup is at 1:8, where the 25 mm allegiance token would be a 3 mm
    dot: it is drawn at 1:4 instead (its outline measured, about 6 mm), and the scale note says
    so."""
    book = built("espionage-caledonian", True)
    page = page_with(book, "Scale 1:8")
    label = page.search("Public allegiance")[0]  # "token" wraps to the next line
    middle = (label["x0"] + label["x1"]) / 2
    discs = [c for c in page.curves if abs((c["x0"] + c["x1"]) / 2 - middle) < 8 * MM
             and 0 < label["top"] - c["bottom"] < 25 * MM
             and abs(c["width"] - c["height"]) < 0.2 and c["width"] < 20 * MM]  # fmt: skip
    note = flat(page.extract_text())
    assert discs, "no token over its label"
    assert max(c["width"] for c in discs) >= 6 * MM - 0.5, max(c["width"] / MM for c in discs)
    assert "Scale 1:8; small pieces 1:4" in note


def arrows(page: pdfplumber.page.Page) -> list[tuple[tuple[float, float], tuple[float, float],
                                                    list[tuple[float, float]]]]:  # fmt: skip
    """(start, tip, head's corners) of each arrow: its 1.5 pt shaft and its filled head."""
    shafts = [
        c
        for c in page.curves + page.lines
        if c.get("stroke") and c.get("linewidth") == pytest.approx(1.5, abs=0.01)
    ]
    heads = [
        c
        for c in page.curves
        if c.get("fill")
        and len(c["pts"]) <= 5
        and c.get("linewidth") == pytest.approx(0.8, abs=0.01)
        and c["width"] < 4 * MM
    ]
    out = []
    for head in heads:
        tip = head["pts"][0]
        shaft = min(shafts, key=lambda s: math.dist(s["pts"][-1], tip))
        out.append((shaft["pts"][0], tip, head["pts"]))
    return out  # fmt: skip


def markers(page: pdfplumber.page.Page) -> list[tuple[float, float, float]]:
    """Centre and radius of each round marker standing on the board (its grey outline)."""
    return [((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2, c["width"] / 2)
            for c in page.curves if c.get("stroke") and abs(c["width"] - c["height"]) < 0.3
            and 3 * MM < c["width"] < 20 * MM
            and c.get("stroking_color") == pytest.approx((0.55, 0.55, 0.55), abs=0.01)]  # fmt: skip


@pytest.mark.parametrize("booklet", [False, True])
def test_the_tracker_excerpts_arrows_clear_their_markers_and_read(built, booklet):
    """The Caledonian example's +3 and +1: each arrow at least 4 mm from its start to its tip,
    and no head within 0.8 mm of a marker (before, the +1 between two neighbouring spaces was
    a stub whose head touched the USA marker)."""
    path = built("espionage-caledonian", booklet)
    number = next(i for i, t in enumerate(page_texts(path)) if "The tracker's top" in t)
    with opened(path) as pdf:  # pdfplumber: the markers are known by their outline's colour
        page = pdf.pages[number]
        found, discs = arrows(page), markers(page)
    assert len(found) == 2 and len(discs) >= 4, (found, discs)
    for start, tip, corners in found:
        assert math.dist(start, tip) >= 4 * MM, (start, tip)
        for x, y, r in discs:
            assert math.dist(tip, (x, y)) - r >= 0.8 * MM, (tip, (x, y, r))
            assert all(math.dist(p, (x, y)) - r >= 0.3 * MM for p in corners), corners


@pytest.mark.parametrize(("game", "label", "word", "anatomy", "least"), [
    ("1955-war-of-espionage", "Alex's turn: a faded", "TRANSPORT", "A country card,", 0.48),
])  # fmt: skip
def test_a_booklets_wrapped_example_is_as_large_as_its_rows_allow(
    built, game, label, word, anatomy, least
):
    """An example wrapped onto more rows on a half page takes the largest scale that wraps it
    into no more rows than the floor does (1955's turn: 0.5; before, the 0.4 floor itself)."""
    true = char_size(page_with(built(game, False), anatomy), word)
    shown = char_size(page_with(built(game, True), label), word)
    assert least <= shown / true <= 0.6 + 0.01, shown / true
