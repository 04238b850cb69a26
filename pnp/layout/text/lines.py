"""Filling lines: the one line breaker of faces' text boxes and books' Japanese paragraphs.

A paragraph is a run of words and gaps. A word is set without a break inside (a Latin word, a
Japanese phrase between two of pnp.layout.text.jabreak's break places, a word with its icon);
two words side by side may break between them. A gap (a space) is a break that takes room
inside a line and none at either end of one. Lines are filled greedily: each takes words while
they fit and ends before the first that does not, so a Japanese line ends at the last place
kinsoku allows before it would overflow.

A word wider than a whole line is the caller's to settle: a face's box shrinks its type
(`fill` reports the word), a book's column cannot and cuts it (`cut`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

_EPS = 1e-6


class Box(Protocol):
    """Anything set on a line: its width at size 1."""

    @property
    def width(self) -> float: ...


@dataclass(frozen=True)
class Gap:
    """A break place that takes room when it falls inside a line."""

    width: float  # at size 1


W = TypeVar("W", bound=Box)
Line = tuple[list[W | Gap], bool]  # (words and gaps, last line of its paragraph)
# a word too wide for `room` points at the start of a line -> what goes on that line, the rest
Cut = Callable[[W, float], tuple[W, W | None]]


def fill(
    paragraphs: Sequence[Sequence[W | Gap]],
    size: float,
    widths: Sequence[float],
    cut: Cut[W] | None = None,
) -> tuple[list[Line[W]] | None, W | None]:
    """Greedy lines of `paragraphs` (hard breaks between them) at `size`, the n-th line
    `widths[n]` wide (the last width for every line after): (lines, None); or, without `cut`,
    (None, the first word wider than its line)."""
    lines: list[Line[W]] = []
    width = widths[0]
    for para in paragraphs:
        line: list[W | Gap] = []
        line_w = 0.0
        pending: Gap | None = None
        for entry in para:
            if isinstance(entry, Gap):
                pending = entry if line else None
                continue
            w = entry.width * size
            gap = pending.width * size if pending else 0.0
            if line and line_w + gap + w <= width + _EPS:
                if pending:
                    line.append(pending)
                line.append(entry)
                line_w += gap + w
                pending = None
                continue
            pending = None
            if line:  # the word starts the next line
                lines.append((line, False))
                width = widths[min(len(lines), len(widths) - 1)]
            while w > width + _EPS:  # wider than a whole line
                if cut is None:
                    return None, entry
                head, rest = cut(entry, width / size)
                if rest is None:  # the whole word (a kinsoku character hangs past the edge)
                    break
                lines.append(([head], False))
                width = widths[min(len(lines), len(widths) - 1)]
                entry, w = rest, rest.width * size
            line, line_w = [entry], w
        lines.append((line, True))
        width = widths[min(len(lines), len(widths) - 1)]
    return lines, None
