"""Where the seams of a tiled board run: away from what pieces sit on, within the same sheets.

Along one direction of a board the tiles meet at seams. A seam is the line the upper tile is cut
along; the tile under it reaches on past the line by the glue band, the tile on top by the cut
allowance. How many tiles a direction needs is fixed first (pnp.impose.tileplan); here the seams
slide, each window still no longer than a sheet holds, to where they cross the least marked
content (pnp.draw.footprint): crossing a space or a word with the cut line costs most, lying under
the glue band (a step of double paper) costs a little. Among equal costs the seams stay where an
even split puts them, so a board with nothing marked tiles as evenly as it always did.
"""

from __future__ import annotations

import bisect
import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.impose.geometry import Rect

STEP_MM = 0.5  # seams are tried this far apart
CLEAR_MM = 1.5  # a cut line nearer marked content than this (a miscut) crosses it
NEAR_MM = 4.0  # a cut line nearer than this is close enough to content to show: a little cost
CUT_WEIGHT = 4.0  # crossing content with the cut line, against lying under the glue band
NEAR_WEIGHT = 0.5  # passing it at CLEAR_MM, falling to nothing at NEAR_MM
EVEN_WEIGHT = 1e-4  # per mm from the even split: breaks ties, never outweighs content


@dataclass(frozen=True)
class KeepClear:
    """A zone of a board no seam should cross, in board coordinates (mm from the trim's
    bottom-left), on one side ("front", "back") or "both"."""

    rect: Rect
    side: str = "both"


@dataclass(frozen=True)
class SeamHints:
    """What a board says about its seams: whether to keep them off what its faces paint
    (`derive`), and zones to keep them out of besides."""

    derive: bool = True
    keep_clear: tuple[KeepClear, ...] = ()


@dataclass(frozen=True)
class Mark:
    """Marked content seen along one direction: from `lo` to `hi`, `span` mm long across it."""

    lo: float
    hi: float
    span: float
    weight: float = 1.0


@dataclass(frozen=True)
class Axis:
    """One direction of a tiling. Windows run from `start` to `end`, `count` of them, none
    longer than `room`. At a seam s, the window below s reaches up to s + `low_reach`, the one
    above starts at s - `high_reach`; the glue band is `band` = (from, to) relative to s."""

    start: float
    end: float
    count: int
    room: float
    low_reach: float
    high_reach: float
    band: tuple[float, float]

    @property
    def overlap(self) -> float:
        return self.low_reach + self.high_reach

    def even(self) -> list[float]:
        """The seams of windows all of one length (the tiling with no marked content)."""
        n = self.count
        length = (self.end - self.start + (n - 1) * self.overlap) / n
        return [self.start + length - self.low_reach + i * (length - self.overlap)
                for i in range(n - 1)]  # fmt: skip


class Profile:
    """The cost of a seam at any position along one direction, from the marks there."""

    def __init__(self, marks: list[Mark], axis: Axis) -> None:
        self.marks = sorted(marks, key=lambda m: m.lo)
        self.los = [m.lo for m in self.marks]
        self.longest = max((m.hi - m.lo for m in self.marks), default=0.0)
        b0, b1 = axis.band
        self.band = (min(b0, b1), max(b0, b1))
        self.reach = max(NEAR_MM, abs(b0), abs(b1))

    def cost(self, s: float) -> float:
        b0, b1 = s + self.band[0], s + self.band[1]
        width = max(b1 - b0, 1e-9)
        first = bisect.bisect_left(self.los, s - self.reach - self.longest)
        last = bisect.bisect_right(self.los, s + self.reach)
        total = 0.0
        for m in self.marks[first:last]:
            cut = _cut(max(m.lo - s, s - m.hi, 0.0))
            under = max(0.0, min(m.hi, b1) - max(m.lo, b0)) / width
            total += m.weight * m.span * (cut + under)
        return total


def _cut(distance: float) -> float:
    """The cost of a cut line `distance` mm from a mark, per mm of the mark along it."""
    if distance < CLEAR_MM:
        return CUT_WEIGHT
    if distance < NEAR_MM:
        return NEAR_WEIGHT * (NEAR_MM - distance) / (NEAR_MM - CLEAR_MM)
    return 0.0


def place_seams(axis: Axis, marks: list[Mark]) -> tuple[list[float], float]:
    """The seams along `axis` crossing the least marked content, and what they cost."""
    even = axis.even()
    if not even:
        return [], 0.0
    profile = Profile(marks, axis)
    options = [_candidates(axis, i, e) for i, e in enumerate(even)]
    # best[i][k]: least cost of seams 0..i with seam i at options[i][k]; back: where seam i-1 was
    best = [[profile.cost(s) + EVEN_WEIGHT * abs(s - even[0]) for s in options[0]]]
    back: list[list[int]] = [[]]
    for i in range(1, len(even)):
        here, links = _step(axis, options[i - 1], best[-1], options[i])
        best.append([c + profile.cost(s) + EVEN_WEIGHT * abs(s - even[i]) if math.isfinite(c)
                     else math.inf for s, c in zip(options[i], here, strict=True)])  # fmt: skip
        back.append(links)
    k = min(range(len(best[-1])), key=best[-1].__getitem__)
    total = best[-1][k]
    if not math.isfinite(total):  # windows too short to move anything: the even split
        return even, sum(profile.cost(s) for s in even)
    seams = []
    for i in range(len(even) - 1, -1, -1):
        seams.append(options[i][k])
        k = back[i][k] if i else k
    seams.reverse()
    return seams, total


def _candidates(axis: Axis, i: int, even: float) -> list[float]:
    """Positions seam i may take: on a grid through its even place, every window short enough
    for a sheet and long enough to hold its overlaps, wherever the others are."""
    n, ov, stride = axis.count - 1, axis.overlap, axis.room - axis.overlap
    low = max(
        axis.start + ov + i * 2 * ov,
        axis.end - axis.room + axis.high_reach - (n - 1 - i) * stride,
    )
    high = min(
        axis.end - ov - (n - 1 - i) * 2 * ov,
        axis.start + axis.room - axis.low_reach + i * stride,
    )
    first = math.ceil((low - even) / STEP_MM - 1e-9)
    last = math.floor((high - even) / STEP_MM + 1e-9)
    return [even + k * STEP_MM for k in range(first, last + 1)] or [even]


def _step(
    axis: Axis, before: list[float], cost: list[float], options: list[float]
) -> tuple[list[float], list[int]]:
    """For each option of the next seam: the cheapest earlier seam it may follow (windows
    between them no longer than `room` and holding both overlaps), by a sliding minimum."""
    longest, shortest = axis.room - axis.overlap, 2 * axis.overlap  # as in _candidates
    window: deque[int] = deque()
    best, links = [], []
    j = 0
    for t in options:
        while j < len(before) and before[j] <= t - shortest + 1e-9:
            while window and cost[window[-1]] >= cost[j]:
                window.pop()
            window.append(j)
            j += 1
        while window and before[window[0]] < t - longest - 1e-9:
            window.popleft()
        best.append(cost[window[0]] if window else math.inf)
        links.append(window[0] if window else 0)
    return best, links


Marked = tuple[float, float, float, float, float]  # x0, y0, x1, y1 (mm, board), weight


def marks_along(marked: Sequence[Marked], axis: int) -> list[Mark]:
    """Marked boxes as seen by the seams across `axis` (0: x, the seams between columns)."""
    if axis == 0:
        return [Mark(x0, x1, y1 - y0, w) for x0, y0, x1, y1, w in marked]
    return [Mark(y0, y1, x1 - x0, w) for x0, y0, x1, y1, w in marked]
