"""Tokens that cut cleanly, measured from the PDFs (pdfplumber for cut lines, crop marks and
text, pypdfium2 for rendered pixels): white paper between round tokens, each with its own
bleed; `--square-tokens` cutting them square; pieces turned a quarter to fit a strip, their
backs turned so the cut piece reads the same way up on both sides."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from impose_faces import (
    face,
    face_boxes,
    is_white,
    margin_lines,
    mm_to_px,
    px_to_mm,
    scan_line,
    solid_face,
    to_mm,
)

from pnp.export.pdf import write_document
from pnp.impose.cut_guides import CLEAR_MM
from pnp.impose.document import Document
from pnp.impose.kit import KitGroup
from pnp.impose.options import SheetOptions
from pnp.impose.sheet import Piece

DIAMETER = 20.0


def chips(n: int) -> list[Piece]:
    """Round 20 mm chips, each one colour over its whole bleed box."""
    return [Piece(replace(solid_face(f"Chip{i}", DIAMETER, DIAMETER), shape="round"))
            for i in range(n)]  # fmt: skip


def chip_pdf(tmp_path: Path, *, kit: bool, square: bool = False) -> Path:
    doc = Document(SheetOptions(square_tokens=square), title="t", game_title="G")
    if kit:
        cards = [Piece(solid_face(f"Card{i}", 63, 88)) for i in range(5)]
        doc.add_kit([KitGroup("Cards", "grid", tuple(cards)),
                     KitGroup("Chips", "packed", tuple(chips(12)))])  # fmt: skip
    else:
        doc.add_packed(chips(12), section="Chips")
    return write_document(doc, tmp_path / f"chips-{kit}-{square}.pdf")


def cut_circles(page) -> list[tuple[float, float]]:
    """Centres (mm) of the chips' cut guides: dark radial ticks, each aiming at its chip's
    centre (found where two of them, extended inwards, meet)."""
    ticks = []
    for line in page.lines:
        dark = line.get("stroking_color") not in (1, 1.0, (1,), (1, 1, 1))
        (x1, y1), (x2, y2) = ((to_mm(x), to_mm(page.height - y)) for x, y in line["pts"])
        if dark and 2.0 < math.hypot(x2 - x1, y2 - y1) < 3.5:
            ticks.append((x1, y1, x2, y2))
    centres: set[tuple[float, float]] = set()
    for x1, y1, x2, y2 in ticks:  # either end may be the inner one, CLEAR_MM outside the cut
        k = (DIAMETER / 2 + CLEAR_MM) / math.hypot(x2 - x1, y2 - y1)
        for (ix, iy), (ox, oy) in (((x1, y1), (x2, y2)), ((x2, y2), (x1, y1))):
            centres.add((round(ix - (ox - ix) * k, 1), round(iy - (oy - iy) * k, 1)))
    found = sorted(c for c in centres if _aimed_at(c, ticks) >= 8)
    return [c for i, c in enumerate(found) if all(math.dist(c, d) > 1 for d in found[:i])]


def _aimed_at(centre: tuple[float, float], ticks: list[tuple[float, float, float, float]]) -> int:
    """How many ticks lie on radii of `centre`, from CLEAR_MM outside its cut circle."""
    r = DIAMETER / 2
    n = 0
    for x1, y1, x2, y2 in ticks:
        near, far = sorted((math.dist(centre, (x1, y1)), math.dist(centre, (x2, y2))))
        on_radius = abs(far - near - math.dist((x1, y1), (x2, y2))) < 0.05
        n += abs(near - r - CLEAR_MM) < 0.1 and on_radius
    return n


@pytest.mark.parametrize("kit", [False, True], ids=["token-sheet", "kit"])
def test_round_tokens_have_white_paper_between_them_and_their_own_bleed(
    tmp_path: Path, kit: bool
) -> None:
    """Along the line between two side-by-side chips: each chip's own colour runs on 2.5 mm
    and more past its cut circle, then white paper, at least 1.5 mm of it, before the next."""
    pdf = chip_pdf(tmp_path, kit=kit)
    index = 1 if kit else 0  # a kit: its contents, then the sheet
    with pdfplumber.open(pdf) as document:
        centres = cut_circles(document.pages[index])
    assert len(centres) == 12
    pairs = [(a, b) for a in centres for b in centres
             if abs(a[1] - b[1]) < 0.05 and 0 < b[0] - a[0] < 2 * DIAMETER]  # fmt: skip
    assert pairs
    r, halo = DIAMETER / 2, 0.0  # the guide lies off the line between two chips
    for (ax, y), (bx, _) in pairs:
        pixels = scan_line(pdf, index, y=y)
        between = pixels[mm_to_px(ax + r + halo) : mm_to_px(bx - r - halo)]
        whites = [is_white(p) for p in between]
        run = longest = 0
        for w in whites:
            run = run + 1 if w else 0
            longest = max(longest, run)
        assert px_to_mm(longest) >= 1.5, (ax, bx, px_to_mm(longest))
        own = halo + px_to_mm(whites.index(True))  # the left chip's colour past its cut line
        assert own >= 2.5, (ax, own)


@pytest.mark.parametrize("kit", [False, True], ids=["token-sheet", "kit"])
def test_a_round_tokens_cut_guide_lies_in_its_bleed_not_on_the_piece(
    tmp_path: Path, kit: bool
) -> None:
    """Nothing is stroked within 1 mm of a chip's cut circle (a miscut would show it on the
    piece); the guide's ticks start CLEAR_MM outside it, eight to a chip."""
    pdf = chip_pdf(tmp_path, kit=kit)
    with pdfplumber.open(pdf) as document:
        page = document.pages[1 if kit else 0]
        centres = cut_circles(page)
        strokes = [c for c in page.curves + page.lines if c.get("stroke")]
        points = [(to_mm(x), to_mm(page.height - y)) for c in strokes for x, y in c["pts"]]
    assert len(centres) == 12
    on_cut = [p for p in points for c in centres if abs(math.dist(p, c) - DIAMETER / 2) < 1.0]
    assert on_cut == []


def test_square_tokens_are_cut_square_with_crop_marks(tmp_path: Path) -> None:
    """`--square-tokens`: no circle to cut along; crop marks at the tokens' straight edges,
    20 mm apart across each token."""
    pdf = chip_pdf(tmp_path, kit=False, square=True)
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        assert cut_circles(page) == []
        xs, ys = margin_lines(page, inset_mm=3)
    across = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    down = [b - a for a, b in zip(ys, ys[1:], strict=False)]
    assert sum(abs(d - DIAMETER) < 0.05 for d in across) >= 4, across
    assert sum(abs(d - DIAMETER) < 0.05 for d in down) >= 2, down


def test_a_piece_turned_to_fit_a_strip_has_its_back_turned_the_other_way(tmp_path: Path) -> None:
    """Four tarot cards fill a duplex A4 sheet but for a strip 29 mm high under them: a two-sided
    20 x 60 mm marker fits there only lying down. Its front is turned a quarter anticlockwise
    (the word 'top' of the fixture face to the left of its centre); its back, on the mirrored
    spot of the back page, a quarter clockwise ('top' to the right), so once the sheet is
    flipped on its long edge the cut marker's back reads the same way up as its front."""
    tarot = [Piece(face(f"Tarot{i}", 70, 120), face("TarotBack", 70, 120)) for i in range(4)]
    marker = Piece(face("Mark", 20, 60), face("Behind", 20, 60))
    doc = Document(SheetOptions(), title="t", game_title="G")
    doc.add_kit([KitGroup("Tarot", "grid", tuple(tarot)),
                 KitGroup("Markers", "packed", (marker,))])  # fmt: skip
    pdf = write_document(doc, tmp_path / "turned.pdf")
    with pdfplumber.open(pdf) as document:
        assert len(document.pages) == 4  # contents, its blank back, one two-sided sheet
        front, back = document.pages[2], document.pages[3]
        W = to_mm(front.width)
        (fx, fy), (bx, by) = (
            face_boxes(front, "Mark", 60, 20)[0],
            face_boxes(back, "Behind", 60, 20)[0],
        )
        assert abs(bx - (W - fx)) < 0.05 and abs(by - fy) < 0.05  # the mirrored spot
        front_top = _word_centre(front, "top", fx, fy)
        back_top = _word_centre(back, "top", bx, by)
    assert front_top[0] < fx - 20 and abs(front_top[1] - fy) < 5, (front_top, fx, fy)
    assert back_top[0] > bx + 20 and abs(back_top[1] - by) < 5, (back_top, bx, by)


def _word_centre(page, text: str, cx: float, cy: float) -> tuple[float, float]:
    """The centre (mm) of the occurrence of `text` nearest (cx, cy): the turned face's."""
    H = to_mm(page.height)
    chars = [c for c in page.chars if c["text"] in text]
    spots = [
        (to_mm((c["x0"] + c["x1"]) / 2), H - to_mm((c["top"] + c["bottom"]) / 2)) for c in chars
    ]
    near = [s for s in spots if abs(s[0] - cx) < 35 and abs(s[1] - cy) < 15]
    assert near, (text, cx, cy)
    return (sum(x for x, _ in near) / len(near), sum(y for _, y in near) / len(near))


def test_a_sheet_among_tokens_has_cut_guides_in_its_bleed_not_a_frame_on_its_cut(
    tmp_path: Path,
) -> None:
    """An A5 track in a kit with chips beside it (as Axis & Allies' round track): crop marks
    cannot reach all of its edges, so its trim lines are continued past its corners through
    its bleed; nothing is stroked along its cut."""
    track = (Piece(solid_face("Track", 148, 210)),)
    doc = Document(SheetOptions(), title="t", game_title="G")
    # twenty chips: all of them fit beside the track (thirty would go on a sheet of their own)
    doc.add_kit([KitGroup("Track", "packed", track), KitGroup("Chips", "packed", tuple(chips(20)))])
    pdf = write_document(doc, tmp_path / "track.pdf")
    with pdfplumber.open(pdf) as document:
        page = document.pages[1]  # its contents, then the sheet
        ((cx, cy),) = face_boxes(page, "Track", 148, 210)
        segments = [[(to_mm(x), to_mm(page.height - y)) for x, y in c["pts"]]
                    for c in page.lines + page.rects + page.curves if c.get("stroke")]  # fmt: skip
    x0, y0, x1, y1 = cx - 74, cy - 105, cx + 74, cy + 105
    x0, y0, x1, y1 = (round(v, 2) for v in (x0, y0, x1, y1))

    def on_cut(p: tuple[float, float]) -> bool:  # within 0.5 mm of the trim's outline
        out_x, out_y = max(x0 - p[0], 0.0, p[0] - x1), max(y0 - p[1], 0.0, p[1] - y1)
        if out_x or out_y:
            return math.hypot(out_x, out_y) < 0.5
        return min(p[0] - x0, x1 - p[0], p[1] - y0, y1 - p[1]) < 0.5

    pairs = [(a, b) for s in segments for a, b in zip(s, s[1:], strict=False)]
    points = [(a[0] + (b[0] - a[0]) * t / 10, a[1] + (b[1] - a[1]) * t / 10)
              for a, b in pairs for t in range(11)]  # fmt: skip
    assert [p for p in points if on_cut(p)] == []
    # crop_marks.corner_guides: at each corner both trim lines continued 0.6 to 2.6 mm past it,
    # in the bleed (3 mm), all of them here clear of the paper's 5 mm dead zone
    drawn = {tuple(sorted((round(x, 2), round(y, 2)) for x, y in s)) for s in segments}
    expected = set()
    for x, dx in ((x0, -1), (x1, 1)):
        for y, dy in ((y0, -1), (y1, 1)):
            expected.add(tuple(sorted(((round(x + dx * 0.6, 2), y), (round(x + dx * 2.6, 2), y)))))
            expected.add(tuple(sorted(((x, round(y + dy * 0.6, 2)), (x, round(y + dy * 2.6, 2))))))
    expected = {tuple((round(a, 2), round(b, 2)) for a, b in e) for e in expected}
    assert len(expected) == 8 and expected <= drawn, sorted(expected - drawn)
