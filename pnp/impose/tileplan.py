"""How a board larger than a sheet is cut into tiles: how many, and where the seams run.

Each tile shows a window of the board, and neighbouring windows overlap by `overlap_mm`. The
seam is where the right (or lower) tile is cut before it is laid over its neighbour: past the
seam the tile underneath goes on for the glue band, all of the overlap but the cut allowance
(CUT_ALLOWANCE_MM, what a miscut of the upper tile may eat into). The count of tiles is the
fewest sheets; the seams then slide, within what those sheets hold, clear of the spaces, words
and pictures the board marks (pnp.impose.seams). Paper orientation: whichever needs fewer sheets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.errors import BuildError
from pnp.impose.geometry import Rect
from pnp.impose.options import SheetOptions
from pnp.impose.paper import Paper
from pnp.impose.seams import Axis, Marked, marks_along, place_seams

SIDE_MM = 8.0  # paper edge to the window: room for crop marks
FOOTER_MM = 22.0  # below the window: crop marks, then label, instructions, scale bar and map
CUT_ALLOWANCE_MM = 3.0  # of an overlap, the part past the seam on the tile cut there


@dataclass(frozen=True)
class TilePlan:
    """How a board (trim w x h) is cut into cols x rows windows. Row 0 is the top.

    Bleed is printed on the board's outer edges only (`bleed_x` left and right, `bleed_y` top and
    bottom); overlap edges are inside the board, so they never carry bleed. `xs` are the seams
    between columns (left to right), `ys` those between rows (top to bottom), in board
    coordinates: where the right or lower tile is cut. The tile under a seam (left or upper)
    reaches `glue` past it, the tile laid on top `overlap - glue` (its cut allowance).
    """

    paper: Paper
    cols: int
    rows: int
    board_w: float
    board_h: float
    bleed_x: float
    bleed_y: float
    overlap: float
    glue: float
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    side: float = SIDE_MM  # paper edge to the window, left, right and top
    cost: float = 0.0  # of the seams: how much marked content they cross (pnp.impose.seams)

    @property
    def sheets(self) -> int:
        return self.cols * self.rows

    @property
    def allowance(self) -> float:
        return self.overlap - self.glue

    def window(self, col: int, row: int) -> Rect:
        """The part of the board (board coordinates: origin at the trim's bottom-left) on a tile."""
        x0 = self.xs[col - 1] - self.allowance if col else -self.bleed_x
        x1 = self.xs[col] + self.glue if col < self.cols - 1 else self.board_w + self.bleed_x
        top = self.ys[row - 1] + self.allowance if row else self.board_h + self.bleed_y
        bottom = self.ys[row] - self.glue if row < self.rows - 1 else -self.bleed_y
        return Rect(x0, bottom, x1 - x0, top - bottom)

    def window_on_page(self, col: int, row: int) -> Rect:
        """Where a tile's window sits on its sheet: centred in the room above the footer."""
        win = self.window(col, row)
        W, H = self.paper.width_mm, self.paper.height_mm
        avail_h = H - self.side - FOOTER_MM
        return Rect((W - win.w) / 2, FOOTER_MM + (avail_h - win.h) / 2, win.w, win.h)


def _count(total: float, avail: float, overlap: float) -> int:
    if total <= avail + 1e-6:
        return 1
    if avail <= overlap:
        return 0
    return math.ceil((total - overlap) / (avail - overlap) - 1e-9)


def plan_tiles(
    paper: Paper, w: float, h: float, opts: SheetOptions, marked: Sequence[Marked] = ()
) -> TilePlan:
    """The tiling needing the fewest sheets. Among equals: bleed on every outer edge (the art
    runs on past the trim, so a miscut cannot show paper), comfortable side room for crop marks
    (without it they move into the bleed), the full overlap (a cut allowance of
    CUT_ALLOWANCE_MM; at a pinch a millimetre less, never less glue); each is given up only to
    save a sheet. Then the seams that cross the least `marked` content (boxes in board
    coordinates and their weights), then portrait.
    """
    b, glue = opts.bleed_mm, glue_mm(opts.overlap_mm)
    allowance = opts.overlap_mm - glue
    orientations = ("portrait", "landscape") if opts.orientation == "auto" else (opts.orientation,)
    found: list[tuple[tuple, int, Paper, tuple]] = []
    for index, orientation in enumerate(orientations):
        sheet = paper.oriented(orientation)
        for side in sorted({SIDE_MM, opts.margin_mm + 0.5}, reverse=True):
            for cut in sorted({allowance, max(allowance - 1.0, min(allowance, 2.0))}, reverse=True):
                for bx, by in ((b, b), (0.0, b), (b, 0.0), (0.0, 0.0)):
                    counts = _counts(sheet, w, h, bx, by, glue + cut, side)
                    if counts is None:
                        continue
                    rank = (counts[0] * counts[1], -(bx + by), -side, -(glue + cut))
                    found.append((rank, index, sheet, (bx, by, glue, cut, side)))
    if not found:
        raise BuildError(f"cannot tile a {w:g} x {h:g} mm board on {paper.name} paper")
    first = min(f[0] for f in found)
    plans = [
        (plan.cost, index, plan)
        for rank, index, sheet, params in found
        if rank == first
        for plan in [_tiling(sheet, w, h, *params, marked=marked)]
    ]
    return min(plans, key=lambda p: (round(p[0], 6), p[1]))[2]


def glue_mm(overlap: float) -> float:
    """The glue band of an overlap: all but the cut allowance, or half of a narrow one."""
    return max(overlap - CUT_ALLOWANCE_MM, overlap / 2)


def _counts(
    sheet: Paper, w: float, h: float, bx: float, by: float, overlap: float, side: float
) -> tuple[int, int] | None:
    cols = _count(w + 2 * bx, sheet.width_mm - 2 * side, overlap)
    rows = _count(h + 2 * by, sheet.height_mm - side - FOOTER_MM, overlap)
    return (cols, rows) if cols and rows else None


def _tiling(
    sheet: Paper,
    w: float,
    h: float,
    bx: float,
    by: float,
    glue: float,
    cut: float,
    side: float,
    *,
    marked: Sequence[Marked] = (),
) -> TilePlan:
    """The tiling with these margins, its seams placed clear of the `marked` content."""
    cols, rows = _counts(sheet, w, h, bx, by, glue + cut, side) or (1, 1)
    across = Axis(-bx, w + bx, cols, sheet.width_mm - 2 * side, glue, cut, (0.0, glue))
    down = Axis(-by, h + by, rows, sheet.height_mm - side - FOOTER_MM, cut, glue, (-glue, 0.0))
    xs, x_cost = place_seams(across, marks_along(marked, 0))
    ys, y_cost = place_seams(down, marks_along(marked, 1))
    return TilePlan(sheet, cols, rows, w, h, bx, by, glue + cut, glue, tuple(xs),
                    tuple(reversed(ys)), side, x_cost + y_cost)  # fmt: skip
