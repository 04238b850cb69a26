"""Saddle-stitched booklets: half-size pages two-up on landscape sheets, in signature order.

The pages are padded with blanks to a multiple of four. Sheet k carries, on its front, the last
unplaced page on the left and the first on the right, and on its back the next two the other way
round, so that the printed stack, flipped on the short edge, folded once and stapled, reads in
order. pypdf places the finished pages (no redrawing), so the booklet shows exactly the pages of
the ordinary rulebook.
"""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from reportlab.pdfgen.canvas import Canvas

from pnp.impose.paper import Paper

NOTE_PT = 6.5


def signature_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page indexes of each printed side in order; None is a blank page."""
    n = pages + (-pages % 4)

    def page(i: int) -> int | None:
        return i if i < pages else None

    sides: list[tuple[int | None, int | None]] = []
    for k in range(n // 4):
        sides.append((page(n - 1 - 2 * k), page(2 * k)))  # front of sheet k
        sides.append((page(2 * k + 1), page(n - 2 - 2 * k)))  # back of sheet k
    return sides


def impose_booklet(pdf: bytes, paper: Paper, note: str, font: str) -> bytes:
    """The booklet of a rulebook whose pages are half of `paper`, as PDF bytes."""
    source = PdfReader(io.BytesIO(pdf))
    sheet = paper.landscape()
    width, height = sheet.size_pt
    writer = PdfWriter()
    for number, (left, right) in enumerate(signature_order(len(source.pages))):
        side = PageObject.create_blank_page(width=width, height=height)
        for slot, index in ((0, left), (1, right)):
            if index is None:
                continue
            page = source.pages[index]
            pw, ph = float(page.mediabox.width), float(page.mediabox.height)
            dx = slot * width / 2 + (width / 2 - pw) / 2
            side.merge_transformed_page(page, Transformation().translate(dx, (height - ph) / 2))
        if number == 0:
            side.merge_page(_note_page(width, height, note, font))
        writer.add_page(side)
    writer.add_metadata({k: str(v) for k, v in (source.metadata or {}).items()})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _note_page(width: float, height: float, note: str, font: str) -> PageObject:
    """A transparent page carrying the folding note along the foot of the first sheet."""
    buffer = io.BytesIO()
    # the note's own (embedded) font from the start: reportlab's default start, Helvetica, is a
    # font no PDF may leave unembedded for a print shop's preflight
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, initialFontName=font)
    canvas.setFont(font, NOTE_PT)
    canvas.setFillGray(0.35)
    # across the top of the first sheet's left half (the back cover), clear of its footer
    canvas.drawCentredString(width / 4, height - 16, note)
    canvas.showPage()
    canvas.save()
    return PdfReader(io.BytesIO(buffer.getvalue())).pages[0]
