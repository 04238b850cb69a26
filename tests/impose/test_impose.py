"""Card sheets, measured from the produced PDF with independent readers (pdfplumber, pypdf,
pypdfium2): trim sizes between crop marks, centring, duplex mirroring, offsets, counts, bytes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from impose_faces import (
    art_bbox,
    cards,
    colour_of,
    face,
    face_boxes,
    gutter_gaps,
    is_halo,
    margin_lines,
    mark_gaps,
    tick_circles,
    to_mm,
    trim_intervals,
    words,
)
from pypdf import PdfReader

from pnp.errors import BuildError, InputError
from pnp.export.pdf import write_document
from pnp.impose.crop_marks import BLEED_GAP_MM, GUTTER_GAP_MM
from pnp.impose.cut_guides import CLEAR_MM
from pnp.impose.document import Document
from pnp.impose.marks import MARK_GAP_MM
from pnp.impose.options import SheetOptions
from pnp.impose.paper import parse_paper
from pnp.impose.sheet import Piece

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def build(tmp_path: Path, pieces, name: str = "cards.pdf", **opts) -> Path:
    doc = Document(SheetOptions(**opts), title="Test — cards", game_title="Test Game")
    doc.add_grid(pieces, section="Action cards")
    return write_document(doc, tmp_path / name)


def distinct_backs(n: int, w: float = 63, h: float = 88) -> list[Piece]:
    return [Piece(face(f"Card{i}", w, h), face(f"Back{i}", w, h)) for i in range(1, n + 1)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_3x3_crop_marks_measure_the_trim_and_grid_is_centred(tmp_path, paper):
    pdf = build(tmp_path, cards("Card", 9), paper=paper)
    W, H = PAPERS[paper]
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert (round(to_mm(page.width), 1), round(to_mm(page.height), 1)) == (W, H)
        assert Counter(w for w in words(page) if w.startswith("Card")) == {
            f"Card{i}": 1 for i in range(1, 10)
        }
        # on Letter the margin above and below is too short: those marks move into the bleed
        xs, ys = margin_lines(page, inset_mm=3)
        assert trim_intervals(xs, 63, 3) == 3
        assert trim_intervals(ys, 88, 3) == 3
        # centred across; down, centred in the room above a 4 mm strip kept for the label
        # where the paper has it (A4), else centred
        footer = 4 if paper == "a4" else 0
        assert abs((xs[0] + xs[-1]) / 2 - W / 2) <= 0.05
        assert abs((ys[0] + ys[-1]) / 2 - (H + footer) / 2) <= 0.05
        # every line on the sheet is one of these marks (two per trim line): none over the trim
        marks = [ln for ln in page.lines if not is_halo(ln)]
        assert len(marks) == 2 * (len(xs) + len(ys))
        # the art (with its bleed) stays on the paper, inside the 3 mm margin (Letter's top
        # and bottom rows keep 2 mm of their bleed there, clipped at the margin)
        x0, y0, x1, y1 = art_bbox(page)
        assert x0 >= 3 - 1e-3 and x1 <= W - 3 + 1e-3
        if paper == "a4":
            assert y0 >= 3 + footer and y1 <= H - 3
    image = pdfium.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("L")
    band = round(2.9 * 72 / 25.4 * 2)
    w, h = image.size
    for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
        assert image.crop(box).getextrema()[0] >= 250, (paper, box)


@pytest.mark.parametrize("gap", [None, 0])
def test_every_crop_mark_stops_its_gap_short_of_the_art(tmp_path, gap):
    """A mark in the margin stops MARK_GAP_MM (1 mm) short of the outermost art, never touching
    it; one with no room there (above the A4 label strip) lies in the bleed, which is cut away,
    BLEED_GAP_MM from the trim. Where neither side of the sheet has room beyond the 5 mm dead
    zone (three columns with gutters span 204 of A4's 210 mm), a cut's marks go into the
    gutters it crosses, GUTTER_GAP_MM off the trims either side, cut away with the gutter.
    Gap 0: the cards butt and share their cuts, marks still short, all in the margins."""
    opts = {} if gap is None else {"gap_mm": gap}
    pdf = build(tmp_path, cards("Card", 9), paper="a4", **opts)
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        gaps = mark_gaps(page)
        trims = [
            (x - 31.5, y - 44, x + 31.5, y + 44)
            for i in range(1, 10)
            for x, y in face_boxes(page, f"Card{i}", 63, 88)
        ]
        assert len(trims) == 9
        in_gutters = gutter_gaps(page, trims)
    if gap == 0:
        assert len(gaps) == 2 * 2 * 4 and in_gutters == []  # 4 shared trim lines each way
    else:
        # 6 trim lines across, marked above and below; 6 down, marked in both gutters
        assert len(gaps) == 2 * 6 and len(in_gutters) == 2 * 2 * 6
        assert min(in_gutters) >= GUTTER_GAP_MM - 0.01, sorted(in_gutters)[:4]
    in_bleed = -(3 - BLEED_GAP_MM)
    margin = [g for g in gaps if abs(g - in_bleed) > 0.01]
    assert len(margin) >= len(gaps) // 2
    assert min(margin) >= MARK_GAP_MM - 0.01, sorted(margin)[:4]


def test_tarot_cards_get_their_own_bleed_when_it_costs_nothing(tmp_path):
    pdf = build(tmp_path, cards("Tarot", 4, 70, 120, back=None), paper="a4")
    with pdfplumber.open(pdf) as doc:
        xs, ys = margin_lines(doc.pages[0])
    # two marks per trim line pair: bleed boxes abut, each card has a 3 mm bleed all round
    assert trim_intervals(xs, 70, 3) == 2 and len(xs) == 4
    assert trim_intervals(ys, 120, 3) == 2 and len(ys) == 4


def test_mini_cards_fill_a_landscape_sheet(tmp_path):
    pdf = build(tmp_path, cards("Mini", 18, 44, 63, back=None), paper="a4")
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert len(doc.pages) == 1 and page.width > page.height
        xs, ys = margin_lines(page)
        assert trim_intervals(xs, 44, 3) * trim_intervals(ys, 63, 3) == 18


def test_each_face_is_clipped_to_its_own_bleed_box(tmp_path):
    """The fixture paints its colour over its whole bleed box; rendered, 1 mm inside every trim
    edge must still show the card's own colour, never its neighbour's."""
    pieces = cards("Card", 9, back=None)
    pdf = build(tmp_path, pieces, paper="letter")
    scale = 150 / 72
    with pdfplumber.open(pdf) as doc:
        centres = {p.front.key: face_boxes(doc.pages[0], p.front.key, 63, 88)[0] for p in pieces}
    image = pdfium.PdfDocument(pdf)[0].render(scale=scale).to_pil().convert("RGB")
    H = 279.4
    for name, (cx, cy) in centres.items():
        want = [round(c * 255) for c in colour_of(name)]
        for dx, dy in ((-30.5, 0), (30.5, 0), (0, -43), (0, 43)):  # 1 mm inside each edge
            px = round((cx + dx) * 72 / 25.4 * scale)
            py = round((H - (cy + dy)) * 72 / 25.4 * scale)
            got = image.getpixel((px, py))
            assert all(abs(g - w) <= 12 for g, w in zip(got, want, strict=True)), (
                name,
                dx,
                dy,
                got,
            )


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_mirror_the_fronts(tmp_path, paper, duplex):
    pdf = build(tmp_path, distinct_backs(9), paper=paper, duplex=duplex)
    W, H = PAPERS[paper]
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 2
        front, back = doc.pages
        for i in range(1, 10):
            (fx, fy), (bx, by) = (
                face_boxes(front, f"Card{i}", 63, 88)[0],
                face_boxes(back, f"Back{i}", 63, 88)[0],
            )
            if duplex == "long":  # columns mirrored, rows kept
                assert abs(bx - (W - fx)) <= 0.05 and abs(by - fy) <= 0.05
            else:  # rows mirrored, columns kept
                assert abs(bx - fx) <= 0.05 and abs(by - (H - fy)) <= 0.05
        # the back's crop marks line up with the front's: the same columns (the grid is
        # centred across), the rows the same or, flipped on the short edge, mirrored
        (fxs, fys), (bxs, bys) = margin_lines(front), margin_lines(back)
        assert fxs == bxs
        if duplex == "long":
            assert fys == bys
        else:
            assert [round(H - y, 1) for y in reversed(bys)] == [round(y, 1) for y in fys]


def test_duplex_interleaves_fronts_and_backs(tmp_path):
    pdf = build(tmp_path, distinct_backs(12), duplex="long")
    with pdfplumber.open(pdf) as doc:
        kinds = [
            "front" if any(w.startswith("Card") for w in words(p)) else "back" for p in doc.pages
        ]
    assert kinds == ["front", "back", "front", "back"]


def test_duplex_none_puts_all_fronts_first(tmp_path):
    pdf = build(tmp_path, distinct_backs(20), duplex="none")
    with pdfplumber.open(pdf) as doc:
        kinds = [
            "front" if any(w.startswith("Card") for w in words(p)) else "back" for p in doc.pages
        ]
        assert kinds == ["front"] * 3 + ["back"] * 3
        # backs are still mirrored (as for a long-edge flip)
        (fx, _), (bx, _) = (
            face_boxes(doc.pages[0], "Card1", 63, 88)[0],
            face_boxes(doc.pages[3], "Back1", 63, 88)[0],
        )
        assert abs(bx - (210 - fx)) <= 0.05


def test_back_offset_shifts_the_whole_back_page(tmp_path):
    plain = build(tmp_path, distinct_backs(9), "plain.pdf")
    shifted = build(tmp_path, distinct_backs(9), "shifted.pdf", back_offset_mm="1.5,-2")
    with pdfplumber.open(plain) as a, pdfplumber.open(shifted) as b:
        for i in range(1, 10):
            (ax, ay), (bx, by) = (
                face_boxes(a.pages[1], f"Back{i}", 63, 88)[0],
                face_boxes(b.pages[1], f"Back{i}", 63, 88)[0],
            )
            assert abs(bx - ax - 1.5) <= 0.01 and abs(by - ay + 2) <= 0.01
        # the marks move with it; the fronts do not move
        xa, ya = margin_lines(a.pages[1])
        xb, yb = margin_lines(b.pages[1])
        assert all(abs(q - p - 1.5) <= 0.01 for p, q in zip(xa, xb, strict=True))
        assert all(abs(q - p + 2) <= 0.01 for p, q in zip(ya, yb, strict=True))
        assert face_boxes(a.pages[0], "Card1", 63, 88) == face_boxes(b.pages[0], "Card1", 63, 88)


def test_one_sided_pieces_make_no_back_pages(tmp_path):
    pdf = build(tmp_path, cards("Card", 10, back=None))
    assert len(PdfReader(pdf).pages) == 2


def test_every_piece_is_printed_as_often_as_placed_and_repeats_are_forms(tmp_path):
    back = face("Back")
    pieces = [
        Piece(face(name), back)
        for name, n in (("Spy", 5), ("Guard", 3), ("Mole", 1))
        for _ in range(n)
    ]
    pdf = build(tmp_path, pieces)
    with pdfplumber.open(pdf) as doc:
        counts = Counter(w for p in doc.pages for w in words(p))
    assert (counts["Spy"], counts["Guard"], counts["Mole"], counts["Back"]) == (5, 3, 1, 9)
    forms = set()
    for page in PdfReader(pdf).pages:
        for ref in page["/Resources"]["/XObject"].values():
            if ref.get_object()["/Subtype"] == "/Form":
                forms.add(ref.idnum)
    assert len(forms) == 3  # Spy, Guard, Back: each drawn once; Mole, placed once, in the page


def test_sheet_label_and_scale_bar_are_in_the_margin(tmp_path):
    pdf = build(tmp_path, distinct_backs(12), paper="letter")
    texts = [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(pdf)]
    assert "Test Game · Action cards · sheet 2 of 2 · front" in texts[2]
    assert "Test Game · Action cards · sheet 1 of 2 · back" in texts[1]
    assert ["50 mm" in t for t in texts] == [True, False, True, False]
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages[::2]:  # fronts carry the 50 mm bar
            x0, y0, x1, y1 = art_bbox(page)
            bars = [r for r in page.rects if abs(to_mm(max(r["width"], r["height"])) - 50) <= 0.01]
            assert len(bars) == 1
            bar = bars[0]
            bx0, by0, bx1, by1 = (to_mm(bar[k]) for k in ("x0", "y0", "x1", "y1"))
            assert bx1 <= x0 or bx0 >= x1 or by1 <= y0 or by0 >= y1, "scale bar over the art"


def test_same_input_gives_identical_bytes(tmp_path):
    def once(folder: Path) -> bytes:
        folder.mkdir()
        doc = Document(SheetOptions(), title="Łódź", game_title="Łódź")
        doc.add_grid(distinct_backs(11), section="Żółw cards")
        return write_document(doc, folder / "x.pdf").read_bytes()

    assert once(tmp_path / "a") == once(tmp_path / "b")


def test_failure_mid_write_leaves_no_file(tmp_path):
    pieces = cards("Card", 12)
    pieces[10] = Piece(face("Broken", fail=True), pieces[0].back)
    target = tmp_path / "out" / "cards.pdf"
    doc = Document(SheetOptions(), title="t")
    doc.add_grid(pieces, section="Action cards")
    with pytest.raises(RuntimeError):
        write_document(doc, target)
    assert list((tmp_path / "out").iterdir()) == []
    # and an existing good file is left as it was
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError):
        write_document(doc, target)
    assert target.read_bytes() == b"old" and list((tmp_path / "out").iterdir()) == [target]


def test_metadata(tmp_path):
    meta = PdfReader(build(tmp_path, cards("Card", 2))).metadata
    assert meta.title == "Test — cards" and meta.creator == "pnp"


def test_gutterfold_puts_backs_across_the_fold(tmp_path):
    pdf = build(tmp_path, distinct_backs(4), gutterfold=True, paper="a4")
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 1
        page = doc.pages[0]
        W = to_mm(page.width)
        folds = [ln for ln in page.lines if ln.get("dash") and abs(ln["x0"] - ln["x1"]) < 0.01]
        assert len(folds) == 1 and abs(to_mm(folds[0]["x0"]) - W / 2) < 0.01
        for i in range(1, 5):
            (fx, fy), (bx, by) = (
                face_boxes(page, f"Card{i}", 63, 88)[0],
                face_boxes(page, f"Back{i}", 63, 88)[0],
            )
            assert fx + 31.5 + 3 < W / 2 < bx - 31.5 - 3  # fronts left of the fold, backs right
            assert abs((fx + bx) / 2 - W / 2) <= 0.05 and abs(fy - by) <= 0.05


def test_duplex_document_pads_one_sided_sheets_with_blank_backs(tmp_path):
    doc = Document(SheetOptions(), title="t", game_title="G")
    doc.add_grid(cards("Solo", 3, back=None), section="Solo")
    doc.add_grid(distinct_backs(3), section="Duo")
    with pdfplumber.open(write_document(doc, tmp_path / "mix.pdf")) as pdf:
        assert len(pdf.pages) == 4
        solo, blank, duo, duo_back = pdf.pages
        # the one-sided sheet's back is left blank, so the Duo sheet's back lands behind it;
        # it says so, so nobody wonders whether a page went missing
        assert (blank.rects, blank.lines, blank.curves) == ([], [], [])
        assert "intentionally blank" in blank.extract_text()
        solos = sorted(w for w in words(solo) if w in ("Solo1", "Solo2", "Solo3"))
        assert solos == ["Solo1", "Solo2", "Solo3"]
        assert "front" in words(solo) and "front" in words(duo) and "back" in words(duo_back)
        assert [len(face_boxes(duo_back, f"Back{i}", 63, 88)) for i in (1, 2, 3)] == [1, 1, 1]


def test_round_cards_get_cut_guides_aimed_at_their_circle(tmp_path):
    """No line on a round card's cut (a miscut would show it): eight ticks in its bleed, in
    opposite pairs, aim at the cut circle about each card's centre, CLEAR_MM outside it."""
    pdf = build(tmp_path, cards("Disc", 4, 60, 60, shape="round", back=None))
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        circles = tick_circles(page)
        centres = [c for i in range(1, 5) for c in face_boxes(page, f"Disc{i}", 60, 60)]
        assert [c for c in page.curves if not c.get("fill") and not is_halo(c)] == []
    assert len(circles) == 4
    assert sorted((round(x, 1), round(y, 1)) for x, y, _ in circles) == sorted(
        (round(x, 1), round(y, 1)) for x, y in centres
    )
    assert all(abs(r - (30 + CLEAR_MM)) < 0.05 for _, _, r in circles)


def test_mismatched_bleed_and_sizes_are_reported():
    with pytest.raises(BuildError, match="0 mm bleed but the sheet needs 3 mm"):
        Document(SheetOptions(), title="t").add_grid([Piece(face("A", bleed=0))], "S")
    with pytest.raises(BuildError, match="its back is"):
        Piece(face("A"), face("B", 44, 63))
    with pytest.raises(BuildError, match="does not fit"):
        Document(SheetOptions(), title="t").add_grid([Piece(face("Huge", 300, 400))], "S")


def test_options_and_paper_are_checked():
    assert parse_paper("A4").width_mm == 210 and parse_paper("letter").height_mm == 279.4
    assert (parse_paper("8.5x11in").width_mm, parse_paper("8.5x11in").height_mm) == (215.9, 279.4)
    assert (parse_paper("21 x 29.7 cm").width_mm, parse_paper("100x150mm").height_mm) == (210, 150)
    with pytest.raises(InputError, match="unknown paper size 'b5x'"):
        parse_paper("b5x")
    with pytest.raises(InputError, match="duplex must be one of long, short, none"):
        SheetOptions(duplex="sideways")
    with pytest.raises(InputError, match="back offset must be two numbers"):
        SheetOptions(back_offset_mm="1;2")
    assert SheetOptions(back_offset_mm=" 0.5, -1 ").back_offset_mm == (0.5, -1.0)
    with pytest.raises(InputError, match="bleed must be 0 to 20 mm"):
        SheetOptions(bleed_mm=-1)


def test_zero_bleed_abuts_trims(tmp_path):
    pdf = build(tmp_path, cards("Card", 9, bleed=0, back=None), bleed_mm=0)
    with pdfplumber.open(pdf) as doc:
        xs, ys = margin_lines(doc.pages[0])
    assert trim_intervals(xs, 63, 0) == 3 and len(xs) == 4 and len(ys) == 4


def test_landscape_sheets_flip_long_edge_across_the_rows(tmp_path):
    """Mini cards fill A4 best in landscape; a long-edge flip of a landscape sheet turns it
    over its top edge, so the backs mirror the rows there."""
    pdf = build(tmp_path, distinct_backs(6, 44, 63), paper="a4", duplex="long")
    with pdfplumber.open(pdf) as doc:
        front, back = doc.pages
        assert front.width > front.height
        H = to_mm(front.height)
        for i in range(1, 7):
            (fx, fy) = face_boxes(front, f"Card{i}", 44, 63)[0]
            (bx, by) = face_boxes(back, f"Back{i}", 44, 63)[0]
            assert abs(bx - fx) <= 0.05 and abs(by - (H - fy)) <= 0.05


def test_crop_marks_can_be_turned_off(tmp_path):
    pdf = build(tmp_path, cards("Card", 9, back=None), crop_marks=False)
    with pdfplumber.open(pdf) as doc:
        assert doc.pages[0].lines == []
