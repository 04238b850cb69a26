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
from contextlib import suppress
from importlib import resources
from pathlib import Path

from pnp.catalog.fields import WINDOWS_DEVICES
from pnp.catalog.model import NAMED_SIZES
from pnp.errors import BuildError, InputError, UnknownNameError
from pnp.io.commit import commit_moves, deliver, interrupts_held
from pnp.io.outputs import why
from pnp.io.staging import missing_parents
from pnp.limits import ID_CHARS
from pnp.names import closest, quote, shorten

SIZES = tuple(NAMED_SIZES)
DEFAULT_SIZE = "poker"


def scaffold_dir() -> Path:
    """The folder holding the new game's files."""
    return Path(str(resources.files("pnp.catalog") / "_scaffold"))


def new_game(folder: Path, size: str = DEFAULT_SIZE) -> list[Path]:
    """Write a new game into `folder` (absent or empty); the files written, in order. A folder
    that cannot be made (a read-only disk, a file on the way, a name too long) is a BuildError;
    nothing is left behind, not even the parent folders made for it."""
    if size not in NAMED_SIZES:
        raise UnknownNameError(f"unknown card size {quote(size)} (sizes: {', '.join(SIZES)})",
                               suggestions=closest(size, SIZES))  # fmt: skip
    folder = Path(folder)
    shown = shorten(str(folder))
    try:
        exists = _usable(folder, shown)
        game_id = game_id_for(folder)
        if game_id in WINDOWS_DEVICES:
            raise InputError(f"the game's id would be {game_id!r}, a name Windows keeps for a "
                             "device: choose another folder name", file=shown)  # fmt: skip
        words = {"__GAME_ID__": game_id, "__GAME_TITLE__": title_for(game_id), "__SIZE__": size}
        made = [] if exists else missing_parents(folder.parent)
        try:
            return _write(folder, exists, made, words)
        except BaseException:
            for parent in made:  # innermost first, each only if still empty
                with suppress(OSError):
                    parent.rmdir()
            raise
    except OSError as exc:
        raise BuildError(f"cannot create the game here: {why(exc)}", file=shown) from None


def _usable(folder: Path, shown: str) -> bool:
    """True for an empty folder, False for none; InputError for anything else (a file, a link,
    a folder holding anything)."""
    if os.path.islink(folder):  # what it leads to first: "not empty" says what is at stake
        full = folder.is_dir() and any(folder.iterdir())
        state = ", a folder that is not empty" if full else ""
        raise InputError(f"is a link (to {os.readlink(folder)}{state}): pnp new writes only "
                         "into a new or empty folder of its own name", file=shown)  # fmt: skip
    if os.path.lexists(folder) and not folder.is_dir():
        raise InputError("exists and is not a folder: choose a new folder name", file=shown)
    if folder.is_dir() and any(folder.iterdir()):
        raise InputError("the folder is not empty: pnp new writes only into a new or empty "
                         "folder, so nothing of yours is overwritten", file=shown)  # fmt: skip
    return folder.is_dir()


def _write(folder: Path, exists: bool, made: list[Path], words: dict[str, str]) -> list[Path]:
    """The files written aside and moved into place whole: one rename of a new folder, or each
    file into an empty one with Ctrl-C held (pnp.io.commit), so a failure leaves nothing."""
    for parent in reversed(made):
        parent.mkdir()
    staging = Path(tempfile.mkdtemp(prefix=".pnp-new-", dir=folder if exists else folder.parent))
    try:
        written = _copy(scaffold_dir(), staging, words)
        written = sorted([*written, _decklist(staging)])
        if exists:
            real = Path(os.path.realpath(folder))
            moves = [(entry, real / entry.name) for entry in sorted(staging.iterdir())]
            commit_moves(moves, real, staging / ".replaced", then=lambda: _remove(staging))
        else:
            with interrupts_held() as held:
                os.replace(staging, folder)
            deliver(held)
    except BaseException:
        _remove(staging)
        raise
    return [folder / path.relative_to(staging) for path in written]


DECKLIST_NOTE = """\
# A deck list to check against the rules in game.yaml:
#   pnp validate --game . decklist.txt
# Made from the sample cards by `pnp new`. After you change the cards, write one from yours:
#   pnp inventory . --decklist > decklist.txt
# then take out or change lines: a count, then a card's id (or its name).
"""


def _decklist(staging: Path) -> Path:
    """decklist.txt made from the new game's own cards, so the two agree."""
    from pnp.catalog.inventory import inventory_decklist
    from pnp.catalog.load import load_game

    path = staging / "decklist.txt"
    path.write_text(DECKLIST_NOTE + inventory_decklist(load_game(staging)), encoding="utf-8")
    return path


def _remove(staging: Path) -> None:
    shutil.rmtree(staging, ignore_errors=True)


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
