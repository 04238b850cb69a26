"""Backs under 2 mm of duplex drift, measured from the PDFs: a back never ends within 2 mm of
its own cut against white paper, or a printer that shifts the back page shows a paper strip on
some cards of a hidden deck and not on others. Where Letter's rows are 2.7 mm apart (all the
paper leaves for 3 rows of 88 mm cards), a back beside a one-sided card (nothing printed behind
it) takes the whole gutter, not half of it: on today's Caledonian Letter kit, three Dossier
backs above its Spy, Portfolio and Vault cards kept 1.35 mm."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pytest
from impose_faces import PT_PER_MM, colour_of, margin_lines, solid_face
from test_kit_gutters import Rendered, cells

from pnp.export.pdf import write_document
from pnp.impose.document import Document
from pnp.impose.kit import KitGroup
from pnp.impose.options import SheetOptions
from pnp.impose.sheet import Piece

DRIFT_MM = 2.0
CLIP = re.compile(rb"n ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\* n")
Box = tuple[float, float, float, float]  # x, y, w, h in mm


def clip_boxes(reader: pypdf.PdfReader, index: int) -> list[Box]:
    """Each face's clip rectangle on a page (its bleed box), read from the content stream."""
    contents = reader.pages[index].get_contents()
    data = contents.get_data() if contents is not None else b""
    return [tuple(float(v) / PT_PER_MM for v in m.groups()) for m in CLIP.finditer(data)]  # type: ignore[misc]


def free_sides(boxes: list[Box]) -> list[tuple[int, str]]:
    """(box, side) for every side of a box that no other box touches: paper lies beyond it."""

    def touches(a: Box, b: Box, side: str) -> bool:
        (ax, ay, aw, ah), (bx, by, bw, bh) = a, b
        spans = ((ax, aw), (bx, bw)) if side in "bt" else ((ay, ah), (by, bh))
        (a0, alen), (b0, blen) = spans
        across = a0 < b0 + blen and b0 < a0 + alen
        gap = {"b": by + bh - ay, "t": by - ay - ah, "l": bx + bw - ax, "r": bx - ax - aw}
        return across and abs(gap[side]) < 0.05

    return [(i, side) for i, a in enumerate(boxes) for side in "lbrt"
            if not any(touches(a, b, side) for j, b in enumerate(boxes) if j != i)]  # fmt: skip


def back_pages(path: Path) -> list[int]:
    """The indices of the pages of backs (their label says so), found in pdfium's text."""
    document = pdfium.PdfDocument(path)
    labels = [" ".join(page.get_textpage().get_text_range().split()) for page in document]
    return [index for index, text in enumerate(labels) if "· back" in text]


def thin_backs(path: Path) -> list[tuple[int, str, float]]:
    """(page, side, mm) for every back that ends nearer than DRIFT_MM beyond its cut (the trim
    line its crop marks give) against white paper."""
    reader = pypdf.PdfReader(path)
    thin = []
    with pdfplumber.open(path) as pdf:
        for index in back_pages(path):  # pdfplumber reads only these
            page = pdf.pages[index]
            xs, ys = margin_lines(page, inset_mm=3)
            boxes = clip_boxes(reader, index)
            for i, side in free_sides(boxes):
                x, y, w, h = boxes[i]
                edge = {"l": x, "r": x + w, "b": y, "t": y + h}[side]
                cuts = xs if side in "lr" else ys
                beyond = [c - edge if side in "lb" else edge - c for c in cuts]
                # its cut: the farthest line inside its bleed. A nearer one is a neighbouring
                # row's cut, inside the box only where the back runs on over an empty place
                inside = [d for d in beyond if 0.01 < d <= 3.5]
                if inside and max(inside) < DRIFT_MM - 0.01:
                    thin.append((index + 1, side, round(max(inside), 2)))
    return thin


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_back_of_a_built_in_kit_shows_paper_under_2_mm_of_drift(builtin_kits, paper) -> None:
    for game in ("espionage-caledonian", "espionage-card-game"):
        assert thin_backs(builtin_kits(paper)[game]) == [], (game, paper)


def test_a_back_beside_a_one_sided_card_takes_the_whole_gutter(tmp_path: Path) -> None:
    """Letter: six cards with a back above three one-sided cards on one duplex sheet (rows
    2.7 mm apart). Rendered, the back page shows each back's own colour 2 mm beyond the cut
    towards the one-sided row, and paper behind the one-sided cards' trims."""
    back = solid_face("Back", 63, 88)
    two = [Piece(solid_face(f"Card{i}", 63, 88), back) for i in range(1, 7)]
    one = [Piece(solid_face(f"Solo{i}", 63, 88), None) for i in range(1, 4)]
    doc = Document(SheetOptions(paper="letter"), title="t", game_title="G")
    doc.add_kit([KitGroup("Cards", "grid", tuple(two)), KitGroup("Solo", "grid", tuple(one))])
    pdf = write_document(doc, tmp_path / "kit.pdf")
    assert [t for t in thin_backs(pdf) if t[1] in "bt"] == []
    with pdfplumber.open(pdf) as document:
        index = next(i for i, p in enumerate(document.pages) if "· back" in p.extract_text())
        xs, ys = margin_lines(document.pages[index - 1], inset_mm=3)  # the front's cuts
    rows, gutters = cells(ys, 88)
    assert len(rows) == 3 and gutters == {2.7}, ys
    page = Rendered(pdf, index)
    centre = (xs[0] + xs[-1]) / 2  # the middle column: the same place on front and back (the
    # long-edge flip mirrors columns, not rows)
    want = tuple(round(c * 255) for c in colour_of("Back"))
    below = page.at(centre, rows[1][0] - DRIFT_MM)  # 2 mm under the middle row's cut
    assert all(abs(g - w) <= 8 for g, w in zip(below, want, strict=True)), below
    assert min(page.at(centre, rows[0][1] - 5)) >= 250  # behind a one-sided card: paper
