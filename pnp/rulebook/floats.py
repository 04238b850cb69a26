"""Where a figure goes when it does not fit what is left of the page, as a book designer sets
it: shrunk within its scales to stay; with its heading and lead-in to the next page; or alone to
the next page's head while the text after it fills this one (`defer`, called by the document
before it places each flowable).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepTogether, PageBreak, Paragraph

from pnp.draw.rl_private import frame_room
from pnp.rulebook.figure import Figure
from pnp.rulebook.flowables import ChapterBreak, Heading


class Release(Flowable):
    """Where a figure put off to the next page comes out at the latest: before the chapter
    after it, or at the end of the book."""

    _ZEROSIZE = True
    width = height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        return None


ROOM = 0.15  # a figure waits for the next page only when more than this share of a page is left
# A heading, its lead-in and the figure they introduce go to the next page together only when
# the page they leave is used this far (a chapter's last page / a page inside a chapter);
# else the heading and lead-in stay, and the figure comes out at the next page's head.
LEFT_BEHIND = {False: 0.25, True: 0.5}


def defer(flowables: list[Flowable], frame: Frame, canvas: Canvas) -> list[Flowable] | None:
    """The figure at the head of `flowables`, with the lines kept with it, when it does not
    fit what is left of the frame and text follows to fill the gap: taken out of the list (a
    Release put before the next chapter), for the head of the next page. None when it stays
    in the list, its group measured for where it goes (see `_cap`).

    As a book designer sets it: a figure that fits here, shrunk within its scales, stays. A
    heading and the lead-in under it go with the figure they introduce, together to the next
    page, unless that leaves this page nearly empty (LEFT_BEHIND). A figure too tall to share
    any page with its lead-in, or one that would leave such a page, comes out alone at the
    next page's head: its lead-in stays, and the text after it, up to the next chapter, fills
    this page."""
    n = 0
    while n < len(flowables) and flowables[n].getKeepWithNext():
        n += 1
    if n >= len(flowables) or not isinstance(flowables[n], Figure):
        return None
    at_top, left, page, width = frame_room(frame)
    group = flowables[: n + 1]
    figure = group[-1]
    lead = _lead(group, canvas, width)
    here = figure.wrapOn(canvas, width, left - lead)[1] + figure.getSpaceBefore()
    if at_top or lead + here <= left:
        _cap(group, left - lead)  # it fits here, shrunk: the group is measured so
        return None
    alone = figure.wrapOn(canvas, width, page)[1] + figure.getSpaceBefore()
    headed = [f.level for f in group if isinstance(f, Heading)]
    stays = lead + alone > page or (headed and 1 - left / page < LEFT_BEHIND[min(headed) > 1])
    if n and stays and alone <= page and lead < left:
        found = _alone(flowables, n, canvas, width, left - lead)
        if found is not None:
            return found
    _cap(group, page - lead)  # where it goes: the head of the next page
    if headed or left < page * ROOM or lead + alone > page:
        return None  # the whole group goes to the next page
    end = _filling(flowables[n + 1 :], canvas, width, left)
    if end == 0:
        return None  # nothing to fill the gap with
    del flowables[: n + 1]
    flowables.insert(end, Release())
    return group


def _alone(flowables: list[Flowable], n: int, canvas: Canvas, width: float,
           left: float) -> list[Flowable] | None:  # fmt: skip
    """The figure after `n` lead-in flowables, put off to the next page's head while its
    heading and lead-in stay here and the text after it (across its sections, not into the
    next chapter) fills the `left` points under the lead-in, when some fits (else the rest of
    the page stays blank: better than a page half used); None when its lead-in ends in a
    colon and no text follows to fill the gap."""
    figure = flowables[n]
    figure.cap = None
    end = _filling(flowables[n + 1 :], canvas, width, left, sections=True)
    if end == 0 and _leads_in(flowables[n - 1]):
        return None  # a line ending in a colon never ends a page without what it opens
    del flowables[n]
    flowables.insert(n + end, Release())  # with no text to fill: the figure heads the next page
    return [figure]


def _leads_in(flowable: Flowable) -> bool:
    """A line that opens what comes under it ("...as drawn below:"): it goes with its figure."""
    text = flowable.getPlainText() if isinstance(flowable, Paragraph) else ""
    return text.rstrip().endswith((":", "："))


def _cap(group: list[Flowable], room: float) -> None:
    """Tell a figure led into by other lines the room it has under them: Platypus measures a
    kept-together group on an endless page, where the figure would take its largest scale and
    make the group too tall to stay whole."""
    if len(group) > 1 and not any(isinstance(f, KeepTogether) for f in group[:-1]):
        figure = group[-1]  # (Platypus keeps no box, itself kept together, with the next)
        figure.cap = room - figure.getSpaceBefore()


def _lead(group: list[Flowable], canvas: Canvas, width: float) -> float:
    """How much of the frame the lines before a group's figure take, with the space between
    them as the frame sets it (the larger of one's space after and the next one's before)."""
    *lines, figure = group
    spaces = [f.getSpaceBefore() for f in lines] + [figure.getSpaceBefore()]
    for i, line in enumerate(lines):
        spaces[i + 1] = max(spaces[i + 1], line.getSpaceAfter())
    return sum(_tall(f, canvas, width) for f in lines) + sum(spaces[:-1]) \
        + spaces[-1] - figure.getSpaceBefore()  # fmt: skip


def _tall(flowable: Flowable, canvas: Canvas, width: float) -> float:
    """How tall `flowable` is set `width` wide (a kept-together group says "too tall, split
    me" whatever its size: its parts, stacked)."""
    height: float = flowable.wrapOn(canvas, width, ENDLESS)[1]
    if height < ENDLESS:
        return height
    parts = flowable.splitOn(canvas, width, ENDLESS)
    return sum(_tall(p, canvas, width) + p.getSpaceBefore() for p in parts) \
        - (parts[0].getSpaceBefore() if parts else 0.0)  # fmt: skip


ENDLESS = 0xFFFFFF  # what a kept-together group answers when it is measured


def _filling(rest: list[Flowable], canvas: Canvas, width: float, left: float,
             sections: bool = False) -> int:  # fmt: skip
    """How many of the flowables after a waiting figure fill the gap it leaves: those of its
    own section (up to the next heading; with `sections`, up to the next chapter) that fit
    whole in `left`, so the figure comes out between two of them, never inside a list or a
    paragraph split over the page, nor under a heading or lead-in parted from its text."""
    used, whole = 0.0, 0
    for count, flowable in enumerate(rest, start=1):
        if _breaks(flowable) or (isinstance(flowable, Heading) and not sections):
            break
        used += _tall(flowable, canvas, width) + flowable.getSpaceBefore()
        if used > left:
            break
        used += flowable.getSpaceAfter()
        if not flowable.getKeepWithNext():
            whole = count  # not a heading or lead-in whose text would follow the figure
    return whole


def _breaks(flowable: Flowable) -> bool:
    """A page break, a chapter's break or heading: what a waiting figure may not pass."""
    return isinstance(flowable, PageBreak | Release | ChapterBreak) or (
        isinstance(flowable, Heading) and flowable.level == 1
    )
