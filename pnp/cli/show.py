"""`pnp show`: one card as a build sees it: its fields, the YAML its template wrote, its face."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import EXIT_CODES, edition_option, reports_errors


@click.command(epilog=EXIT_CODES)
@click.argument("game_ref", metavar="GAME|DIR")
@click.argument("card", metavar="CARD")
@click.option("--back", is_flag=True, help="The card's back instead of its front.")
@click.option(
    "--yaml", "yaml_only", is_flag=True,
    help="Print only the YAML the template wrote, each line numbered with the template line "
    "that wrote it.",
)  # fmt: skip
@click.option(
    "--png", "png_path", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
    help="Render the face alone (trim and 3 mm bleed, 300 dpi) to FILE.",
)  # fmt: skip
@edition_option
@reports_errors
def show(
    game_ref: str,
    card: str,
    back: bool,
    yaml_only: bool,
    png_path: Path | None,
    edition: str | None,
) -> None:
    """Show CARD (its id or name) of GAME: what its template sees, the YAML the template wrote
    (numbered by template line, to find the line that wrote a wrong one) and, with --png, the
    face rendered.

    \b
      pnp show my-game scout                 fields and the front's YAML
      pnp show my-game "Wild Card" --back --yaml
      pnp show my-game scout --png scout.png
    """
    import yaml

    from pnp.catalog.games import resolve_game
    from pnp.pipeline.show import card_fields, face_png, face_trace, numbered

    if edition == "all":
        raise click.UsageError("show one edition's card: name it (see `pnp games`)")
    game = resolve_game(game_ref, edition)
    if png_path is not None:
        width, height = face_png(game, card, png_path, back=back)
        click.echo(f"{png_path} ({width} x {height} px, 300 dpi)")
        if not yaml_only:
            return
    template, component, trace = face_trace(game, card, back=back)
    if not yaml_only:
        click.echo(f"# {component.name} ({component.id}): what the template sees as `card`")
        fields = yaml.safe_dump(card_fields(component), allow_unicode=True, sort_keys=False)
        click.echo(fields.rstrip())
        click.echo(f"# the YAML {template} wrote (output line, template:line that wrote it)")
    click.echo(numbered(trace))
