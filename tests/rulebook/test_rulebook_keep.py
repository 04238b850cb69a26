"""A table's note (what its columns mean, where its figures come from) is printed with the table's
last rows: when the table fits at a page's foot but its note does not, rows go over with the
note, never the note alone at the head of the next page (the card game's booklet printed its
balance table's note alone on a page). Set by the rulebook's own keep rule (pnp.rulebook.keep)
in a Platypus document, read back with pdfplumber."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from reportlab.lib.pagesizes import A5
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Spacer

from pnp.rulebook.blocks import DataTable
from pnp.rulebook.keep import KeepWithRows

ROWS = 12


def book(room_under_table: float) -> list[str]:
    """Each page's text: filler, then a titled table ending `room_under_table` points above the
    frame's foot, then its note (kept with the table as the rulebook keeps it)."""
    low, high = 0.0, A5[1]  # the most filler that leaves the titled table whole on page 1
    while high - low > 0.5:
        middle = (low + high) / 2
        low, high = (middle, high) if len(_set(middle, note=False)) == 1 else (low, middle)
    return _set(low - room_under_table, note=True)


def _set(filler: float, *, note: bool) -> list[str]:
    styles = getSampleStyleSheet()
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=A5)
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
    doc.addPageTemplates([PageTemplate("body", [frame])])
    doc.keepTogetherClass = KeepWithRows
    title = Paragraph("Balance table", styles["Heading4"])
    title.keepWithNext = 1
    table = DataTable([["Players", "Turns"]] + [[f"row{n}", str(n)] for n in range(ROWS)],
                      repeatRows=1)  # fmt: skip
    table.page_height = doc.height
    story = [Spacer(1, filler), title, table]
    if note:
        table.keepWithNext = 1  # as the rulebook's `table` directive sets a table with a note
        story.append(Paragraph("NOTE: measured over many games.", styles["Normal"]))
    doc.build(story)
    with pdfplumber.open(buffer) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


@pytest.mark.parametrize("room", [4.0, 40.0])
def test_a_tables_note_goes_over_with_the_tables_last_rows(room):
    pages = book(room)
    with_note = next(text for text in pages if "NOTE" in text)
    assert f"row{ROWS - 1}" in with_note, pages  # the last rows are on the note's page
    assert "row0" in pages[0], pages  # and the table began under its title, where it was


def test_a_table_and_note_that_fit_stay_on_their_page():
    pages = book(80.0)
    assert len(pages) == 1 and "NOTE" in pages[0] and f"row{ROWS - 1}" in pages[0], pages
