"""`pnp new`: start a game of your own."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.catalog.model import NAMED_SIZES
from pnp.cli.common import EXIT_CODES, reports_errors


@click.command(epilog=EXIT_CODES)
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@click.option(
    "--size",
    type=click.Choice(list(NAMED_SIZES)),
    default="poker",
    show_default=True,
    help="The cards' size: poker 63x88 mm, bridge, mini 44x63, tarot 70x120, square 70x70, "
    "a6, a5, half-letter.",
)
@reports_errors
def new(folder: Path, size: str) -> None:
    """Start a new game in FOLDER (new or empty): a deck of sample cards in a spreadsheet,
    templates, theme, rulebook and deck list that build and validate as they are.

    \b
      pnp new my-game && cd my-game && pnp build . --watch
    """
    from pnp.catalog.scaffold import new_game

    written = new_game(folder, size)
    click.echo(f"created {folder}/ ({len(written)} files, {size} cards):")
    for path in written:
        click.echo(f"  {path.relative_to(folder)}")
    click.echo(f"next: pnp build {folder}   then edit {folder / 'cards.csv'} (see its README.md)")
