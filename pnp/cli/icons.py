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
@reports_errors
def icons(folder: Path, names: tuple[str, ...], package: Path | None) -> None:
    """Copy game-icons.net icons by NAME (as on game-icons.net: wood-pile, stone-pile) into
    the game FOLDER's templates/icons/, and credit them in templates/icons/CREDITS.md.

    \b
      npm install @iconify-json/game-icons     once, in the game's folder
      pnp icons . wood-pile stone-pile
    """
    from pnp.pipeline.gameicons import add_icons, find_package

    written = add_icons(folder, list(names), find_package(folder, package))
    for path in written:
        click.echo(str(path))
    click.echo("declare each in templates/theme.yaml, e.g.")
    for name in names:
        click.echo(f"  {name}: {{svg: icons/{name}.svg, color: current}}")
