"""The `pnp` command: parse options, call the library, map errors to messages and exit codes.

Exit codes: 0 fine, 1 a composition rule is broken, 2 bad input or usage. A bad option value
is reported by click (`Error: Invalid value for '--paper': ...`); a bad input file by pnp
(`error: file:line: message`), both with exit code 2.
"""

from __future__ import annotations

import functools
import io
import itertools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from pnp.errors import PnpError
from pnp.names import printable, shorten

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_CODES = (
    "Exit codes: 0 fine, 1 a composition rule is broken, 2 bad input or usage, "
    "3 a bug in pnp, 130 interrupted."
)


def _reports_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn a PnpError into `error: file:line: message` on stderr and exit code 2; never show
    a traceback (PNP_DEBUG=1 shows one for a bug)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PnpError as exc:
            click.echo(printable(f"error: {exc.format()}"), err=True)
            sys.exit(EXIT_INPUT)
        except KeyboardInterrupt:
            click.echo("interrupted: nothing was written", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except MemoryError:
            click.echo("error: not enough memory for this input", err=True)
            sys.exit(EXIT_INPUT)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as exc:  # a bug: say so in one line, not a traceback
            if os.environ.get("PNP_DEBUG"):
                raise
            click.echo(
                f"error: internal error: {type(exc).__name__}: {printable(shorten(str(exc)))}\n"
                "  this is a bug in pnp; please report it with the command you ran "
                "(PNP_DEBUG=1 shows where it happened)",
                err=True,
            )
            sys.exit(EXIT_BUG)

    return wrapper


class LibraryValue(click.ParamType):
    """An option value checked by the library's own parser, so the CLI and the library accept
    exactly the same values; a bad one is a click usage error naming the option."""

    def __init__(self, name: str, parse: Callable[[str], Any]) -> None:
        self.name = name
        self._parse = parse

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        try:
            self._parse(value)
        except PnpError as exc:
            hint = f" ({exc.hint})" if exc.hint else ""
            self.fail(f"{exc.message}{hint}", param, ctx)
        return value


def _paper(text: str) -> object:
    from pnp.impose.paper import parse_paper

    return parse_paper(text)


def _products(text: str) -> object:
    from pnp.build import parse_products

    return parse_products(text)


def _offset(text: str) -> object:
    from pnp.impose.options import parse_offset

    return parse_offset(text)


def _bleed(text: str) -> object:
    from pnp.impose.options import parse_bleed

    return parse_bleed(text)


PAPER = LibraryValue("paper", _paper)
PRODUCTS = LibraryValue("products", _products)
OFFSET = LibraryValue("offset", _offset)
BLEED = LibraryValue("bleed", _bleed)
# build and calibrate take the same paper, checked by the same parser
paper_option = click.option(
    "--paper",
    type=PAPER,
    default="a4",
    show_default=True,
    metavar="PAPER",
    help="a4, letter, a3, a5, legal, tabloid, or WIDTHxHEIGHT with a unit (e.g. 210x297mm).",
)


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog=EXIT_CODES,
)
@click.version_option(package_name="pnp")
def main() -> None:
    """pnp: print-and-play studio. Game data in, printable sheets and deck verdicts out."""


@main.command(epilog=EXIT_CODES)
@_reports_errors
def games() -> None:
    """List the built-in games, one per line: id, title, players and play time."""
    from pnp.catalog.games import load_builtin_games
    from pnp.errors import InputError
    from pnp.resources import card_data_dir

    loaded = load_builtin_games()
    if not loaded:
        raise InputError("no built-in games found (is pnp installed whole?)", file=card_data_dir())
    for game in loaded:
        players = game.meta.get("players") or {}
        extra = []
        if players:
            lo, hi = players.get("min"), players.get("max")
            extra.append(f"{lo}-{hi} players" if lo != hi else f"{lo} players")
        if game.meta.get("play_time"):
            extra.append(str(game.meta["play_time"]))
        suffix = f" ({', '.join(extra)})" if extra else ""
        click.echo(f"{game.id}\t{game.title}{suffix}")


@main.command(epilog=EXIT_CODES)
@click.argument("game", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (components and tables).")
@_reports_errors
def inventory(game: str, as_json: bool) -> None:
    """List every component of GAME (a built-in id or a game folder) with its count."""
    from pnp.catalog.games import resolve_game
    from pnp.catalog.inventory import inventory_data, inventory_text

    loaded = resolve_game(game)
    if as_json:
        click.echo(json.dumps(inventory_data(loaded), ensure_ascii=False, indent=2))
    else:
        click.echo(inventory_text(loaded))


@main.command(epilog=EXIT_CODES)
@click.argument("target", required=False, metavar="[GAME|DIR|FILE]")
@click.argument("decklist", required=False, type=click.Path(path_type=Path), metavar="[FILE]")
@click.option("--all", "all_games", is_flag=True, help="Validate every built-in game's catalog.")
@click.option("--game", "game_ref", metavar="GAME", help="Check a deck list FILE against GAME.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON: every rule's verdict with its id, sentence, expected, found and deck.",
)
@click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Show expected and found for passing rules too, and every skipped rule on its own line.",
)
@_reports_errors
def validate(
    target: str | None,
    decklist: Path | None,
    all_games: bool,
    game_ref: str | None,
    as_json: bool,
    verbose: bool,
) -> None:
    """Check catalogs (schema and composition rules) or a deck list.

    \b
      pnp validate --all                 every built-in game's catalog
      pnp validate GAME|DIR              one game (built-in id or a game folder)
      pnp validate --game GAME FILE      a deck list (.txt or .yaml) against GAME's rules

    On a deck list, rules about decks it does not hold are summed up in one SKIP line
    (--verbose lists them). A game's every face is also drawn from its templates (nothing is
    written), so a template that cannot render is found here rather than in a build.
    """
    from pnp.build import draw_every_face
    from pnp.catalog.games import builtin_ids, resolve_game
    from pnp.rules.report import validate_decklist, validate_game

    faces: list[str] = []
    if game_ref:
        deck_file = decklist or (Path(target) if target else None)
        if deck_file is None or (decklist is not None and target is not None):
            raise click.UsageError("give exactly one deck list FILE with --game GAME")
        reports = [validate_decklist(resolve_game(game_ref), deck_file)]
    elif all_games or (target and not decklist):
        if all_games and (target or decklist):
            raise click.UsageError("--all takes no GAME")
        loaded = [resolve_game(g) for g in (builtin_ids() if all_games else [str(target)])]
        reports = [validate_game(game) for game in loaded]
        faces = [_faces_line(game, draw_every_face(game)) for game in loaded]
    else:
        raise click.UsageError(
            "say what to validate: GAME, a game folder, --all, or --game GAME FILE"
        )
    if as_json:
        click.echo(json.dumps([r.as_dict() for r in reports], ensure_ascii=False, indent=2))
    else:
        for report, drawn in itertools.zip_longest(reports, faces):
            if drawn:
                click.echo(drawn)
            click.echo(report.render(verbose=verbose))
    sys.exit(EXIT_OK if all(r.ok for r in reports) else EXIT_RULES)


def _faces_line(game: Any, drawn: int | None) -> str:
    if drawn is None:
        return f"{game.id}: faces not drawn (no templates folder {game.templates_dir})"
    return f"{game.id}: {drawn} faces drawn from their templates"


@main.command(epilog=EXIT_CODES)
@click.argument("games", nargs=-1, metavar="[GAME|DIR]...")
@click.option("--all", "all_games", is_flag=True, help="Build every built-in game.")
@click.option(
    "--what",
    type=PRODUCTS,
    default="all",
    show_default=True,
    metavar="LIST",
    help="Comma-separated products: cards (one PDF per deck), boards (boards and trackers, "
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
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Output folder (default: ./output).",
)
@_reports_errors
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
    out_dir: Path | None,
) -> None:
    """Build print-ready PDFs for GAME... (built-in ids or game folders) into ./output/<game>/.

    The files of a build are moved into place together once all are written: a build that
    fails (or is interrupted) leaves the output folder as it was."""
    from pnp.build import BuildOptions, build_games, count_steps, parse_products
    from pnp.catalog.games import builtin_ids, resolve_game
    from pnp.impose.options import parse_bleed, parse_offset

    if all_games == bool(games):
        raise click.UsageError("name one or more GAMEs, or use --all")
    given = click.get_current_context().get_parameter_source("duplex")
    if gutterfold and given is not click.core.ParameterSource.DEFAULT:
        raise click.UsageError("--gutterfold prints fronts and backs on one side: drop --duplex")
    options = BuildOptions(
        products=parse_products(what),
        paper=paper,
        bleed_mm=parse_bleed(bleed_mm),
        duplex=duplex,
        gutterfold=gutterfold,
        back_offset_mm=parse_offset(back_offset),
        out_dir=out_dir,
        booklet=booklet,
    )
    loaded = [resolve_game(g) for g in (builtin_ids() if all_games else games)]
    with click.progressbar(
        length=count_steps(loaded, options),
        label="Building",
        # a bar on a terminal; nothing in logs and pipes
        file=sys.stderr if sys.stderr.isatty() else io.StringIO(),
        item_show_func=lambda item: item,
    ) as bar:

        def step(name: str) -> None:
            bar.update(1, name)

        written = build_games(loaded, options, progress=step)
    for path in written:
        click.echo(str(path))


@main.command(epilog=EXIT_CODES)
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
@_reports_errors
def calibrate(paper: str, duplex: str, out_path: Path | None) -> None:
    """Print a duplex alignment sheet to measure your printer's back offset."""
    from pnp.build import write_calibration
    from pnp.impose.options import SheetOptions
    from pnp.impose.paper import parse_paper

    path = out_path or Path("output") / f"calibrate-{parse_paper(paper).name.lower()}.pdf"
    write_calibration(path, SheetOptions(paper=parse_paper(paper), duplex=duplex))
    click.echo(str(path))


if __name__ == "__main__":  # pragma: no cover
    main()
