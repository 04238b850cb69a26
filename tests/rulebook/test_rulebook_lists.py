"""A list breaks over a page as a published book breaks it: two items at least on each side,
never its first item alone at a page's foot nor its last alone at the next page's head (1955's
Letter book opened page 10 with "3 your home country.", a list's last item, and ended it with
the first of "Use it in either way:"). A list of three or fewer goes over whole. Set by the
rulebook's list (pnp.rulebook.lists) in a Platypus document, read back with pypdf."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A5
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import BaseDocTemplate, Frame, ListItem, PageTemplate, Paragraph, Spacer

from pnp.rulebook.keep import KeepWithRows
from pnp.rulebook.lists import BookList


def _set(filler: float, items: int, lead: bool = False) -> list[str]:
    styles = getSampleStyleSheet()
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=A5)
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
    doc.addPageTemplates([PageTemplate("body", [frame])])
    doc.keepTogetherClass = KeepWithRows
    story = [Spacer(1, filler)]
    if lead:
        opening = Paragraph("Use it in either way:", styles["Normal"])
        opening.keepWithNext = 1
        story.append(opening)
    text = "item{} holds a line of text long enough to wrap once in the frame of an A5 page."
    story.append(BookList([ListItem(Paragraph(text.format(n), styles["Normal"]))
                           for n in range(items)], bulletType="1"))  # fmt: skip
    doc.build(story)
    return [page.extract_text() for page in PdfReader(buffer).pages]


def most_filler(items: int, lead: bool = False) -> float:
    """The most filler above a list of `items` that leaves it whole on the first page."""
    low, high = 0.0, 430.0  # a filler taller than the frame (439 pt) is no page at all
    while high - low > 0.5:
        middle = (low + high) / 2
        low, high = (middle, high) if len(_set(middle, items, lead)) == 1 else (low, middle)
    return low


def _items(page: str, items: int) -> list[int]:
    return [n for n in range(items) if f"item{n} " in page]


@pytest.mark.parametrize("lead", [False, True])
def test_a_list_never_leaves_its_first_item_alone_at_a_pages_foot(lead):
    pages = _set(most_filler(1, lead) - 4, 6, lead)  # room for one item, not two
    assert [len(_items(p, 6)) for p in pages] == [0, 6], pages


def test_a_list_never_leaves_its_last_item_alone_at_a_pages_head():
    pages = _set(most_filler(6) + 4, 6)  # room for all items but the last
    assert [len(_items(p, 6)) for p in pages] == [4, 2], pages


def test_a_list_of_three_goes_over_whole():
    pages = _set(most_filler(3) + 4, 3)
    assert [len(_items(p, 3)) for p in pages] == [0, 3], pages
