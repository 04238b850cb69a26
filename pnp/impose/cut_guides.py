"""Where to cut a piece that crop marks cannot guide, marked off the piece, in its bleed.

A piece's colour runs out through its bleed, so a cut a little off shows more of the same
colour, never a line. A cut line printed on the trim would be the one thing a miscut shows
(lopsided, or a white casing on one side), so the guide lies outside the piece:
- a round piece: ticks on the radii at eight points, from `CLEAR_MM` outside the cut to the
  bleed's edge and a little into the white paper around it, each aiming at the circle to cut;
- a rectangle that sits among other pieces, where crop marks do not reach its edges: its trim
  lines continued past each corner through its own bleed, as crop marks are past the sheet's.
"""

from __future__ import annotations

import math

from pnp.impose.geometry import Rect
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


def corner_guides(trim: Rect, clip: Rect) -> tuple[Line, ...]:
    """Each edge of `trim` continued past its corners, from CLEAR_MM out to the end of the
    piece's own bleed (`clip`); none where that bleed is narrower than CLEAR_MM."""
    ticks = []
    for x in (trim.x, trim.right):  # the vertical edges, continued down and up
        if trim.y - clip.y > CLEAR_MM:
            ticks.append(Line(x, trim.y - CLEAR_MM, x, clip.y, "cut"))
        if clip.top - trim.top > CLEAR_MM:
            ticks.append(Line(x, trim.top + CLEAR_MM, x, clip.top, "cut"))
    for y in (trim.y, trim.top):  # the horizontal edges, continued left and right
        if trim.x - clip.x > CLEAR_MM:
            ticks.append(Line(trim.x - CLEAR_MM, y, clip.x, y, "cut"))
        if clip.right - trim.right > CLEAR_MM:
            ticks.append(Line(trim.right + CLEAR_MM, y, clip.right, y, "cut"))
    return tuple(ticks)
