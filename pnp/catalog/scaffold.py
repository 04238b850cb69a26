"""`pnp new`: a new game folder that builds and validates at once.

The files come from `_scaffold/` beside this module (package data, so they travel in the
wheel): a game.yaml with one composition rule, a deck whose cards are the rows of a CSV sheet,
front and back templates extending the shared macros, a theme, a rulebook template, a deck
list and a README saying what to edit next. Three words in them are filled in: the game's id,
its title and the card size.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import unicodedata
from importlib import resources
from pathlib import Path

from pnp.catalog.model import NAMED_SIZES
from pnp.errors import InputError, UnknownNameError
from pnp.limits import ID_CHARS
from pnp.names import closest, quote

SIZES = tuple(NAMED_SIZES)
DEFAULT_SIZE = "poker"


def scaffold_dir() -> Path:
    """The folder holding the new game's files."""
    return Path(str(resources.files("pnp.catalog") / "_scaffold"))


def new_game(folder: Path, size: str = DEFAULT_SIZE) -> list[Path]:
    """Write a new game into `folder` (absent or empty); the files written, in order."""
    if size not in NAMED_SIZES:
        raise UnknownNameError(f"unknown card size {quote(size)} (sizes: {', '.join(SIZES)})",
                               suggestions=closest(size, SIZES))  # fmt: skip
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise InputError("exists and is not a folder: choose a new folder name", file=folder)
    if folder.is_dir() and any(folder.iterdir()):
        raise InputError("the folder is not empty: pnp new writes only into a new or empty "
                         "folder, so nothing of yours is overwritten", file=folder)  # fmt: skip
    game_id = game_id_for(folder)
    words = {"__GAME_ID__": game_id, "__GAME_TITLE__": title_for(game_id), "__SIZE__": size}
    exists = folder.is_dir()  # and empty: `pnp new .` in a new folder, say
    if not exists:
        folder.parent.mkdir(parents=True, exist_ok=True)
    # written aside and moved into place whole, so a failure leaves no half a game behind
    staging = Path(tempfile.mkdtemp(prefix=".pnp-new-", dir=folder if exists else folder.parent))
    try:
        written = _copy(scaffold_dir(), staging, words)
        if exists:
            for entry in sorted(staging.iterdir()):
                os.replace(entry, folder / entry.name)
            staging.rmdir()
        else:
            os.replace(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [folder / path.relative_to(staging) for path in written]


def _copy(source: Path, target: Path, words: dict[str, str]) -> list[Path]:
    written = []
    for path in sorted(source.rglob("*")):
        if path.is_dir() or path.name.startswith(".") or "__pycache__" in path.parts:
            continue
        out = target / path.relative_to(source)
        out.parent.mkdir(parents=True, exist_ok=True)
        text = path.read_text(encoding="utf-8")
        for word, value in words.items():
            text = text.replace(word, value)
        out.write_text(text, encoding="utf-8")
        written.append(out)
    return written


def game_id_for(folder: Path) -> str:
    """The game's id from its folder's name: `My Game!` -> `my-game`."""
    name = folder.resolve().name
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")[:ID_CHARS].strip("-")
    return slug or "my-game"


def title_for(game_id: str) -> str:
    """`my-game` -> `My Game`."""
    return " ".join(word.capitalize() for word in game_id.split("-"))
