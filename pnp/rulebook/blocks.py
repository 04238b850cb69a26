"""Markdown blocks as Platypus flowables: headings, paragraphs, lists, tables, call-outs, images.

Generated content (```pnp directives) is handed to a `Generator` (pnp.rulebook.generated).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    FrameBreak,
    ListItem,
    PageBreakIfNotEmpty,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Image as RasterImage
from reportlab.platypus.flowables import KeepTogether

from pnp.draw.svg import load_svg
from pnp.errors import InputError
from pnp.layout.assets import Assets
from pnp.rulebook.callouts import LABELLED, merge_stacked
from pnp.rulebook.flowables import FRAME_PAD, ChapterBreak, Heading, call_out
from pnp.rulebook.inline import Inlines
from pnp.rulebook.lists import BookList
from pnp.rulebook.markdown import (
    FIGURES,
    Block,
    Directive,
    Image,
    Inline,
    ListBlock,
    Quote,
    Span,
)
from pnp.rulebook.markdown import Heading as MdHeading
from pnp.rulebook.markdown import (
    Paragraph as MdParagraph,
)
from pnp.rulebook.markdown import (
    Table as MdTable,
)
from pnp.rulebook.para import Paragraph
from pnp.rulebook.styles import Styles

GRID = Color(0.78, 0.78, 0.78)
# what a line cannot break inside: a run of letters, or one CJK character
_UNBREAKABLE = re.compile(r"[\u3000-\u9fff\uf900-\uffef]|[^\s\u3000-\u9fff\uf900-\uffef]+")
Generate = Callable[[Directive], list[Flowable]]


@dataclass
class Story:
    """Turns a rulebook's blocks into flowables for a frame `width` points wide."""

    styles: Styles
    inlines: Inlines
    assets: Assets
    width: float
    generate: Generate
    file: str
    headings: list[Heading] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)  # the topics of its readings, in order
    height: float = 0.0  # the frame's height: what a figure may take on a page of its own
    _chapters: int = 0
    _page_begun: bool = False  # a directive just began a page: the next chapter needs no break

    def flowables(self, blocks: Sequence[Block], width: float | None = None) -> list[Flowable]:
        out: list[Flowable] = []
        for block in merge_stacked(blocks):
            made = self.block(block, width or self.width)
            if isinstance(block, Directive) and block.name in FIGURES and out \
                    and isinstance(out[-1], Paragraph | KeepTogether):  # fmt: skip
                out[-1].keepWithNext = 1  # what leads into a figure stays with it
            if isinstance(block, MdParagraph) and self.inlines.plain(block.inlines).rstrip() \
                    .endswith(":"):  # fmt: skip
                made[-1].keepWithNext = 1  # a lead-in line stays with the list or table it opens
            if isinstance(block, MdHeading) and len(out) > 1 and isinstance(out[-1], Paragraph) \
                    and isinstance(out[-2], Heading) and block.level > out[-2].level:  # fmt: skip
                out[-1].keepWithNext = 1  # a section's one-paragraph intro: on with its first part
            out.extend(made)
            self._page_begun = isinstance(block, Directive) and block.name == "quickref"
        return out

    def block(self, block: Block, width: float) -> list[Flowable]:
        if isinstance(block, MdHeading):
            return self.heading(block)
        if isinstance(block, MdParagraph):
            return [self.paragraph(block.inlines, self.styles.body, block.line)]
        if isinstance(block, ListBlock):
            return [self.list_block(block, width)]
        if isinstance(block, MdTable):
            return [self.table(block, width)]
        if isinstance(block, Quote):
            return [self.quote(block, width)]
        if isinstance(block, Image):
            return self.image(block, width)
        return self.generate(block)

    def paragraph(
        self, inlines: Sequence[Inline], style: ParagraphStyle, line: int, *, terms: bool = True
    ) -> Paragraph:
        """A paragraph; with `terms`, its bold phrases count as explaining glossary terms
        (generated lists and captions say `terms=False`)."""
        paragraph = Paragraph(self.inlines.markup(inlines, style, line), style)
        paragraph.pnp_bold = _bold_runs(inlines) if terms else set()
        return paragraph

    def text_table(self, header: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
        """A table of plain texts (from the catalog or the build), with font fallback."""
        styles = self.styles
        cells = [
            [self.paragraph([Span(h, bold=True)], styles.head_cell, 0, terms=False) for h in header]
        ]  # a column heading defines no term
        cells += [[self.paragraph([Span(v)], styles.cell, 0) for v in row] for row in rows]
        return data_table(cells, [list(header), *map(list, rows)], self.width, styles, self.height)

    def bullets(self, lines: Sequence[str | Sequence[Inline]]) -> list[Flowable]:
        """A bulleted list of texts (or inline runs)."""
        items: list[list[Block]] = [
            [MdParagraph([Span(line)] if isinstance(line, str) else list(line), 0)]
            for line in lines
        ]
        return [self.list_block(ListBlock(False, 1, items, 0), self.width)]

    def heading(self, block: MdHeading) -> list[Flowable]:
        style = self.styles.headings[block.level]
        text = self.inlines.markup(block.inlines, style, block.line)
        title = self.inlines.plain(block.inlines)
        key = f"h{len(self.headings) + 1}"
        heading = Heading(text, style, block.level, title, key)
        self.headings.append(heading)
        out: list[Flowable] = []
        if block.level == 1:
            self._chapters += 1
            if self._chapters > 1 and not self._page_begun:
                # as in a published book: a chapter runs on when enough of the page is left
                out.append(ChapterBreak(self.height) if self.height else PageBreakIfNotEmpty())
        return [*out, heading]

    def list_block(self, block: ListBlock, width: float) -> Flowable:
        items = [ListItem(self.flowables(item, width - 18) or [Paragraph("", self.styles.body)])
                 for item in block.items]  # fmt: skip
        kind = "1" if block.ordered else "bullet"
        return BookList(
            items, bulletType=kind, start=block.start if block.ordered else "•",
            leftIndent=14, bulletFontName=self.styles.body.fontName,
            bulletFontSize=self.styles.body.fontSize * 0.95, bulletOffsetY=0,
            bulletColor=self.styles.palette.accent, spaceAfter=4,
        )  # fmt: skip

    def table(self, block: MdTable, width: float) -> Flowable:
        cells = [self.styles.aligned(a) for a in block.align]
        heads = [self.styles.aligned(a, head=True) for a in block.align]
        header = [
            self.paragraph(_bold(c), heads[i], block.line, terms=False)
            for i, c in enumerate(block.header)
        ]  # a column heading defines no term
        rows = [[self.paragraph(c, cells[i], block.line) for i, c in enumerate(row)]
                for row in block.rows]  # fmt: skip
        texts = [[self.inlines.plain(c) for c in block.header]]
        texts += [[self.inlines.plain(c) for c in row] for row in block.rows]
        return data_table([header, *rows], texts, width, self.styles, self.height)

    def quote(self, block: Quote, width: float) -> Flowable:
        """A call-out; `merge_stacked` took its label word off (it is printed as a label)."""
        label = None
        if block.kind in LABELLED:
            words = self.inlines.words
            label = Paragraph(f"<b>{words.say('label_' + block.kind)}</b>", self.styles.label)
        inner = self.flowables(block.blocks, width - 20)
        self.readings += [t for t in block.topics if t not in self.readings]
        return call_out(inner, block.kind, self.styles, width, label, block.topics)

    def image(self, block: Image, width: float) -> list[Flowable]:
        try:
            path = self.assets.resolve(block.src)
            kind, _, iw, ih = self.assets.image(path)
        except InputError as exc:
            raise InputError(f"image: {exc.message}", file=self.file, line=block.line,
                             hint=exc.hint) from None  # fmt: skip
        w = min(width, iw * 0.75)  # images at 96 dpi unless the frame is narrower
        h = w * ih / iw
        if kind == "svg":
            drawing = load_svg(path, self.assets.digest(path))
            drawing.scale(w / drawing.width, h / drawing.height)
            drawing.width, drawing.height = w, h
            picture: Flowable = drawing
        else:
            picture = RasterImage(str(path), width=w, height=h)
        caption = self.inlines.markup([Span(block.caption)], self.styles.caption, block.line)
        return [KeepTogether([picture, Paragraph(caption, self.styles.caption)])]


class DataTable(Table):
    """A table that breaks over a page only with at least `MIN_ROWS` rows on each side: never a
    header with one row at a page's foot, nor one row alone on the next."""

    MIN_ROWS = 3
    page_height = 0.0  # a frame's full height: on a page of its own any split is taken

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        parts = self._parts(avail_width, avail_height)
        fresh_page = avail_height >= self.page_height - 2 * FRAME_PAD - 1.0
        if fresh_page or not self._few(parts):
            return parts
        # too few rows would go over: break earlier, so the page is used and not left empty,
        # and the rest starts the next page (not under the first part, its header repeated)
        keep = len(self._cellvalues) - self.MIN_ROWS
        if keep - self.repeatRows < self.MIN_ROWS:
            return []
        height = min(avail_height, sum(self._rowHeights[:keep]) + 0.5)
        parts = self._parts(avail_width, height)
        return [] if len(parts) != 2 or self._few(parts) else [parts[0], FrameBreak(), parts[1]]

    def _parts(self, avail_width: float, avail_height: float) -> list[Flowable]:
        parts = super().split(avail_width, avail_height)
        for part in parts:  # reportlab makes the parts afresh: they keep the page's height
            part.page_height = self.page_height
        return parts

    def _few(self, parts: list[Flowable]) -> bool:
        """A split leaves fewer than MIN_ROWS rows (beyond the header) on one side."""
        return len(parts) == 2 and min(_rows(p) - self.repeatRows for p in parts) < self.MIN_ROWS


def _rows(flowable: Flowable) -> int:
    return len(getattr(flowable, "_cellvalues", ()))


def data_table(
    rows: list[list[Flowable]],
    texts: list[list[str]],
    width: float,
    styles: Styles,
    page_height: float = 0.0,
) -> Table:
    """A table with a tinted header row repeated on every page, columns sized by their text."""
    widths = _column_widths(texts, width, styles.cell.fontName, styles.cell.fontSize)
    table = DataTable(rows, colWidths=widths, repeatRows=1, hAlign="LEFT", spaceAfter=7)
    table.page_height = page_height
    table.setStyle(
        TableStyle([
            ("FONT", (0, 0), (-1, -1), styles.body.fontName),  # no unembedded default font
            ("BACKGROUND", (0, 0), (-1, 0), styles.palette.tint),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, styles.palette.accent),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, GRID),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ])
    )  # fmt: skip
    return table


def _column_widths(texts: list[list[str]], width: float, font: str, size: float) -> list[float]:
    """Every column at least as wide as its longest word (no word is ever split); the rest of
    `width` shared by each column's longest text."""
    count = max(len(r) for r in texts)
    columns = [[r[i] for r in texts if i < len(r)] for i in range(count)]
    pad = 9.0  # the cell's left and right padding, and a hair
    floors = [max((stringWidth(w, font, size) for t in col for w in _UNBREAKABLE.findall(t)),
                  default=0) + pad for col in columns]  # fmt: skip
    weights = [min(max(max((len(t) for t in col), default=1), 4), 60) ** 0.8 for col in columns]
    spare = width - sum(floors)
    if spare <= 0:  # words too long for the page: shrink the floors in proportion
        return [width * f / sum(floors) for f in floors]
    total = sum(weights)
    return [f + spare * w / total for f, w in zip(floors, weights, strict=True)]


def _bold_runs(inlines: Sequence[Inline]) -> set[str]:
    """The bold phrases of a paragraph, case-folded, each whole however its source lines
    break it (`**secret` / `allegiance**` is one phrase)."""
    runs: list[str] = []
    open_run = False
    for inline in inlines:
        text = inline.text if isinstance(inline, Span) and inline.bold else None
        if text is not None and open_run:
            runs[-1] += text
        elif text is not None:
            runs.append(text)
        open_run = text is not None
    return {" ".join(r.split()).casefold() for r in runs if r.strip()}


def _bold(inlines: list[Inline]) -> list[Inline]:
    return [Span(i.text, True, i.italic, i.code) if isinstance(i, Span) else i for i in inlines]
