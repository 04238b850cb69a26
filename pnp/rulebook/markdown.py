"""A rulebook's Markdown as a small tree of blocks, each with the line it came from.

markdown-it-py parses CommonMark plus tables; this module keeps what a rulebook may use
(docs/rulebook.md) and refuses the rest at its line, so nothing is silently dropped. Running
text is read into the text engine's tokens (pnp.layout.text.markup), the ones a face's text
is, so a book sets it as a face would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from pnp.layout.text.markup import LineBreak, Span, Token, icon_tokens
from pnp.memo import Memo

DIRECTIVES = ("pagebreak", "components", "gallery", "face", "table", "rules", "printing",
              "glossary", "readings", "notes", "quickref", "anatomy", "setup",
              "example")  # fmt: skip
FIGURES = ("anatomy", "setup", "example")  # directives that take an indented body
QUOTE_KINDS = {"example": "example", "note": "note", "reading": "reading",
               "例": "example", "注": "note", "注意": "note", "解釈": "reading"}  # fmt: skip


Inline = Token  # a styled span, an inline icon or a line break


@dataclass
class Heading:
    level: int
    inlines: list[Inline]
    line: int


@dataclass
class Paragraph:
    inlines: list[Inline]
    line: int


@dataclass
class ListBlock:
    ordered: bool
    start: int
    items: list[list[Block]]
    line: int


@dataclass
class Table:
    header: list[list[Inline]]
    rows: list[list[list[Inline]]]
    align: list[str]
    line: int


@dataclass
class Quote:
    kind: str  # "example", "note", "reading" or "plain"
    blocks: list[Block]
    line: int
    topics: tuple[str, ...] = ()  # what each reading in it is about (pnp.rulebook.callouts)


@dataclass
class Image:
    src: str
    caption: str
    line: int


@dataclass(frozen=True)
class BodyLine:
    """One indented line under a figure directive: its text (stripped) and line."""

    text: str
    line: int
    indent: int


@dataclass
class Directive:
    name: str
    args: list[str]
    line: int
    body: list[BodyLine] = field(default_factory=list)


Block = Heading | Paragraph | ListBlock | Table | Quote | Image | Directive


class MarkdownError(Exception):
    """Something a rulebook may not use, at a line of the Markdown (1-based)."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass
class _Reader:
    """Walks markdown-it's syntax tree into blocks."""

    fail: Callable[[str, int], MarkdownError]

    def read(self, nodes: list[SyntaxTreeNode]) -> list[Block]:
        out: list[Block] = []
        for node in nodes:
            out.extend(self.block(node))
        return out

    def block(self, node: SyntaxTreeNode) -> list[Block]:
        line = _line(node)
        kind = node.type
        if kind == "heading":
            level = int(node.tag[1])
            if level > 3:
                raise self.fail(f"heading level {level}: a rulebook uses #, ## and ### only", line)
            return [Heading(level, self.inlines(node.children[0]), line)]
        if kind == "paragraph":
            return [self.paragraph(node, line)]
        if kind in ("bullet_list", "ordered_list"):
            start = int(node.attrs.get("start", 1) or 1) if kind == "ordered_list" else 1
            items = [self.read(item.children) for item in node.children]
            return [ListBlock(kind == "ordered_list", start, items, line)]
        if kind == "table":
            return [self.table(node, line)]
        if kind == "blockquote":
            return [self.quote(node, line)]
        if kind == "fence" and node.info.strip() == "pnp":
            return list(self.directives(node.content, line))
        if kind in ("fence", "code_block"):
            raise self.fail("code blocks are not part of a rulebook (a ```pnp block inserts "
                            "generated content)", line)  # fmt: skip
        if kind == "hr":
            return [Directive("pagebreak", [], line)]
        if kind in ("html_block", "html_inline"):
            raise self.fail("raw HTML is not supported in a rulebook", line)
        raise self.fail(f"{kind.replace('_', ' ')} is not supported in a rulebook", line)

    def paragraph(self, node: SyntaxTreeNode, line: int) -> Block:
        inline = node.children[0]
        kids = inline.children
        if len(kids) == 1 and kids[0].type == "image":
            image = kids[0]
            caption = "".join(c.content for c in image.children if c.type == "text")
            return Image(str(image.attrs.get("src", "")), caption, line)
        return Paragraph(self.inlines(inline), line)

    def table(self, node: SyntaxTreeNode, line: int) -> Table:
        head, *body = node.children
        header_row = head.children[0]
        header = [self.inlines(cell.children[0]) if cell.children else []
                  for cell in header_row.children]  # fmt: skip
        align = [_align(cell) for cell in header_row.children]
        rows = [
            [self.inlines(cell.children[0]) if cell.children else [] for cell in row.children]
            for part in body
            for row in part.children
        ]
        return Table(header, rows, align, line)

    def quote(self, node: SyntaxTreeNode, line: int) -> Quote:
        blocks = self.read(node.children)
        kind = "plain"
        first = blocks[0] if blocks else None
        if isinstance(first, Paragraph) and first.inlines:
            lead = first.inlines[0]
            if isinstance(lead, Span) and lead.bold:
                word = lead.text.strip().rstrip(".:。：").lower()
                kind = QUOTE_KINDS.get(word, "plain")
        return Quote(kind, blocks, line)

    def directives(self, content: str, line: int) -> list[Directive]:
        """One directive a line; an indented line belongs to the figure directive above it."""
        out: list[Directive] = []
        for offset, text in enumerate(content.splitlines(), start=1):
            words = text.split()
            if not words:
                continue
            indent = len(text) - len(text.lstrip())
            if indent:
                if not out or out[-1].name not in FIGURES:
                    raise self.fail("an indented line belongs under a figure directive "
                                    f"({', '.join(FIGURES)})", line + offset)  # fmt: skip
                out[-1].body.append(BodyLine(text.strip(), line + offset, indent))
                continue
            name, *args = words
            if name not in DIRECTIVES:
                raise self.fail(f"unknown directive {name!r} (known: {', '.join(DIRECTIVES)})",
                                line + offset)  # fmt: skip
            out.append(Directive(name, args, line + offset))
        return out

    def inlines(self, node: SyntaxTreeNode) -> list[Inline]:
        out: list[Inline] = []
        self._inline(node.children, out, bold=False, italic=False, line=_line(node))
        return out

    def _inline(
        self, nodes: list[SyntaxTreeNode], out: list[Inline], *, bold: bool, italic: bool, line: int
    ) -> None:
        for node in nodes:
            kind = node.type
            if kind == "text":
                out.extend(icon_tokens(node.content, bold, italic))
            elif kind == "strong":
                self._inline(node.children, out, bold=True, italic=italic, line=line)
            elif kind == "em":
                self._inline(node.children, out, bold=bold, italic=True, line=line)
            elif kind == "code_inline":
                out.append(Span(node.content, bold, italic, code=True))
            elif kind == "softbreak":
                out.append(Span(" ", bold, italic))
            elif kind == "hardbreak":
                out.append(LineBreak())
            elif kind == "image":
                raise self.fail("an image must stand alone in its paragraph", line)
            elif kind == "link":
                raise self.fail("links are not supported in a printed rulebook", line)
            elif kind == "html_inline":
                raise self.fail("raw HTML is not supported in a rulebook", line)
            else:
                raise self.fail(f"{kind.replace('_', ' ')} is not supported in a rulebook", line)


def _line(node: SyntaxTreeNode) -> int:
    return (node.map[0] + 1) if node.map else 0


def _align(cell: SyntaxTreeNode) -> str:
    style = str(cell.attrs.get("style", ""))
    for word in ("center", "right"):
        if word in style:
            return word
    return "left"


def parse_markdown(
    text: str, fail: Callable[[str, int], MarkdownError] | None = None
) -> list[Block]:
    """Blocks of a rulebook's Markdown; MarkdownError (or what `fail` makes) at a line."""
    tree = SyntaxTreeNode(_parser(tables=True).parse(text))
    return _Reader(fail or MarkdownError).read(tree.children)


def parse_inline(text: str, line: int) -> list[Inline]:
    """Inline Markdown alone (a figure's label): bold, italic, code and `:icons:`."""
    tree = SyntaxTreeNode(_parser(tables=False).parseInline(text))
    reader = _Reader(lambda message, _: MarkdownError(message, line))
    out: list[Inline] = []
    for node in tree.children:
        reader._inline(node.children, out, bold=False, italic=False, line=line)
    return out


def _parser(tables: bool) -> MarkdownIt:
    """One parser of each kind per process: making one costs ~0.1 ms (markdown-it looks up its
    renderer's rules by introspection), and a book parses a label for every call-out."""
    return _PARSERS.get_or_make(tables, lambda: _new_parser(tables))


_PARSERS: Memo[bool, MarkdownIt] = Memo(2)


def _new_parser(tables: bool) -> MarkdownIt:
    parser = MarkdownIt("commonmark", {"html": True})
    return parser.enable("table") if tables else parser
