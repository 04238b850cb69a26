"""Gutters between the cards of a sheet (by default the slack the paper leaves; `--gap MM`),
measured from the PDFs with independent readers: the trims from the crop marks (pdfplumber),
what a miscut shows from rendered pixels (pypdfium2). A card cut 1 mm off its trim must show
its own colour, never its neighbour's; nothing is printed within 3 mm of the paper's edge."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from impose_faces import PT_PER_MM, colour_of, margin_lines, solid_face
from kit_list import sheet_list

from pnp.cli import main
from pnp.export.pdf import write_document
from pnp.impose.document import Document
from pnp.impose.kit import KitGroup
from pnp.impose.options import SheetOptions
from pnp.impose.sheet import Piece

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
SCALE = 300 / 72  # pixels per point: 300 dpi
MISCUT_MM = 1.0


def nine_cards() -> list[Piece]:
    """Nine poker cards, each one colour all over its bleed, sharing one back."""
    back = solid_face("Back", 63, 88)
    return [Piece(solid_face(f"Card{i}", 63, 88), back) for i in range(1, 10)]


def sheet_pdf(tmp_path: Path, paper: str, *, kit: bool, gap: float | None = None) -> Path:
    doc = Document(SheetOptions(paper=paper, gap_mm=gap), title="t", game_title="G")
    if kit:
        doc.add_kit([KitGroup("Cards", "grid", tuple(nine_cards()))])
    else:
        doc.add_grid(nine_cards(), section="Cards")
    return write_document(doc, tmp_path / f"{paper}-{kit}-{gap}.pdf")


def first_sheet(pdf: Path) -> int:
    """The index of the first page a card sheet's front is on (after a kit's contents)."""
    document = pdfium.PdfDocument(pdf)
    for index in range(len(document)):
        if "· front" in document[index].get_textpage().get_text_range():
            return index
    raise AssertionError("no front page")


def cells(edges: list[float], size: float) -> tuple[list[tuple[float, float]], set[float]]:
    """Trims (start, end) between consecutive crop marks `size` apart, and the gutters left."""
    trims, gutters = [], set()
    for a, b in zip(edges, edges[1:], strict=False):
        if abs(b - a - size) <= 0.05:
            trims.append((a, b))
        else:
            gutters.add(round(b - a, 2))
    return trims, gutters


class Rendered:
    """A page rendered at 300 dpi: the colour (0-255 RGB) at a point in mm from bottom-left."""

    def __init__(self, pdf: Path, index: int) -> None:
        page = pdfium.PdfDocument(pdf)[index]
        self.height = page.get_size()[1] / PT_PER_MM
        self.image = page.render(scale=SCALE).to_pil().convert("RGB")

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        k = PT_PER_MM * SCALE
        return self.image.getpixel((round(x * k), round((self.height - y) * k)))

    def white_band(self, depth_mm: float) -> bool:
        w, h = self.image.size
        band = round(depth_mm * PT_PER_MM * SCALE)
        boxes = ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h))
        return all(self.image.crop(box).convert("L").getextrema()[0] >= 250 for box in boxes)


def card_at(page: Rendered, x: float, y: float) -> int:
    """Which card (1-9) shows at (x, y): its colour."""
    got = page.at(x, y)
    for i in range(1, 10):
        want = [round(c * 255) for c in colour_of(f"Card{i}")]
        if all(abs(g - w) <= 8 for g, w in zip(got, want, strict=True)):
            return i
    return 0


@pytest.mark.parametrize("kit", [False, True], ids=["grid", "kit"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_card_cut_1_mm_off_shows_its_own_colour_where_the_paper_has_room(
    tmp_path: Path, paper: str, kit: bool
) -> None:
    """Gutters between columns and between rows on A4 and on Letter (whose height leaves 9.4
    mm for bleed, marks and margins: its top and bottom rows keep 2 mm of outer bleed, the
    rest goes into the gutters): every card's trim edge has 1 mm of the card's own art
    beyond it; two crop marks mark the two cuts of each gutter."""
    pdf = sheet_pdf(tmp_path, paper, kit=kit)
    index = first_sheet(pdf)
    with pdfplumber.open(pdf) as document:
        xs, ys = margin_lines(document.pages[index], inset_mm=3)
    columns, gutters_x = cells(xs, 63)
    rows, gutters_y = cells(ys, 88)
    assert len(columns) == 3 and len(rows) == 3, (xs, ys)
    assert len(gutters_x) == 1 and min(gutters_x) > 2 * MISCUT_MM, gutters_x
    assert len(gutters_y) == 1 and min(gutters_y) > 2 * MISCUT_MM, gutters_y
    page = Rendered(pdf, index)
    for x0, x1 in columns:
        for y0, y1 in rows:
            card = card_at(page, (x0 + x1) / 2, (y0 + y1) / 2)
            assert card, (x0, y0)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            beyond = [(x0 - MISCUT_MM, cy), (x1 + MISCUT_MM, cy)]
            beyond += [(cx, y0 - MISCUT_MM), (cx, y1 + MISCUT_MM)]
            for x, y in beyond:
                assert card_at(page, x, y) == card, (paper, kit, card, x, y)
    assert page.white_band(2.9), "something is printed within 3 mm of the paper's edge"


def test_gap_0_butts_the_cards_and_a_miscut_shows_the_neighbour(tmp_path: Path) -> None:
    """`--gap 0`: one shared cut between neighbours (four crop marks across, not six), so a
    cut 1 mm off shows the next card: what the default gutters avoid."""
    pdf = sheet_pdf(tmp_path, "a4", kit=False, gap=0.0)
    with pdfplumber.open(pdf) as document:
        xs, ys = margin_lines(document.pages[0], inset_mm=3)
    assert len(xs) == 4 and len(ys) == 4
    page = Rendered(pdf, 0)
    y = (ys[1] + ys[2]) / 2  # the middle row
    left, right = card_at(page, xs[1] - 5, y), card_at(page, xs[1] + 5, y)
    assert left and right and left != right
    assert card_at(page, xs[1] + MISCUT_MM, y) == right  # 1 mm into the right card: its own
    assert card_at(page, xs[1] - MISCUT_MM, y) == left


@pytest.mark.parametrize(("gap", "across"), [(None, 6), ("0", 4), ("3", 6)])
def test_the_gap_option_sets_the_space_between_cards(
    tmp_path: Path, gap: str | None, across: int
) -> None:
    args = ["build", str(SIXTH), "--what", "cards", "--split", "--out", str(tmp_path)]
    result = CliRunner().invoke(main, [*args, *(["--gap", gap] if gap else [])])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "sixth-game" / "sixth-game-agents-a4.pdf") as document:
        xs, ys = margin_lines(document.pages[0], inset_mm=3)
    _, gutters = cells(xs, 63)
    assert len(xs) == across
    if gap is not None and gap != "0":
        assert gutters == {float(gap)}


def test_the_gap_option_is_checked() -> None:
    result = CliRunner().invoke(main, ["build", str(SIXTH), "--gap", "-1"])
    assert result.exit_code == 2 and "--gap" in result.output


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_built_in_card_sheets_have_gutters(builtin_kits, paper: str) -> None:
    """The first and the last full sheet of poker cards of each kit (nine cards, page 1's
    sheet list says): three columns and three rows with a gutter of over 2 mm (1 mm of each
    card's own bleed) between them, on A4 and on Letter."""
    seen = []
    for game, path in builtin_kits(paper).items():
        listed = sheet_list(path)
        full = [s.pages[0] - 1 for s in listed if list(s.pieces.values()) == [9]]
        with pdfplumber.open(path) as pdf:
            for index in full[:1] + full[-1:]:
                xs, ys = margin_lines(pdf.pages[index], inset_mm=3)
                columns, gutters_x = cells(xs, 63)
                rows, gutters_y = cells(ys, 88)
                if len(columns) < 3 or len(rows) < 3:
                    continue  # not poker cards
                seen.append(game)
                assert min(gutters_x) > 2, (game, index + 1, gutters_x)
                assert gutters_y and min(gutters_y) > 2, (game, index + 1, gutters_y)
    # the four games with poker cards
    assert {"espionage-caledonian", "spy-royale", "espionage-card-game"} <= set(seen), seen
    assert "1955-war-of-espionage" in seen, seen


@pytest.mark.parametrize("what", ["cards,tokens", "cards,tokens --split"])
def test_a_wider_margin_keeps_everything_off_it(tmp_path: Path, what: str) -> None:
    """`--margin 6`: crop marks, labels (a blank page's too) and art stay 6 mm off the edge."""
    words, *split = what.split()
    args = ["build", str(SIXTH), "--what", words, *split, "--margin", "6", "--out", str(tmp_path)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    pdfs = sorted((tmp_path / "sixth-game").glob("*.pdf"))
    pages = [(pdf, i) for pdf in pdfs for i in range(len(pdfium.PdfDocument(pdf)))]
    assert len(pages) >= 4
    for pdf, index in pages:
        assert Rendered(pdf, index).white_band(5.8), (pdf.name, index + 1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_build_says_which_neighbours_keep_under_2_mm_of_bleed(tmp_path: Path, paper) -> None:
    """Letter's height leaves 3 rows of poker cards 2.7 mm apart: the build names them, so a
    designer gives such neighbours one edge colour; A4's gutters (4.5 and 5.5 mm, over 2 mm of
    each card's own bleed) need no word."""
    args = ["build", str(SIXTH), "--what", "cards", "--paper", paper, "--out", str(tmp_path)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    [report] = [line for line in result.stderr.splitlines() if "area lower bound" in line]
    said = "rows of 63 x 88 mm pieces 2.7 mm apart (1.35 mm of bleed each)"
    assert (said in report) == (paper == "letter"), report
    assert "columns" not in report  # 4.2 and 4.5 mm between columns: 2.1 mm of bleed each
    assert ("share an edge colour" in report) == (paper == "letter"), report
