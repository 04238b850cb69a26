"""Sizes of paragraphs that a rulebook's pictures measure again and again, worked out once.

A figure tries several scales on every page it might land on, and Platypus lays the whole book
out two or three times (until the contents' page numbers settle): the same label is wrapped at
the same width hundreds of times. Its size depends on its text, style and the width alone, so
each paragraph keeps what it measured. Only sizes are kept: whoever draws a paragraph wraps it
at its width first, as before, so nothing drawn changes.
"""

from __future__ import annotations

from pnp.rulebook.para import Paragraph

_SIZES = "_pnp_measured"  # on the paragraph: (width, room) -> (height, longest line)


def height_of(paragraph: Paragraph, width: float, room: float = 10_000) -> float:
    """`paragraph.wrap(width, room)[1]`, measured once per width."""
    return _measured(paragraph, width, room)[0]


def text_width(paragraph: Paragraph, width: float) -> float:
    """How wide `paragraph`'s longest line is when set `width` wide."""
    return _measured(paragraph, width, 1000)[1]


def _measured(paragraph: Paragraph, width: float, room: float) -> tuple[float, float]:
    sizes: dict[tuple[float, float], tuple[float, float]] = paragraph.__dict__.setdefault(
        _SIZES, {}
    )
    key = (width, room)
    found = sizes.get(key)
    if found is None:
        height = paragraph.wrap(width, room)[1]
        lines = getattr(getattr(paragraph, "blPara", None), "lines", [])
        extras = [line[0] if isinstance(line, tuple) else getattr(line, "extraSpace", 0)
                  for line in lines]  # fmt: skip
        found = sizes[key] = (height, max((width - e for e in extras), default=width))
    return found
