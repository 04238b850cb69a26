"""Where a section's heading and lead-in go when the figure they introduce does not fit the rest
of a page that is under half used and no text after the figure fits the gap: the heading and
lead-in stay and the figure heads the next page (Caledonian's booklet page 7 held 44% when
"Reading the cards", its paragraph and the card anatomy all went over together). A lead-in that
ends in a colon still goes over with its figure. Set in the rulebook's own document
(pnp.rulebook.document, pnp.rulebook.floats), read back with pypdf."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A5
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Spacer

from pnp.rulebook.document import Metadata, RulebookDoc
from pnp.rulebook.figure import Figure
from pnp.rulebook.flowables import Heading
from pnp.rulebook.glossary import TermPages
from pnp.rulebook.inline import Icons
from pnp.rulebook.para import Paragraph
from pnp.rulebook.styles import make_styles

LEAD = "A Dossier card belongs to the nation whose colour fills its top band. " * 5


class Box:
    """A picture of a fixed size at scale 1 only (a card drawn at its one scale)."""

    def __init__(self, height: float) -> None:
        self.height = height

    def scales(self, width: float) -> list[float]:
        return [1.0]

    def size(self, scale: float) -> tuple[float, float]:
        return 100.0, self.height

    def draw(self, canvas: Canvas, scale: float) -> None:
        canvas.rect(0, 0, 100, self.height)


class Filler(Spacer):
    """Text already on the page (a bare Spacer at a page's head is dropped by the document)."""


def pages(lead_end: str) -> list[str]:
    """Each page's text: a page 45% used, a section's heading, its lead-in, a figure 60% of a
    page tall and a paragraph after it too tall for the gap the figure would leave."""
    from pnp.catalog.games import resolve_game
    from pnp.pipeline.faces import template_set

    templates = template_set(resolve_game("espionage-caledonian"))
    styles = make_styles(templates.theme, "")
    buffer = io.BytesIO()
    meta = Metadata("Book", "us", "a test", "Book")
    doc = RulebookDoc(buffer, A5, meta, styles, Icons(templates, (0, 0, 0)), TermPages([]),
                      half=True)  # fmt: skip
    heading = Heading("Reading the cards", styles.headings[2], 2, "Reading the cards", "h1")
    lead = Paragraph(LEAD + lead_end, styles.body)
    lead.keepWithNext = 1  # as the story sets what leads into a figure
    after = Paragraph("AFTER " + "The crisis card shows its goal. " * 40, styles.body)
    figure = Figure(Box(doc.height * 0.6), None, doc.height)
    doc.build([Filler(1, doc.height * 0.45), heading, lead, figure, after])
    return [page.extract_text() for page in PdfReader(buffer).pages]


def test_a_heading_and_lead_in_stay_and_the_figure_heads_the_next_page():
    text = pages("It counts toward a crisis.")
    assert "Reading the cards" in text[0] and "counts toward a crisis" in text[0], text
    assert "AFTER" not in text[0], text  # the gap is left: the text after the figure follows it


@pytest.mark.parametrize("end", ["as drawn here:", "様子は次のとおり："])
def test_a_lead_in_ending_in_a_colon_goes_over_with_its_figure(end):
    text = pages(end)
    assert "Reading the cards" not in text[0] and "Reading the cards" in text[1], text
