"""The print kit: every printed piece of a game on the fewest sheets.

Pieces of one trim size share grid sheets whatever deck they come from: a deck's last sheet is
filled with the next deck's cards, and each cell's back is that card's own back on the mirrored
cell. Tokens, markers and standees then fill the space left on those sheets (two-sided pieces only
where the sheet is printed on both sides), and only then start sheets of their own. Sheets with
something on their back come first; one-sided sheets (and board tiles) gather at the end, so one
page range prints duplex and the rest single-sided.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from pnp.impose.decks import Deck, deck_sheets
from pnp.impose.geometry import Rect
from pnp.impose.grid import grid_sheets, plan_grid
from pnp.impose.options import SheetOptions
from pnp.impose.packing import Placed, Unit, fold_strip_unit, packing_area, token_unit, unit_pages
from pnp.impose.paper import Paper
from pnp.impose.sheet import Page, Piece
from pnp.impose.standee import standee_unit
from pnp.impose.tiling import tiled_sheets

EPS = 1e-6


@dataclass(frozen=True)
class KitGroup:
    """One set of pieces in the kit: its name (as sheet labels give it) and how it is laid out:
    "grid" (cards, reference cards), "packed" (tokens), "standee" or "tiled" (boards)."""

    name: str
    imposition: str
    pieces: tuple[Piece, ...]


@dataclass
class KitSheet:
    """One sheet while the kit is packed: the units on it, which group each came from, and the
    free rectangles (MaxRects free list) left for more."""

    paper: Paper
    placed: Placed = field(default_factory=list)
    groups: list[str] = field(default_factory=list)
    free: list[Rect] = field(default_factory=list)

    @property
    def two_sided(self) -> bool:
        return any(u.back is not None for u, _, _ in self.placed)

    def put(self, unit: Unit, x: float, y: float, group: str, bleed: float) -> None:
        """Place `unit` with its trim's bottom-left at (x, y) and take its bleed box from free."""
        self.placed.append((unit, x, y))
        self.groups.append(group)
        self.free = carve(self.free, Rect(x, y, unit.w, unit.h).grow(bleed))

    @property
    def section(self) -> str:
        """The groups on the sheet with their counts, in order: "Action ×7, Mission ×2"."""
        counts: dict[str, int] = {}
        for name in self.groups:
            counts[name] = counts.get(name, 0) + 1
        return ", ".join(f"{name} ×{n}" for name, n in counts.items())


class KitTooLong(ValueError):
    """The kit would pass the page limit; `group` is the group that took it past."""

    def __init__(self, group: str) -> None:
        super().__init__(group)
        self.group = group


def kit_sheets(
    groups: Sequence[KitGroup], opts: SheetOptions, game: str = "", limit: int | None = None
) -> list[tuple[str, tuple[str, ...], list[Page]]]:
    """(section, group names, pages) per sheet of the kit, two-sided sheets first, then
    one-sided ones. Raises KitTooLong as soon as the pages would pass `limit`."""
    tiles: list[tuple[str, tuple[str, ...], list[Page]]] = []
    for g in [g for g in groups if g.imposition == "tiled"]:  # first: refused before packing
        for piece in g.pieces:
            for pages in tiled_sheets(piece, opts, g.name, game=game):
                what = pages[0].label.removeprefix(f"{game} · ") or g.name
                tiles.append((what, (g.name,), pages))
            if limit is not None and sum(len(t[2]) for t in tiles) > limit:
                raise KitTooLong(g.name)
    b = opts.bleed_mm
    grids = [g for g in groups if g.imposition == "grid"]
    folded: list[tuple[str, tuple[str, ...], list[Page]]] = []
    if opts.gutterfold:  # cards with backs print fronts and backs on one side, deck by deck
        for g in [g for g in grids if any(p.back for p in g.pieces)]:
            folded += [(g.name, (g.name,), p) for p in grid_sheets(g.pieces, opts, g.name)]
        grids = [g for g in grids if not any(p.back for p in g.pieces)]
    sheets = _grid_sheets(grids, opts)
    loose: list[tuple[Unit, str]] = []
    for g in groups:
        if g.imposition == "packed":
            fold = opts.gutterfold
            loose += [
                (fold_strip_unit(p, b) if fold and p.back else token_unit(p, b), g.name)
                for p in g.pieces
            ]
        elif g.imposition == "standee":
            loose += [(standee_unit(p, b, opts.tab_mm), g.name) for p in g.pieces]
    loose.sort(key=lambda pair: (pair[0].back is None, -pair[0].h, -pair[0].w))
    for unit, name in loose:
        _place_loose(sheets, unit, name, opts)
    two = [s for s in sheets if s.two_sided]
    one = [s for s in sheets if not s.two_sided]
    out = [
        (s.section, tuple(dict.fromkeys(s.groups)), unit_pages(s.paper, s.placed, opts, s.section))
        for s in two + one
    ]
    out += folded
    out += tiles
    return [s for s in out if len(s[2]) > 1] + [s for s in out if len(s[2]) == 1]


def _grid_sheets(groups: Sequence[KitGroup], opts: SheetOptions) -> list[KitSheet]:
    """Grid sheets per trim size: two-sided pieces first, one-sided ones after them, so a
    one-sided piece fills a cell left on a duplex sheet before it starts a sheet of its own."""
    b = opts.bleed_mm
    sizes: dict[tuple[float, float], list[tuple[Piece, str]]] = {}
    for g in groups:
        for p in g.pieces:
            sizes.setdefault((round(p.width_mm, 3), round(p.height_mm, 3)), []).append((p, g.name))
    sheets: list[KitSheet] = []
    for (w, h), pieces in sizes.items():
        plan = plan_grid(opts.paper, w, h, opts)
        slots = _top_aligned(plan.slots(), packing_area(plan.paper, opts), b)
        for cells in _cells(pieces, plan.per_sheet):
            sheet = KitSheet(plan.paper, free=[packing_area(plan.paper, opts)])
            for (piece, name), slot in zip(cells, slots, strict=False):
                sheet.put(token_unit(piece, b), slot.x, slot.y, name, b)
            sheets.append(sheet)
    return sheets


def _cells(pieces: list[tuple[Piece, str]], per: int) -> list[list[tuple[Piece, str]]]:
    """Two-sided pieces by deck, each deck kept together (pnp.impose.decks), then one-sided
    pieces: in the last two-sided sheet's empty cells first, then on sheets of their own."""
    decks: dict[str, list[Piece]] = {}
    for piece, name in pieces:
        if piece.back is not None:
            decks.setdefault(name, []).append(piece)
    sheets = deck_sheets([Deck(n, tuple(c)) for n, c in decks.items()], per)
    for pair in [pair for pair in pieces if pair[0].back is None]:
        if not sheets or len(sheets[-1]) == per:
            sheets.append([])
        sheets[-1].append(pair)
    return sheets


def _top_aligned(slots: list[Rect], area: Rect, bleed: float) -> list[Rect]:
    """The grid moved up to the top of the packing area when it fits there, so the room left
    below it is one strip for tokens (the backs mirror whatever the fronts do)."""
    top = max(s.top for s in slots) + bleed
    height = top - min(s.y for s in slots) + bleed
    if height > area.h + EPS:
        return slots
    return [s.shift(0, area.top - top) for s in slots]


def _place_loose(sheets: list[KitSheet], unit: Unit, name: str, opts: SheetOptions) -> None:
    """Put a token or standee in the first sheet with room (two-sided pieces only on sheets that
    already print a back); else on a new sheet, portrait unless only landscape holds it."""
    b = opts.bleed_mm
    order = sorted(sheets, key=lambda s: not s.two_sided)
    for sheet in order:
        if unit.back is not None and not sheet.two_sided:
            continue
        spot = find_spot(sheet.free, unit.w + 2 * b, unit.h + 2 * b)
        if spot is not None:
            sheet.put(unit, spot[0] + b, spot[1] + b, name, b)
            return
    for orientation in ("portrait", "landscape"):
        paper = opts.paper.oriented(orientation)
        sheet = KitSheet(paper, free=[packing_area(paper, opts)])
        spot = find_spot(sheet.free, unit.w + 2 * b, unit.h + 2 * b)
        if spot is not None:
            sheet.put(unit, spot[0] + b, spot[1] + b, name, b)
            sheets.append(sheet)
            return
    from pnp.errors import BuildError

    raise BuildError(
        f"a {unit.w:g} x {unit.h:g} mm piece of {name!r} does not fit on {opts.paper.name} paper",
        hint="print it as a tiled board, or choose larger paper",
    )


def find_spot(free: list[Rect], w: float, h: float) -> tuple[float, float] | None:
    """Bottom-left corner for a w x h box in the free rectangles: as high, then as far left, as
    possible (rows fill like text), or None when it fits nowhere."""
    best: tuple[float, float] | None = None
    for r in free:
        if w <= r.w + EPS and h <= r.h + EPS:
            spot = (r.x, r.top - h)
            if best is None or (-spot[1] - h, spot[0]) < (-best[1] - h, best[0]):
                best = spot
    return best


def carve(free: list[Rect], used: Rect) -> list[Rect]:
    """The free list (maximal free rectangles) once `used` is taken."""
    out: list[Rect] = []
    for f in free:
        if not f.intersects(used):
            out.append(f)
            continue
        if used.x > f.x:
            out.append(Rect(f.x, f.y, used.x - f.x, f.h))
        if used.right < f.right:
            out.append(Rect(used.right, f.y, f.right - used.right, f.h))
        if used.y > f.y:
            out.append(Rect(f.x, f.y, f.w, used.y - f.y))
        if used.top < f.top:
            out.append(Rect(f.x, used.top, f.w, f.top - used.top))
    return [r for i, r in enumerate(out) if not _inside_another(r, i, out)]


def _inside_another(r: Rect, i: int, rects: list[Rect]) -> bool:
    for j, o in enumerate(rects):
        if j != i and _contains(o, r) and (not _contains(r, o) or j < i):
            return True
    return False


def _contains(outer: Rect, inner: Rect) -> bool:
    return (
        outer.x - EPS <= inner.x
        and outer.y - EPS <= inner.y
        and inner.right <= outer.right + EPS
        and inner.top <= outer.top + EPS
    )


def area_lower_bound(groups: Sequence[KitGroup], opts: SheetOptions) -> int:
    """Pages no layout can beat: the pieces' area over the paper's printable area, two-sided
    pieces counted on duplex sheets (two pages each), one-sided on single pages. A piece's area
    is its trim (and a standee's fold and tab): neighbours may share the bleed between them,
    so counting each piece's own bleed could put the bound above a layout that shares it."""
    m = opts.margin_mm
    printable = (opts.paper.width_mm - 2 * m) * (opts.paper.height_mm - 2 * m)
    two = one = 0.0
    for g in groups:
        for p in g.pieces:
            if g.imposition == "standee":
                area = p.width_mm * (2 * p.height_mm + 2 * opts.tab_mm)
            else:
                area = p.width_mm * p.height_mm
            if g.imposition == "tiled":
                one += area * (2 if p.back else 1)  # each side of a board is its own sheet set
            elif p.back is not None and not (opts.gutterfold and g.imposition == "packed"):
                two += area
            else:
                one += area * (2 if p.back else 1)
    return 2 * math.ceil(two / printable - 1e-9) + math.ceil(one / printable - 1e-9)
