"""Sheet geometry a user sees on paper, measured on the produced PDF with pdfplumber (shapes,
lines, text) and pypdfium2 (rendered pixels): neighbours closer than two bleeds share the gap,
crop marks never point a cut through a round token, and the sheet label and scale bar sit in free
margin space, clear of every mark."""

from __future__ import annotations

import math
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from impose_faces import (
    art_bbox,
    cards,
    colour_of,
    coloured_span,
    face,
    face_boxes,
    is_halo,
    margin_lines,
    scan_line,
    solid_face,
    tick_circles,
    to_mm,
)

from pnp.export.pdf import write_document
from pnp.impose.cut_guides import CLEAR_MM
from pnp.impose.document import Document
from pnp.impose.geometry import Rect
from pnp.impose.margins import Item, place_in_margins
from pnp.impose.marks import Box
from pnp.impose.options import SheetOptions
from pnp.impose.sheet import Piece

# --- shared bleed between close neighbours ------------------------------------------------------


def test_neighbours_two_mm_apart_each_get_half_the_gap_as_bleed(tmp_path: Path) -> None:
    """Four poker cards 2 mm apart with 3 mm bleed (a 3 x 3 grid, reading order): each card's
    art runs 1 mm into a gap, meeting its neighbour's halfway, and 3 mm past outer edges.
    Rendered pixels, so a neighbour painting over a card (or one card given the whole gap,
    leaving the other's edge without bleed) shows."""
    names = [f"Card{i}" for i in range(1, 5)]
    opts = SheetOptions(paper="a4", gap_mm=2.0, bleed_mm=3.0, duplex="none")
    doc = Document(opts, title="t", game_title="G")
    doc.add_grid([Piece(solid_face(n, 63, 88)) for n in names], section="Cards")
    pdf = write_document(doc, tmp_path / "gap.pdf")
    with pdfplumber.open(pdf) as d:
        (c1x, c1y), (c2x, c2y), (c4x, c4y) = (
            face_boxes(d.pages[0], n, 63, 88)[0] for n in ("Card1", "Card2", "Card4")
        )
    # 3 x 3 grid in reading order: Card2 right of Card1, Card4 below it, trims 2 mm apart
    assert (round(c2x - c1x, 3), round(c2y - c1y, 3)) == (65.0, 0.0)
    assert (round(c4x - c1x, 3), round(c1y - c4y, 3)) == (0.0, 90.0)
    across = scan_line(pdf, 0, y=c1y)  # through the top row
    left = coloured_span(across, colour_of("Card1"))
    right = coloured_span(across, colour_of("Card2"))
    assert left == pytest.approx((c1x - 31.5 - 3, c1x + 31.5 + 1), abs=0.1)
    assert right == pytest.approx((c2x - 31.5 - 1, c2x + 31.5 + 1), abs=0.1)  # Card3 beyond
    down = scan_line(pdf, 0, x=c1x)  # through the left column, bottom to top
    upper = coloured_span(down, colour_of("Card1"))
    lower = coloured_span(down, colour_of("Card4"))
    assert upper == pytest.approx((c1y - 44 - 1, c1y + 44 + 3), abs=0.1)
    assert lower == pytest.approx((c4y - 44 - 3, c4y + 44 + 1), abs=0.1)


# --- crop marks and round pieces ----------------------------------------------------------------


def cut_circles(page) -> list[tuple[float, float, float]]:
    """(cx, cy, r) in mm of the round pieces' cuts, found from the ticks aimed at them."""
    return [(x, y, r - CLEAR_MM) for x, y, r in tick_circles(page)]


def test_no_crop_mark_lines_a_cut_up_through_a_round_token(tmp_path: Path) -> None:
    """A 40 mm disc packed beside 25 mm squares: the squares' edges below it run through the
    disc, so those edges get no crop mark (a ruler laid along one would slice the disc)."""
    pieces = [Piece(face("Disc", 40, 40, shape="round"))]
    pieces += [Piece(face("Square", 25, 25)) for _ in range(12)]
    doc = Document(SheetOptions(paper="a4"), title="t", game_title="G")
    doc.add_packed(pieces, section="Tokens")
    pdf = write_document(doc, tmp_path / "tokens.pdf")
    with pdfplumber.open(pdf) as d:
        assert len(d.pages) == 1
        page = d.pages[0]
        ((cx, cy, r),) = cut_circles(page)
        (dx, dy) = face_boxes(page, "Disc", 40, 40)[0]
        squares = face_boxes(page, "Square", 25, 25)
        xs, ys = margin_lines(page, edged=False)  # the crop marks, cut straight across
        near = [  # every line within the disc's bleed: only its own eight ticks
            ln
            for ln in page.lines
            if not is_halo(ln)
            and min(math.dist((cx, cy), (to_mm(x), to_mm(page.height - y))) for x, y in ln["pts"])
            < r + 3
        ]
    assert len(near) == 8 and all(ln["x0"] != ln["x1"] and ln["top"] != ln["bottom"] for ln in near)
    assert (round(cx - dx, 3), round(cy - dy, 3), round(r, 3)) == (0.0, 0.0, 20.0)
    # some square edges fall within the disc's span, so there are marks to leave out
    assert any(dx - r + 0.5 < sx + s * 12.5 < dx + r - 0.5 for sx, _ in squares for s in (-1, 1))
    assert any(dy - r + 0.5 < sy + s * 12.5 < dy + r - 0.5 for _, sy in squares for s in (-1, 1))
    assert len(xs) >= 2 and len(ys) >= 2  # the sheet still has crop marks
    assert [x for x in xs if dx - r + 1e-3 < x < dx + r - 1e-3] == []
    assert [y for y in ys if dy - r + 1e-3 < y < dy + r - 1e-3] == []


# --- sheet label and scale bar in free margin space ---------------------------------------------


def text_box(path: Path, text: str) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm around the printed characters of `text` on the first page, found
    with PDFium's text search (it reads turned text too)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        textpage = pdf[0].get_textpage()
        found = textpage.search(text).get_next()
        assert found is not None, f"{text!r} not printed"
        start, count = found
        boxes = [
            textpage.get_charbox(i)
            for i in range(start, start + count)
            if textpage.get_text_range(i, 1).strip()
        ]
    finally:
        pdf.close()
    return (
        to_mm(min(b[0] for b in boxes)),
        to_mm(min(b[1] for b in boxes)),
        to_mm(max(b[2] for b in boxes)),
        to_mm(max(b[3] for b in boxes)),
    )


def bar_box(page) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm around the 50 mm scale bar's outline."""
    bars = [r for r in page.rects if abs(to_mm(max(r["width"], r["height"])) - 50) <= 0.01]
    assert len(bars) == 1
    return _mm_box(bars)


def _mm_box(objs) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm, from the page's bottom-left, around pdfplumber objects."""
    x0 = to_mm(min(o["x0"] for o in objs))
    x1 = to_mm(max(o["x1"] for o in objs))
    y0 = to_mm(min(o["y0"] for o in objs))
    y1 = to_mm(max(o["y1"] for o in objs))
    return x0, y0, x1, y1


def _apart(a, b, clear: float = 0.0) -> bool:
    return (
        a[2] + clear <= b[0] or b[2] + clear <= a[0] or a[3] + clear <= b[1] or b[3] + clear <= a[1]
    )


def marks_on(page) -> list[tuple[float, float, float, float]]:
    """Boxes in mm of every line and curve on the page (crop marks with their halos, cut
    lines): what a label printed on top would make hard to read or cut along."""
    return [
        (to_mm(o["x0"]), to_mm(o["y0"]), to_mm(o["x1"]), to_mm(o["y1"]))
        for o in page.lines + page.curves
    ]


SHEET = "sheet 1 of 1 · front"


def _cards_a4(tmp_path: Path) -> tuple[Path, str]:
    doc = Document(SheetOptions(paper="a4"), title="t", game_title="Test Game")
    doc.add_grid(cards("Card", 9, back=None), section="Action cards")
    return write_document(doc, tmp_path / "a4.pdf"), f"Test Game · Action cards · {SHEET}"


def _cards_letter(tmp_path: Path) -> tuple[Path, str]:
    doc = Document(SheetOptions(paper="letter"), title="t", game_title="Test Game")
    doc.add_grid(cards("Card", 9, back=None), section="Action cards")
    return write_document(doc, tmp_path / "letter.pdf"), f"Test Game · Action cards · {SHEET}"


def _tokens(tmp_path: Path) -> tuple[Path, str]:
    pieces = [Piece(face("Disc", 40, 40, shape="round"))]
    pieces += [Piece(face("Square", 25, 25)) for _ in range(12)]
    doc = Document(SheetOptions(paper="a4"), title="t", game_title="Test Game")
    doc.add_packed(pieces, section="Tokens")
    return write_document(doc, tmp_path / "tokens.pdf"), f"Test Game · Tokens · {SHEET}"


@pytest.mark.parametrize("sheet", [_cards_a4, _cards_letter, _tokens], ids=lambda f: f.__name__)
def test_label_and_scale_bar_sit_clear_of_every_mark(tmp_path: Path, sheet) -> None:
    """On A4 the bottom margin is full of crop marks: the label goes in a free stretch between
    them, not over one (which would hide the mark and smear the cut line)."""
    path, label_text = sheet(tmp_path)
    label, scale = text_box(path, label_text), text_box(path, "50 mm")
    with pdfplumber.open(path) as d:
        page = d.pages[0]
        W, H = to_mm(page.width), to_mm(page.height)
        bar = bar_box(page)
        art = art_bbox(page)
        marks = marks_on(page)
    assert marks, "the sheet has crop marks"
    for name, box in (("label", label), ("scale bar", bar), ("50 mm", scale)):
        assert box[0] > 0 and box[1] > 0 and box[2] < W and box[3] < H, f"{name} off the paper"
        assert _apart(box, art), f"{name} over the art"
        hits = [m for m in marks if not _apart(box, m, clear=0.1)]
        assert hits == [], f"{name} {box} over marks {hits}"
    assert _apart(label, bar) and _apart(label, scale), "label over the scale bar"


def test_label_goes_in_the_first_free_stretch_past_nested_marks() -> None:
    """Bottom margin of a 200 x 100 mm sheet with marks at x 10-10.5, a wide one at 30-90 with
    a short one at 40-41 inside it, and one at 100-101: a 30 mm item needs 31.6 mm (0.8 mm
    clear each side), which only x 101-196 offers, so it starts at 101.8, 5 mm up."""
    taken = [
        Rect(10, 3, 0.5, 6),
        Rect(30, 3, 60, 6),
        Rect(40, 3, 1, 6),
        Rect(100, 3, 1, 6),
    ]
    item = Item(30.0, 2.0, (Box(Rect(0, 0, 30, 2)),))
    (placed,) = place_in_margins(200, 100, Rect(20, 20, 160, 60), taken, [[item]])
    assert isinstance(placed, Box)
    got = placed.rect
    assert (got.x, got.y, got.w, got.h) == pytest.approx((101.8, 5.0, 30.0, 2.0), abs=1e-9)
    assert not any(got.intersects(t) for t in taken)
