"""`pnp studio`: one game live in the browser while it is edited."""

from __future__ import annotations

import click

from pnp.cli.common import EXIT_CODES, edition_option, reports_errors


@click.command(epilog=EXIT_CODES)
@click.argument("game", metavar="GAME|DIR")
@click.option(
    "--port", type=click.IntRange(1, 65535), help="Listen on this port (default: a free one)."
)
@click.option("--no-browser", is_flag=True, help="Do not open the default browser.")
@edition_option
@reports_errors
def studio(game: str, port: int | None, no_browser: bool, edition: str | None) -> None:
    """Serve GAME (a built-in id or a game folder) on http://127.0.0.1 as a live preview.

    Every face of every set, redrawn on each save of a catalog, template, theme, image or font;
    a face opened with its trim, bleed, safe band and element outlines traced to template lines;
    the composition rules and a deck-list box; the kit and rulebook pages. Nothing in the game's
    folder is written. The first line printed is the address; Ctrl-C stops it.
    """
    from pnp.studio.serve import run_studio

    if edition == "all":
        raise click.UsageError("the studio shows one edition: name it (see `pnp games`)")
    run_studio(game, port, open_browser=not no_browser, echo=lambda line: click.echo(line),
               edition=edition)  # fmt: skip
