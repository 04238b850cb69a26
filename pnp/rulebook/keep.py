"""What a rulebook keeps together: a heading or lead-in line with the next flowable, a note with
the table above it, and a chapter's end with enough of the chapter before it.

Platypus moves a heading and the whole flowable after it to the next page when both do not fit
the rest of this one. For a table that runs over pages with its header repeated (a glossary, a
card list) a published book starts the table under its heading and carries it on: the heading
keeps with the table's first rows, and the page is not left half empty. A note under a table
(its source, what a column means) keeps with the table's last rows: never alone on a page. And a
chapter that a page break follows never ends on a page holding a few lines alone: enough of what
comes before its last lines goes over with them (a table's last rows, a paragraph's last lines,
a list's last items).
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, FrameBreak, PageBreak, Spacer
from reportlab.platypus.flowables import KeepTogether, ListFlowable

from pnp.rulebook.blocks import DataTable
from pnp.rulebook.flowables import ChapterBreak, Heading
from pnp.rulebook.glossary import Glossary
from pnp.rulebook.lists import BookList, break_at
from pnp.rulebook.para import Paragraph

SPLITS = (DataTable, Glossary, Paragraph, ListFlowable)  # what a kept group may break inside


class KeepWithRows(KeepTogether):
    """The document's `keepTogetherClass`: a heading (and its lead-in) kept with the first rows
    of a table that runs on, a note under it with its last rows, and everything else kept whole
    as Platypus does. `body`: the index of the flowable the group breaks inside when it does
    not fit (by default its last table); `carry`: the least height that goes to the next page
    with what follows the body (a chapter's end)."""

    def __init__(self, flowables: list[Flowable], body: int | None = None,
                 carry: float = 0.0) -> None:  # fmt: skip
        super().__init__(flowables)
        self._body, self._carry = body, carry

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803 - Platypus' names
        at = self._body
        if at is None:
            at = next((i for i in range(len(self._content) - 1, -1, -1)
                       if isinstance(self._content[i], DataTable | Glossary)), None)  # fmt: skip
        if at is None and isinstance(self._content[-1], ListFlowable):
            at = len(self._content) - 1  # a lead-in line keeps with the list's first items
        canvas = getattr(self, "canv", None)
        if at is not None and len(self._content) > 1 \
                and _stacked(self._content, aW, canvas) > aH:  # fmt: skip
            parts = self._body_split(at, aW, aH)
            if parts:
                return parts
        found: list[Flowable] = super().split(aW, aH)
        return found

    def _body_split(self, at: int, width: float, height: float) -> list[Flowable]:
        """The lead, the part of the body that fits under it and, as a group of its own, the
        body's rest with what follows it; [] when the body may not break so."""
        canvas = getattr(self, "canv", None)
        lead, body, trail = self._content[:at], self._content[at], self._content[at + 1 :]
        room = height - (_stacked(lead, width, canvas) + _gap(lead[-1], body) if lead else 0.0)
        whole = _stacked([body], width, canvas)
        after = _stacked(trail, width, canvas) + _gap(body, trail[0]) if trail else 0.0
        if trail and whole <= room:  # the body fits but not what follows it
            room -= after
        if self._carry > after:  # the body's rest makes up what goes over
            room = min(room, whole - (self._carry - after))
        head, rest = _broken(body, width, room, canvas) if room > 0 else ([], [])
        if not head or not rest:
            return []
        more = [KeepWithRows([*rest, *trail])] if trail else rest
        if not isinstance(head[-1], type(FrameBreak)):  # what goes over starts the next page
            more.insert(0, FrameBreak())
        return [*lead, *head, *more]


def _broken(
    body: Flowable, width: float, room: float, canvas: Canvas | None
) -> tuple[list[Flowable], list[Flowable]]:
    """`body` broken at `room`: what stays on this page and what goes over; a list breaks
    between its items (two at least on each side), anything else as it splits itself (a table
    keeps rows on each side)."""
    if isinstance(body, ListFlowable):
        items = body._content
        heights = [_stacked([item], width, canvas) + (_gap(items[k - 1], item) if k else 0.0)
                   for k, item in enumerate(items)]  # fmt: skip
        k = break_at(heights, room)
        if isinstance(body, BookList) and 0 < k < len(items):
            head, rest = body.parts(k)
            return [head], [rest]
        return (items[:k], items[k:]) if k else ([], [])
    if canvas:
        body.wrapOn(canvas, width, room)
    parts = body.splitOn(canvas, width, room) if canvas else body.split(width, room)
    return (parts[:-1], parts[-1:]) if len(parts) > 1 else ([], [])


def _gap(above: Flowable, below: Flowable) -> float:
    return max(above.getSpaceAfter(), below.getSpaceBefore())  # the frame merges the two


def _stacked(flowables: list[Flowable], width: float, canvas: Canvas | None = None) -> float:
    """How tall `flowables` are set one under the other (the first one's space before it is
    already out of the room the frame offers); `canvas` for those that measure on one."""
    heights = sum((f.wrapOn(canvas, width, 1e6) if canvas else f.wrap(width, 1e6))[1]
                  for f in flowables)  # fmt: skip
    return heights + sum(_gap(a, b) for a, b in zip(flowables, flowables[1:], strict=False))


TAIL = 0.4  # of a page: a chapter's last two paragraphs, or its last list, kept together
CARRY = 0.3  # of a page: what a chapter's last page holds at least before a page break


def keep_chapter_tails(flowables: list[Flowable], page: float, width: float) -> None:
    """A chapter that runs over a page never ends on one holding a few lines alone (a booklet's
    builder's appendix left its credits, five lines, on a page 14% used). Before a page break
    its last page holds at least `CARRY` of a page: its last flowables and, broken where it
    must, the one before them (a table's last rows, a paragraph's last lines, a list's last
    items). Before the next chapter, which fills the page on, its last two paragraphs keep
    together, and its last list stays whole, when short."""
    canvas = Canvas(io.BytesIO())  # a list measures its items on a canvas
    i = len(flowables) - 1
    while i >= 0:  # from the end: a group replaces its flowables, those before it stay put
        if isinstance(flowables[i], PageBreak):
            i = _carry_tail(flowables, i, page * CARRY, width, canvas)
        elif isinstance(flowables[i], ChapterBreak):
            _keep_short_tail(flowables, i, page, width, canvas)
        i -= 1


def _carry_tail(flowables: list[Flowable], end: int, carry: float, width: float,
                canvas: Canvas) -> int:  # fmt: skip
    """Group the chapter's flowables before `end` that must go over together: back from the
    break until they are `carry` tall, with the headings and lead-ins kept with them. Where
    the group starts (`end` when there is none): the flowables before it are as they were."""
    start, height = end, 0.0
    while start > 0 and height < carry:
        flowable = flowables[start - 1]
        if isinstance(flowable, Heading) and flowable.level == 1 or flowable.isIndexing() \
                or not isinstance(flowable, (Spacer, Heading, *SPLITS)):  # fmt: skip
            # the chapter's title, a figure, a box: the tail starts after it; and a glossary,
            # which Platypus tells the pages of its terms only where the story holds it itself
            break
        start -= 1
        height += _stacked([flowable], width, canvas)
    first = flowables[start] if start < end else None
    body = 0 if isinstance(first, SPLITS) else None  # what breaks when all does not fit
    while start > 0 and flowables[start - 1].getKeepWithNext() \
            and not flowables[start - 1].isIndexing():  # fmt: skip
        start -= 1  # a heading and a lead-in line stay with what they open
        body = None if body is None else body + 1
    group = flowables[start:end]
    if body is None and len([f for f in group if not isinstance(f, Spacer)]) < 2:
        return end
    flowables[start:end] = [KeepWithRows(group, body=body, carry=carry)]
    return start


def _keep_short_tail(flowables: list[Flowable], end: int, page: float, width: float,
                     canvas: Canvas) -> None:  # fmt: skip
    at = [j for j in range(max(0, end - 4), end) if not isinstance(flowables[j], Spacer)][-2:]
    tail = [flowables[j] for j in at]
    if not tail or not (type(tail[-1]) is Paragraph or isinstance(tail[-1], ListFlowable)) \
            or _stacked(tail[-1:], width, canvas) > page * TAIL:  # fmt: skip
        return
    if isinstance(tail[-1], ListFlowable):
        flowables[at[-1]] = KeepTogether([tail[-1]])
    elif len(tail) == 2 and all(type(f) is Paragraph for f in tail) \
            and _stacked(tail, width, canvas) <= page * TAIL:  # fmt: skip
        tail[0].keepWithNext = 1
