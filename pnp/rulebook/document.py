"""The rulebook as a Platypus document: cover, contents, body pages with page numbers, a PDF
outline entry for every heading, contents lines linked to their pages, and document metadata.

Built with `multiBuild`, which lays the book out until the contents' and the glossary's page
numbers stop changing.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)
from reportlab.platypus.flowables import ListFlowable
from reportlab.platypus.tableofcontents import TableOfContents

from pnp.draw.rl_private import frame_room, keeps_with_next
from pnp.rulebook.floats import Release, defer
from pnp.rulebook.flowables import Heading, QuickRefStart
from pnp.rulebook.glossary import TermPages, bold_phrases
from pnp.rulebook.inline import Icons
from pnp.rulebook.keep import KeepWithRows
from pnp.rulebook.styles import Styles

MARGIN_MM = {"full": (18.0, 18.0, 20.0, 20.0), "half": (13.0, 13.0, 15.0, 16.0)}  # l r t b


@dataclass(frozen=True)
class Metadata:
    title: str
    author: str
    subject: str
    footer: str  # the game's title, at the foot of every body page


class RulebookDoc(BaseDocTemplate):
    """Page templates, outline, contents and term tracking for one rulebook."""

    def __init__(
        self,
        buffer: io.BytesIO,
        pagesize: tuple[float, float],
        meta: Metadata,
        styles: Styles,
        icons: Icons,
        terms: TermPages,
        *,
        half: bool,
    ) -> None:
        left, right, top, bottom = MARGIN_MM["half" if half else "full"]
        super().__init__(
            buffer, pagesize=pagesize, title=meta.title, author=meta.author,
            subject=meta.subject, creator="pnp", producer="pnp", invariant=1,
            leftMargin=left * mm, rightMargin=right * mm, topMargin=top * mm,
            bottomMargin=bottom * mm, pageCompression=1,
            # the canvas names a font before any text; make it ours, so every font is embedded
            initialFontName=styles.body.fontName,
        )  # fmt: skip
        self.meta, self.styles, self.icons, self.terms = meta, styles, icons, terms
        self.keepTogetherClass = KeepWithRows  # a heading keeps with a long table's first rows
        self.half = half  # a booklet's page: its quick reference takes a spread
        body = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        cover = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="cover")
        self.addPageTemplates([
            PageTemplate("cover", [cover], onPage=self._on_cover),
            PageTemplate("body", [body], onPage=self._on_body),
        ])  # fmt: skip
        self.quickref_page: int | None = None
        self._levels: list[tuple[int, int]] = []  # (wanted, given) of the open headings
        self._waiting: list[list[Flowable]] = []  # figures put off to the next page
        self._blank: set[int] = set()  # pages left blank on purpose: no footer, no number

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        """Place the next flowable; a figure that does not fit the page's rest waits for the
        next page while the text after it fills this one (see `defer`)."""
        frame = getattr(self, "frame", None)  # none before the first page begins
        if frame is None:
            pass
        elif frame_room(frame)[0] and type(flowables[0]) is Spacer:
            # space between blocks is never printed at a page's head: there it would make the
            # page seem begun, and a group too tall for any page would break to the next one
            flowables.pop(0)
            return
        elif self.half and opens_quickref(flowables) and self.page % 2 == 0:
            # the quick reference's two pages must face each other: it starts on a left
            # (even) page, the page before it left blank as in a printed book
            flowables.insert(0, PageBreak())
            self._blank.add(self.page + 1)
        elif self._waiting and (frame_room(frame)[0] or isinstance(flowables[0], Release)):
            flowables[:0] = self._waiting.pop(0)
        elif (group := defer(flowables, frame, self.canv)) is not None:
            self._waiting.append(group)
            return
        super().handle_flowable(flowables)

    def handle_keepWithNext(self, flowables: list[Flowable]) -> None:  # noqa: N802
        """Platypus' keepWithNext, with a list admitted as the flowable kept with (Platypus
        leaves containers out): a heading or a lead-in line ending in a colon no longer ends
        a page with the list it opens on the next one."""
        i = 0
        while i < len(flowables) and keeps_with_next(flowables[i]):
            i += 1
        if not i or i == len(flowables) or not isinstance(flowables[i], ListFlowable):
            super().handle_keepWithNext(flowables)
            return
        group = flowables[: i + 1]
        edits = getattr(self, "_multiBuildEdits", None)
        for f in group[:-1]:  # as Platypus: the next pass of multiBuild gets them back
            if edits:
                edits((setattr, f, "keepWithNext", f.keepWithNext) if "keepWithNext" in
                      f.__dict__ else (delattr, f, "keepWithNext"))  # fmt: skip
            f.__dict__["keepWithNext"] = 0
        del flowables[: i + 1]
        flowables.insert(0, self.keepTogetherClass(group))

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 - Platypus' name
        if isinstance(flowable, Heading):
            self._outline(flowable)
        elif isinstance(flowable, QuickRefStart):
            self.quickref_page = self.page
        for topic in getattr(flowable, "pnp_topics", ()):  # a reading's box
            self.terms.mark(topic, self.page)
        for paragraph in _paragraphs(flowable):  # also those inside lists, tables, call-outs
            self.terms.note(paragraph.getPlainText(), bold_phrases(paragraph), self.page)

    def _outline(self, heading: Heading) -> None:
        # an outline may not skip a level (# then ###): a heading nests one level under the
        # nearest heading above it of a higher rank, never under one of its own rank
        wanted = heading.level - 1
        while self._levels and self._levels[-1][0] >= wanted:
            self._levels.pop()
        level = min(wanted, self._levels[-1][1] + 1) if self._levels else 0
        self._levels.append((wanted, level))
        self.canv.bookmarkPage(heading.key)
        self.canv.addOutlineEntry(heading.title, heading.key, level=level, closed=level > 0)
        self.notify("TOCEntry", (level, heading.title, self.page, heading.key))

    def handle_documentBegin(self) -> None:  # noqa: N802 - Platypus' name
        self._levels = []
        self._waiting = []
        self._blank = set()
        self.quickref_page = None
        self.terms.reset()  # after every index read the last pass's pages (beforeBuild)
        super().handle_documentBegin()

    def _on_cover(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.showOutline()

    def _on_body(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        if doc.page in self._blank:
            return
        canvas.saveState()
        canvas.setFont(self.styles.body.fontName, 8)
        canvas.setFillColor(self.styles.palette.muted)
        y = self.bottomMargin - 9 * mm
        canvas.drawString(self.leftMargin, y, self.meta.footer)
        canvas.drawRightString(self.leftMargin + self.width, y, str(doc.page))
        canvas.setStrokeColor(self.styles.palette.accent)
        canvas.setLineWidth(0.5)
        canvas.line(self.leftMargin, y + 11, self.leftMargin + self.width, y + 11)
        canvas.restoreState()


def opens_quickref(flowables: list[Flowable]) -> bool:
    """The next flowables are the page break that opens the quick reference."""
    return len(flowables) > 1 and isinstance(flowables[0], PageBreak) \
        and isinstance(flowables[1], QuickRefStart)  # fmt: skip


def _paragraphs(flowable: object) -> Iterator[Paragraph]:
    """Every paragraph in a flowable, however deeply nested (lists, list items, tables)."""
    if isinstance(flowable, Paragraph):
        yield flowable
        return
    if isinstance(flowable, list | tuple):
        for item in flowable:
            yield from _paragraphs(item)
        return
    for attribute in ("_flowables", "_flowable", "_content", "_cellvalues"):
        inner = getattr(flowable, attribute, None)
        if inner is not None:
            yield from _paragraphs(inner)


class Contents(TableOfContents):
    """Chapters and sections only: the outline holds the smaller headings, and the contents
    stays on one page."""

    def notify(self, kind: str, stuff: object) -> None:
        if kind == "TOCEntry" and isinstance(stuff, tuple) and stuff[0] > 1:
            return
        super().notify(kind, stuff)


def contents(styles: Styles) -> TableOfContents:
    """The table of contents: chapters and sections with their pages, linked."""
    toc = Contents(dotsMinLevel=0)
    toc.levelStyles = styles.toc
    toc.tableStyle = TableStyle([
        ("FONT", (0, 0), (-1, -1), styles.body.fontName),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ])  # fmt: skip
    return toc
