"""The print kit of each built-in game (`pnp build GAME`: one PDF per game and paper), measured
from the PDFs with pypdf, pdfplumber and pypdfium2: pages, labels, cut-safe edges, backs behind
their own fronts on sheets shared by several decks, viewer preferences, byte-identical rebuilds."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from impose_faces import margin_lines, to_mm
from kit_list import sheet_list
from pypdf import PdfReader, PdfWriter
from test_tiling import assemble

from pnp.catalog.games import resolve_game
from pnp.pipeline import BuildOptions, build_games

PIECES = ("cards", "boards", "tokens", "aids")
# A4 pages before the kit (one PDF per deck and product): 153 for the five games
A4_BEFORE = 153
LABEL = re.compile(r"sheet \d+ of \d+|contents")


@pytest.fixture(scope="module", params=["a4", "letter"])
def kits(request: pytest.FixtureRequest, builtin_kits) -> dict:
    """Every built-in game's kit on one paper: game id -> PDF path (the session's, built once
    for every file that reads them: tests/conftest.py), with what the build said."""
    paper = request.param
    found, said = builtin_kits(paper), builtin_kits.said(paper)
    lines = said["report"]
    assert len(lines) == len(found) and all("area lower bound" in line for line in lines)
    return found | {"paper": paper, "back warnings": said["back warnings"]}


def pdfs(kits: dict) -> dict[str, Path]:
    return {k: v for k, v in kits.items() if isinstance(v, Path)}


def test_built_in_backs_are_one_colour_along_their_cut_edges(kits: dict) -> None:
    """The build's check finds no deck whose backs would mark cards, nor two decks sharing
    sheets whose backs' edges differ (their backs have a white border)."""
    assert kits["back warnings"] == []


def test_one_kit_per_game_named_by_game_and_paper(kits: dict) -> None:
    for game, path in pdfs(kits).items():
        assert path.name == f"{game}-{kits['paper']}.pdf"


def test_the_five_games_print_on_at_most_132_pages(kits: dict) -> None:
    """Pages that print something: a one-sided sheet's blank back (there so the whole file
    prints double-sided) is no paper of its own."""
    pages = {}
    for game, path in pdfs(kits).items():
        document = pdfium.PdfDocument(path)
        texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
        pages[game] = sum("back of sheet" not in t for t in texts)
    assert sum(pages.values()) <= 132 < A4_BEFORE, pages
    # the worst waste before: Caledonian's nine 10-card decks, one card on each last sheet
    assert pages["espionage-caledonian"] <= 52, pages


def test_every_page_is_labelled(kits: dict) -> None:
    for game, path in pdfs(kits).items():
        document = pdfium.PdfDocument(path)
        for index in range(len(document)):
            text = document[index].get_textpage().get_text_range()
            assert LABEL.search(text), (game, index + 1, text[-200:])


def test_nothing_is_printed_within_3_mm_of_the_paper_edge(kits: dict) -> None:
    scale = 60 / 72  # 60 dpi: the 3 mm band is 7 pixels; look at the outer 6
    band = 6
    for game, path in pdfs(kits).items():
        document = pdfium.PdfDocument(path)
        for index in range(len(document)):
            image = document[index].render(scale=scale).to_pil().convert("L")
            w, h = image.size
            for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
                darkest, _ = image.crop(box).getextrema()
                assert darkest > 235, (game, index + 1, box, darkest)


def test_viewers_print_at_actual_size_with_the_duplex_flip(kits: dict) -> None:
    for game, path in pdfs(kits).items():
        reader = PdfReader(path)
        prefs = reader.trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None", game
        assert prefs["/Duplex"] == "/DuplexFlipLongEdge", game
        info = reader.metadata
        assert info.author and info.author != "anonymous", game
        assert info.title.endswith("print kit") and info.subject, game
        assert info.creation_date.year > 2000, game


def _nation(words: list[str], names: list[str]) -> str | None:
    text = " ".join(w for w in words if w.isupper())
    found = [n for n in names if n.upper() in text]
    return found[0] if len(found) == 1 else None


def test_backs_mirror_their_fronts_on_sheets_shared_by_two_decks(kits: dict) -> None:
    """Caledonian crisis decks of 10 share sheets; each back (the nation's name in capitals)
    must be the one on the mirrored cell of its front (whose title names the nation)."""
    names = ["United States", "China", "United Kingdom", "Israel", "Germany", "Russia"]
    names += ["Pakistan", "India"]
    path = pdfs(kits)["espionage-caledonian"]
    shared = 0
    # a sheet holding two nations' crisis decks, as page 1 lists it: "Crisis cards: China (6),
    # Germany (3)"
    crisis = [s.pages for s in sheet_list(path) if len(s.pages) == 2 and len(s.pieces) >= 2
              and next(iter(s.pieces)).startswith("Crisis cards: ")]  # fmt: skip
    with pdfplumber.open(path) as pdf:
        for front, back in ((pdf.pages[f - 1], pdf.pages[b - 1]) for f, b in crisis):
            shared += 1
            W = to_mm(front.width)
            xs, ys = margin_lines(front, inset_mm=3)
            cells = [
                (x0, y0, x1, y1)
                for x0, x1 in zip(xs, xs[1:], strict=False)
                for y0, y1 in zip(ys, ys[1:], strict=False)
                if abs(x1 - x0 - 63) < 0.1 and abs(y1 - y0 - 88) < 0.1
            ]
            matched = 0
            for x0, y0, x1, y1 in cells:
                nation = _nation(_words_in(front, x0, y0, x1, y1), names)
                if nation is None:
                    continue
                behind = _nation(_words_in(back, W - x1, y0, W - x0, y1), names)
                assert behind == nation, (front.page_number, (x0, y0), nation, behind)
                matched += 1
            assert matched >= 2, front.page_number
    assert shared >= 5


def _words_in(page, x0: float, y0: float, x1: float, y1: float) -> list[str]:
    H = to_mm(page.height)
    mm = 72 / 25.4
    box = (x0 * mm, (H - y1) * mm, x1 * mm, (H - y0) * mm)
    return [w["text"] for w in page.crop(box).extract_words()]


def test_the_1955_board_is_two_sheets_per_side_and_assembles_to_7_5_by_15_in(
    kits: dict, tmp_path: Path
) -> None:
    """The board's tiles (the kit's pages naming a row and column) laid over each other by
    their registration crosses measure 7.5 x 15 in between the outer crop marks."""
    path = pdfs(kits)["1955-war-of-espionage"]
    document = pdfium.PdfDocument(path)
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    for side in ("front side", "back side"):
        tiles = [i for i, t in enumerate(texts) if "row " in t and side in t]
        assert len(tiles) == 2, (side, tiles)
        writer = PdfWriter()
        for index in tiles:
            writer.add_page(PdfReader(path).pages[index])
        board = tmp_path / f"board-{side.split()[0]}.pdf"
        with board.open("wb") as f:
            writer.write(f)
        w, h, n = assemble(board)
        assert n == 2 and abs(w - 7.5 * 25.4) <= 0.5 and abs(h - 15 * 25.4) <= 0.5, (w, h)


def test_a_rebuild_gives_the_same_bytes(kits: dict, tmp_path: Path) -> None:
    game = resolve_game("spy-royale")
    options = BuildOptions(products=PIECES, paper=kits["paper"], out_dir=tmp_path)
    (again,) = build_games([game], options)
    assert again.read_bytes() == pdfs(kits)["spy-royale"].read_bytes()


def _fonts(resources: object, seen: set[int], found: dict[str, bool]) -> None:
    """Every font a page's resources name (forms included): base font -> embedded?"""
    if resources is None:
        return
    resources = resources.get_object()  # type: ignore[attr-defined]
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        fonts = [d.get_object() for d in font.get("/DescendantFonts", [])] or [font]
        descriptors = [f.get("/FontDescriptor") for f in fonts]
        embedded = all(
            d is not None
            and any(k in d.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            for d in descriptors
        )
        found[str(font.get("/BaseFont"))] = embedded
    for form in (resources.get("/XObject") or {}).values():
        if id(form.get_object()) not in seen:
            seen.add(id(form.get_object()))
            _fonts(form.get_object().get("/Resources"), seen, found)


def test_every_font_a_kit_names_is_embedded(kits: dict) -> None:
    """A font a viewer or printer must substitute (reportlab's default Helvetica, say) changes
    the look on paper; every kit names only fonts it carries."""
    for game, path in pdfs(kits).items():
        found: dict[str, bool] = {}
        seen: set[int] = set()
        for page in PdfReader(path).pages:
            _fonts(page.get("/Resources"), seen, found)
        assert found, game
        assert [name for name, ok in found.items() if not ok] == [], game
