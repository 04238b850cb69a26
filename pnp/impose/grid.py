"""Card sheets: same-size pieces in a grid centred on the paper, with duplex backs or gutterfold.

The gutters between neighbours (each piece's own bleed in them, or a shared cut) and the strip
kept for the sheet label are chosen in pnp.impose.spacing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.draw.face import FaceArt
from pnp.errors import BuildError
from pnp.impose.crop_marks import crop_marks
from pnp.impose.cut_guides import round_cut_guide
from pnp.impose.geometry import Rect, back_boxes, bleed_boxes, printable
from pnp.impose.marks import Line, Mark
from pnp.impose.options import SheetOptions
from pnp.impose.paper import Paper
from pnp.impose.sheet import Page, Piece, Placement, back_flip, check_bleed, mirror
from pnp.impose.spacing import (
    LABEL_STRIP_MM,
    SIDE_ROOM_MM,
    column_span,
    default_gutter,
    fit_count,
    label_strip,
    span,
)
from pnp.memo import Memo

FOLD_CLEAR_MM = 1.5  # between a gutterfold's fold line and the nearest bleed


@dataclass(frozen=True)
class GridPlan:
    """Where the slots of one grid sheet are. Row 0 is the top row."""

    paper: Paper
    cols: int
    rows: int
    piece_w: float
    piece_h: float
    gap_x: float
    gap_y: float
    x0: float  # left trim of column 0
    top: float  # top trim of row 0
    footer: float = 0.0  # a strip kept free above the bottom margin for the sheet label

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def trim(self, col: int, row: int) -> Rect:
        x = self.x0 + col * (self.piece_w + self.gap_x)
        y = self.top - (row + 1) * self.piece_h - row * self.gap_y
        return Rect(x, y, self.piece_w, self.piece_h)

    def slots(self) -> list[Rect]:
        """Trim boxes in reading order: left to right, top to bottom."""
        return [self.trim(c, r) for r in range(self.rows) for c in range(self.cols)]


def plan_grid(
    paper: Paper, w: float, h: float, opts: SheetOptions, *, single: bool = False
) -> GridPlan:
    """The grid holding the most pieces of w x h mm; portrait unless landscape holds more.

    `single`: one piece per sheet, centred (a board that fits on one sheet).
    """
    orientations = ("portrait", "landscape") if opts.orientation == "auto" else (opts.orientation,)
    best: GridPlan | None = None
    for orientation in orientations:
        sheet = paper.oriented(orientation)
        W, H = sheet.width_mm, sheet.height_mm
        cols, gap_x = span(W, w, opts.bleed_mm, opts.margin_mm, opts.gap_mm, SIDE_ROOM_MM)
        rows, gap_y, footer = column_span(H, h, opts.bleed_mm, opts.margin_mm, opts.gap_mm)
        if cols * rows == 0:
            continue
        if single:  # a board: centred, its margins are room enough for the label
            cols = rows = 1
            footer = 0.0
        total_w = cols * w + (cols - 1) * gap_x
        total_h = rows * h + (rows - 1) * gap_y
        # centred across, and down the room above the label strip
        x0, top = (W - total_w) / 2, (H + footer + total_h) / 2
        plan = GridPlan(sheet, cols, rows, w, h, gap_x, gap_y, x0, top, footer)
        if best is None or plan.per_sheet > best.per_sheet:
            best = plan
    if best is None:
        raise BuildError(
            f"a {w:g} x {h:g} mm piece with {opts.bleed_mm:g} mm bleed does not fit on "
            f"{paper.name} paper",
            hint="print it as a tiled board, or choose larger paper",
        )
    return best


def piece_marks(
    trims: list[Rect],
    shapes: list[str],
    clips: list[Rect],
    paper: Paper,
    *,
    crop: bool,
    cut: bool,
    margin: float = 3.0,
    strip: tuple[float, float] = (0.0, 0.0),
) -> list[Mark]:
    """Crop marks for rectangular pieces (clear of the label `strip`, see crop_marks); a
    cut guide in each round piece's bleed (pnp.impose.cut_guides)."""
    key = (tuple(trims), tuple(shapes), tuple(clips), paper, crop, cut, margin, strip)
    return list(_MARKS.get_or_make(key, lambda: _piece_marks(*key)))


_MARKS: Memo[tuple, tuple[Mark, ...]] = Memo(256)  # every sheet of one layout has the same


def _piece_marks(
    trims: tuple[Rect, ...],
    shapes: tuple[str, ...],
    clips: tuple[Rect, ...],
    paper: Paper,
    crop: bool,
    cut: bool,
    margin: float,
    strip: tuple[float, float],
) -> tuple[Mark, ...]:
    marks: list[Mark] = []
    if crop:
        rects = [t for t, s in zip(trims, shapes, strict=True) if s != "round"]
        marks += crop_marks(
            rects, list(trims), list(clips), paper.width_mm, paper.height_mm, margin=margin,
            strip=strip,
        )  # fmt: skip
    if cut:
        for t, s, c in zip(trims, shapes, clips, strict=True):
            if s == "round":
                marks += round_cut_guide(t.x + t.w / 2, t.y + t.h / 2, min(t.w, t.h) / 2,
                                         t.x - c.x)  # fmt: skip
    return tuple(marks)


def _page(
    paper: Paper,
    side: str,
    section: str,
    faces: list[FaceArt],
    trims: list[Rect],
    opts: SheetOptions,
    *,
    cut: bool,
    clips: list[Rect] | None = None,
    strip: tuple[float, float] = (LABEL_STRIP_MM, 0.0),
) -> Page:
    """A page of faces on `trims`, with their marks (clear of the label `strip`: bottom, top)."""
    reach = printable(paper.width_mm, paper.height_mm, opts.margin_mm)
    clips = clips if clips is not None else bleed_boxes(trims, opts.bleed_mm, reach)
    page = Page(paper, side, section)
    page.placements = [Placement(f, t, c) for f, t, c in zip(faces, trims, clips, strict=True)]
    shapes = [f.shape for f in faces]
    page.marks = piece_marks(
        trims, shapes, clips, paper, crop=opts.crop_marks, cut=cut, margin=opts.margin_mm,
        strip=strip,
    )  # fmt: skip
    return page


def _back_page(paper: Paper, front: Page, backs: list[FaceArt | None], opts: SheetOptions) -> Page:
    """The front's placements mirrored for the duplex flip, backs in place: bleed split as on
    the front, but running on behind a one-sided neighbour (geometry.back_boxes)."""
    flip = back_flip(paper, opts.duplex)
    trims = [mirror(p.trim, paper, flip) for p in front.placements]
    backed = [b is not None for b in backs]
    reach = printable(paper.width_mm, paper.height_mm, opts.margin_mm)
    page = _page(
        paper,
        "back",
        front.section,
        [b for b in backs if b is not None],
        [t for t, b in zip(trims, backed, strict=True) if b],
        opts,
        cut=False,
        clips=back_boxes(trims, backed, opts.bleed_mm, reach),
        strip=label_strip(flip),
    )
    page.offset_mm = opts.back_offset_mm
    return page


def grid_sheets(
    pieces: Sequence[Piece], opts: SheetOptions, section: str, *, single: bool = False
) -> list[list[Page]]:
    """Sheets (each a list of its pages: front, and back if any piece has one) for one section.

    `single`: one piece per sheet, centred.
    """
    sheets: list[list[Page]] = []
    for group in _by_size(pieces):
        for piece in group:
            for face in (piece.front, piece.back):
                if face is not None:
                    check_bleed(face, opts.bleed_mm)
        has_backs = any(p.back is not None for p in group)
        if opts.gutterfold and has_backs and not single:
            sheets += _gutterfold_sheets(group, opts, section)
            continue
        plan = plan_grid(opts.paper, group[0].width_mm, group[0].height_mm, opts, single=single)
        for start in range(0, len(group), plan.per_sheet):
            chunk = group[start : start + plan.per_sheet]
            trims = plan.slots()[: len(chunk)]
            front = _page(
                plan.paper, "front", section, [p.front for p in chunk], trims, opts, cut=True
            )
            pages = [front]
            if has_backs:
                pages.append(_back_page(plan.paper, front, [p.back for p in chunk], opts))
            sheets.append(pages)
    return sheets


def _by_size(pieces: Sequence[Piece]) -> list[list[Piece]]:
    """Pieces grouped by trim size, groups in order of first appearance."""
    groups: dict[tuple[float, float], list[Piece]] = {}
    for p in pieces:
        groups.setdefault((round(p.width_mm, 3), round(p.height_mm, 3)), []).append(p)
    return list(groups.values())


def _gutterfold_plan(paper: Paper, w: float, h: float, opts: SheetOptions) -> tuple[GridPlan, str]:
    """Best (plan for the front half, fold direction): fronts on one half, backs on the other."""
    best: tuple[GridPlan, str] | None = None
    b, m = opts.bleed_mm, opts.margin_mm
    orientations = ("portrait", "landscape") if opts.orientation == "auto" else (opts.orientation,)
    for orientation in orientations:
        sheet = paper.oriented(orientation)
        for flip in ("x", "y"):  # "x": vertical fold line, fronts left; "y": horizontal, fronts top
            W, H = sheet.width_mm, sheet.height_mm
            if flip == "x":
                half = W / 2 - m - FOLD_CLEAR_MM
                cols, gap_x = _half_span(half, w, b, opts.gap_mm)
                rows, gap_y = span(H, h, b, m, opts.gap_mm)
            else:
                half = H / 2 - m - FOLD_CLEAR_MM
                rows, gap_y = _half_span(half, h, b, opts.gap_mm)
                cols, gap_x = span(W, w, b, m, opts.gap_mm)
            if cols * rows == 0:
                continue
            total_w = cols * w + (cols - 1) * gap_x
            total_h = rows * h + (rows - 1) * gap_y
            if flip == "x":  # centred in the left half, vertically centred
                x0, top = (W / 2 - total_w) / 2, (H + total_h) / 2
            else:  # centred in the top half
                x0, top = (W - total_w) / 2, H - (H / 2 - total_h) / 2
            plan = GridPlan(sheet, cols, rows, w, h, gap_x, gap_y, x0, top)
            if best is None or plan.per_sheet > best[0].per_sheet:
                best = (plan, flip)
    if best is None:
        raise BuildError(
            f"a {w:g} x {h:g} mm piece does not fit twice on {paper.name} paper for gutterfold",
            hint="print without gutterfold (duplex)",
        )
    return best


def _half_span(length: float, size: float, bleed: float, gap: float | None) -> tuple[int, float]:
    if gap is not None:
        return fit_count(length, size, bleed, gap), gap
    count = fit_count(length, size, bleed, 0.0)
    return count, default_gutter(length, count, size, bleed)


def _gutterfold_sheets(
    group: Sequence[Piece], opts: SheetOptions, section: str
) -> list[list[Page]]:
    plan, flip = _gutterfold_plan(opts.paper, group[0].width_mm, group[0].height_mm, opts)
    paper = plan.paper
    W, H = paper.width_mm, paper.height_mm
    m = opts.margin_mm  # the fold line runs edge to edge, but not where the printer cannot reach
    fold = (
        Line(W / 2, m, W / 2, H - m, "fold")
        if flip == "x"
        else Line(m, H / 2, W - m, H / 2, "fold")
    )
    sheets = []
    for start in range(0, len(group), plan.per_sheet):
        chunk = group[start : start + plan.per_sheet]
        trims = plan.slots()[: len(chunk)]
        faces, boxes = [p.front for p in chunk], list(trims)
        for p, t in zip(chunk, trims, strict=True):
            if p.back is not None:
                faces.append(p.back)
                boxes.append(mirror(t, paper, flip))
        page = _page(paper, "fold", section, faces, boxes, opts, cut=True)
        if flip == "y":  # folded over a horizontal line, a back would end up upside down
            fronts = len(chunk)
            page.placements[fronts:] = [
                Placement(p.face, p.trim, p.clip, 180) for p in page.placements[fronts:]
            ]
        page.marks.append(fold)
        sheets.append([page])
    return sheets
