"""The print kit: every printed piece of a game on the fewest sheets.

Pieces of one trim size share grid sheets whatever deck they come from, each hidden deck kept
together (pnp.impose.decks), and each cell's back is that card's own back on the mirrored cell.
Tokens, markers and standees then fill the space left on those sheets (two-sided pieces only
where the sheet is printed on both sides; turned a quarter where only that fits them), and only
then start sheets of their own. Sheets with something on their back come first; one-sided
sheets (and board tiles) gather at the end, so one page range prints duplex and the rest
single-sided.

Gutters between cards and white space around round tokens (pnp.impose.spacing) cost paper: the
kit is packed with and without them, grids centred and at the side, and the first packing on
the fewest pages is kept, so they are there wherever they cost no page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pnp.impose.decks import Deck, deck_sheets
from pnp.impose.geometry import Rect, bounding_box
from pnp.impose.grid import grid_sheets, plan_grid
from pnp.impose.kitsheet import KitSheet, fit_in, place_sets
from pnp.impose.options import SheetOptions
from pnp.impose.packing import (
    Unit,
    loose_unit,
    packing_area,
    token_unit,
    unit_pages,
)
from pnp.impose.sheet import Page, Piece
from pnp.impose.spacing import SPACE_MM
from pnp.impose.standee import standee_unit
from pnp.impose.tiling import tiled_sheets
from pnp.impose.words import kit_words

EPS = 1e-6


@dataclass(frozen=True)
class KitGroup:
    """One set of pieces in the kit: its name (as sheet labels give it) and how it is laid out:
    "grid" (cards, reference cards), "packed" (tokens), "standee" or "tiled" (boards)."""

    name: str
    imposition: str
    pieces: tuple[Piece, ...]
    deck: bool = False  # cards shuffled together (the catalog's kind: card): the ones to sleeve


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
                sep = kit_words(opts.lang).say("sep")
                what = pages[0].label.removeprefix(f"{game}{sep}") or g.name
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
            loose += [(loose_unit(p, opts, fold=opts.gutterfold), g.name) for p in g.pieces]
        elif g.imposition == "standee":
            loose += [(standee_unit(p, b, opts.tab_mm), g.name) for p in g.pieces]
    loose.sort(key=lambda pair: (pair[0].back is None, -pair[0].h, -pair[0].w))
    sheets = _fewest_pages(grids, loose, opts)
    two = [s for s in sheets if s.two_sided]
    one = [s for s in sheets if not s.two_sided]
    words = kit_words(opts.lang)
    out = [
        (name, tuple(dict.fromkeys(s.groups)), unit_pages(s.paper, s.placed, opts, name))
        for s in two + one
        for name in (s.section(words),)
    ]
    out += folded
    out += tiles
    return [s for s in out if len(s[2]) > 1] + [s for s in out if len(s[2]) == 1]


Size = tuple[float, float]


@dataclass(frozen=True)
class Packing:
    """What a kit packing spends paper on: gutters in the grids of every trim size but those
    in `butt` (whose pieces share their cuts), `space` around round loose pieces; and whether
    grids sit at the side of the sheet (`aside`: the room beside them one column, not two)."""

    butt: frozenset[Size] = frozenset()
    space: float = SPACE_MM
    aside: bool = False


def _fewest_pages(
    grids: Sequence[KitGroup], loose: Sequence[tuple[Unit, str]], opts: SheetOptions
) -> list[KitSheet]:
    """The kit on the fewest pages, packed with gutters and white space where they cost no
    page: the first of these packings that takes as few pages as any (a gap the user gave
    is kept)."""
    sizes = frozenset(_size(p) for g in grids for p in g.pieces)
    tries = [Packing(), Packing(aside=True), Packing(space=0.0), Packing(space=0.0, aside=True)]
    if opts.gap_mm is None:
        tries += [Packing(frozenset({size}), 0.0) for size in sorted(sizes) if len(sizes) > 1]
        tries += [Packing(sizes, 0.0), Packing(sizes, 0.0, aside=True)]
    if not loose:  # `space` and `aside` move loose pieces only: the first try of each `butt`
        firsts: dict[frozenset[Size], Packing] = {}
        tries = [firsts.setdefault(p.butt, p) for p in tries if p.butt not in firsts]
    packed = [_absorbed(_packed(grids, loose, opts, packing), opts.bleed_mm) for packing in tries]
    fewest = min(_pages(sheets) for sheets in packed)
    return next(sheets for sheets in packed if _pages(sheets) == fewest)


def _packed(
    grids: Sequence[KitGroup], loose: Sequence[tuple[Unit, str]], opts: SheetOptions,
    packing: Packing,
) -> list[KitSheet]:  # fmt: skip
    """Grid sheets, then the loose pieces set by set (`space` mm apart where that costs no
    sheet)."""
    sheets = _grid_sheets(grids, opts, packing)
    sets: dict[str, list[Unit]] = {}
    for unit, name in loose:  # each set where its first (largest) piece comes
        sets.setdefault(name, []).append(unit)
    place_sets(sheets, sets, opts, packing.space)
    return sheets


ABSORB_FILL = 0.35  # a sheet less full than this is worth emptying into the others


def _absorbed(sheets: list[KitSheet], bleed: float) -> list[KitSheet]:
    """The kit with its near-empty sheets gone where their pieces fit in the room left on the
    others, turned if need be (the card game's fifth play summary beside its last cards). A
    piece joins only sheets without pieces of its size: a deck's cards never go in among
    another deck's, to be told apart from behind."""
    for _ in range(3):
        for sheet in sorted((s for s in sheets if s.fill < ABSORB_FILL), key=lambda s: s.fill):
            others = [s.clone() for s in sheets if s is not sheet]
            if _moved(sheet, others, bleed):
                sheets = others
                break
        else:
            return sheets
    return sheets


def _moved(sheet: KitSheet, others: list[KitSheet], bleed: float) -> bool:
    """Put every piece of `sheet` on `others` (changing them); False if one fits nowhere."""
    for (unit, _, _), name in zip(sheet.placed, sheet.groups, strict=True):
        size = {(unit.w, unit.h), (unit.h, unit.w)}
        room = [s for s in others if not any((u.w, u.h) in size for u, _, _ in s.placed)]
        if not fit_in(room, unit, name, bleed):
            return False
    return True


def _pages(sheets: Sequence[KitSheet]) -> int:
    return sum(2 if s.two_sided else 1 for s in sheets)


def _size(piece: Piece) -> Size:
    return (round(piece.width_mm, 3), round(piece.height_mm, 3))


def _grid_sheets(
    groups: Sequence[KitGroup], opts: SheetOptions, packing: Packing
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
        butt = (w, h) in packing.butt
        plan = plan_grid(opts.paper, w, h, replace(opts, gap_mm=0.0) if butt else opts)
        slots = _aligned(plan.slots(), packing_area(plan.paper, opts), b, aside=packing.aside)
        for cells in _cells(pieces, plan.per_sheet):
            sheet = KitSheet.blank(plan.paper, opts, packing.space)
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


def _aligned(slots: list[Rect], area: Rect, bleed: float, *, aside: bool) -> list[Rect]:
    """The grid moved up to the top of the packing area when it fits there, so the room left
    below it is one strip for tokens, and with `aside` to its left edge likewise (the backs
    mirror whatever the fronts do)."""
    box = bounding_box(slots).grow(bleed)
    dy = area.top - box.top if box.h <= area.h + EPS else 0.0
    dx = area.x - box.x if aside and box.w <= area.w + EPS else 0.0
    return [s.shift(dx, dy) for s in slots]


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
