"""Boards larger than a sheet, tiled over several sheets that overlap.

Each tile shows a window of the board. Neighbouring windows overlap by `overlap_mm`; on the
middle line of each overlap sit registration crosses, printed on both tiles at the same board
position. The right (or lower) tile carries a dashed guide on that line: cut along it, lay the
tile over its neighbour and match the half crosses. A footer names the tile and shows a small map
of the board with the tile highlighted. Paper orientation: whichever needs fewer sheets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.draw.face import FaceArt
from pnp.errors import BuildError
from pnp.impose.crop_marks import crop_marks
from pnp.impose.geometry import Rect
from pnp.impose.grid import grid_sheets, plan_grid
from pnp.impose.margins import scale_bar_item
from pnp.impose.marks import (
    Box,
    Circle,
    Line,
    Mark,
    Text,
    shift_mark,
    text_width_mm,
)
from pnp.impose.options import SheetOptions
from pnp.impose.paper import Paper
from pnp.impose.sheet import Page, Piece, Placement, check_bleed

SIDE_MM = 8.0  # paper edge to the window: room for crop marks
FOOTER_MM = 22.0  # below the window: crop marks, then label, instructions, scale bar and map
CROSS_SPACING_MM = 60.0
INSTRUCTIONS = "Cut the dashed lines, lay each sheet over its neighbour and match the crosses."


@dataclass(frozen=True)
class TilePlan:
    """How a board (trim w x h) is cut into cols x rows windows. Row 0 is the top.

    Bleed is printed on the board's outer edges only (`bleed_x` left and right, `bleed_y` top and
    bottom); overlap edges are inside the board, so they never carry bleed.
    """

    paper: Paper
    cols: int
    rows: int
    board_w: float
    board_h: float
    bleed_x: float
    bleed_y: float
    overlap: float
    win_w: float
    win_h: float
    side: float = SIDE_MM  # paper edge to the window, left, right and top

    @property
    def sheets(self) -> int:
        return self.cols * self.rows

    def window(self, col: int, row: int) -> Rect:
        """The part of the board (board coordinates: origin at the trim's bottom-left) on a tile."""
        x = -self.bleed_x + col * (self.win_w - self.overlap)
        top = self.board_h + self.bleed_y - row * (self.win_h - self.overlap)
        return Rect(x, top - self.win_h, self.win_w, self.win_h)

    def window_on_page(self) -> Rect:
        """Where every window sits on its sheet: centred in the room above the footer."""
        W, H = self.paper.width_mm, self.paper.height_mm
        avail_h = H - self.side - FOOTER_MM
        return Rect(
            (W - self.win_w) / 2, FOOTER_MM + (avail_h - self.win_h) / 2, self.win_w, self.win_h
        )


def _count(total: float, avail: float, overlap: float) -> int:
    if total <= avail + 1e-6:
        return 1
    if avail <= overlap:
        return 0
    return math.ceil((total - overlap) / (avail - overlap) - 1e-9)


def plan_tiles(paper: Paper, w: float, h: float, opts: SheetOptions) -> TilePlan:
    """The tiling needing the fewest sheets. Among equals: comfortable side room for crop marks,
    the full overlap, bleed on every outer edge, portrait; each is given up only to save a sheet.
    """
    b, ov = opts.bleed_mm, opts.overlap_mm
    orientations = ("portrait", "landscape") if opts.orientation == "auto" else (opts.orientation,)
    best: tuple[tuple, TilePlan] | None = None
    for orientation in orientations:
        sheet = paper.oriented(orientation)
        for side in sorted({SIDE_MM, opts.margin_mm + 0.5}, reverse=True):
            for overlap in sorted({ov, min(ov, 6.0)}, reverse=True):
                for bx, by in ((b, b), (0.0, b), (b, 0.0), (0.0, 0.0)):
                    plan = _tiling(sheet, w, h, bx, by, overlap, side)
                    if plan is None:
                        continue
                    rank = (
                        plan.sheets,
                        -side,
                        -overlap,
                        -(bx + by),
                        orientations.index(orientation),
                    )
                    if best is None or rank < best[0]:
                        best = (rank, plan)
    if best is None:
        raise BuildError(f"cannot tile a {w:g} x {h:g} mm board on {paper.name} paper")
    return best[1]


def _tiling(
    sheet: Paper, w: float, h: float, bx: float, by: float, overlap: float, side: float
) -> TilePlan | None:
    total_w, total_h = w + 2 * bx, h + 2 * by
    avail_w = sheet.width_mm - 2 * side
    avail_h = sheet.height_mm - side - FOOTER_MM
    cols, rows = _count(total_w, avail_w, overlap), _count(total_h, avail_h, overlap)
    if not cols or not rows:
        return None
    win_w = (total_w + (cols - 1) * overlap) / cols
    win_h = (total_h + (rows - 1) * overlap) / rows
    return TilePlan(sheet, cols, rows, w, h, bx, by, overlap, win_w, win_h, side)


def tiled_sheets(
    piece: Piece, opts: SheetOptions, section: str, *, game: str = ""
) -> list[list[Page]]:
    """Pages for a board: one centred sheet if it fits (duplex back if two-sided), else tiles
    for the front side followed by tiles for the back side."""
    try:
        plan_grid(opts.paper, piece.width_mm, piece.height_mm, opts, single=True)
    except BuildError:
        pass  # larger than a sheet: tile it
    else:
        return grid_sheets([piece], opts, section, single=True)
    plan = plan_tiles(opts.paper, piece.width_mm, piece.height_mm, opts)
    faces = [(piece.front, "front")] + ([(piece.back, "back")] if piece.back else [])
    sheets = []
    for face, side in faces:
        check_bleed(face, opts.bleed_mm)
        side_name = f"{side} side" if piece.back else ""
        for row in range(plan.rows):
            for col in range(plan.cols):
                page = tile_page(plan, face, col, row, section, opts)
                number = row * plan.cols + col + 1
                parts = [game, section, side_name, f"sheet {number} of {plan.sheets}"]
                if plan.sheets > 1:
                    parts.append(f"row {row + 1} of {plan.rows}, column {col + 1} of {plan.cols}")
                page.label = " · ".join(p for p in parts if p)
                page.marks += _footer(plan, page, col, row)
                sheets.append([page])
    return sheets


def tile_page(
    plan: TilePlan, face: FaceArt, col: int, row: int, section: str, opts: SheetOptions
) -> Page:
    """One tile: the board clipped to its window, crosses, guides and crop marks."""
    window = plan.window(col, row)
    on_page = plan.window_on_page()
    dx, dy = on_page.x - window.x, on_page.y - window.y
    trim = Rect(dx, dy, plan.board_w, plan.board_h)
    page = Page(plan.paper, "front", section, labelled=True)
    page.placements.append(Placement(face, trim, on_page))
    for bx, by in registration_points(plan, col, row):
        page.marks += cross(bx + dx, by + dy, min(6.0, plan.overlap * 0.8))
    page.marks += _guides(plan, col, row, on_page, dx, dy)
    if opts.crop_marks:
        page.marks += crop_marks(
            [trim],
            [trim],
            [on_page],
            plan.paper.width_mm,
            plan.paper.height_mm,
            margin=opts.margin_mm,
        )
    return page


def registration_points(plan: TilePlan, col: int, row: int) -> list[tuple[float, float]]:
    """Board points of the crosses shared with the neighbours of tile (col, row)."""
    points = []
    for c, r in ((col - 1, row), (col, row)):  # seams on the left and right
        if c >= 0 and c + 1 < plan.cols:
            x = plan.window(c + 1, r).x + plan.overlap / 2
            win = plan.window(c, r)
            points += [(x, y) for y in _spread(win.y, win.top, plan.overlap)]
    for c, r in ((col, row - 1), (col, row)):  # seams above and below
        if r >= 0 and r + 1 < plan.rows:
            y = plan.window(c, r).y + plan.overlap / 2
            win = plan.window(c, r)
            points += [(x, y) for x in _spread(win.x, win.right, plan.overlap)]
    return points


def _spread(lo: float, hi: float, overlap: float) -> list[float]:
    """Evenly spaced positions along a seam, clear of the overlaps at its ends."""
    if hi - lo > 2 * overlap + 20:
        lo, hi = lo + overlap + 5, hi - overlap - 5
    n = max(2, round((hi - lo) / CROSS_SPACING_MM))
    return [lo + (hi - lo) * (i + 0.5) / n for i in range(n)]


def cross(x: float, y: float, size: float) -> list[Mark]:
    """A registration cross: two lines through (x, y) and a circle."""
    s = size / 2
    return [
        Line(x - s, y, x + s, y, "register"),
        Line(x, y - s, x, y + s, "register"),
        Circle(x, y, s * 0.6, "register"),
    ]


def _guides(plan: TilePlan, col: int, row: int, on_page: Rect, dx: float, dy: float) -> list[Mark]:
    """Dashed cut lines on this tile's left and top overlaps, continued into the margin."""
    out: list[Mark] = []
    ext = 5.0
    if col > 0:
        x = plan.window(col, row).x + plan.overlap / 2 + dx
        out.append(Line(x, on_page.y - ext, x, on_page.top + ext, "guide"))
    if row > 0:
        y = plan.window(col, row).top - plan.overlap / 2 + dy
        out.append(Line(on_page.x - ext, y, on_page.right + ext, y, "guide"))
    return out


def _footer(plan: TilePlan, page: Page, col: int, row: int) -> list[Mark]:
    """Label, instructions and scale bar on the left; the assembly map on the right."""
    W = plan.paper.width_mm
    left = plan.side
    marks: list[Mark] = [shift_mark(m, left, 4.5) for m in scale_bar_item().marks]
    # assembly map: cells shaped like the windows, at most 56 x 15 mm (big enough to read)
    cell = min(15.0 / plan.rows / plan.win_h, 56.0 / plan.cols / plan.win_w)
    cw, ch = plan.win_w * cell, plan.win_h * cell
    x0 = W - plan.side - plan.cols * cw
    y0 = 4.5
    for r in range(plan.rows):
        for c in range(plan.cols):
            here = (c, r) == (col, row)
            rect = Rect(x0 + c * cw, y0 + (plan.rows - 1 - r) * ch, cw, ch)
            marks.append(Box(rect, "map", fill=0.35 if here else 1.0))
    caption = f"sheet {row * plan.cols + col + 1} of {plan.sheets}"
    caption_x = x0 - 1.5 - text_width_mm(caption, 7.0)
    marks.append(Text(caption_x, y0 + 0.5, caption, 7.0))
    room = caption_x - 3 - left
    for text, y, size in ((page.label, 14.0, 7.5), (INSTRUCTIONS, 10.0, 7.5)):
        if text == INSTRUCTIONS and plan.sheets == 1:
            continue
        while size > 6 and text_width_mm(text, size) > room:
            size -= 0.5
        marks.append(Text(left, y, text, size))
    return marks
