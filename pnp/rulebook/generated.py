"""Content a rulebook takes from the catalog and the build rather than from its text: the
component list, the card gallery, catalog tables, composition rules, print-and-play instructions,
the glossary, the designer's notes and page breaks (the ```pnp directives).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle

from pnp.catalog.model import ComponentSet
from pnp.draw.face import FaceArt
from pnp.errors import InputError
from pnp.layout.text.markup import Span
from pnp.names import closest, did_you_mean
from pnp.rulebook.blocks import Story
from pnp.rulebook.components import components_list
from pnp.rulebook.data import Faced, RulebookData
from pnp.rulebook.figures import Figures
from pnp.rulebook.flowables import FaceImage, QuickRefStart
from pnp.rulebook.glossary import ReadingIndex
from pnp.rulebook.markdown import Directive, Inline
from pnp.rulebook.para import Paragraph
from pnp.rulebook.printing import printing_flowables
from pnp.rulebook.words import Words
from pnp.rules.check import SetCheck
from pnp.rules.registry import parse_rules
from pnp.units import mm_to_pt

TALLEST = 0.4  # of a page's height: a gallery's piece, so its first row starts under its title


@dataclass
class Generator:
    """Makes the flowables of each directive for one rulebook."""

    data: RulebookData
    story: Story

    def __call__(self, directive: Directive) -> list[Flowable]:
        handler = getattr(self, f"_{directive.name}")
        flowables: list[Flowable] = handler(directive)
        return flowables

    def fail(self, message: str, directive: Directive, hint: str | None = None) -> InputError:
        return InputError(f"```pnp {directive.name}: {message}", file=self.story.file,
                          line=directive.line, hint=hint)  # fmt: skip

    # -- simple directives -----------------------------------------------------------------

    def _pagebreak(self, d: Directive) -> list[Flowable]:
        return [PageBreak()]

    def _quickref(self, d: Directive) -> list[Flowable]:
        return [PageBreak(), QuickRefStart()]

    def _rules(self, d: Directive) -> list[Flowable]:
        """The rules a deck list is checked against (`rules all`: also the checks that keep
        the catalog's tables and cards consistent)."""
        if d.args not in ([], ["all"]):
            raise self.fail("write `rules` (rules about sets) or `rules all`", d)
        checks = parse_rules(self.data.game)
        shown = [c.spec.text for c in checks if d.args or isinstance(c, SetCheck)]
        if not shown:
            raise self.fail("the game has no composition rules about its sets", d)
        return self.story.bullets(shown)

    def _face(self, d: Directive) -> list[Flowable]:
        """One face large: `face SET COMPONENT [back] [WIDTHmm]`."""
        if len(d.args) < 2:
            raise self.fail("write `face SET COMPONENT [back] [WIDTHmm]`", d)
        set_id, component_id, *rest = d.args
        faced = self.data.faces.get(set_id)
        if faced is None:
            raise self.fail(f"no set {set_id!r}", d, did_you_mean(closest(set_id, self.data.faces)))
        found = [f for f in faced if f.component.id == component_id]
        if not found:
            known = [f.component.id for f in faced]
            raise self.fail(f"no component {component_id!r} in {set_id!r}", d,
                            did_you_mean(closest(component_id, known)))  # fmt: skip
        face = found[0].back if "back" in rest else found[0].front
        if face is None:
            raise self.fail(f"{component_id!r} has no back", d)
        widths = [a for a in rest if a != "back"]
        try:
            width = mm_to_pt(float(widths[0].removesuffix("mm"))) if widths else None
        except ValueError:
            raise self.fail(f"{widths[0]!r} is not a width like 60mm", d) from None
        picture = FaceImage(face, min(width or mm_to_pt(face.width_mm), self.story.width),
                            forms=self.data.forms)  # fmt: skip
        picture.hAlign = "CENTER"
        return [Spacer(1, 4), picture, Spacer(1, 8)]

    def _anatomy(self, d: Directive) -> list[Flowable]:
        return Figures(self.data, self.story)(d)

    _setup = _example = _anatomy  # the figures read their own bodies

    def _notes(self, d: Directive) -> list[Flowable]:
        notes = self.data.game.meta.get("notes") or []
        if not notes:
            raise self.fail("the game has no notes (game.notes in game.yaml)", d)
        return self.story.bullets([str(n) for n in notes])

    def _printing(self, d: Directive) -> list[Flowable]:
        return printing_flowables(self.data.plan, self.data.game, self.story, self.data.words)

    def _glossary(self, d: Directive) -> list[Flowable]:
        if self.data.glossary is None:
            raise self.fail("the game has no table `glossary` (columns term, definition)", d)
        return [self.data.glossary]

    def _readings(self, d: Directive) -> list[Flowable]:
        """The index of the book's readings: each one's topic and the page of its box."""
        story = self.story
        if not story.readings:
            raise self.fail("no *Reading* call-out before it opens with its topic in bold "
                            "(`> **Reading.** **Topic.** ...`)", d)  # fmt: skip
        terms = self.data.terms
        assert terms is not None  # the book sets it before its story is made
        return [ReadingIndex(list(story.readings), terms, story.text_table, self.data.words,
                             story.styles)]  # fmt: skip

    # -- catalog tables --------------------------------------------------------------------

    def _table(self, d: Directive) -> list[Flowable]:
        if not d.args:
            raise self.fail("name the table: table TABLE [COLUMN ...] [no-note]", d)
        table_id, *args = d.args
        with_note = "no-note" not in args  # a note written for the catalog's readers only
        args = [a for a in args if a != "no-note"]
        headings = {a.split("=", 1)[0]: a.split("=", 1)[1].replace("_", " ") for a in args
                    if "=" in a}  # fmt: skip
        columns = [a.split("=", 1)[0] for a in args]
        tables = self.data.game.tables
        if table_id not in tables:
            raise self.fail(f"no table {table_id!r}", d, did_you_mean(closest(table_id, tables)))
        table = tables[table_id]
        for column in columns:
            if column not in table.columns:
                raise self.fail(f"table {table_id!r} has no column {column!r}", d,
                                did_you_mean(closest(column, table.columns)))  # fmt: skip
        shown = columns or [c for c in table.columns if not c.startswith("source")]
        header = [headings.get(c) or self.data.words.column(c) for c in shown]
        rows = [[_cell(row.get(c)) for c in shown] for row in table.rows]
        styles = self.story.styles
        title = self.story.paragraph([Span(table.title, bold=True)], styles.keep_small, d.line)
        out: list[Flowable] = [title, self.story.text_table(header, rows)]
        if table.note and with_note:
            out[-1].keepWithNext = 1  # its note goes with its last rows (pnp.rulebook.keep)
            out.append(self.story.paragraph([Span(table.note)], styles.caption, d.line))
        return [*out, Spacer(1, 6)]

    # -- faces -----------------------------------------------------------------------------

    def _components(self, d: Directive) -> list[Flowable]:
        return components_list(self.data, self.story, d.line)

    def _gallery(self, d: Directive) -> list[Flowable]:
        sets = self.data.game.sets
        wanted = d.args or [s.id for s in sets.values() if s.is_deck]
        for set_id in wanted:
            if set_id not in sets:
                raise self.fail(f"no set {set_id!r}", d, did_you_mean(closest(set_id, sets)))
        out: list[Flowable] = []
        for set_id in wanted:
            out += self._deck_gallery(sets[set_id])
        return out

    def _deck_gallery(self, component_set: ComponentSet) -> list[Flowable]:
        styles, words = self.story.styles, self.data.words
        faced = self.data.faces.get(component_set.id) or []
        thumb = _thumb_width(component_set, 30.0)
        if self.story.height:  # a tall piece on a short page: no taller than TALLEST of it
            trim = component_set.trim
            thumb = min(thumb, self.story.height * TALLEST * trim.width_mm / trim.height_mm)
        columns = max(1, int(self.story.width // (thumb + mm_to_pt(3))))
        cells = [self._cell(face, thumb, spans) for face, spans in _gallery_faces(faced, words)]
        grid: list[list[Flowable]] = [cells[i : i + columns] for i in range(0, len(cells), columns)]
        grid[-1] += [Spacer(1, 1)] * (columns - len(grid[-1]))
        count = words.pieces(component_set.total, component_set.kind, component_set.name)
        spans = [Span(words.name(component_set), bold=True), Span(f" — {count}")]
        title = self.story.paragraph(spans, styles.small, 0, terms=False)
        # the title is the table's first row, repeated on every page the gallery runs to
        table = Table([[title] + [""] * (columns - 1), *grid], repeatRows=1,
                      colWidths=[self.story.width / columns] * columns, hAlign="LEFT")  # fmt: skip
        table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), styles.body.fontName),
                                   ("SPAN", (0, 0), (-1, 0)),
                                   ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("ALIGN", (0, 1), (-1, -1), "CENTER")]))  # fmt: skip
        return [table, Spacer(1, 8)]

    def _cell(self, face: FaceArt, width: float, spans: list[Inline]) -> Table:
        caption = self.story.paragraph(spans, self.story.styles.caption, 0, terms=False)
        image = FaceImage(face, width, forms=self.data.forms)
        return _captioned(image, caption, self.story.styles.body.fontName)


def _gallery_faces(faced: list[Faced], words: Words) -> list[tuple[FaceArt, list[Inline]]]:
    """(face, caption) in gallery order: a back that the copies of several fronts share once,
    first; a back of its own (one front's, a sheet's) after its front."""
    backs = {f.back.key for f in faced if f.back is not None}
    shared = len(faced) > 1 and len(backs) == 1 and all(f.back is not None for f in faced)
    out: list[tuple[FaceArt, list[Inline]]] = []
    if shared and faced[0].back is not None:
        out.append((faced[0].back, [Span(words.back, italic=True)]))
    for f in faced:
        out.append((f.front, [Span(words.name(f.component)), Span(f" ×{f.count}", bold=True)]))
        if f.back is not None and not shared:
            out.append((f.back, [Span(f"{words.name(f.component)} ({words.back_side})",
                                      italic=True)]))  # fmt: skip
    return out


def _captioned(image: FaceImage, caption: Paragraph, font: str) -> Table:
    table = Table([[image], [caption]], colWidths=[image.width + 6])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), font),
                               ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))  # fmt: skip
    return table


def _thumb_width(component_set: ComponentSet, base_mm: float) -> float:
    """Thumbnails of poker cards are `base_mm` wide; other sizes keep the same scale, within
    limits, so relative sizes show."""
    scale = base_mm / 63.0
    width = component_set.trim.width_mm * scale
    return mm_to_pt(min(max(width, base_mm * 0.6), base_mm * 2.2))


def _cell(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    return "" if value is None else typeset_minus(str(value))


MINUS = re.compile(r"(?<![\w).-])-(?=\d)")  # a hyphen-minus that signs a number ("-1", "+0 / -1")


def typeset_minus(text: str) -> str:
    """`text` with a number's minus sign set as a true minus (U+2212), as the reference sheet
    prints it beside "+1": the catalog keeps "-1" (its rules read it), the page shows "−1". A
    hyphen inside a word, a code or a range ("A-1", "1990-91") is left as written."""
    return MINUS.sub("\u2212", text)


def flatten(items: Sequence[Sequence[Flowable]]) -> list[Flowable]:
    return [f for group in items for f in group]
