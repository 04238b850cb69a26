"""Boxes in millimetres, measured from the bottom-left corner of the paper (PDF convention)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.memo import Memo


@dataclass(frozen=True)
class Rect:
    """An upright box in millimetres: bottom-left (x, y), width w, height h."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def shift(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def mirror_x(self, width: float) -> Rect:
        """Reflect across the vertical line x = width / 2."""
        return Rect(width - self.right, self.y, self.w, self.h)

    def mirror_y(self, height: float) -> Rect:
        """Reflect across the horizontal line y = height / 2."""
        return Rect(self.x, height - self.top, self.w, self.h)

    def within(self, area: Rect) -> Rect:
        """The part of this box inside `area` (art the printer cannot reach is not drawn)."""
        x0, y0 = max(self.x, area.x), max(self.y, area.y)
        x1, y1 = min(self.right, area.right), min(self.top, area.top)
        return Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))

    def intersects(self, other: Rect) -> bool:
        # right and top spelt out: called ~90 times per page label placed (pnp.impose.margins)
        return (
            other.x < self.x + self.w
            and self.x < other.x + other.w
            and other.y < self.y + self.h
            and self.y < other.y + other.h
        )


def bounding_box(rects: list[Rect]) -> Rect:
    """The smallest Rect holding all `rects` (which must not be empty)."""
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.right for r in rects)
    y1 = max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def bleed_boxes(trims: list[Rect], bleed: float, within: Rect | None = None) -> list[Rect]:
    """Each trim box grown by `bleed`, cut back halfway to any neighbour it would overlap (and
    to `within`, the part of the paper the printer reaches).

    Neighbours closer than two bleeds share the space between them, so no face ever paints over
    another; where trims touch, the shared edge is a single cut with no bleed between.
    """
    key = (tuple(trims), bleed)
    boxes = _BLEEDS.get_or_make(key, lambda: _bleed_boxes(*key))
    return [b.within(within) for b in boxes] if within is not None else list(boxes)


def back_boxes(
    trims: list[Rect], backed: list[bool], bleed: float, within: Rect | None = None
) -> list[Rect]:
    """Bleed boxes for the backs of the pieces at `trims` (a back page's, mirrored) that have
    one (`backed`), in order: shared halfway with a neighbouring back like the fronts, but
    reaching on to a one-sided neighbour's trim, since nothing is printed behind it. So a
    hidden deck's back beside a one-sided card keeps its colour under 2 mm of drift where a
    tight gutter (Letter's rows) would split the paper between them."""
    own = [t for t, b in zip(trims, backed, strict=True) if b]
    bare = [t for t, b in zip(trims, backed, strict=True) if not b]
    boxes = bleed_boxes(own, bleed, within)
    return [_clear_of(box, trim, bare) for box, trim in zip(boxes, own, strict=True)]


def _clear_of(box: Rect, trim: Rect, others: list[Rect]) -> Rect:
    """`box` (grown from `trim`) cut back to the near edge of each of `others` it overlaps,
    along the axis on which they lie apart (the wider gap, for a diagonal neighbour)."""
    for o in (o for o in others if box.intersects(o)):
        gap_x = max(o.x - trim.right, trim.x - o.right)
        gap_y = max(o.y - trim.top, trim.y - o.top)
        x0, y0, x1, y1 = box.x, box.y, box.right, box.top
        if gap_x >= gap_y:
            x1, x0 = (min(x1, o.x), x0) if o.x >= trim.right else (x1, max(x0, o.right))
        else:
            y1, y0 = (min(y1, o.y), y0) if o.y >= trim.top else (y1, max(y0, o.top))
        box = Rect(x0, y0, x1 - x0, y1 - y0)
    return box


def printable(width: float, height: float, margin: float) -> Rect:
    """The part of a `width` x `height` mm sheet at least `margin` mm from every edge."""
    return Rect(margin, margin, width - 2 * margin, height - 2 * margin)


_BLEEDS: Memo[tuple[tuple[Rect, ...], float], tuple[Rect, ...]] = Memo(256)  # a layout's sheets


def _bleed_boxes(trims: tuple[Rect, ...], bleed: float) -> tuple[Rect, ...]:
    boxes = [t.grow(bleed) for t in trims]
    eps = 1e-6
    pairs = [(i, j) for i in range(len(trims)) for j in range(i + 1, len(trims))]
    # Side-by-side neighbours first; diagonal ones only if they still overlap afterwards.
    for diagonal in (False, True):
        for i, j in pairs:
            if not boxes[i].intersects(boxes[j]):
                continue
            a, b = trims[i], trims[j]
            gap_x = max(b.x - a.right, a.x - b.right)
            gap_y = max(b.y - a.top, a.y - b.top)
            if gap_x < -eps and gap_y < -eps:
                raise ValueError(f"trim boxes overlap: {a} and {b}")
            if (gap_x >= -eps and gap_y >= -eps) != diagonal:
                continue
            boxes[i], boxes[j] = _split(boxes[i], boxes[j], a, b, "x" if gap_x >= gap_y else "y")
    return tuple(boxes)


def _split(box_a: Rect, box_b: Rect, a: Rect, b: Rect, cut: str) -> tuple[Rect, Rect]:
    if cut == "x":
        left, right = (0, 1) if a.x < b.x else (1, 0)
        trims, boxes = (a, b), [box_a, box_b]
        mid = (trims[left].right + trims[right].x) / 2
        lb, rb = boxes[left], boxes[right]
        boxes[left] = Rect(lb.x, lb.y, min(lb.right, mid) - lb.x, lb.h)
        boxes[right] = Rect(max(rb.x, mid), rb.y, rb.right - max(rb.x, mid), rb.h)
        return boxes[0], boxes[1]
    low, high = (0, 1) if a.y < b.y else (1, 0)
    trims, boxes = (a, b), [box_a, box_b]
    mid = (trims[low].top + trims[high].y) / 2
    lo, hi = boxes[low], boxes[high]
    boxes[low] = Rect(lo.x, lo.y, lo.w, min(lo.top, mid) - lo.y)
    boxes[high] = Rect(hi.x, max(hi.y, mid), hi.w, hi.top - max(hi.y, mid))
    return boxes[0], boxes[1]
