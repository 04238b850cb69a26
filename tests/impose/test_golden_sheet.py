"""A golden image where measuring is not enough: one A4 sheet of nine poker cards (three decks'
colours, crop marks with their halos, gutters), rendered at 100 dpi and compared with the picture
a person checked (tests/fixtures/golden/sheet-a4.png). A change anywhere on the sheet that a
player would see (a mark on the art, a shifted card, a colour gone) fails it; PDFium's
anti-aliasing differences between releases do not (a pixel counts only if it is far off).

To accept a deliberate change: PNP_GOLDEN=write, look at the new picture, commit it."""

from __future__ import annotations

import os
from pathlib import Path

import pypdfium2 as pdfium
from impose_faces import cards
from PIL import Image, ImageChops

from pnp.export.pdf import write_document
from pnp.impose.document import Document
from pnp.impose.options import SheetOptions

GOLDEN = Path(__file__).parents[1] / "fixtures" / "golden" / "sheet-a4.png"
DPI = 100


def sheet_picture(tmp_path: Path) -> Image.Image:
    doc = Document(SheetOptions(paper="a4"), title="Golden", game_title="Golden")
    doc.add_grid(cards("Card", 9), section="Action cards")
    pdf = write_document(doc, tmp_path / "sheet.pdf")
    page = pdfium.PdfDocument(pdf)[0]
    return page.render(scale=DPI / 72).to_pil().convert("RGB")


def test_the_sheet_looks_as_checked(tmp_path: Path) -> None:
    picture = sheet_picture(tmp_path)
    if os.environ.get("PNP_GOLDEN") == "write":
        picture.save(GOLDEN, optimize=True)
    golden = Image.open(GOLDEN).convert("RGB")
    assert picture.size == golden.size
    histogram = ImageChops.difference(picture, golden).convert("L").histogram()
    far = sum(histogram[64:])
    # 0 on the same PDFium; every mark 1 mm nearer the art (touching it): 52
    if far > 12:
        picture.save(tmp_path / "now.png")
    assert far <= 12, f"{far} pixels differ; see {tmp_path / 'now.png'} against {GOLDEN}"
