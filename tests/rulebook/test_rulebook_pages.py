"""How the built rulebooks are paginated, as a reader turning the pages sees it, measured from the
A4 PDFs with pdfplumber (what is printed where) and pypdf (the outline): no page left nearly
empty, no heading stranded at the foot of a page, the quick reference a chapter of its own on
the last page, and the tool (commands, files, catalog tags) only in the builder's appendix."""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

MM = 72 / 25.4
TOP, BOTTOM = 20 * MM, 20 * MM  # the body frame's margins (pnp.rulebook.document)
HEADING_PT = 11.4  # the smallest heading is 11.5 pt; body text 10 pt
BOOKS = [
    ("spy-royale", ""),
    ("spy-royale", "ja"),
    ("espionage-card-game", ""),
    ("1955-war-of-espionage", ""),
    ("axis-allies-espionage", ""),
    ("espionage-caledonian", ""),
]
QUICK = {"": "Quick reference", "ja": "クイックリファレンス"}
BUILDER = {"": "For the builder of this kit", "ja": "このキットを作る方へ"}
TOOL = re.compile(r"\bpnp (?:validate|build|calibrate)|bench/|\.yaml\b|scores-from|lost-icon")


@pytest.fixture(scope="session")
def book(tmp_path_factory: pytest.TempPathFactory):
    @cache
    def build(game: str) -> Path:
        out = tmp_path_factory.mktemp(game)
        result = subprocess.run(
            [sys.executable, "-m", "pnp.cli", "build", game, "--what", "rulebook", "--out",
             str(out)], capture_output=True, text=True,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        return out / game

    def get(game: str, lang: str) -> Path:
        suffix = f"-{lang}" if lang else ""
        return build(game) / f"{game}-rulebook{suffix}-a4.pdf"

    return get


def top_level(path: Path) -> list[tuple[str, int]]:
    reader = PdfReader(path)
    return [(item.title, reader.get_destination_page_number(item))
            for item in reader.outline if not isinstance(item, list)]  # fmt: skip


def body_chars(page: pdfplumber.page.Page) -> list[dict]:
    """The characters inside the body frame: no page number or running footer."""
    return [c for c in page.chars if c["bottom"] < page.height - BOTTOM + 2 and c["text"].strip()]


def lowest(page: pdfplumber.page.Page) -> float:
    """How far down the frame the page is filled: text, pictures and drawn shapes."""
    limit = page.height - BOTTOM + 2
    bottoms = [c["bottom"] for c in body_chars(page)]
    for kind in (page.images, page.rects, page.curves):
        bottoms += [o["bottom"] for o in kind if o["bottom"] < limit and o["top"] > TOP - 2]
    return max(bottoms, default=TOP)


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_no_page_is_left_nearly_empty(book, game, lang):
    """Every body page but the last is filled at least a quarter of the way down."""
    with pdfplumber.open(book(game, lang)) as pdf:
        frame = pdf.pages[0].height - TOP - BOTTOM
        for number, page in enumerate(pdf.pages[2:-1], start=3):
            filled = (lowest(page) - TOP) / frame
            assert filled >= 0.25, (game, lang, number, round(filled, 2))


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_no_heading_is_stranded_at_a_page_foot(book, game, lang):
    """A heading in the bottom 15% of the frame has text of its section under it."""
    with pdfplumber.open(book(game, lang)) as pdf:
        for number, page in enumerate(pdf.pages[2:], start=3):
            chars = body_chars(page)
            foot = page.height - BOTTOM - 0.15 * (page.height - TOP - BOTTOM)
            heads = [c for c in chars if c["size"] >= HEADING_PT and c["top"] > foot]
            for head in heads:
                below = [c for c in chars if c["size"] < HEADING_PT and c["top"] > head["bottom"]]
                assert below, (game, lang, number, head["text"])


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_quick_reference_is_a_chapter_on_the_last_page(book, game, lang):
    path = book(game, lang)
    chapters = top_level(path)
    assert chapters[-1] == (QUICK[lang], len(PdfReader(path).pages) - 1), chapters[-3:]


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_the_tool_is_only_in_the_builders_appendix(book, game, lang):
    """Commands, source files and catalog tags appear on one page at most: the appendix."""
    path = book(game, lang)
    chapters = top_level(path)
    start = next(page for title, page in chapters if title == BUILDER[lang])
    with pdfplumber.open(path) as pdf:
        hits = [n for n, page in enumerate(pdf.pages) if TOOL.search(page.extract_text() or "")]
    assert hits and set(hits) <= {start}, (hits, start)


@pytest.mark.parametrize("options", [["--paper", "letter"], ["--booklet"]])
def test_every_book_builds_on_letter_and_as_a_booklet(tmp_path, options):
    """Letter is 18 mm shorter than A4 and a booklet's page is half of A4: every book still
    builds (a long table splits on a page of its own; the quick reference is set smaller to
    stay on its page, or takes a spread in a booklet), the quick reference on its last page."""
    result = subprocess.run(
        [sys.executable, "-m", "pnp.cli", "build", "--all", "--what", "rulebook", "--out",
         str(tmp_path), *options], capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    books = sorted(tmp_path.glob("*/*-rulebook*.pdf"))
    assert len(books) == 6, books
    if options[0] == "--paper":
        for path in books:
            chapters = top_level(path)
            assert chapters[-1][1] == len(PdfReader(path).pages) - 1, (path.name, chapters[-2:])
