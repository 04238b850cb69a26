"""Free space on a sheet as a list of maximal free rectangles (MaxRects): where a box fits, and
what is left once a box is taken."""

from __future__ import annotations

from pnp.impose.geometry import Rect

EPS = 1e-6


def find_spot(free: list[Rect], w: float, h: float) -> tuple[float, float] | None:
    """Bottom-left corner for a w x h box in the free rectangles: as high, then as far left, as
    possible (rows fill like text), or None when it fits nowhere."""
    best: tuple[float, float] | None = None
    for r in free:
        if w <= r.w + EPS and h <= r.h + EPS:
            spot = (r.x, r.top - h)
            if best is None or (-spot[1] - h, spot[0]) < (-best[1] - h, best[0]):
                best = spot
    return best


def carve(free: list[Rect], used: Rect) -> list[Rect]:
    """The free list (maximal free rectangles) once `used` is taken."""
    out: list[Rect] = []
    for f in free:
        if not f.intersects(used):
            out.append(f)
            continue
        if used.x > f.x:
            out.append(Rect(f.x, f.y, used.x - f.x, f.h))
        if used.right < f.right:
            out.append(Rect(used.right, f.y, f.right - used.right, f.h))
        if used.y > f.y:
            out.append(Rect(f.x, f.y, f.w, used.y - f.y))
        if used.top < f.top:
            out.append(Rect(f.x, used.top, f.w, f.top - used.top))
    return [r for i, r in enumerate(out) if not _inside_another(r, i, out)]


def _inside_another(r: Rect, i: int, rects: list[Rect]) -> bool:
    for j, o in enumerate(rects):
        if j != i and _contains(o, r) and (not _contains(r, o) or j < i):
            return True
    return False


def _contains(outer: Rect, inner: Rect) -> bool:
    return (
        outer.x - EPS <= inner.x
        and outer.y - EPS <= inner.y
        and inner.right <= outer.right + EPS
        and inner.top <= outer.top + EPS
    )
