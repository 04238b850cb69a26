"""What a rulebook keeps together when a heading or lead-in line is kept with the next flowable.

Platypus moves a heading and the whole flowable after it to the next page when both do not fit
the rest of this one. For a table that runs over pages with its header repeated (a glossary, a
card list) a published book starts the table under its heading and carries it on: the heading
keeps with the table's first rows, and the page is not left half empty. A note under a table
(its source, what a column means) keeps with the table's last rows: never alone on a page.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Spacer
from reportlab.platypus.flowables import KeepTogether, ListFlowable

from pnp.rulebook.blocks import DataTable
from pnp.rulebook.flowables import ChapterBreak
from pnp.rulebook.glossary import Glossary
from pnp.rulebook.para import Paragraph


class KeepWithRows(KeepTogether):
    """The document's `keepTogetherClass`: a heading (and its lead-in) kept with the first rows
    of a table that runs on, a note under it with its last rows, and everything else kept whole
    as Platypus does."""

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803 - Platypus' names
        at = next((i for i in range(len(self._content) - 1, -1, -1)
                   if isinstance(self._content[i], DataTable | Glossary)), None)  # fmt: skip
        if at is not None and len(self._content) > 1 and _stacked(self._content, aW) > aH:
            parts = self._rows_split(at, aW, aH)
            if parts:
                return parts
        found: list[Flowable] = super().split(aW, aH)
        return found

    def _rows_split(self, at: int, width: float, height: float) -> list[Flowable]:
        """The lead, the table's rows that fit under it and, as a group of its own, its last
        rows with the note under them; [] when the table may not split so."""
        lead, table, notes = self._content[:at], self._content[at], self._content[at + 1 :]
        room = height - (_stacked(lead, width) + _gap(lead[-1], table) if lead else 0.0)
        if notes and table.wrap(width, 1e6)[1] <= room:  # the table fits but not its note
            room -= _stacked(notes, width) + _gap(table, notes[0])
        # DataTable splits only with enough rows on each side; [] when it may not split here
        parts = table.split(width, room) if room > 0 else []
        if len(parts) < 2:
            return []
        rest = [KeepWithRows([parts[-1], *notes])] if notes else [parts[-1]]
        return [*lead, *parts[:-1], *rest]


def _gap(above: Flowable, below: Flowable) -> float:
    return max(above.getSpaceAfter(), below.getSpaceBefore())  # the frame merges the two


def _stacked(flowables: list[Flowable], width: float, canvas: Canvas | None = None) -> float:
    """How tall `flowables` are set one under the other (the first one's space before it is
    already out of the room the frame offers); `canvas` for those that measure on one."""
    heights = sum((f.wrapOn(canvas, width, 1e6) if canvas else f.wrap(width, 1e6))[1]
                  for f in flowables)  # fmt: skip
    return heights + sum(_gap(a, b) for a, b in zip(flowables, flowables[1:], strict=False))


TAIL = 0.4  # of a page: a chapter's last two paragraphs, or its last list, kept together


def keep_chapter_tails(flowables: list[Flowable], page: float, width: float) -> None:
    """A chapter that runs over a page never ends on one holding a few lines alone (a booklet's
    builder's appendix left its credits, five lines, on a page 14% used): its last paragraph
    keeps with the paragraph before it, and its last list stays whole, when short."""
    canvas = Canvas(io.BytesIO())  # a list measures its items on a canvas
    for i, flowable in enumerate(flowables):
        if not isinstance(flowable, ChapterBreak | PageBreak):
            continue
        at = [j for j in range(max(0, i - 4), i) if not isinstance(flowables[j], Spacer)][-2:]
        tail = [flowables[j] for j in at]
        if not tail or type(tail[-1]) not in (Paragraph, ListFlowable) \
                or _stacked(tail[-1:], width, canvas) > page * TAIL:  # fmt: skip
            continue
        if isinstance(tail[-1], ListFlowable):
            flowables[at[-1]] = KeepTogether([tail[-1]])
        elif len(tail) == 2 and all(type(f) is Paragraph for f in tail) \
                and _stacked(tail, width, canvas) <= page * TAIL:  # fmt: skip
            tail[0].keepWithNext = 1
