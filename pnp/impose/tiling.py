"""Boards larger than a sheet, tiled over several sheets that overlap (planned by
pnp.impose.tileplan): the pages of the tiles.

Each tile shows its window of the board. The right (or lower) tile carries a dashed guide on the
seam: cut along it, lay the tile over its neighbour and match the half crosses, printed on the
seam on both tiles at the same board position; the tile underneath goes on past the seam for
the glue band. A footer names the tile and shows a small map of the board, split at its seams,
with the tile highlighted.
"""

from __future__ import annotations

from pnp.draw.face import FaceArt
from pnp.draw.footprint import marked_boxes
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
from pnp.impose.seams import Marked
from pnp.impose.sheet import Page, Piece, Placement, check_bleed
from pnp.impose.tileplan import TilePlan, plan_tiles
from pnp.impose.words import kit_words

CROSS_SPACING_MM = 60.0
KEEP_CLEAR_WEIGHT = 10.0  # a zone a piece declares, against a space found on its face


def tiled_sheets(
    piece: Piece, opts: SheetOptions, section: str, *, game: str = ""
) -> list[list[Page]]:
    """Pages for a board: one centred sheet if it fits (duplex back if two-sided), else tiles
    for the front side followed by tiles for the back side, each side's seams placed clear of
    what that side marks."""
    try:
        plan_grid(opts.paper, piece.width_mm, piece.height_mm, opts, single=True)
    except BuildError:
        pass  # larger than a sheet: tile it
    else:
        return grid_sheets([piece], opts, section, single=True)
    faces = [(piece.front, "front")] + ([(piece.back, "back")] if piece.back else [])
    sheets = []
    for face, side in faces:
        check_bleed(face, opts.bleed_mm)
        plan = plan_tiles(opts.paper, piece.width_mm, piece.height_mm, opts, marked_on(piece, side))
        w = kit_words(opts.lang).say
        side_name = w(f"face_{side}") if piece.back else ""
        for row in range(plan.rows):
            for col in range(plan.cols):
                page = tile_page(plan, face, col, row, section, opts)
                number = row * plan.cols + col + 1
                parts = [game, section, side_name, w("sheet_of", sheet=number, sheets=plan.sheets)]
                if plan.sheets > 1:
                    at = {"row": row + 1, "rows": plan.rows, "col": col + 1, "cols": plan.cols}
                    parts.append(w("tile_at", **at))
                page.label = w("sep").join(p for p in parts if p)
                page.marks += _footer(plan, page, (col, row), opts.lang)
                sheets.append([page])
    return sheets


def marked_on(piece: Piece, side: str) -> list[Marked]:
    """What the seams of one side should keep clear of: the spaces, words and pictures its face
    paints (unless the piece says not to look) and the zones the piece declares."""
    face = piece.front if side == "front" else piece.back
    assert face is not None
    found: list[Marked] = []
    if piece.seams.derive:
        found += [(*box, 1.0) for box in marked_boxes(face.elements, face.width_mm, face.height_mm)]
    for zone in piece.seams.keep_clear:
        if zone.side in (side, "both"):
            r = zone.rect
            found.append((r.x, r.y, r.right, r.top, KEEP_CLEAR_WEIGHT))
    return found


def tile_page(
    plan: TilePlan, face: FaceArt, col: int, row: int, section: str, opts: SheetOptions
) -> Page:
    """One tile: the board clipped to its window, crosses, guides and crop marks."""
    window = plan.window(col, row)
    on_page = plan.window_on_page(col, row)
    dx, dy = on_page.x - window.x, on_page.y - window.y
    trim = Rect(dx, dy, plan.board_w, plan.board_h)
    page = Page(plan.paper, "front", section, labelled=True)
    page.placements.append(Placement(face, trim, on_page))
    size = min(6.0, 2 * min(plan.allowance, plan.glue) - 1.0)  # clear of the window's edge
    for bx, by in registration_points(plan, col, row):
        page.marks += cross(bx + dx, by + dy, size)
    page.marks += _guides(plan, col, row, on_page, dx, dy, opts.margin_mm)
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
    """Board points of the crosses shared with the neighbours of tile (col, row): on the seams,
    where the upper tile's cut edge meets the half crosses on the tile under it."""
    points = []
    for c in (col - 1, col):  # seams on the left and right
        if 0 <= c < plan.cols - 1:
            win = plan.window(c, row)
            points += [(plan.xs[c], y) for y in _spread(win.y, win.top, plan.overlap)]
    for r in (row - 1, row):  # seams above and below
        if 0 <= r < plan.rows - 1:
            win = plan.window(col, r)
            points += [(x, plan.ys[r]) for x in _spread(win.x, win.right, plan.overlap)]
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


def _guides(
    plan: TilePlan, col: int, row: int, on_page: Rect, dx: float, dy: float, margin: float
) -> list[Mark]:
    """Dashed cut lines on this tile's left and top seams, continued into the margin as far as
    the printer reaches."""
    out: list[Mark] = []
    ext = 5.0
    W, H = plan.paper.width_mm, plan.paper.height_mm
    if col > 0:
        x = plan.xs[col - 1] + dx
        y0, y1 = max(on_page.y - ext, margin), min(on_page.top + ext, H - margin)
        out.append(Line(x, y0, x, y1, "guide"))
    if row > 0:
        y = plan.ys[row - 1] + dy
        x0, x1 = max(on_page.x - ext, margin), min(on_page.right + ext, W - margin)
        out.append(Line(x0, y, x1, y, "guide"))
    return out


def _footer(plan: TilePlan, page: Page, at: tuple[int, int], lang: str) -> list[Mark]:
    """Label, instructions and scale bar on the left; the assembly map on the right."""
    (col, row), w = at, kit_words(lang).say
    W = plan.paper.width_mm
    left = plan.side
    marks: list[Mark] = [shift_mark(m, left, 4.5) for m in scale_bar_item().marks]
    # assembly map: the board as assembled, split at its seams, at most 56 x 15 mm
    xs = [-plan.bleed_x, *plan.xs, plan.board_w + plan.bleed_x]
    ys = [plan.board_h + plan.bleed_y, *plan.ys, -plan.bleed_y]
    scale = min(15.0 / (ys[0] - ys[-1]), 56.0 / (xs[-1] - xs[0]))
    x0 = W - plan.side - (xs[-1] - xs[0]) * scale
    y0 = 4.5
    for r in range(plan.rows):
        for c in range(plan.cols):
            rect = Rect(
                x0 + (xs[c] - xs[0]) * scale,
                y0 + (ys[r + 1] - ys[-1]) * scale,
                (xs[c + 1] - xs[c]) * scale,
                (ys[r] - ys[r + 1]) * scale,
            )
            marks.append(Box(rect, "map", fill=0.35 if (c, r) == (col, row) else 1.0))
    caption = w("sheet_of", sheet=row * plan.cols + col + 1, sheets=plan.sheets)
    caption_x = x0 - 1.5 - text_width_mm(caption, 7.0)
    marks.append(Text(caption_x, y0 + 0.5, caption, 7.0))
    room = caption_x - 3 - left
    steps = w("tile_steps")
    for text, y, size in ((page.label, 14.0, 7.5), (steps, 10.0, 7.5)):
        if text == steps and plan.sheets == 1:
            continue
        while size > 6 and text_width_mm(text, size) > room:
            size -= 0.5
        marks.append(Text(left, y, text, size))
    return marks
