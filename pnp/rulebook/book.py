"""Write one edition of a game's rulebook: render its Markdown template with the catalog, set it
with Platypus behind a cover and a contents page, and write the PDF atomically (as a booklet if
asked).

Errors in the Markdown name the template and, where the offending line is the template's own
text, its line there; a line the template generated is quoted instead.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak

from pnp.catalog.context import document_context
from pnp.catalog.languages import rulebook_template as template_name
from pnp.draw.face import FaceArt
from pnp.errors import PnpError, TemplateError
from pnp.export.pdf import write_bytes
from pnp.impose.paper import Paper
from pnp.layout.templates import TemplateSet
from pnp.names import shorten
from pnp.rulebook.blocks import Story
from pnp.rulebook.cover import cover_story
from pnp.rulebook.data import Faced, RulebookData
from pnp.rulebook.document import Metadata, RulebookDoc
from pnp.rulebook.flowables import (
    FRAME_PAD,
    Heading,
    QuickRefBody,
    QuickRefStart,
    link_chapters,
)
from pnp.rulebook.generated import Generator
from pnp.rulebook.glossary import Glossary, TermPages, glossary_rows
from pnp.rulebook.hints import built_with_hints
from pnp.rulebook.inline import Icons, Inlines
from pnp.rulebook.keep import keep_chapter_tails
from pnp.rulebook.markdown import Block, MarkdownError, parse_markdown
from pnp.rulebook.styles import make_styles


@dataclass(frozen=True)
class Edition:
    """Which rulebook to write: language, paper and whether as a booklet."""

    lang: str
    main_lang: str
    paper: Paper
    booklet: bool = False


def write_rulebook(
    path: Path, templates: TemplateSet, data: RulebookData, edition: Edition
) -> Path:
    """Write the rulebook PDF to `path` (atomically); returns the path."""
    name = template_name(edition.lang, edition.main_lang)
    context = document_context(data.game, edition.lang)
    page = edition.paper.half() if edition.booklet else edition.paper.portrait()
    context["edition"] = {"lang": edition.lang, "booklet": edition.booklet,
                          "paper": edition.paper.name, "page_width": page.width_mm,
                          "page_height": page.height_mm}  # fmt: skip
    text, file = templates.render_document(name, context)
    lines = _LineMap(templates.template_path(name), text, file)
    try:
        pdf = _build(text, file, templates, data, edition)
    except PnpError as exc:
        raise lines.locate(exc) from None
    return write_bytes(path, pdf)


def _build(
    text: str, file: str, templates: TemplateSet, data: RulebookData, edition: Edition
) -> bytes:
    blocks = _parse(text, file)
    styles = make_styles(templates.theme, edition.lang)
    icons = Icons(templates, (styles.palette.ink.red, styles.palette.ink.green,
                              styles.palette.ink.blue))  # fmt: skip
    inlines = Inlines(styles, icons, file, data.words)
    page = edition.paper.half() if edition.booklet else edition.paper.portrait()
    meta = Metadata(
        title=f"{data.game.title} — rulebook", author=str(data.game.meta.get("designer") or ""),
        subject=f"Rules of {data.game.title}, print-and-play edition",
        footer=str(data.game.meta.get(f"title_{edition.lang}") or data.game.title),
    )  # fmt: skip
    lang = edition.lang
    terms = TermPages([str(r.get(f"term_{lang}") or r.get("term", ""))
                       for r in _glossary_rows(data)])  # fmt: skip
    data.terms = terms
    buffer = io.BytesIO()
    doc = RulebookDoc(buffer, page.size_pt, meta, styles, icons, terms, half=edition.booklet)
    story = Story(styles, inlines, templates.assets, doc.width, lambda d: [], file,
                  height=doc.height)  # fmt: skip
    if "glossary" in data.game.tables:
        rows = glossary_rows(data.game.tables["glossary"], lang)
        data.glossary = Glossary(rows, terms, story.text_table, data.words, styles)
    story.generate = Generator(data, story)
    covers = cover_faces(data)
    flowables = cover_story(data.game, covers, story, data.words, data.forms)
    flowables += story.flowables(blocks)
    link_chapters(flowables)
    keep_chapter_tails(flowables, doc.height, doc.width - 2 * FRAME_PAD)
    spread = 2 if edition.booklet else 1  # a booklet's quick reference may take two pages
    flowables = fit_quickref(flowables, doc.width - 2 * FRAME_PAD, pages=spread)
    build = lambda: doc.multiBuild(flowables, canvasmaker=icons.canvas_class())  # noqa: E731
    built_with_hints(build, flowables, _inputs(text, templates, data, edition))
    _check_quickref(doc, flowables, blocks, file, pages=2 if edition.booklet else 1)
    pdf = buffer.getvalue()
    if edition.booklet:  # pypdf (~80 ms to import) only for booklets
        from pnp.rulebook.booklet import impose_booklet

        pdf = impose_booklet(pdf, edition.paper, data.words.booklet_note, styles.body.fontName)
    return pdf


def cover_faces(data: RulebookData, count: int = 5) -> list[FaceArt]:
    """Distinct fronts for the cover: from each deck in turn; a game without cards shows its
    most varied pieces of one size, so a large sheet does not hide small markers."""
    wanted = [str(c) for c in data.game.meta.get("cover") or []]
    if wanted:  # the catalog chose its cover
        fronts = {f.component.id: f.front for fs in data.faces.values() for f in fs}
        return [fronts[c] for c in wanted if c in fronts][:count]
    decks = [data.faces.get(s.id) or [] for s in data.game.sets.values() if s.is_deck]
    pools = [d for d in decks if d]
    if not pools:
        by_size: dict[tuple[float, float], list[Faced]] = {}
        for faced in data.faces.values():
            for f in faced:
                by_size.setdefault((f.front.width_mm, f.front.height_mm), []).append(f)
        pools = [max(by_size.values(), key=len)] if by_size else []
    chosen: list[FaceArt] = []
    for rank in range(max((len(p) for p in pools), default=0)):
        for pool in pools:
            if rank < len(pool) and len(chosen) < count:
                chosen.append(pool[rank].front)
    return chosen


def _inputs(text: str, templates: TemplateSet, data: RulebookData, edition: Edition) -> object:
    """What a book's page numbers follow, for the guess kept from its last build: its text,
    theme, faces and print plan, the catalog's tables and the edition."""
    faces = [(sid, [(f.component.id, f.component.name, f.count, f.front.key,
                     f.back.key if f.back else None) for f in faced])
             for sid, faced in sorted(data.faces.items())]  # fmt: skip
    game = data.game
    return (text, repr(edition), repr(templates.theme), repr(data.plan), faces, game.title,
            repr(game.meta), repr(sorted((k, t.rows) for k, t in game.tables.items())))  # fmt: skip


def _parse(text: str, file: str) -> list[Block]:
    try:
        return parse_markdown(text)
    except MarkdownError as exc:
        raise TemplateError(exc.message, file=file, line=exc.line) from None


def _glossary_rows(data: RulebookData) -> list[dict[str, object]]:
    table = data.game.tables.get("glossary")
    return table.rows if table is not None else []


MIN_QUICKREF_SCALE = 0.8  # below this the quick reference's text is too small to read


def fit_quickref(flowables: list[Flowable], width: float, pages: int = 1) -> list[Flowable]:
    """What follows the quick reference's heading, kept in one frame a page (`pages`: a
    booklet's spread is two) that shrinks it to the page when it runs over (Letter is 18 mm
    shorter than A4), so it stays on its pages."""
    start = next((i for i, f in enumerate(flowables) if isinstance(f, QuickRefStart)), None)
    if start is None:
        return flowables
    heading = next((i for i in range(start, len(flowables))
                    if isinstance(flowables[i], Heading)), start)  # fmt: skip
    body = flowables[heading + 1 :]
    if not body:
        return flowables
    parts = _halves(body, width) if pages == 2 else [body]
    out = flowables[: heading + 1] + [QuickRefBody(parts[0])]
    for part in parts[1:]:
        out += [PageBreak(), QuickRefBody(part)]
    return out


def _halves(body: list[Flowable], width: float) -> list[list[Flowable]]:
    """The body in two runs of about equal height; the flowable at the middle (a long
    table, say) is split there if it can be."""
    canvas = Canvas(io.BytesIO())  # some flowables measure their text on a canvas
    heights = [f.wrapOn(canvas, width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter()
               for f in body]  # fmt: skip
    half, run = sum(heights) / 2, 0.0
    for i, (flowable, height) in enumerate(zip(body, heights, strict=True)):
        if run + height >= half:
            pieces = flowable.splitOn(canvas, width, half - run)
            if len(pieces) == 2:
                return [[*body[:i], pieces[0]], [pieces[1], *body[i + 1 :]]]
            cut = i + 1 if run + height / 2 < half else i  # the side it overhangs least
            return [body[:cut], body[cut:]] if 0 < cut < len(body) else [body]
        run += height
    return [body]


def _check_quickref(
    doc: RulebookDoc, flowables: list[Flowable], blocks: list[Block], file: str, *, pages: int
) -> None:
    if doc.quickref_page is None:
        return
    taken = doc.page - doc.quickref_page + 1
    scale = min((f.text_scale for f in flowables if isinstance(f, QuickRefBody)), default=1.0)
    if taken > pages or scale < MIN_QUICKREF_SCALE:
        line = next((b.line for b in blocks if getattr(b, "name", "") == "quickref"), None)
        too_long = f"runs to {taken} pages" if taken > pages else f"fits only at {scale:.0%} size"
        room = "one page" if pages == 1 else f"{pages} pages"
        raise TemplateError(
            f"the quick reference {too_long}; it must fit on {room} at "
            f"{MIN_QUICKREF_SCALE:.0%} size or more",
            file=file,
            line=line,
            hint="shorten it, or move detail into the chapters before it",
        )


class _LineMap:
    """Maps a line of the rendered Markdown back to the template where the template wrote it
    literally; otherwise quotes the generated line."""

    def __init__(self, template: Path | None, text: str, file: str) -> None:
        self.output = text.split("\n")
        self.file = file
        try:
            source = template.read_text(encoding="utf-8") if template else ""
        except OSError:
            source = ""
        self.source = [line.strip() for line in source.split("\n")]

    def locate(self, exc: PnpError) -> PnpError:
        if exc.file != self.file or not exc.line or exc.line > len(self.output):
            return exc
        line = self.output[exc.line - 1].strip()
        if line and self.source.count(line) == 1:
            exc.line = self.source.index(line) + 1
        else:
            exc.message += f" [output line {exc.line}: {shorten(line, 80)}]"
            exc.line = None
        exc.args = (exc.format(),)
        return exc
