"""The `export` command: faces as files for print shops, Tabletop Simulator and proofs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from pnp.catalog.model import Game

from pnp.cli.common import EXIT_CODES, LibraryValue, edition_option, reports_errors


def _dpi(text: str) -> object:
    from pnp.pipeline.exports import parse_dpi

    return parse_dpi(text)


def _target(text: str) -> object:
    from pnp.pipeline.exports import parse_target

    return parse_target(text)


def _url_base(text: str) -> object:
    from pnp.pipeline.exports import parse_url_base

    return parse_url_base(text)


@click.command(epilog=EXIT_CODES)
@click.argument("games", nargs=-1, required=True, metavar="GAME|DIR...")
@click.option(
    "--to",
    "target",
    required=True,
    type=LibraryValue("target", _target),
    metavar="TARGET",
    help="png (a PNG per face, trim + 3 mm bleed), tgc (The Game Crafter), mpc "
    "(MakePlayingCards), dtc (one-up PDF per deck), tts (Tabletop Simulator saved object), "
    "proof (contact sheets and an index.html gallery).",
)
@click.option(
    "--dpi",
    type=LibraryValue("dpi", _dpi),
    metavar="N",
    help="Resolution for png (default 300), tts (300, sheets capped at 4096 px), proof (100) "
    "and decks dtc --pdfx must rasterize (300); refused for tgc, mpc and plain dtc.",
)
@click.option(
    "--pdfx",
    is_flag=True,
    help="dtc only: PDF/X-1a:2003 in CMYK (SWOP TR 005, total ink at most 240%), as "
    "DriveThruCards asks; vector, or rasterized at --dpi (default 300) for a deck with "
    "transparency or images.",
)
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="ID",
    help="Only this set (repeatable). Default: decks for tgc, mpc and dtc; every set otherwise.",
)
@click.option(
    "--url-base",
    type=LibraryValue("url", _url_base),
    metavar="URL",
    help="tts only: the http(s) address the images will be uploaded under (default: file:/// "
    "paths).",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Output folder (default: ./output); files go to DIR/<game>/<target>/.",
)
@edition_option
@click.option(
    "--watch",
    "watch_files",
    is_flag=True,
    help="Export, then again each time a catalog, sheet, template, theme, image or font of "
    "the game is saved (e.g. --to proof --watch); Ctrl-C stops.",
)
@reports_errors
def export(
    games: tuple[str, ...],
    target: str,
    dpi: str | None,
    pdfx: bool,
    sets: tuple[str, ...],
    url_base: str | None,
    out_dir: Path | None,
    edition: str | None,
    watch_files: bool,
) -> None:
    """Export GAME... (built-in ids or game folders) as files for a shop, a virtual table or a
    proof, into ./output/<game>/<target>/ with a manifest.csv. Written whole or not at all."""
    from pnp.catalog.games import resolve_editions
    from pnp.pipeline.exports import ExportOptions, export_folder, export_games, parse_dpi

    def load() -> list[Game]:
        return [game for g in games for game in resolve_editions(g, edition)]

    options = ExportOptions(
        dpi=parse_dpi(dpi) if dpi is not None else None,
        out_dir=out_dir,
        url_base=url_base,
        sets=sets,
        pdfx=pdfx,
    )
    if watch_files:
        from pnp.io.staging import check_output
        from pnp.pipeline.watch import game_paths, watch

        into = out_dir if out_dir is not None else Path("output")
        paths = game_paths(games)
        check_output(into, [game.root for game in load()])

        def rebuild() -> str:
            written = export_games(load(), target, options)
            return f"{len(written)} files in {into}"

        watch(paths, rebuild, report=click.echo, ignore=[into])
        return
    loaded = load()
    written = export_games(loaded, target, options)
    base = out_dir if out_dir is not None else Path("output")
    for game in loaded:  # one line per folder: a png export is hundreds of files
        folder = export_folder(base, game, target)
        files = sum(1 for path in written if folder in path.parents)
        click.echo(f"{folder}: {files} files")
