"""A built rulebook's pages as a reader turns them, in any layout: an A4 or Letter book's pages,
or a booklet's half pages taken back out of its printed sheets in reading order (pnp.rulebook.
booklet puts two on each side, in signature order). Each page says how far down its body frame
it is filled, whether it opens a chapter, and how tall the figure or table it opens with is.

The pages are read with pdfium (tests/pdfpage.py: pdfplumber's objects at a fraction of its
CPU time), and what each page says is worked out once per session: `summaries(path, booklet)`
keeps it beside the PDF (`<name>.pages.json`) for every test and worker that reads the book.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from pdfpage import PdfiumPage, read_pages
from products import locked

from pnp.memo import Memo
from pnp.rulebook.booklet import signature_order

MM = 72 / 25.4
MARGINS = {False: (20 * MM, 20 * MM), True: (15 * MM, 16 * MM)}  # (top, bottom) by half page
HEADING_PT = 11.4  # the smallest heading is 11.5 pt; body text 10 pt
CHAPTER_PT = HEADING_PT * 1.5
BODY_PT = 9.9
LEAD_IN = 3.5 * 14  # a figure's lead-in: three lines of body text at most


@dataclass
class Page:
    """One page of the book: `number` as printed in its footer (None on a page left blank on
    purpose), `fill` the share of its body frame used from the top down."""

    view: PdfiumPage
    number: int | None
    top: float
    bottom: float

    @property
    def frame(self) -> float:
        return self.view.height - self.top - self.bottom

    def limit(self) -> float:
        return self.view.bbox[1] + self.view.height - self.bottom + 2

    def chars(self) -> list[dict]:
        """The characters in the body frame: no page number or running footer."""
        return [c for c in self.view.chars if c["bottom"] < self.limit() and c["text"].strip()]

    def lowest(self) -> float:
        """How far down the frame the page is filled: text, pictures and drawn shapes."""
        head = self.view.bbox[1] + self.top
        bottoms = [c["bottom"] for c in self.chars()]
        for kind in (self.view.images, self.view.rects, self.view.curves):
            bottoms += [o["bottom"] for o in kind if o["bottom"] < self.limit()
                        and o["top"] > head - 2]  # fmt: skip
        return max(bottoms, default=head)

    def last_line(self) -> str:
        """The text of the lowest line in the body frame, spaces left out."""
        chars = self.chars()
        low = max((c["top"] for c in chars), default=0.0)
        line = sorted((c for c in chars if abs(c["top"] - low) < 3), key=lambda c: c["x0"])
        return "".join(c["text"] for c in line).replace(" ", "")

    @property
    def fill(self) -> float:
        return (self.lowest() - self.view.bbox[1] - self.top) / self.frame

    def chapter(self) -> str:
        """The title of the chapter that opens at the page's top, "" when none does."""
        head = self.view.bbox[1] + self.top + 24
        return "".join(c["text"] for c in self.chars() if c["size"] >= CHAPTER_PT
                       and c["top"] < head).replace(" ", "")  # fmt: skip

    def titles(self) -> str:
        """Every chapter title on the page, run together."""
        return "".join(c["text"] for c in self.chars() if c["size"] >= CHAPTER_PT)

    def opening_picture(self) -> float:
        """The share of the frame the figure or table the page opens with takes, from the
        page's top (or the chapter heading there, and a lead-in of a few lines at most) down
        to the body text after it; 0 when the page opens with text."""
        chars = self.chars()
        top = self.view.bbox[1] + self.top
        head = [c for c in chars if c["size"] >= CHAPTER_PT and c["top"] < top + 24]
        below = max((c["bottom"] for c in head), default=top) + 1
        shapes = [o for kind in (self.view.images, self.view.rects, self.view.curves,
                                 self.view.lines) for o in kind
                  if below < o["top"] < self.limit() - 2]  # fmt: skip
        start = min((o["top"] for o in shapes), default=self.limit())
        if start > below + LEAD_IN:
            return 0.0
        # the body text after it starts a line at the margin; a table's cells and a figure's
        # labels are smaller or stand inside the picture
        margin = min(c["x0"] for c in head or chars or [{"x0": self.view.bbox[0]}]) + 24
        body = [c["top"] for c in chars if c["top"] > start and c["size"] >= BODY_PT
                and c["x0"] < margin]  # fmt: skip
        end = min(body, default=self.limit())
        bottom = max(o["bottom"] for o in shapes if o["top"] < end)
        return (bottom - min((c["top"] for c in head), default=top)) / self.frame


@dataclass(frozen=True)
class Summary:
    """What a test reads of a page (see `Page`): `empty` when no character stands in its body
    frame."""

    number: int | None
    fill: float
    empty: bool
    titles: str
    opening_picture: float
    last_line: str


_summaries: Memo[tuple[Path, bool], list[Summary]] = Memo(8)


def summaries(path: Path, booklet: bool) -> list[Summary]:
    """What each page of the book at `path` says, in reading order (see `book_pages`), read
    once per session: the first worker to ask keeps it beside the PDF, the others read that."""
    return _summaries.get_or_make((path, booklet), lambda: _shared(path, booklet))


def _shared(path: Path, booklet: bool) -> list[Summary]:
    store = path.with_name(f"{path.name}.pages{'-booklet' if booklet else ''}.json")
    with locked(store.with_suffix(".lock")):
        if not store.exists():
            found = [_summary(page) for page in book_pages(read_pages(path), booklet)]
            store.write_text(json.dumps([asdict(s) for s in found]), encoding="utf-8")
    return [Summary(**s) for s in json.loads(store.read_text(encoding="utf-8"))]


def _summary(page: Page) -> Summary:
    return Summary(page.number, page.fill, not page.chars(), page.titles(),
                   page.opening_picture(), page.last_line())  # fmt: skip


def book_pages(sheets: list[PdfiumPage], booklet: bool) -> list[Page]:
    """The book's pages in reading order; a booklet's padding blanks at its end left out."""
    top, bottom = MARGINS[booklet]
    if not booklet:
        return [Page(p, _footer_number(p, bottom), top, bottom) for p in sheets]
    halves: dict[int, PdfiumPage] = {}
    order = signature_order(2 * len(sheets))
    for sheet, (left, right) in zip(sheets, order, strict=True):
        width = sheet.width / 2
        for slot, index in ((0, left), (1, right)):
            if index is not None:
                halves[index] = sheet.crop((slot * width, 0, (slot + 1) * width, sheet.height))
    pages = [Page(halves[i], _footer_number(halves[i], bottom), top, bottom)
             for i in sorted(halves)]  # fmt: skip
    while pages and not pages[-1].view.chars:
        pages.pop()
    return pages


def _footer_number(page: PdfiumPage, bottom: float) -> int | None:
    foot = page.bbox[1] + page.height - bottom + 2
    found = re.search(r"(\d+)\s*$", "".join(c["text"] for c in page.chars if c["top"] >= foot))
    return int(found.group(1)) if found else None
