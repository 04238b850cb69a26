"""The game's composition rules with their verdicts, and a pasted deck list's, as page data."""

from __future__ import annotations

from typing import Any

from pnp.catalog.model import Game
from pnp.errors import PnpError
from pnp.limits import OUTPUT_CHARS
from pnp.names import printable
from pnp.rules.report import Report, validate_decklist_text, validate_game

DECKLIST_NAME = "deck list"  # what messages call the pasted text (`deck list:3: ...`)


def catalog_checks(game: Game) -> dict[str, Any]:
    """Every rule's verdict on the catalog, as `pnp validate GAME` gives them."""
    try:
        return _report(validate_game(game))
    except PnpError as exc:
        return {"error": printable(exc.format())}


def decklist_checks(game: Game, text: str) -> dict[str, Any]:
    """Every rule's verdict on a pasted deck list, as `pnp validate --game GAME FILE` gives
    them (text or YAML), or the message a malformed list gets."""
    if len(text) > OUTPUT_CHARS:
        return {"error": f"{DECKLIST_NAME}: longer than {OUTPUT_CHARS:,} characters"}
    try:
        return _report(validate_decklist_text(game, text, DECKLIST_NAME))
    except PnpError as exc:
        return {"error": printable(exc.format())}


def _report(report: Report) -> dict[str, Any]:
    data = report.as_dict()
    data["text"] = printable(report.render(verbose=True))
    data["ok"] = report.ok
    return data
