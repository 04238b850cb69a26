"""Commands that read a game: `games`, `inventory` and `validate`."""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

import click

from pnp.cli.common import EXIT_CODES, EXIT_OK, EXIT_RULES, edition_option, reports_errors


@click.command(epilog=EXIT_CODES)
@reports_errors
def games() -> None:
    """List the built-in games, one per line: id, title, players and play time; under a game
    with editions, each edition (id, description), the default marked."""
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
        for line in edition_lines(game):
            click.echo(f"  {line}")


def edition_lines(game: Any) -> list[str]:
    """A game's editions, one line each: `edition ID (default): description`."""
    return [
        f"edition {e.id}{' (default)' if e.default else ''}: {e.description}" for e in game.editions
    ]


@click.command(epilog=EXIT_CODES)
@click.argument("game", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (components and tables).")
@click.option(
    "--csv", "as_csv", is_flag=True, help="Print one set as CSV, to edit in a spreadsheet."
)
@click.option(
    "--set", "set_id", metavar="SET", help="The set --csv prints (when GAME has several)."
)
@click.option(
    "--decklist", "as_decklist", is_flag=True,
    help="Print the catalog's decks as a deck list (every card and its count), for "
    "`pnp validate --game GAME FILE`.",
)  # fmt: skip
@edition_option
@reports_errors
def inventory(
    game: str,
    as_json: bool,
    as_csv: bool,
    set_id: str | None,
    as_decklist: bool,
    edition: str | None,
) -> None:
    """List every component of GAME (a built-in id or a game folder) with its count.

    With --csv, one set's components as a spreadsheet reads them: save the output beside the
    set file as `<set-id>.csv` (and drop its `components:` list) to keep the set in a sheet.
    """
    from pnp.catalog.games import resolve_game
    from pnp.catalog.inventory import (
        inventory_csv,
        inventory_data,
        inventory_decklist,
        inventory_text,
    )

    if as_json + as_csv + as_decklist > 1:
        raise click.UsageError("choose one of --json, --csv and --decklist")
    if set_id and not as_csv:
        raise click.UsageError("--set goes with --csv")
    if edition == "all":
        raise click.UsageError("inventory lists one edition: name it (see `pnp games`)")
    loaded = resolve_game(game, edition)
    if as_csv:
        text, warnings = inventory_csv(loaded, set_id)
        click.echo(text, nl=False)
        for warning in warnings:
            click.echo(f"warning: {warning}", err=True)
    elif as_json:
        click.echo(json.dumps(inventory_data(loaded), ensure_ascii=False, indent=2))
    elif as_decklist:
        click.echo(inventory_decklist(loaded), nl=False)
    else:
        click.echo(inventory_text(loaded))
        if loaded.editions:
            shown = loaded.edition.id if loaded.edition else ""
            click.echo(f"\nEditions (this list: {shown}; others: --edition ID):")
            for line in edition_lines(loaded):
                click.echo(f"  {line}")


@click.command(epilog=EXIT_CODES)
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
@edition_option
@reports_errors
def validate(
    target: str | None,
    decklist: Path | None,
    all_games: bool,
    game_ref: str | None,
    as_json: bool,
    verbose: bool,
    edition: str | None,
) -> None:
    """Check catalogs (schema and composition rules) or a deck list.

    \b
      pnp validate --all                 every built-in game's catalog
      pnp validate GAME|DIR              one game (built-in id or a game folder)
      pnp validate --game GAME FILE      a deck list (.txt or .yaml) against GAME's rules

    A catalog is checked in every edition it has (--edition ID: that one); a deck list
    against the game's default edition (--edition ID: another).

    On a deck list, rules about decks it does not hold are summed up in one SKIP line
    (--verbose lists them). A game's every face is also drawn from its templates (nothing is
    written), so a template that cannot render is found here rather than in a build.
    """
    from pnp.catalog.games import ALL_EDITIONS, builtin_ids, resolve_game
    from pnp.rules.report import validate_decklist

    faces: list[str] = []
    if game_ref:
        deck_file = decklist or (Path(target) if target else None)
        if deck_file is None or (decklist is not None and target is not None):
            raise click.UsageError("give exactly one deck list FILE with --game GAME")
        if edition == ALL_EDITIONS:
            raise click.UsageError("a deck list is checked against one edition: name it")
        reports = [validate_decklist(resolve_game(game_ref, edition), deck_file)]
    elif all_games or (target and not decklist):
        if all_games and (target or decklist):
            raise click.UsageError("--all takes no GAME")
        reports, faces = _check_catalogs(builtin_ids() if all_games else [str(target)], edition)
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


def _check_catalogs(refs: list[str], edition: str | None) -> tuple[list[Any], list[str]]:
    """Each game's catalog checked in every edition (or `edition`), every face drawn."""
    from pnp.catalog.games import ALL_EDITIONS, resolve_editions
    from pnp.pipeline import draw_every_face
    from pnp.rules.report import validate_game

    loaded = [game for g in refs for game in resolve_editions(g, edition or ALL_EDITIONS)]
    reports = [validate_game(game) for game in loaded]
    return reports, [_faces_line(game, draw_every_face(game)) for game in loaded]


def _faces_line(game: Any, drawn: int | None) -> str:
    if drawn is None:
        return f"{game.id}: faces not drawn (no templates folder {game.templates_dir})"
    name = f"{game.id} ({game.edition.id} edition)" if game.edition is not None else game.id
    return f"{name}: {drawn} faces drawn from their templates"
