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
        """The groups on the sheet with their counts, in order: "Action ×7, Mission ×2"."""
        counts: dict[str, int] = {}
        for name in self.groups:
            counts[name] = counts.get(name, 0) + 1
        return words.counts(counts.items())


def place_loose(
    sheets: list[KitSheet], unit: Unit, name: str, opts: SheetOptions, space: float
) -> None:
    """Put a token or standee where fit_in finds room; else on a new sheet, portrait unless
    only landscape holds it."""
    if fit_in(sheets, unit, name, opts.bleed_mm):
        return
    b = opts.bleed_mm
    for orientation in ("portrait", "landscape"):
        sheet = KitSheet.blank(opts.paper.oriented(orientation), opts, space)
        spot = sheet.spot(unit, b, tight=False)
        if spot is not None:
            sheet.put(unit, *spot, name, b)
            sheets.append(sheet)
            return
    raise BuildError(
        f"a {unit.w:g} x {unit.h:g} mm piece of {name!r} does not fit on {opts.paper.name} paper",
        hint="print it as a tiled board, or choose larger paper",
    )


def fit_in(sheets: list[KitSheet], unit: Unit, name: str, bleed: float) -> bool:
    """Put `unit` on the first of `sheets` with room (a two-sided piece only on a sheet that
    already prints a back; two-sided sheets first), with white space around it, upright or
    else turned a quarter; else where it fits with no space. False if it fits nowhere."""
    order = [s for s in sorted(sheets, key=lambda s: not s.two_sided)
             if unit.back is None or s.two_sided]  # fmt: skip
    ways = [unit, turned(unit)] if unit.w != unit.h else [unit]
    for tight in (False, True):
        for way in ways:
            for sheet in order:
                spot = sheet.spot(way, bleed, tight=tight)
                if spot is not None:
                    sheet.put(way, *spot, name, bleed)
                    return True
    return False
