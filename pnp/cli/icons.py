"""`pnp icons`: game-icons.net icons by name, copied into a game with their credit."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import EXIT_CODES, reports_errors


@click.command(epilog=EXIT_CODES)
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False, exists=True))
@click.argument("names", nargs=-1, required=True, metavar="NAME...")
@click.option(
    "--from", "package", type=click.Path(path_type=Path, file_okay=False), metavar="DIR",
    help="The @iconify-json/game-icons package folder (default: node_modules in the game's "
    "folder or the working folder).",
)  # fmt: skip
@click.option(
    "--to", "to", type=click.Path(path_type=Path, file_okay=False), metavar="DIR",
    help="Write the icons into DIR (inside the game's folder, e.g. art/icons) instead of "
    "templates/icons/.",
)  # fmt: skip
@click.option(
    "--prefix", default="", metavar="P",
    help="Start each file name with P (res- gives res-wood-pile.svg), to keep sets of icons apart.",
)  # fmt: skip
@reports_errors
def icons(
    folder: Path, names: tuple[str, ...], package: Path | None, to: Path | None, prefix: str
) -> None:
    """Copy game-icons.net icons by NAME (as on game-icons.net: wood-pile, stone-pile) into
    the game FOLDER's templates/icons/, and credit them in templates/icons/CREDITS.md.

    \b
      npm install @iconify-json/game-icons     once, in the game's folder
      pnp icons . wood-pile stone-pile
    """
    import os

    from pnp.pipeline.gameicons import add_icons, find_package, icon_folder

    written = add_icons(folder, list(names), find_package(folder, package), to, prefix)
    for path in written:
        click.echo(str(path))
    where = os.path.relpath(icon_folder(folder, to), folder / "templates").replace(os.sep, "/")
    click.echo("declare each in templates/theme.yaml, e.g.")
    for name in names:
        click.echo(f"  {prefix}{name}: {{svg: {where}/{prefix}{name}.svg, color: current}}")
