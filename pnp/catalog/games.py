"""Where games live: the built-in ones under card_data/, or a user's own folder."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.catalog.load import load_game
from pnp.catalog.model import Game
from pnp.errors import InputError, UnknownNameError
from pnp.names import closest, quote, shorten
from pnp.resources import card_data_dir, templates_dir


def builtin_ids() -> list[str]:
    """Ids of the built-in games, sorted."""
    root = card_data_dir()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "game.yaml").is_file())


ALL_EDITIONS = "all"  # `--edition all`: every edition a game declares


def resolve_game(ref: str, edition: str | None = None) -> Game:
    """Load a game named by built-in id or by a path to a game folder, in `edition` (its
    default edition when None)."""
    path = Path(ref)
    if ref in builtin_ids():
        return load_game(card_data_dir() / ref, templates_dir() / ref, edition)
    if _is_dir(path):
        return load_game(path, path / "templates", edition)
    if path.suffix in (".yaml", ".yml") or os.sep in ref:
        raise InputError("not a game folder (expected a folder with game.yaml)", file=ref)
    raise UnknownNameError(
        f"unknown game {quote(ref)} (built-in: {', '.join(builtin_ids())})",
        suggestions=closest(ref, builtin_ids()),
    )


def _is_dir(path: Path) -> bool:
    """Whether `path` is a folder; InputError when the name cannot be one (too long, say)."""
    try:
        return path.is_dir()
    except OSError as exc:
        raise InputError(f"not a game folder: {exc.strerror}", file=shorten(str(path))) from None


def resolve_editions(ref: str, edition: str | None = None) -> list[Game]:
    """The game in `edition`; with `all`, once per edition it declares (once when none)."""
    if edition != ALL_EDITIONS:
        return [resolve_game(ref, edition)]
    game = resolve_game(ref)
    return [game] + [resolve_game(ref, e.id) for e in game.editions if not e.default]


def load_builtin_games() -> list[Game]:
    return [resolve_game(game_id) for game_id in builtin_ids()]
