"""A print kit's sheets while they are packed: each sheet's pieces and free space, and where a
loose piece (token, marker, pawn) goes."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.errors import BuildError
from pnp.impose.freerects import carve, find_spot
from pnp.impose.geometry import Rect
from pnp.impose.options import SheetOptions
from pnp.impose.packing import Placed, Unit, halo, packing_area
from pnp.impose.paper import Paper
from pnp.impose.spacing import SPACE_MM
from pnp.impose.turn import turned
from pnp.impose.words import KitWords


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
    # rectangles still to carve from free and tight: carved when a loose piece next looks for
    # room, so a sheet of cards alone (every packing tried of a 1,000-card deck) never pays
    pending: list[tuple[Rect, Rect]] = field(default_factory=list, repr=False)

    @classmethod
    def blank(cls, paper: Paper, opts: SheetOptions, space: float) -> KitSheet:
        area = packing_area(paper, opts)
        return cls(paper, free=[area], tight=[area], space=space)

    def clone(self) -> KitSheet:
        """A copy to place pieces on without touching this sheet."""
        return KitSheet(self.paper, list(self.placed), list(self.groups), list(self.free),
                        list(self.tight), self.space, list(self.pending))  # fmt: skip

    @property
    def fill(self) -> float:
        """How much of the paper the pieces' trims cover (0 to 1)."""
        paper = self.paper.width_mm * self.paper.height_mm
        return sum(u.w * u.h for u, _, _ in self.placed) / paper

    @property
    def two_sided(self) -> bool:
        return any(u.back is not None for u, _, _ in self.placed)

    def spot(self, unit: Unit, bleed: float, *, tight: bool) -> tuple[float, float] | None:
        """Where `unit`'s trim would go (bottom-left), or None if it fits nowhere."""
        self._carve()
        pad = bleed + (0.0 if tight else halo(unit, self.space))
        spot = find_spot(self.tight if tight else self.free, unit.w + 2 * pad, unit.h + 2 * pad)
        return None if spot is None else (spot[0] + pad, spot[1] + pad)

    def put(self, unit: Unit, x: float, y: float, group: str, bleed: float) -> None:
        """Place `unit` with its trim's bottom-left at (x, y) and take its bleed box (and the
        white space kept around it) from free."""
        self.placed.append((unit, x, y))
        self.groups.append(group)
        trim = Rect(x, y, unit.w, unit.h)
        self.pending.append((trim.grow(bleed + halo(unit, self.space)), trim.grow(bleed)))

    def _carve(self) -> None:
        """Take the placed pieces' boxes from the free lists, in the order they were put."""
        for loose, tight in self.pending:
            self.free = carve(self.free, loose)
            self.tight = carve(self.tight, tight)
        self.pending.clear()

    def section(self, words: KitWords) -> str:
        """The groups on the sheet with their counts, in order: "Action (7), Mission (2)"."""
        counts: dict[str, int] = {}
        for name in self.groups:
            counts[name] = counts.get(name, 0) + 1
        return words.counts(counts.items())


def place_sets(
    sheets: list[KitSheet], sets: dict[str, list[Unit]], opts: SheetOptions, space: float
) -> None:
    """Each set's loose pieces together where the room left allows, so a player finds a set
    of markers in one place: every set that some sheet holds whole goes on the first such
    sheet (in fit_in's order), in turn; then each other set on as few sheets as it can
    (place_split)."""
    split = []
    for name, units in sets.items():
        if not _place_whole(sheets, units, name, opts.bleed_mm):
            split.append(name)
    for name in split:
        place_split(sheets, sets[name], name, opts, space)


def _place_whole(sheets: list[KitSheet], units: list[Unit], name: str, bleed: float) -> bool:
    """All of `units` on the first sheet that holds them all with white space around them;
    False if none does. A sheet whose paper left is less than the units' bleed boxes is not
    tried (the trials are most of a kit's packing time)."""
    need = sum((u.w + 2 * bleed) * (u.h + 2 * bleed) for u in units)
    for index in _order(sheets, units[0]):
        sheet = sheets[index]
        if need > sheet.paper.width_mm * sheet.paper.height_mm * (1 - sheet.fill):
            continue
        trial = sheet.clone()
        if _take(trial, units, name, bleed, tight=False) == len(units):
            sheets[index] = trial
            return True
    return False


def place_split(
    sheets: list[KitSheet], units: list[Unit], name: str, opts: SheetOptions, space: float
) -> None:
    """A set too large for the room on any one sheet, on as few sheets as it can: a new sheet
    first when the room left on all of them would not take the set (one is due anyway, and
    the set should fill it, not the crumbs of room on the others), then as many pieces as a
    sheet holds with white space around them on the sheet that holds the most, and so on;
    pieces go without the space (fit_in) only where no sheet has room with it."""
    left = list(units)
    while left:
        spaced = _takes(sheets, left, name, opts.bleed_mm, tight=False)
        best = max(spaced, key=lambda t: t[0], default=None)  # the first of the most
        if best is None or best[0] == 0 or sum(t[0] for t in spaced) < len(left):
            tight = _takes(sheets, left, name, opts.bleed_mm, tight=True)
            if sum(t[0] for t in tight) < len(left):
                sheets.append(_new_sheet(left[0], name, opts, space))
                left = left[1:]
                continue
            if best is None or best[0] == 0:
                best = max(tight, key=lambda t: t[0])
        taken, index, sheets[index] = best
        left = left[taken:]


def _takes(
    sheets: list[KitSheet], units: list[Unit], name: str, bleed: float, *, tight: bool
) -> list[tuple[int, int, KitSheet]]:
    """(how many of `units` a sheet takes, its index, a copy holding them) for each sheet
    they may go on; with white space around them only, unless `tight`."""
    out = []
    for index in _order(sheets, units[0]):
        trial = sheets[index].clone()
        out.append((_take(trial, units, name, bleed, tight=tight), index, trial))
    return out


def _take(sheet: KitSheet, units: list[Unit], name: str, bleed: float, *, tight: bool) -> int:
    """How many of `units`, in order, go on `sheet` (put there) before one does not fit."""
    for count, unit in enumerate(units):
        if not fit_in([sheet], unit, name, bleed, tight=tight):
            return count
    return len(units)


def place_loose(
    sheets: list[KitSheet], unit: Unit, name: str, opts: SheetOptions, space: float
) -> None:
    """Put a token or standee where fit_in finds room; else on a new sheet."""
    if not fit_in(sheets, unit, name, opts.bleed_mm):
        sheets.append(_new_sheet(unit, name, opts, space))


def _new_sheet(unit: Unit, name: str, opts: SheetOptions, space: float) -> KitSheet:
    """A new sheet holding `unit`: portrait unless only landscape holds it."""
    b = opts.bleed_mm
    for orientation in ("portrait", "landscape"):
        sheet = KitSheet.blank(opts.paper.oriented(orientation), opts, space)
        spot = sheet.spot(unit, b, tight=False)
        if spot is not None:
            sheet.put(unit, *spot, name, b)
            return sheet
    raise BuildError(
        f"a {unit.w:g} x {unit.h:g} mm piece of {name!r} does not fit on {opts.paper.name} paper",
        hint="print it as a tiled board, or choose larger paper",
    )


def fit_in(
    sheets: list[KitSheet], unit: Unit, name: str, bleed: float, *, tight: bool = True
) -> bool:
    """Put `unit` on the first of `sheets` with room (a two-sided piece only on a sheet that
    already prints a back; two-sided sheets first), with white space around it, upright or
    else turned a quarter; else (if `tight`) where it fits with no space. False if it fits
    nowhere."""
    order = [sheets[i] for i in _order(sheets, unit)]
    ways = [unit, turned(unit)] if unit.w != unit.h else [unit]
    for squeeze in (False, True)[: 2 if tight else 1]:
        for way in ways:
            for sheet in order:
                spot = sheet.spot(way, bleed, tight=squeeze)
                if spot is not None:
                    sheet.put(way, *spot, name, bleed)
                    return True
    return False


def _order(sheets: list[KitSheet], unit: Unit) -> list[int]:
    """The indices of the sheets `unit` may go on, two-sided ones first: a two-sided piece
    only where the sheet already prints a back."""
    return sorted((i for i, s in enumerate(sheets) if unit.back is None or s.two_sided),
                  key=lambda i: not sheets[i].two_sided)  # fmt: skip
