"""A game folder's catalog files: `game.yaml` and one YAML file per set, all inside the folder.

Which files are the catalog is decided here, once: `game.yaml` (or `game.yml`) and every other
`*.yaml` / `*.yml` file beside it, in name order; hidden files (an editor's `.#cards.yaml` lock,
say) are not. Each is read as a regular file inside the folder, links resolved, so a link to a
file elsewhere is refused rather than read (see pnp.io.files).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.catalog.yamlsource import load_yaml
from pnp.errors import InputError
from pnp.io.files import real_path
from pnp.io.inputs import CATALOG_SUFFIXES
from pnp.limits import CATALOG_BYTES, GAME_FILES, MB

SUFFIXES = CATALOG_SUFFIXES
GAME_FILE_NAMES = tuple(f"game{suffix}" for suffix in SUFFIXES)


def catalog_files(folder: Path) -> tuple[Path, list[Path]]:
    """(game file, set files in name order) of a game folder; InputError when it is not one."""
    if not real_path(folder).is_dir():
        raise InputError("not a game folder (expected a folder with game.yaml)", file=folder)
    try:
        names = _names(folder)
    except OSError as exc:
        raise InputError(f"cannot list the game folder: {exc.strerror}", file=folder) from None
    games = [folder / n for n in GAME_FILE_NAMES if n in names]
    if not games:
        raise InputError("missing game.yaml: a game folder needs one", file=folder)
    if len(games) > 1:
        raise InputError("both game.yaml and game.yml: keep one", file=folder)
    sets = [
        folder / n
        for n in sorted(names)
        if n.endswith(SUFFIXES) and not n.startswith(".") and n not in GAME_FILE_NAMES
    ]
    total = sum(_size(path) for path in (games[0], *sets))
    if total > CATALOG_BYTES:
        raise InputError(
            f"the catalog files hold {total / MB:.1f} MB together (at most "
            f"{CATALOG_BYTES / MB:g} MB): is this the right folder?",
            file=folder,
        )
    return games[0], sets


def _size(path: Path) -> int:
    """Bytes of a regular file (links followed); anything else is refused when it is read."""
    try:
        return path.stat().st_size if path.is_file() else 0
    except (OSError, ValueError):
        return 0


def load_catalog_file(path: Path, folder: Path) -> Any:
    """One catalog file parsed, read only if it lies inside the game's folder."""
    return load_yaml(path, roots=[folder], what="catalog file")


def _names(folder: Path) -> set[str]:
    names: set[str] = set()
    for entry in folder.iterdir():
        if entry.name.endswith(SUFFIXES):
            names.add(entry.name)
            if len(names) > GAME_FILES:
                raise InputError(
                    f"more than {GAME_FILES} YAML files: is this the right folder?", file=folder
                )
    return names
