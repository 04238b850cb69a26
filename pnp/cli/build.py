"""Commands that write print files: `build` and `calibrate`."""

from __future__ import annotations

import gc
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # types only: the CLI imports the build lazily, to start fast
    from pnp.catalog.model import Game
    from pnp.pipeline import BuildOptions

from pnp.cli.common import (
    BLEED,
    EXIT_CODES,
    OFFSET,
    PRODUCTS,
    edition_option,
    paper_option,
    reports_errors,
)


@click.command(epilog=EXIT_CODES)
@click.argument("games", nargs=-1, metavar="[GAME|DIR]...")
@click.option("--all", "all_games", is_flag=True, help="Build every built-in game.")
@click.option(
    "--what",
    type=PRODUCTS,
    default="all",
    show_default=True,
    metavar="LIST",
    help="Comma-separated products: cards (decks), boards (boards and trackers, "
    "tiled over sheets when large), tokens (chips, markers, tokens, pawn standees), "
    "aids (reference cards and player aids), rulebook (one per language), or all.",
)
@paper_option
@click.option(
    "--bleed",
    "bleed_mm",
    default="3",
    show_default=True,
    type=BLEED,
    metavar="MM",
    help="Bleed around every piece, in mm (0 to 20).",
)
@click.option(
    "--duplex",
    type=click.Choice(["long", "short", "none"]),
    default="long",
    show_default=True,
    help="Backs interleaved for long- or short-edge flipping, or none: all fronts then all backs.",
)
@click.option(
    "--gutterfold",
    is_flag=True,
    help="No duplex needed: cards print fronts and backs on one sheet with a fold line; "
    "two-sided tokens print as fold-over strips.",
)
@click.option(
    "--back-offset",
    type=OFFSET,
    default="0,0",
    show_default=True,
    metavar="X,Y",
    help="Shift backs by X,Y mm to correct a printer (see `pnp calibrate`).",
)
@click.option(
    "--booklet",
    is_flag=True,
    help="Rulebooks as saddle-stitched booklets: half-size pages two-up, in signature order "
    "for short-edge duplex.",
)
@click.option(
    "--split",
    is_flag=True,
    help="One PDF per deck and per other product instead of one print kit per game "
    "(GAME-PAPER.pdf, every piece on the fewest sheets).",
)
@click.option(
    "--ink-saver",
    is_flag=True,
    help="Light backs and backgrounds for home printers: same information, far less ink "
    "(each game's theme says which colours it lightens).",
)
@click.option(
    "--margin",
    "margin_mm",
    default=3.0,
    show_default=True,
    type=click.FloatRange(0, 50),
    metavar="MM",
    help="Nothing is printed nearer the paper edge than this (your printer's margin).",
)
@click.option(
    "--gap",
    "gap_mm",
    default=None,
    type=click.FloatRange(0, 50),
    metavar="MM",
    help="Space between neighbouring pieces, each with its own bleed in it (0: they butt and "
    "share one cut). Default: gutters from the slack the paper leaves, sheets as few as with 0.",
)
@click.option(
    "--square-tokens",
    is_flag=True,
    help="Round tokens and markers cut square, with a guillotine or a ruler: square cells and "
    "straight crop marks instead of a circle to cut along.",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Output folder (default: ./output).",
)
@edition_option
@click.option(
    "--watch",
    "watch_files",
    is_flag=True,
    help="Build, then rebuild each time a catalog, sheet, template, theme, image or font of "
    "the game is saved, one status line each; Ctrl-C stops.",
)
@reports_errors
def build(
    games: tuple[str, ...],
    all_games: bool,
    what: str,
    paper: str,
    bleed_mm: str,
    duplex: str,
    gutterfold: bool,
    back_offset: str,
    booklet: bool,
    split: bool,
    ink_saver: bool,
    margin_mm: float,
    gap_mm: float | None,
    square_tokens: bool,
    out_dir: Path | None,
    edition: str | None,
    watch_files: bool,
) -> None:
    """Build print-ready PDFs for GAME... (built-in ids or game folders) into ./output/<game>/:
    one print kit per game (GAME-PAPER.pdf: a contents page, then every piece on the fewest
    sheets) and its rulebooks; --split writes one PDF per deck and product instead.

    The files of a build are moved into place together once all are written: a build that
    fails (or is interrupted) leaves the output folder as it was."""
    from pnp.catalog.games import builtin_ids, resolve_editions
    from pnp.impose.options import parse_bleed, parse_offset
    from pnp.pipeline import BuildOptions, parse_products

    _check_usage(games, all_games, gutterfold)
    options = BuildOptions(
        products=parse_products(what),
        paper=paper,
        bleed_mm=parse_bleed(bleed_mm),
        duplex=duplex,
        gutterfold=gutterfold,
        back_offset_mm=parse_offset(back_offset),
        out_dir=out_dir,
        booklet=booklet,
        split=split,
        margin_mm=margin_mm,
        ink_saver=ink_saver,
        gap_mm=gap_mm,
        square_tokens=square_tokens,
        edition=edition,
    )
    refs = builtin_ids() if all_games else list(games)
    if watch_files:
        return _watch(refs, options)
    _build_once([game for g in refs for game in resolve_editions(g, edition)], options)


def _build_once(loaded: list[Game], options: BuildOptions) -> None:
    _warn_broken_rules(loaded)
    gc.freeze()  # the code and catalogs live to the end: no cycle search goes through them
    _build_with_progress(loaded, options)


def _check_usage(games: tuple[str, ...], all_games: bool, gutterfold: bool) -> None:
    if all_games == bool(games):
        raise click.UsageError("name one or more GAMEs, or use --all")
    given = click.get_current_context().get_parameter_source("duplex")
    if gutterfold and given is not click.core.ParameterSource.DEFAULT:
        raise click.UsageError("--gutterfold prints fronts and backs on one side: drop --duplex")


def _warn_broken_rules(loaded: list[Game]) -> None:
    """A composition rule the catalog breaks is said on stderr; the build goes on (a game in
    the making often breaks its own rules for a while)."""
    from pnp.rules.report import broken_rules

    for game in loaded:
        for line in broken_rules(game):
            click.echo(line, err=True)


def _build_with_progress(loaded: list[Game], options: BuildOptions) -> None:
    """Build, with a progress bar on a terminal; print the paths written, and on stderr each
    print kit's pages against its area lower bound."""
    from pnp.pipeline import build_games, count_steps

    with click.progressbar(
        length=count_steps(loaded, options),
        label="Building",
        # a bar on a terminal; nothing in logs and pipes
        file=sys.stderr if sys.stderr.isatty() else io.StringIO(),
        item_show_func=lambda item: item,
    ) as bar:

        def step(name: str) -> None:
            bar.update(1, name)

        written = build_games(
            loaded, options, progress=step, report=lambda line: click.echo(line, err=True)
        )
    for path in written:
        click.echo(str(path))


def _watch(refs: list[str], options: BuildOptions) -> None:
    """`--watch`: build, then rebuild on every save, a status line each, until Ctrl-C."""
    from pnp.pipeline.watch import watch_builds

    watch_builds(refs, options, report=click.echo)


@click.command(epilog=EXIT_CODES)
@paper_option
@click.option(
    "--duplex",
    type=click.Choice(["long", "short"]),
    default="long",
    show_default=True,
    help="How your printer flips the sheet: over its long or its short edge.",
)
@click.option(
    "--out",
    "out_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="PDF to write (default: ./output/calibrate-PAPER.pdf).",
)
@reports_errors
def calibrate(paper: str, duplex: str, out_path: Path | None) -> None:
    """Print a duplex alignment sheet to measure your printer's back offset."""
    from pnp.impose.options import SheetOptions
    from pnp.impose.paper import parse_paper
    from pnp.pipeline import write_calibration

    path = out_path or Path("output") / f"calibrate-{parse_paper(paper).name.lower()}.pdf"
    write_calibration(path, SheetOptions(paper=parse_paper(paper), duplex=duplex))
    click.echo(str(path))
