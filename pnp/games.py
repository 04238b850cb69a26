"""Where games live: the built-in ones under card_data/, or a user's own folder."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.catalog import Game, load_game
from pnp.errors import InputError, UnknownNameError
from pnp.names import closest


def project_root() -> Path:
    """The folder holding card_data/, templates/ and fonts/ (PNP_HOME overrides)."""
    env = os.environ.get("PNP_HOME")
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parent.parent


def card_data_dir() -> Path:
    return project_root() / "card_data"


def templates_root() -> Path:
    return project_root() / "templates"


def builtin_ids() -> list[str]:
    """Ids of the built-in games, sorted."""
    root = card_data_dir()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "game.yaml").is_file())


def resolve_game(ref: str) -> Game:
    """Load a game named by built-in id or by a path to a game folder."""
    path = Path(ref)
    if ref in builtin_ids():
        return load_game(card_data_dir() / ref, templates_root() / ref)
    if path.is_dir():
        return load_game(path, path / "templates")
    if path.suffix in (".yaml", ".yml") or os.sep in ref:
        raise InputError("not a game folder (expected a folder with game.yaml)", file=ref)
    raise UnknownNameError(
        f"unknown game {ref!r} (built-in: {', '.join(builtin_ids())})",
        suggestions=closest(ref, builtin_ids()),
    )


def load_builtin_games() -> list[Game]:
    return [resolve_game(game_id) for game_id in builtin_ids()]
