"""Paper in the five built-in print kits, read from the PDFs (pypdf, pypdfium2): no game takes
more sheets than before gutters, white space and kept decks; an all-duplex kit printed whole
and double-sided backs every front with its own back; the contents name the printer's tools;
the half-empty sheets of the issue are gone where the packer could absorb them."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

# Pages after the contents of each kit (no rulebooks) before this work: sheets, one page each
# side; the five games took 126 A4 pages with their contents pages. Axis & Allies has since
# gained a round track, a round marker and 54 arrival chits: the packer before this work put
# that kit on 12 sheet pages on A4 and on Letter (measured at a2896ae), so 12 is its bar.
BEFORE = {
    "a4": {"1955-war-of-espionage": 18, "axis-allies-espionage": 12,
           "espionage-caledonian": 50, "espionage-card-game": 16, "spy-royale": 26},
    "letter": {"1955-war-of-espionage": 19, "axis-allies-espionage": 12,
               "espionage-caledonian": 50, "espionage-card-game": 16, "spy-royale": 26},
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
def test_no_game_takes_more_pages_than_before(builtin_kits, paper: str) -> None:
    sheets = {}
    for game, path in builtin_kits(paper).items():
        texts = labels(path)
        sheets[game] = len(texts) - lead(texts)
        assert sheets[game] <= BEFORE[paper][game], (game, sheets[game])
    assert sum(sheets.values()) < sum(BEFORE[paper].values()), sheets


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_all_duplex_kit_printed_whole_double_sided_backs_each_front(builtin_kits, paper) -> None:
    """Page 2k+1 is a sheet's front and page 2k+2 its back for every sheet: the contents page
    has a blank back when every sheet is two-sided; a kit with one-sided sheets says which
    pages to print so and has no blank page."""
    whole = 0
    for game, path in builtin_kits(paper).items():
        texts = labels(path)
        if "print single-sided" in texts[0]:
            assert "intentionally blank" not in texts[1], game
            continue
        whole += 1
        assert lead(texts) % 2 == 0 and "back of the contents" in texts[1], game
        for page in range(lead(texts), len(texts), 2):  # 0-based: page + 1 is odd
            front, back = SHEET.search(texts[page]), SHEET.search(texts[page + 1])
            assert front and front.group(3) == "front", (game, page + 1)
            assert back and back.group(3) == "back", (game, page + 2)
            assert front.group(1) == back.group(1), (game, page + 1)
        assert f"Pages {lead(texts) + 1}-{len(texts)}" in texts[0], game
    # Spy Royale and the card game (Axis & Allies' round track and Caledonian's tracker print on
    # one side, so those kits are not all duplex)
    assert whole >= 2


def test_the_contents_name_calibrate_back_offset_and_ink_saver(builtin_kits) -> None:
    for game, path in builtin_kits("a4").items():
        contents = labels(path)[0]
        assert "pnp calibrate" in contents, game
        assert "--back-offset" in contents and "--ink-saver" in contents, game


def test_half_empty_sheets_of_the_issue_are_absorbed(builtin_kits) -> None:
    """Axis & Allies' A4 sheet 6 (18 deep agents alone, one-sided) and Letter's (50 markers):
    the markers now sit beside the reference sheets. Letter 1955's pawn sheet: the two pawns
    lie turned under the reference cards."""
    for paper in ("a4", "letter"):
        contents = labels(builtin_kits(paper)["axis-allies-espionage"])[0]
        lines = re.findall(r"one side · (.*?)(?= Sheets? \d| Espionage Rules|$)", contents)
        assert lines, contents  # the round track prints on one side, with markers beside it
        assert all(", " in line for line in lines), lines  # no kind of marker alone
    contents = labels(builtin_kits("letter")["1955-war-of-espionage"])[0]
    assert re.search(r"Sheet \d+ · pages [\d-]+ · both sides · Reference cards ×2, "
                     r"Control markers ×6, Spy pawns ×2", contents), contents  # fmt: skip
