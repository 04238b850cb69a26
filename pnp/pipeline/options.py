"""What a build was asked for: products, paper, bleed, duplex, back offset, booklet, folder."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.catalog.model import PRODUCTS as SET_PRODUCTS
from pnp.errors import InputError
from pnp.impose.options import SheetOptions
from pnp.impose.paper import parse_paper
from pnp.names import closest, did_you_mean, quote

RULEBOOK = "rulebook"
PRODUCTS = (*SET_PRODUCTS, RULEBOOK)  # what --what can name; `all` is every one


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for on the command line."""

    products: tuple[str, ...] = PRODUCTS
    paper: str = "a4"
    bleed_mm: float = 3.0
    duplex: str = "long"
    gutterfold: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    out_dir: Path | None = None
    sets: tuple[str, ...] = field(default=())  # restrict to these set ids (empty: all)
    booklet: bool = False  # rulebooks as saddle-stitched booklets
    split: bool = False  # one PDF per deck and product instead of one print kit per game
    margin_mm: float = 3.0  # nothing is printed nearer the paper edge than this
    ink_saver: bool = False  # light backs and backgrounds (the themes' ink_saver palettes)
    gap_mm: float | None = None  # between neighbouring pieces; None: gutters from the slack
    square_tokens: bool = False  # round tokens cut square, with a guillotine
    edition: str | None = None  # the games' edition (None: each game's default; "all")

    @property
    def paper_name(self) -> str:
        """The paper as file names give it: `a4`, `letter`, `210x297mm` (however it was typed)."""
        return parse_paper(self.paper).name.lower()

    def sheet_options(self) -> SheetOptions:
        return SheetOptions(
            paper=parse_paper(self.paper),
            bleed_mm=self.bleed_mm,
            duplex=self.duplex,
            gutterfold=self.gutterfold,
            back_offset_mm=self.back_offset_mm,
            margin_mm=self.margin_mm,
            gap_mm=self.gap_mm,
            square_tokens=self.square_tokens,
        )


def parse_products(text: str) -> tuple[str, ...]:
    """`cards,boards` -> ("cards", "boards"); unknown names are an InputError with suggestions."""
    wanted = [w.strip() for w in text.split(",") if w.strip()]
    if not wanted:
        raise InputError("say which products to build", hint="cards, boards, tokens, aids, "
                         "rulebook or all, separated by commas")  # fmt: skip
    if "all" in wanted:
        return PRODUCTS
    for word in wanted:
        if word not in PRODUCTS:
            raise InputError(
                f"unknown product {quote(word)} (known: {', '.join(PRODUCTS)}, all)",
                hint=did_you_mean(closest(word, [*PRODUCTS, "all"])),
            )
    return tuple(p for p in PRODUCTS if p in wanted)


def output_base(options: BuildOptions) -> Path:
    """`./output` (or --out): where every game's folder goes."""
    return Path(options.out_dir) if options.out_dir is not None else Path("output")


def output_dir(game_id: str, options: BuildOptions) -> Path:
    """`./output/GAME` (or under --out)."""
    return output_base(options) / game_id
