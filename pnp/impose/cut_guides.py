"""Where to cut a piece that crop marks cannot guide, marked off the piece, in its bleed.

A piece's colour runs out through its bleed, so a cut a little off shows more of the same
colour, never a line. A cut line printed on the trim would be the one thing a miscut shows
(lopsided, or a white casing on one side), so the guide lies outside the piece:
- a round piece: ticks on the radii at eight points, from `CLEAR_MM` outside the cut to the
  bleed's edge and a little into the white paper around it, each aiming at the circle to cut.
(A rectangle that sits among other pieces gets corner guides from pnp.impose.crop_marks.)
"""

from __future__ import annotations

import math

from pnp.impose.marks import Line

CLEAR_MM = 1.2  # a tick stops this far outside the cut: a 1 mm miscut still leaves it off
OVERHANG_MM = 0.8  # how far a tick reaches past the bleed into the paper, so it shows on dark art
TICKS = 8


def round_cut_guide(cx: float, cy: float, r: float, bleed: float) -> tuple[Line, ...]:
    """The ticks marking the cut circle of radius `r` about (cx, cy), in mm."""
    inner = r + min(CLEAR_MM, bleed)
    outer = r + bleed + OVERHANG_MM
    ticks = []
    for i in range(TICKS):
        a = 2 * math.pi * (i + 0.5) / TICKS  # between the compass points, where text rarely is
        dx, dy = math.cos(a), math.sin(a)
        ticks.append(Line(cx + inner * dx, cy + inner * dy, cx + outer * dx, cy + outer * dy,
                          "cut"))  # fmt: skip
    return tuple(ticks)
