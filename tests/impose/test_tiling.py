"""Boards tiled over several sheets, re-assembled from the PDF alone.

The test reads every tile with pdfplumber, finds the registration crosses (a horizontal and a
vertical line sharing their midpoint) and the crop marks, lays neighbouring tiles over each other
so their crosses coincide, and measures the board between its outermost crop marks.
"""

from __future__ import annotations

import re
from itertools import product

import pdfplumber
import pypdfium2 as pdfium
import pytest
from impose_faces import face, face_boxes, shown_part, solid_face, tile_pages, to_mm

from pnp.export.pdf import write_document
from pnp.impose.document import Document
from pnp.impose.options import SheetOptions
from pnp.impose.sheet import Piece

INCH = 25.4


def build_board(tmp_path, w, h, paper="a4", back=False, **opts):
    piece = Piece(face("Board", w, h), face("BoardBack", w, h) if back else None)
    doc = Document(SheetOptions(paper=paper, **opts), title="t", game_title="G")
    doc.add_tiled(piece, section="Board")
    return doc, write_document(doc, tmp_path / "board.pdf")


def read_tile(page):
    """(crosses, vertical crop mark xs, horizontal crop mark ys), all in mm."""
    solid = [ln for ln in page.lines if not ln.get("dash")]
    horiz = [ln for ln in solid if abs(ln["y0"] - ln["y1"]) < 1e-3]
    vert = [ln for ln in solid if abs(ln["x0"] - ln["x1"]) < 1e-3]

    def mid(ln):
        return (to_mm((ln["x0"] + ln["x1"]) / 2), to_mm((ln["y0"] + ln["y1"]) / 2))

    crosses, used = [], set()
    for hl, vl in product(horiz, vert):
        (ax, ay), (bx, by) = mid(hl), mid(vl)
        if abs(ax - bx) < 0.01 and abs(ay - by) < 0.01:
            crosses.append((round(ax, 3), round(ay, 3)))
            used |= {id(hl), id(vl)}
    crosses = sorted(set(crosses))  # each arm is drawn twice: a white halo, then black
    xs = [to_mm(ln["x0"]) for ln in vert if id(ln) not in used]
    ys = [to_mm(ln["y0"]) for ln in horiz if id(ln) not in used]
    return crosses, xs, ys


def shift_between(a, b, *, axis: int, sign: int):
    """The translation t (b + t = a) laying tile b on its neighbour a by their shared crosses.

    The shared crosses are a's row (or column) of crosses nearest b and b's nearest a: a's right
    or bottom-most crosses and b's left or top-most ones (sign says which way b lies from a).
    """

    def edge(crosses, extreme):
        end = extreme(c[axis] for c in crosses)
        return sorted((c for c in crosses if abs(c[axis] - end) < 0.5), key=lambda c: c[1 - axis])

    near_a = edge(a, max if sign > 0 else min)
    near_b = edge(b, min if sign > 0 else max)
    assert len(near_a) == len(near_b) >= 2, "neighbouring tiles must share at least two crosses"
    shifts = [(pa[0] - pb[0], pa[1] - pb[1]) for pa, pb in zip(near_a, near_b, strict=True)]
    for t in shifts:  # one translation must fit every shared cross
        assert abs(t[0] - shifts[0][0]) < 0.05 and abs(t[1] - shifts[0][1]) < 0.05
    return shifts[0]


def assemble(pdf_path):
    """Board (width, height) in mm measured by laying the tiles by their crosses."""
    labels = [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(pdf_path)]
    with pdfplumber.open(pdf_path) as pdf:
        tiles = {}
        for text, page in zip(labels, pdf.pages, strict=True):
            m = re.search(r"row (\d+) of (\d+), column (\d+) of (\d+)", text)
            assert m, text
            r, rows, c, cols = (int(g) for g in m.groups())
            tiles[(c - 1, r - 1)] = read_tile(page)
    offsets = {(0, 0): (0.0, 0.0)}
    for r in range(rows):
        for c in range(cols):
            if (c, r) in offsets:
                continue
            if c > 0:
                ref, axis, sign = (c - 1, r), 0, 1
            else:
                ref, axis, sign = (c, r - 1), 1, -1
            t = shift_between(tiles[ref][0], tiles[(c, r)][0], axis=axis, sign=sign)
            offsets[(c, r)] = (offsets[ref][0] + t[0], offsets[ref][1] + t[1])
    xs = [x + offsets[k][0] for k, (_, tx, _) in tiles.items() for x in tx]
    ys = [y + offsets[k][1] for k, (_, _, ty) in tiles.items() for y in ty]
    return max(xs) - min(xs), max(ys) - min(ys), cols * rows


@pytest.mark.parametrize("paper, sheets", [("a4", 2), ("letter", 2)])
def test_board_7_5_by_15_in_assembles_to_size(tmp_path, paper, sheets):
    doc, pdf = build_board(tmp_path, 7.5 * INCH, 15 * INCH, paper)
    w, h, n = assemble(pdf)
    assert abs(w - 7.5 * INCH) <= 0.5 and abs(h - 15 * INCH) <= 0.5
    assert n == sheets == len(doc.pages)  # fewest sheets: portrait 1 x 2 on both


def test_large_board_tiles_both_ways_and_windows_cover_it(tmp_path):
    doc = Document(SheetOptions(paper="letter"), title="t", game_title="G")
    doc.add_tiled(Piece(solid_face("Board", 500, 420)), section="Board")
    solid = write_document(doc, tmp_path / "board.pdf")
    w, h, n = assemble(solid)
    assert abs(w - 500) <= 0.5 and abs(h - 420) <= 0.5 and n == 6
    # every point of the board (with bleed) is printed on some tile: the part each tile shows,
    # rendered, mapped back to the board by where the board's box sits on that tile
    with pdfplumber.open(solid) as d:
        shown = [
            shown_part(solid, index, d.pages[index], "Board", 500, 420)[0]
            for index in tile_pages(solid).values()
        ]
    xs = [0.2, *range(7, 506, 7), 505.8]  # across the bleed box, 506 x 426 mm, edges included
    ys = [0.2, *range(7, 426, 7), 425.8]
    for x, y in product(xs, ys):
        assert any(x0 <= x <= x1 and y0 <= y <= y1 for x0, x1, y0, y1 in shown), (x, y)


def test_each_tile_has_an_assembly_map_with_itself_highlighted(tmp_path):
    _, pdf = build_board(tmp_path, 500, 420, "letter")
    labels = [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(pdf)]
    with pdfplumber.open(pdf) as doc:
        for number, (page, text) in enumerate(zip(doc.pages, labels, strict=True), 1):
            assert f"sheet {number} of 6" in text
            cells = [
                r
                for r in page.rects
                if to_mm(r["width"]) < 20 and to_mm(r["y1"]) < 21 and r.get("stroke")
            ]
            assert len(cells) == 6
            cells.sort(key=lambda r: (-round(r["y0"]), r["x0"]))  # reading order
            dark = [i for i, r in enumerate(cells) if r["non_stroking_color"] not in (1, (1,), [1])]
            assert dark == [number - 1]


def test_two_sided_board_prints_each_side_as_its_own_set(tmp_path):
    _, pdf = build_board(tmp_path, 7.5 * INCH, 15 * INCH, "letter", back=True)
    labels = [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(pdf)]
    assert len(labels) == 4
    assert ["front side" in t for t in labels] == [True, True, False, False]
    assert ["back side" in t for t in labels] == [False, False, True, True]
    with pdfplumber.open(pdf) as d:  # which face's art each sheet carries
        shows = [
            [name for name in ("Board", "BoardBack") if face_boxes(p, name, 7.5 * INCH, 15 * INCH)]
            for p in d.pages
        ]
    assert shows == [["Board"], ["Board"], ["BoardBack"], ["BoardBack"]]


def test_small_board_is_one_centred_sheet_with_crop_marks(tmp_path):
    from impose_faces import margin_lines

    doc, pdf = build_board(tmp_path, 180, 120, "a4")
    with pdfplumber.open(pdf) as d:
        assert len(d.pages) == 1
        page = d.pages[0]
        xs, ys = margin_lines(page)
        W, H = to_mm(page.width), to_mm(page.height)
    assert len(xs) == 2 and len(ys) == 2
    assert abs(xs[1] - xs[0] - 180) <= 0.05 and abs(ys[1] - ys[0] - 120) <= 0.05
    assert abs((xs[0] + xs[1]) / 2 - W / 2) <= 0.05 and abs((ys[0] + ys[1]) / 2 - H / 2) <= 0.05
