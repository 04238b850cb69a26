"""V1 over whole printed pages: every character of the five built-in print kits, on A4 and on
Letter, as the PDF draws it (the pieces, the builder's page and each sheet's own label and scale
bar): none under 6 pt, and at most 2 % under 7 pt on both papers (0.2-0.6 %: the scale bar's
"50 mm" and the builder's page's footer). Nothing on a piece is under 7 pt, nor any sheet label:
on Letter the grid leaves the side margin beside 3 x 3 poker cards room for a 7 pt label, and a
label that does not fit says less instead of printing smaller (it was 6 pt there: 2.6-4.1 % of
a kit's characters).

A glyph's printed size is its font size times the scale of its matrix's upright axis (c, d).
pdfplumber's `size` is the height of the glyph's box on the page instead, which for a glyph
turned a quarter (a label read upwards in a side margin) is its advance: 1.6-4 pt for a
6.5 pt label. pdfium gives both, and reads a kit ten times faster.
"""

from __future__ import annotations

import ctypes
import math
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from pnp.catalog.games import builtin_ids

SMALLEST_PT = 6.0  # nothing under this anywhere
SMALL_PT = 7.0  # at most SMALL_SHARE of the characters under this
SMALL_SHARE = {"a4": 0.02, "letter": 0.02}
ROUNDING = 0.01  # a size written as 6 may read back as 5.9999


def printed_sizes(path: Path) -> list[tuple[int, float, str]]:
    """(page number, true size in pt, character) of every character the PDF prints (not the
    spaces and line ends the text reader makes up, nor blanks)."""
    out = []
    document = pdfium.PdfDocument(path)
    matrix = pdfium_c.FS_MATRIX()
    for number, page in enumerate(document, 1):
        text = page.get_textpage()
        for i in range(text.count_chars()):
            char = chr(pdfium_c.FPDFText_GetUnicode(text, i))
            if pdfium_c.FPDFText_IsGenerated(text, i) or not char.strip():
                continue
            pdfium_c.FPDFText_GetMatrix(text, i, matrix)
            size = pdfium_c.FPDFText_GetFontSize(text, i) * math.hypot(matrix.c, matrix.d)
            out.append((number, size, char))
    document.close()
    return out


def test_true_size_reads_turned_scaled_and_tilted_glyphs(tmp_path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "turned.pdf"
    canvas = Canvas(str(path), pagesize=(300, 300))
    for angle, scale, size in ((0, 1, 6.5), (90, 1, 6.0), (-90, 2, 4.0), (12, 0.5, 28.0)):
        canvas.saveState()
        canvas.translate(150, 150)
        canvas.rotate(angle)
        canvas.scale(scale, scale)
        canvas.setFont("Helvetica", size)
        canvas.drawString(10, 0, "Sheet 1")
        canvas.restoreState()
    canvas.save()
    found = printed_sizes(path)
    assert len(found) == 4 * 6
    assert sorted({round(size, 2) for _, size, _ in found}) == [6.0, 6.5, 8.0, 14.0]


def _under(chars: list[tuple[int, float, str]], limit: float) -> list[tuple[int, float, str]]:
    return [c for c in chars if c[1] < limit - ROUNDING]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_character_of_a_kit_page_is_too_small_to_read(builtin_kits, paper: str) -> None:
    kits = builtin_kits(paper)
    found = {game: printed_sizes(kits[game]) for game in builtin_ids()}
    assert all(len(chars) > 5000 for chars in found.values())  # the whole kit was read
    tiny = {
        game: sorted(Counter((n, round(size, 2)) for n, size, _ in _under(chars, SMALLEST_PT)))
        for game, chars in found.items()
    }
    assert {game: t[:6] for game, t in tiny.items() if t} == {}, "under 6 pt: (page, pt)"
    shares = {
        game: round(100 * len(_under(chars, SMALL_PT)) / len(chars), 2)
        for game, chars in found.items()
    }
    assert max(shares.values()) <= 100 * SMALL_SHARE[paper], f"% of characters under 7 pt: {shares}"


EDGE_MM = 3.0  # most printers print nothing nearer the paper's edge (D1)


def glyphs_near_the_edge(path: Path, within_mm: float) -> list[tuple[int, str, float]]:
    """(page, character, mm from the nearest edge) of every glyph whose box lies wholly on the
    paper but nearer its edge than `within_mm` (board art crossing the edge lies beyond its
    tile's clip and prints nothing)."""
    out = []
    document = pdfium.PdfDocument(path)
    box = [ctypes.c_double() for _ in range(4)]
    for number, page in enumerate(document, 1):
        W, H = page.get_size()
        text = page.get_textpage()
        for i in range(text.count_chars()):
            char = chr(pdfium_c.FPDFText_GetUnicode(text, i))
            if pdfium_c.FPDFText_IsGenerated(text, i) or not char.strip():
                continue
            pdfium_c.FPDFText_GetCharBox(text, i, *box)
            left, right, bottom, top = (v.value for v in box)
            nearest = min(left, W - right, bottom, H - top) * 25.4 / 72
            if 0 <= nearest < within_mm:
                out.append((number, char, round(nearest, 2)))
    document.close()
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_character_of_a_kit_is_printed_in_the_printers_dead_edge(builtin_kits, paper) -> None:
    """Every glyph's box (a turned sheet label's brackets and CJK glyphs reach past the type
    size's box) at least 3 mm from the paper's edge."""
    kits = builtin_kits(paper)
    near = {game: glyphs_near_the_edge(kits[game], EDGE_MM)[:5] for game in builtin_ids()}
    assert {game: n for game, n in near.items() if n} == {}
