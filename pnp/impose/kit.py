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
from dataclasses import dataclass, field, replace

from pnp.impose.decks import Deck, deck_sheets
from pnp.impose.freerects import carve, find_spot
from pnp.impose.geometry import Rect
from pnp.impose.grid import grid_sheets, plan_grid
from pnp.impose.options import SheetOptions
from pnp.impose.packing import (
    Placed,
    Unit,
    fold_strip_unit,
    halo,
    packing_area,
    token_unit,
    unit_pages,
)
from pnp.impose.paper import Paper
from pnp.impose.sheet import Page, Piece
from pnp.impose.spacing import SPACE_MM
from pnp.impose.standee import standee_unit
from pnp.impose.tiling import tiled_sheets
from pnp.impose.turn import turned

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
    free rectangles (MaxRects free lists) left for more: `free` keeps `space` mm of white
    paper between a round piece's bleed and the next piece (see halo), `tight` only the
    bleed."""

    paper: Paper
    placed: Placed = field(default_factory=list)
    groups: list[str] = field(default_factory=list)
    free: list[Rect] = field(default_factory=list)
    tight: list[Rect] = field(default_factory=list)
    space: float = SPACE_MM

    @classmethod
    def blank(cls, paper: Paper, opts: SheetOptions, space: float) -> KitSheet:
        area = packing_area(paper, opts)
        return cls(paper, free=[area], tight=[area], space=space)

    @property
    def two_sided(self) -> bool:
        return any(u.back is not None for u, _, _ in self.placed)

    def spot(self, unit: Unit, bleed: float, *, tight: bool) -> tuple[float, float] | None:
        """Where `unit`'s trim would go (bottom-left), or None if it fits nowhere."""
        pad = bleed + (0.0 if tight else halo(unit, self.space))
        spot = find_spot(self.tight if tight else self.free, unit.w + 2 * pad, unit.h + 2 * pad)
        return None if spot is None else (spot[0] + pad, spot[1] + pad)

    def put(self, unit: Unit, x: float, y: float, group: str, bleed: float) -> None:
        """Place `unit` with its trim's bottom-left at (x, y) and take its bleed box (and the
        white space kept around it) from free."""
        self.placed.append((unit, x, y))
        self.groups.append(group)
        trim = Rect(x, y, unit.w, unit.h)
        self.free = carve(self.free, trim.grow(bleed + halo(unit, self.space)))
        self.tight = carve(self.tight, trim.grow(bleed))

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
    sheets = _fewest_pages(grids, loose, opts)
    two = [s for s in sheets if s.two_sided]
    one = [s for s in sheets if not s.two_sided]
    out = [
        (s.section, tuple(dict.fromkeys(s.groups)), unit_pages(s.paper, s.placed, opts, s.section))
        for s in two + one
    ]
    out += folded
    out += tiles
    return [s for s in out if len(s[2]) > 1] + [s for s in out if len(s[2]) == 1]


Size = tuple[float, float]


def _fewest_pages(
    grids: Sequence[KitGroup], loose: Sequence[tuple[Unit, str]], opts: SheetOptions
) -> list[KitSheet]:
    """The kit packed with gutters and white space where they cost no page against pieces
    packed tight (grids that butt, loose pieces with no space between): the first of (both;
    gutters only; every size's gutters but one's) that takes no more pages, else tight. A gap
    the user gave is kept."""
    sizes = list(dict.fromkeys(_size(p) for g in grids for p in g.pieces))
    keep = opts.gap_mm is not None
    tight = _packed(grids, loose, opts, frozenset() if keep else frozenset(sizes), 0.0)
    tries: list[tuple[frozenset[Size], float]] = [(frozenset(), SPACE_MM), (frozenset(), 0.0)]
    tries += [(frozenset({size}), 0.0) for size in sizes if not keep and len(sizes) > 1]
    for butt, space in tries:
        sheets = _packed(grids, loose, opts, butt, space)
        if _pages(sheets) <= _pages(tight):
            return sheets
    return tight


def _packed(
    grids: Sequence[KitGroup], loose: Sequence[tuple[Unit, str]], opts: SheetOptions,
    butt: frozenset[Size], space: float,
) -> list[KitSheet]:  # fmt: skip
    """Grid sheets (those of the sizes in `butt` with no gutters), then the loose pieces
    (`space` mm apart where that costs no sheet)."""
    sheets = _grid_sheets(grids, opts, butt, space)
    for unit, name in loose:
        _place_loose(sheets, unit, name, opts, space)
    return sheets


def _pages(sheets: Sequence[KitSheet]) -> int:
    return sum(2 if s.two_sided else 1 for s in sheets)


def _size(piece: Piece) -> Size:
    return (round(piece.width_mm, 3), round(piece.height_mm, 3))


def _grid_sheets(
    groups: Sequence[KitGroup], opts: SheetOptions, butt: frozenset[Size], space: float
) -> list[KitSheet]:
    """Grid sheets per trim size: two-sided pieces first, one-sided ones after them, so a
    one-sided piece fills a cell left on a duplex sheet before it starts a sheet of its own."""
    b = opts.bleed_mm
    sizes: dict[Size, list[tuple[Piece, str]]] = {}
    for g in groups:
        for p in g.pieces:
            sizes.setdefault(_size(p), []).append((p, g.name))
    sheets: list[KitSheet] = []
    for (w, h), pieces in sizes.items():
        plan = plan_grid(opts.paper, w, h, replace(opts, gap_mm=0.0) if (w, h) in butt else opts)
        slots = _top_aligned(plan.slots(), packing_area(plan.paper, opts), b)
        for cells in _cells(pieces, plan.per_sheet):
            sheet = KitSheet.blank(plan.paper, opts, space)
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


def _place_loose(
    sheets: list[KitSheet], unit: Unit, name: str, opts: SheetOptions, space: float
) -> None:
    """Put a token or standee in the first sheet with room (two-sided pieces only on sheets that
    already print a back), with white space around it, upright or else (one-sided) turned a
    quarter; else where it fits with no space, rather than on a new sheet; else on a new
    sheet, portrait unless only landscape holds it."""
    b = opts.bleed_mm
    order = [s for s in sorted(sheets, key=lambda s: not s.two_sided)
             if unit.back is None or s.two_sided]  # fmt: skip
    ways = [unit, turned(unit)] if unit.back is None and unit.w != unit.h else [unit]
    for tight in (False, True) if space else (False,):
        for way in ways:
            for sheet in order:
                spot = sheet.spot(way, b, tight=tight)
                if spot is not None:
                    sheet.put(way, *spot, name, b)
                    return
    for orientation in ("portrait", "landscape"):
        sheet = KitSheet.blank(opts.paper.oriented(orientation), opts, space)
        spot = sheet.spot(unit, b, tight=False)
        if spot is not None:
            sheet.put(unit, *spot, name, b)
            sheets.append(sheet)
            return
    from pnp.errors import BuildError

    raise BuildError(
        f"a {unit.w:g} x {unit.h:g} mm piece of {name!r} does not fit on {opts.paper.name} paper",
        hint="print it as a tiled board, or choose larger paper",
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
