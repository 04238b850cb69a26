"""Fold-over standees for pawns: a strip that folds into a standing figure on two base tabs.

From the bottom up: base tab, front (upright), fold, back (turned upside down so it reads upright
from behind once folded over the head), base tab. Fold on the dashed lines, glue the figure back
to back and spread the tabs in opposite directions (or slide them into a plastic stand).
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.impose.geometry import Rect
from pnp.impose.marks import Box, Line, Mark
from pnp.impose.options import SheetOptions
from pnp.impose.packing import Part, Unit, layout_units
from pnp.impose.sheet import Page, Piece

TAB_GREY = 0.92


def standee_unit(piece: Piece, bleed: float, tab: float) -> Unit:
    """The strip for one standee; a piece without a back shows its front on both sides."""
    w, h, b = piece.width_mm, piece.height_mm, bleed
    back_face = piece.back or piece.front
    front = Part(piece.front, Rect(0, tab, w, h), Rect(-b, tab, w + 2 * b, h))
    back = Part(back_face, Rect(0, tab + h, w, h), Rect(-b, tab + h, w + 2 * b, h), rotation=180)
    marks: list[Mark] = [
        Box(Rect(0, 0, w, tab), "map", fill=TAB_GREY, stroke=False),
        Box(Rect(0, tab + 2 * h, w, tab), "map", fill=TAB_GREY, stroke=False),
    ]
    marks += [Line(0, y, w, y, "fold") for y in (tab, tab + h, tab + 2 * h)]
    return Unit(w, 2 * h + 2 * tab, (front, back), tuple(marks))


def standee_sheets(pieces: Sequence[Piece], opts: SheetOptions, section: str) -> list[list[Page]]:
    """Sheets of standee strips, packed like tokens (one-sided: no back pages)."""
    units = [standee_unit(p, opts.bleed_mm, opts.tab_mm) for p in pieces]
    return layout_units(units, opts, section)
