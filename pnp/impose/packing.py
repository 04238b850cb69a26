"""Token sheets: many pieces of mixed sizes and shapes packed in rows (shelves).

Pieces are sorted tallest first, so pieces of one size end up side by side in a neat grid. Bleed
boxes abut; each piece is clipped to its own. Round pieces get a circular cut line; square ones
get crop marks where a straight cut crosses the whole sheet, and a cut outline otherwise.
Two-sided pieces print their backs on a duplex back page at mirrored positions, or, with
`fold=True`, as a strip: front and back side by side with a fold line between.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.draw.face import FaceArt
from pnp.errors import BuildError
from pnp.impose.crop_marks import corner_guides, crop_marks
from pnp.impose.cut_guides import round_cut_guide
from pnp.impose.geometry import Rect, back_boxes, bleed_boxes, printable
from pnp.impose.marks import (
    Line,
    Mark,
    Shape,
    shift_mark,
)
from pnp.impose.options import SheetOptions
from pnp.impose.paper import Paper
from pnp.impose.sheet import Page, Piece, Placement, back_flip, check_bleed, mirror
from pnp.impose.spacing import LABEL_STRIP_MM, MARK_ROOM_MM, SPACE_MM, label_strip


@dataclass(frozen=True)
class Part:
    """A face inside a unit, in the unit's coordinates (origin: bottom-left of its trim)."""

    face: FaceArt
    trim: Rect
    clip: Rect
    rotation: int = 0


@dataclass(frozen=True)
class Unit:
    """One thing to cut out: its trim size, the faces on it, its own guide marks, its back."""

    w: float
    h: float
    parts: tuple[Part, ...]
    marks: tuple[Mark, ...] = ()
    back: FaceArt | None = None  # printed behind the whole unit on the duplex back page
    shape: str = "rect"
    back_rotation: int = 0  # the back turned on its page (a unit turned a quarter, see turn)


def loose_unit(piece: Piece, opts: SheetOptions, *, fold: bool = False) -> Unit:
    """A token's unit: with `fold` a two-sided piece is a fold strip; with opts.square_tokens
    a round piece is cut square, with a guillotine (crop marks, no circle)."""
    square = opts.square_tokens and piece.shape == "round"
    if fold and piece.back is not None:
        return fold_strip_unit(piece, opts.bleed_mm, square=square)
    return token_unit(piece, opts.bleed_mm, square=square)


def token_unit(piece: Piece, bleed: float, *, square: bool = False) -> Unit:
    """A plain token or chip: one face, clipped to its bleed box; a round one has ticks in its
    bleed marking the circle to cut (pnp.impose.cut_guides), unless it is cut `square`."""
    w, h = piece.width_mm, piece.height_mm
    part = Part(piece.front, Rect(0, 0, w, h), Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed))
    if piece.shape != "round" or square:
        return Unit(w, h, (part,), (), piece.back, "rect")
    marks = round_cut_guide(w / 2, h / 2, min(w, h) / 2, bleed)
    return Unit(w, h, (part,), marks, piece.back, piece.shape)


def fold_strip_unit(piece: Piece, bleed: float, *, square: bool = False) -> Unit:
    """Front | back side by side; fold on the line between them and glue back to back.

    The back is the front's mirror image across the fold, so it stays upright once folded.
    Round pieces are joined by a narrow bridge that carries the fold (trim it after gluing).
    """
    assert piece.back is not None
    w, h, b = piece.width_mm, piece.height_mm, bleed
    front = Part(piece.front, Rect(0, 0, w, h), Rect(-b, -b, w + b, h + 2 * b))
    back = Part(piece.back, Rect(w, 0, w, h), Rect(w, -b, w + b, h + 2 * b))
    if piece.shape != "round" or square:  # cut like any rectangle: crop marks or an outline
        return Unit(2 * w, h, (front, back), (Line(w, 0, w, h, "fold"),))
    r, cy = min(w, h) / 2, h / 2
    k = r / 2  # half the bridge's height
    theta = math.degrees(math.asin(k / r))
    dx = math.sqrt(r * r - k * k)
    outline = Shape(
        (
            ("M", w / 2 + dx, cy + k),
            ("L", 3 * w / 2 - dx, cy + k),
            ("A", 3 * w / 2, cy, r, 180 - theta, -(360 - 2 * theta)),
            ("L", w / 2 + dx, cy - k),
            ("A", w / 2, cy, r, -theta, -(360 - 2 * theta)),
        ),
        "cut",
    )
    return Unit(
        2 * w, h, (front, back), (outline, Line(w, cy - k, w, cy + k, "fold")), None, "strip"
    )


def shelf_pack(
    sizes: Sequence[tuple[float, float]], area: Rect
) -> list[list[tuple[int, float, float]]]:
    """Pack boxes (already in the wanted order) in rows from the top-left of `area`.

    Returns sheets, each a list of (index, x, y) bottom-left corners. Boxes that fit nowhere
    raise ValueError.
    """
    sheets: list[list[tuple[int, float, float]]] = []
    current: list[tuple[int, float, float]] = []
    x, top, shelf_h = area.x, area.top, 0.0
    eps = 1e-6
    for i, (w, h) in enumerate(sizes):
        if w > area.w + eps or h > area.h + eps:
            raise ValueError(f"a {w:g} x {h:g} mm box does not fit in {area.w:g} x {area.h:g} mm")
        if x + w > area.right + eps:  # next shelf
            x, top, shelf_h = area.x, top - shelf_h, 0.0
        if top - h < area.y - eps:  # next sheet
            sheets.append(current)
            current, x, top, shelf_h = [], area.x, area.top, 0.0
        current.append((i, x, top - h))
        x += w
        shelf_h = max(shelf_h, h)
    if current:
        sheets.append(current)
    return sheets


def halo(unit: Unit, space: float) -> float:
    """White paper kept around a round piece's (or a fold strip's) bleed, half of `space`, so
    two of them sit `space` apart and each shows its curved cut line with paper around it;
    rectangles butt their bleed boxes (their straight cuts continue crop marks)."""
    return space / 2 if unit.shape != "rect" else 0.0


def packing_area(paper: Paper, opts: SheetOptions) -> Rect:
    """Room for pieces: the margin, plus room for crop marks (MARK_ROOM_MM) and, below them,
    the strip kept for the sheet label and scale bar."""
    edge = opts.margin_mm + MARK_ROOM_MM
    bottom = edge + LABEL_STRIP_MM
    return Rect(edge, bottom, paper.width_mm - 2 * edge, paper.height_mm - edge - bottom)


def layout_units(units: Sequence[Unit], opts: SheetOptions, section: str) -> list[list[Page]]:
    """Pack units onto sheets (fewest sheets over the allowed orientations) and draw their pages."""
    b = opts.bleed_mm
    order = sorted(range(len(units)), key=lambda i: (-units[i].h, -units[i].w))
    pads = [b + halo(units[i], SPACE_MM) for i in order]  # each box: bleed box and halo
    sizes = [
        (units[i].w + 2 * pad, units[i].h + 2 * pad) for i, pad in zip(order, pads, strict=True)
    ]
    orientations = ("portrait", "landscape") if opts.orientation == "auto" else (opts.orientation,)
    best = None
    for orientation in orientations:
        paper = opts.paper.oriented(orientation)
        try:
            packed = shelf_pack(sizes, packing_area(paper, opts))
        except ValueError:
            continue
        if best is None or len(packed) < len(best[1]):
            best = (paper, packed)
    if best is None:
        big = max(units, key=lambda u: u.w * u.h)
        raise BuildError(
            f"a {big.w:g} x {big.h:g} mm piece does not fit on {opts.paper.name} paper",
            hint="print it as a tiled board, or choose larger paper",
        )
    paper, packed = best
    sheets = []
    for sheet in packed:
        units_at = [(units[order[i]], x + pads[i], y + pads[i]) for i, x, y in sheet]
        placed = _centre(paper, units_at, opts)
        sheets.append(unit_pages(paper, placed, opts, section))
    return sheets


Placed = list[tuple[Unit, float, float]]  # units with the bottom-left corners of their trims


def _centre(paper: Paper, placed: Placed, opts: SheetOptions) -> Placed:
    area = packing_area(paper, opts)
    x0 = min(x for _, x, _ in placed)
    x1 = max(x + u.w for u, x, _ in placed)
    y0 = min(y for _, _, y in placed)
    y1 = max(y + u.h for u, _, y in placed)
    dx = area.x + area.w / 2 - (x0 + x1) / 2
    dy = area.y + area.h / 2 - (y0 + y1) / 2
    return [(u, x + dx, y + dy) for u, x, y in placed]


def unit_pages(paper: Paper, placed: Placed, opts: SheetOptions, section: str) -> list[Page]:
    """The front page (and, if any unit has a back, the back page) of one sheet of units.

    Single-face units (cards, tokens) share the space between neighbours that sit closer than
    two bleeds (see `bleed_boxes`); each unit's back sits on the mirrored cell with the mirrored
    clip, so every cell's back belongs to the piece on the front cell behind it.
    """
    b = opts.bleed_mm
    # fold-over strips carry both sides of a piece: a sheet of them (with no back page) is
    # fronts and backs, not a front
    duplex = any(u.back is not None for u, _, _ in placed)
    folds = not duplex and any(len(u.parts) > 1 for u, _, _ in placed)
    front = Page(paper, "fold" if folds else "front", section)
    trims = [Rect(x, y, u.w, u.h) for u, x, y in placed]
    reach = printable(paper.width_mm, paper.height_mm, opts.margin_mm)
    clips = bleed_boxes(trims, b, reach)
    front.body = [t.grow(b).within(reach) for t in trims]
    for (u, x, y), clip in zip(placed, clips, strict=True):
        for part in u.parts:
            check_bleed(part.face, b)
            own = clip if len(u.parts) == 1 else part.clip.shift(x, y)
            front.placements.append(Placement(part.face, part.trim.shift(x, y), own, part.rotation))
        front.marks += [shift_mark(m, x, y) for m in u.marks]
    rects = [t for t, (u, _, _) in zip(trims, placed, strict=True) if u.shape == "rect"]
    if opts.crop_marks:
        marks = crop_marks(rects, trims, front.content, paper.width_mm, paper.height_mm,
                           margin=opts.margin_mm, strip=(LABEL_STRIP_MM, 0.0))  # fmt: skip
        front.marks += marks
        front.marks += corner_guides(rects, marks, b, reach)
    pages = [front]
    if duplex:
        pages.append(_back_page(paper, placed, trims, rects, opts, section))
    return pages


def _back_page(
    paper: Paper,
    placed: Placed,
    trims: list[Rect],
    rects: list[Rect],
    opts: SheetOptions,
    section: str,
) -> Page:
    back = Page(paper, "back", section, offset_mm=opts.back_offset_mm)
    flip = back_flip(paper, opts.duplex)
    mirrored = [mirror(t, paper, flip) for t in trims]
    backed = [u.back is not None for u, _, _ in placed]
    reach = printable(paper.width_mm, paper.height_mm, opts.margin_mm)
    boxes = iter(back_boxes(mirrored, backed, opts.bleed_mm, reach))
    for (u, _, _), trim in zip(placed, mirrored, strict=True):
        if u.back is not None:
            check_bleed(u.back, opts.bleed_mm)
            back.placements.append(Placement(u.back, trim, next(boxes), u.back_rotation))
    if opts.crop_marks:
        back_rects = [mirror(t, paper, flip) for t in rects]
        back_trims = [mirror(t, paper, flip) for t in trims]
        back.marks += crop_marks(back_rects, back_trims, back.content, paper.width_mm,
                                 paper.height_mm, margin=opts.margin_mm,
                                 strip=label_strip(flip))  # fmt: skip
    return back


def packed_sheets(
    pieces: Sequence[Piece], opts: SheetOptions, section: str, *, fold: bool = False
) -> list[list[Page]]:
    """Token sheets for `pieces` (see the module docstring)."""
    return layout_units([loose_unit(p, opts, fold=fold) for p in pieces], opts, section)
