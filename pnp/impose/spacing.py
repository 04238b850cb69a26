"""How far apart same-size pieces sit on a sheet: how many fit along an axis, and the gutter.

Along each axis a sheet holds as many pieces as butting them allows; the slack the paper leaves
then goes into gutters, up to two bleeds, so each piece has its own bleed (split halfway in a
narrower gutter: see pnp.impose.geometry.bleed_boxes) and a miscut or a shifted back shows the
piece's own colour, never its neighbour's. A gutter leaves room for crop marks beyond the art if
it can; else the art may reach the margin and marks move into the bleed (or the gutters). Where
even that leaves no gutter, the outer bleed (against the margin) shrinks to OUTER_BLEED_MM, still
more than a 2 mm duplex drift, and the room it frees goes into the gutters. A gutter under
MIN_GUTTER_MM (less than 1 mm of bleed of its own each side) is not worth two cuts: neighbours
then share one cut line. So 3 x 3 poker cards (63 x 88 mm, 3 mm bleed) sit 5.5 mm apart
between rows and 4.5 mm between columns on A4; on Letter (whose height leaves 9.4 mm for all of
the bleed, marks and margins) 4.0 mm between columns (the side margins then hold a 7 pt sheet
label: SIDE_ROOM_MM) and 2.7 mm between rows, the top and bottom
rows keeping 2 mm of outer bleed.

A strip LABEL_STRIP_MM deep above the bottom margin is kept for the sheet label where that
costs no piece: crop marks stop above it.

Round loose pieces (tokens, chips, markers: packed, not in a grid) keep SPACE_MM of white paper
beyond their bleed from each other (half of it from a rectangle), so each shows its own cut
line with paper around it, never a neighbour's art touching its own.
"""

from __future__ import annotations

import math

from pnp.impose.crop_marks import MIN_MARK_MM
from pnp.impose.marks import MARK_GAP_MM

MIN_GUTTER_MM = 2.0  # a narrower gutter gives each piece under 1 mm of bleed of its own
# with a shrunk outer bleed: 1.2 mm of each piece's own, so a 1 mm miscut stays clear
TIGHT_GUTTER_MM = 2.4
# the least outer bleed left when gutters take the rest: 2 mm of duplex drift shows no paper
OUTER_BLEED_MM = 2.0
MARK_ROOM_MM = MARK_GAP_MM + MIN_MARK_MM  # crop marks beyond the art, inside the margin
LABEL_STRIP_MM = 4.0  # the sheet label (6.5 pt) with clearance, above the bottom margin
# beside the art at the sides: crop marks, and the sheet label turned to read upwards at 7 pt
# (its box 2.35 mm, brackets and CJK glyphs reaching 0.25 mm past it) with 0.8 mm clear of the
# art, 3 mm or more from the paper's edge, where the paper gives room for marks at all
SIDE_ROOM_MM = max(MARK_ROOM_MM, 3.4)
SPACE_MM = 2.0  # white paper between two round loose pieces' bleeds


def fit_count(length: float, size: float, bleed: float, gap: float) -> int:
    """How many pieces of `size` fit in `length` (which includes the outer bleed on both ends)."""
    return max(0, math.floor((length - 2 * bleed + gap + 1e-6) / (size + gap)))


def span(
    length: float, size: float, bleed: float, margin: float, gap: float | None,
    beside: float = MARK_ROOM_MM,
) -> tuple[int, float]:  # fmt: skip
    """(pieces, gutter) along one axis of the paper: `gap` if given, else default_gutter."""
    usable = length - 2 * margin
    if gap is not None:
        return fit_count(usable, size, bleed, gap), gap
    count = fit_count(usable, size, bleed, 0.0)
    return count, default_gutter(usable, count, size, bleed, beside)


def default_gutter(
    usable: float, count: int, size: float, bleed: float, beside: float = MARK_ROOM_MM
) -> float:
    """The widest gutter (0.1 mm steps, at most two bleeds) between `count` pieces of `size`
    that fit in `usable` mm with their outer bleed: with `beside` mm beyond the art at each end
    (crop marks; across a sheet also a side label: SIDE_ROOM_MM) if that gives at least
    MIN_GUTTER_MM, else up to the margin, else with the outer bleed shrunk
    to OUTER_BLEED_MM (the art is clipped at the margin) if that gives TIGHT_GUTTER_MM; 0 (a
    shared cut) if none does."""
    if count < 2 or bleed <= 0:
        return 0.0
    outer = min(bleed, OUTER_BLEED_MM)
    tries = ((2 * beside, bleed, MIN_GUTTER_MM), (0.0, bleed, MIN_GUTTER_MM),
             (0.0, outer, min(TIGHT_GUTTER_MM, 2 * bleed)))  # fmt: skip
    for marks, edge, least in tries:
        room = usable - count * size - 2 * edge - marks
        gutter = min(2 * bleed, math.floor(room / (count - 1) * 10 + 1e-6) / 10)
        if gutter >= least - 1e-9:
            return gutter
    return 0.0


def column_span(
    height: float, size: float, bleed: float, margin: float, gap: float | None
) -> tuple[int, float, float]:
    """(rows, gutter, label strip) down a sheet: with LABEL_STRIP_MM kept free at the bottom
    when that leaves as many rows, else with no strip."""
    rows, gutter = span(height, size, bleed, margin, gap)
    lifted, lifted_gutter = span(height - LABEL_STRIP_MM, size, bleed, margin, gap)
    if lifted == rows:
        return rows, lifted_gutter, LABEL_STRIP_MM
    return rows, gutter, 0.0


def label_strip(flip: str) -> tuple[float, float]:
    """(bottom, top) strip a back page keeps for its label: the front's bottom strip, turned
    to the top when the flip mirrors the rows ("y")."""
    return (0.0, LABEL_STRIP_MM) if flip == "y" else (LABEL_STRIP_MM, 0.0)
