"""The duplex alignment test sheet: lines on the front, rulers centred on them on the back."""

from __future__ import annotations

from statistics import median

import pdfplumber
import pypdfium2 as pdfium
import pytest
from impose_faces import to_mm

from pnp.impose.options import SheetOptions
from pnp.pipeline import write_calibration


def long_lines(page, min_mm=100):
    """(xs of long vertical lines, ys of long horizontal lines) in mm."""
    xs = [
        to_mm(ln["x0"])
        for ln in page.lines
        if ln["x0"] == ln["x1"] and to_mm(ln["height"]) > min_mm
    ]
    ys = [
        to_mm(ln["y0"]) for ln in page.lines if ln["y0"] == ln["y1"] and to_mm(ln["width"]) > min_mm
    ]
    return xs, ys


def zero_ticks(page):
    """Centres of the rulers: the middle of each ruler's 4 mm major ticks (-10, -5, 0, +5, +10)."""
    major_v = [
        to_mm(ln["x0"])
        for ln in page.lines
        if ln["x0"] == ln["x1"] and abs(to_mm(ln["height"]) - 4) < 0.01
    ]
    major_h = [
        to_mm(ln["y0"])
        for ln in page.lines
        if ln["y0"] == ln["y1"] and abs(to_mm(ln["width"]) - 4) < 0.01
    ]
    return median(major_v), median(major_h), len(major_v), len(major_h)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_rulers_on_the_back_are_centred_on_the_front_lines(tmp_path, paper, duplex):
    pdf = write_calibration(tmp_path / "cal.pdf", SheetOptions(paper=paper, duplex=duplex))
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 2
        front, back = doc.pages
        W, H = to_mm(front.width), to_mm(front.height)
        xs, ys = long_lines(front)
        assert [round(x, 2) for x in xs] == [round(W / 2, 2)] and [round(y, 2) for y in ys] == [
            round(H / 2, 2)
        ]
        x0, y0, nv, nh = zero_ticks(back)
        assert abs(x0 - W / 2) < 0.01 and abs(y0 - H / 2) < 0.01
        assert nv == 20 and nh == 20  # a ruler each way at each edge, five major ticks each
        assert long_lines(back) == ([], [])  # nothing on the back could be mistaken for the lines
    text = pdfium.PdfDocument(pdf)[0].get_textpage().get_text_range()
    assert f"flip on {duplex} edge" in text and "--back-offset X,Y" in text and "50 mm" in text


def test_back_offset_moves_the_rulers_so_a_corrected_print_reads_zero(tmp_path):
    pdf = write_calibration(tmp_path / "cal.pdf", SheetOptions(paper="a4", back_offset_mm="1,-0.5"))
    with pdfplumber.open(pdf) as doc:
        W, H = to_mm(doc.pages[0].width), to_mm(doc.pages[0].height)
        x0, y0, _, _ = zero_ticks(doc.pages[1])
    assert abs(x0 - (W / 2 + 1.0)) < 0.01 and abs(y0 - (H / 2 - 0.5)) < 0.01
    back_text = pdfium.PdfDocument(pdf)[1].get_textpage().get_text_range()
    assert "printed with back offset 1,-0.5 mm" in back_text
