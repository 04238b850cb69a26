"""Labelled call-outs (`> **Example.**`, `> **Note.**`, `> **Reading.**`) as the reader meets
them: the bold label word taken off (the box prints its own label), boxes of our readings that
stand one after another merged into one, and each reading's topic, for the index of readings.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.layout.text.markup import IconRef, Span
from pnp.rulebook.markdown import Block, Quote
from pnp.rulebook.markdown import Paragraph as MdParagraph

LABELLED = ("example", "note", "reading")  # call-outs labelled in the edition's words
MERGED = ("reading",)  # kinds whose stacked boxes read as one box with one label


def merge_stacked(blocks: Sequence[Block]) -> list[Block]:
    """`blocks` with each call-out's label word taken off, and each run of adjacent call-outs
    of a merged kind made one: one label over the readings, not a column of boxes each saying
    "Our reading"."""
    out: list[Block] = []
    for block in blocks:
        last = out[-1] if out else None
        if not (isinstance(block, Quote) and block.kind in LABELLED):
            out.append(block)
            continue
        inner = unlabel(block.blocks)
        topic = _topic(inner) if block.kind in MERGED else None
        mine = (topic,) if topic else ()
        if block.kind in MERGED and isinstance(last, Quote) and last.kind == block.kind:
            out[-1] = Quote(last.kind, [*last.blocks, *inner], last.line, last.topics + mine)
        else:
            out.append(Quote(block.kind, inner, block.line, mine))
    return out


def unlabel(blocks: Sequence[Block]) -> list[Block]:
    """The call-out's blocks without its bold label word (`**Reading.**`)."""
    first, *rest = blocks
    if not isinstance(first, MdParagraph) or not first.inlines:
        return list(blocks)
    inlines = first.inlines[1:]
    if inlines and isinstance(inlines[0], Span):
        head = inlines[0]
        inlines[0] = Span(head.text.lstrip(), head.bold, head.italic, head.code)
    return [MdParagraph(inlines, first.line), *rest]


def _topic(blocks: Sequence[Block]) -> str | None:
    """What a reading is about: the bold or italic words that open it (after an icon),
    without their full stop; None when it opens with plain words."""
    first = blocks[0] if blocks else None
    if not isinstance(first, MdParagraph):
        return None
    spans = [i for i in first.inlines if not isinstance(i, IconRef)
             and not (isinstance(i, Span) and not i.text.strip())]  # fmt: skip
    lead = spans[0] if spans else None
    if isinstance(lead, Span) and (lead.bold or lead.italic):
        return lead.text.strip().rstrip(".:").strip() or None
    return None
