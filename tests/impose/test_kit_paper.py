"""Paper in the five built-in print kits, read from the PDFs (pypdfium2): no game takes
more sheets than before; every kit printed whole and double-sided backs every front with its
own back; page 1 is the builder's page; no crop mark lies in a printer's dead zone; the
half-empty sheets of the issue are gone where the packer could absorb them."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from readers import straight_lines

from pnp.catalog.games import resolve_game

# Pages after the contents of each kit (no rulebooks) before this work: sheets, one page each
# side; the five games took 126 A4 pages with their contents pages. Axis & Allies has since
# gained a round track, a round marker and 54 arrival chits: the packer before this work put
# that kit on 12 sheet pages on A4 and on Letter (measured at a2896ae), so 12 is its bar. The
# card game's play summaries, six to a sheet since they are as wide as its cards, take it from
# 16 to 14 (its original edition's sixth summary had a sheet of its own).
BEFORE = {
    "a4": {"1955-war-of-espionage": 18, "axis-allies-espionage": 12,
           "espionage-caledonian": 50, "espionage-card-game": 14, "spy-royale": 26},
    "letter": {"1955-war-of-espionage": 19, "axis-allies-espionage": 12,
               "espionage-caledonian": 50, "espionage-card-game": 14, "spy-royale": 26},
}  # fmt: skip
SHEET = re.compile(r"sheet (\d+) of (\d+) · (front|back)")


def labels(path: Path) -> list[str]:
    document = pdfium.PdfDocument(path)
    return [
        " ".join(document[i].get_textpage().get_text_range().split()) for i in range(len(document))
    ]


def lead(texts: list[str]) -> int:
    """Pages before the first sheet: the contents and whatever follows them."""
    return next(i for i, t in enumerate(texts) if SHEET.search(t) or "row 1 of" in t)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_game_takes_more_sheets_than_before(builtin_kits, paper: str) -> None:
    """Sheets of paper: a two-sided sheet's two pages, a one-sided sheet and its blank back."""
    sheets = {}
    for game, path in builtin_kits(paper).items():
        texts = labels(path)
        pages = len(texts) - lead(texts)
        blanks = sum("intentionally blank" in t for t in texts[lead(texts) :])
        sheets[game] = (pages - 2 * blanks) // 2 + blanks
        assert pages - blanks <= BEFORE[paper][game], (game, pages - blanks)
    # 69 A4 sheets with the five contents sheets before this work; Letter at most A4 + 2
    assert sum(sheets.values()) + len(sheets) <= (69 if paper == "a4" else 71), sheets


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_kit_printed_whole_double_sided_backs_each_front(builtin_kits, paper) -> None:
    """Printed whole and double-sided, page 2k+1 is a sheet's front and page 2k+2 its back
    (blank for a one-sided sheet), the same sheet, on paper of the same shape; page 1 says so.
    (Where each back lies behind its front is test_sheets_measured's duplex registration.)"""
    for game, path in builtin_kits(paper).items():
        texts = labels(path)
        document = pdfium.PdfDocument(path)
        assert lead(texts) % 2 == 0 and "back of the contents" in texts[1], game
        assert "Print the whole file double-sided" in texts[0], game
        for page in range(lead(texts), len(texts), 2):  # 0-based: page + 1 is odd
            width, height = document[page].get_size()
            assert document[page + 1].get_size() == (width, height), (game, page + 2)
            if re.search(r"row \d+ of \d+, column", texts[page]):  # a board's tile: one-sided
                assert "intentionally blank" in texts[page + 1], (game, page + 2)
                continue
            front = SHEET.search(texts[page])
            assert front and front.group(3) == "front", (game, page + 1)
            if f"back of sheet {front.group(1)} of" in texts[page + 1]:
                assert "intentionally blank" in texts[page + 1], (game, page + 2)
                continue
            back = SHEET.search(texts[page + 1])
            assert back and back.group(3) == "back", (game, page + 2)
            assert front.group(1) == back.group(1), (game, page + 1)


def test_page_1_is_the_builders_page(builtin_kits) -> None:
    """What you get, what else you need (the catalog's supplies), paper, printing, making it
    (fold where there are pawns, glue where a board is tiled), the sheet list, a 50 mm bar;
    no command lines or placeholders."""
    for game, path in builtin_kits("a4").items():
        page = labels(path)[0]
        for heading in ("What you get", "What else you need", "Paper", "Printing", "The sheets"):
            assert heading in page, (game, heading)
        assert "pnp " not in page and "GAME" not in page and "--" not in page, game
        assert "g/m²" in page and "50 mm" in page, game
    pages = {g: labels(p)[0] for g, p in builtin_kits("a4").items()}
    assert "A copy of Axis & Allies" in pages["axis-allies-espionage"]
    assert "Fold:" in pages["1955-war-of-espionage"]  # its spy pawns
    assert "Fold:" not in pages["espionage-card-game"]
    assert "Glue (" in pages["1955-war-of-espionage"]  # its board is tiled over 4 sheets
    # Caledonian's tracker fits on one sheet: nothing to glue, no glue to buy
    assert "glue" not in pages["espionage-caledonian"].lower()
    assert "63 x 88 mm cards (66 x 91 mm sleeves)" in pages["espionage-card-game"]


def test_page_1_names_sleeves_for_the_decks_cards_only(builtin_kits) -> None:
    """Sleeves are for cards that are shuffled: page 1 names a sleeve size only for a deck's
    cards (as the rulebook's print chapter does), never for an aid or a play summary (the card
    game's 63 x 125 mm summaries asked for 66 x 128 mm sleeves, a size nobody sells)."""
    for game_id, path in builtin_kits("a4").items():
        page = labels(path)[0]
        named = {(float(w), float(h)) for w, h in re.findall(r"([\d.]+) x ([\d.]+) mm cards", page)}
        decks = {(s.trim.width_mm, s.trim.height_mm) for s in resolve_game(game_id).decks.values()}
        assert named <= decks, (game_id, sorted(named - decks))
    assert "66 x 128" not in labels(builtin_kits("letter")["espionage-card-game"])[0]


def test_page_1_of_a_kit_without_cards_asks_for_no_sleeves(builtin_kits) -> None:
    """A kit of tokens and sheets only (Axis & Allies) does not tell its player to sleeve cards
    it does not have: plain paper is made good by a card backing; a kit with a deck keeps the
    sleeve advice."""
    kits = builtin_kits("a4")
    pieces_only = " ".join(labels(kits["axis-allies-espionage"])[0].split())
    assert "sleeve" not in pieces_only.lower()
    assert "thin card before cutting" in pieces_only
    with_deck = " ".join(labels(kits["espionage-card-game"])[0].split())
    assert "sleeve the cards" in with_deck


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_crop_mark_in_a_printers_dead_zone(builtin_kits, paper) -> None:
    """No crop mark (a short solid black line) nearer than 5 mm to the paper's edge."""
    for game, path in builtin_kits(paper).items():
        document = pdfium.PdfDocument(path)
        for number in range(1, len(document) + 1):
            page = document[number - 1]
            w, h = (side / 72 * 25.4 for side in page.get_size())
            for ln in straight_lines(page):
                if abs(ln.width - 0.25) >= 0.01 or ln.dashed or ln.rgb != (0, 0, 0):
                    continue  # a crop mark is a 0.25 pt black line
                x0, x1 = ln.x0 / 72 * 25.4, ln.x1 / 72 * 25.4
                y0, y1 = ln.top / 72 * 25.4, ln.bottom / 72 * 25.4
                if max(x1 - x0, y1 - y0) > 6.5:
                    continue
                if min(x0, y0) < 0 or x1 > w or y1 > h:
                    continue  # a face's own art, clipped by the page
                near = min(x0, y0, w - x1, h - y1)
                assert near >= 5 - 0.01, (game, number, round(near, 2))


def test_half_empty_sheets_of_the_issue_are_absorbed(builtin_kits) -> None:
    """Axis & Allies' A4 sheet 6 (18 deep agents alone, one-sided) and Letter's (50 markers):
    the markers now sit beside the reference sheets. Letter 1955's pawn sheet: the two pawns
    lie turned under the reference cards."""
    for paper in ("a4", "letter"):
        contents = labels(builtin_kits(paper)["axis-allies-espionage"])[0]
        lines = re.findall(r"one side · (.*?)(?= Sheets? \d| Espionage Rules|$)", contents)
        assert lines, contents  # the round track prints on one side, with markers beside it
        assert all(", " in line for line in lines), lines  # no kind of marker alone
    # the card game's play summaries, six to a sheet (as wide as its cards): every edition's
    # on one sheet of their own, none left over for a near-empty sheet
    game = resolve_game("espionage-card-game")
    summaries = sum(c.count for c in game.sets["reference"].components)
    for paper in ("a4", "letter"):
        contents = labels(builtin_kits(paper)["espionage-card-game"])[0]
        assert f"Play summary ({summaries})." in contents, contents
        assert re.search(rf"both sides · Play summary \({summaries}\)", contents), contents
    contents = labels(builtin_kits("letter")["1955-war-of-espionage"])[0]
    assert re.search(r"Sheet \d+ · pages [\d-]+ · both sides · Reference cards \(2\), "
                     r"Control markers \(6\), Spy pawns \(2\)", contents), contents  # fmt: skip
