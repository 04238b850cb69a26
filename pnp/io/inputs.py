"""Which files in a game's folder are its inputs: what a build reads and a watch follows.

Catalogs and spreadsheets, templates and the theme, rulebook text, images and fonts; not hidden
files or folders (`.git`, an editor's swap files), not Excel's lock files, and never the folders
pnp writes into, which may sit inside the game's folder (`cd my-game && pnp build .`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from pnp.errors import InputError
from pnp.limits import WATCH_FOLDERS

# The kinds of file a game is made of: every list of "what is an input", "what is a spreadsheet",
# "what the watcher follows" is derived from these (lower case, with the dot)
CATALOG_SUFFIXES = (".yaml", ".yml")  # game.yaml, set files, the theme
SHEET_SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods")  # set data in a spreadsheet
WORKBOOK_SUFFIXES = (".xlsx", ".ods")  # spreadsheets of several sheets, each named with #Name
TEMPLATE_SUFFIXES = (".j2",)
TEXT_SUFFIXES = (".md",)  # rulebook text
RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")
IMAGE_SUFFIXES = (*RASTER_SUFFIXES, ".svg")
FONT_SUFFIXES = (".ttf", ".otf")
DATA_SUFFIXES = CATALOG_SUFFIXES + SHEET_SUFFIXES  # what a catalog is read from
INPUT_SUFFIXES = DATA_SUFFIXES + TEMPLATE_SUFFIXES + TEXT_SUFFIXES + IMAGE_SUFFIXES + FONT_SUFFIXES
NO_DATE = 946684800  # 2000-01-01: the date of a game with no input files at all


def is_input_name(name: str) -> bool:
    """Whether a file of this name can be an input (its folder aside)."""
    return name.lower().endswith(INPUT_SUFFIXES) and not name.startswith((".", "~$"))


def newest_input(roots: Iterable[Path], ignore: Iterable[Path] = ()) -> int:
    """When the newest input file under `roots` last changed (whole seconds), outside the
    `ignore`d folders; NO_DATE when there is none. Links are not followed."""
    ignored = {os.path.realpath(p) for p in ignore}
    newest: float = NO_DATE
    for root in roots:
        for folder, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if _walked(folder, d, ignored)]
            for name in names:
                path = os.path.join(folder, name)
                if is_input_name(name) and not os.path.islink(path):
                    try:
                        newest = max(newest, os.stat(path).st_mtime)
                    except OSError:  # gone since the listing
                        continue
    return int(newest)


def watched_folders(roots: Iterable[str], ignored: Iterable[str] = ()) -> list[str]:
    """The real folders under `roots` (real paths) a watch registers, each on its own: not
    hidden, not ignored (the output), and never through a link, which may lead anywhere (`/`,
    `/proc`); InputError past WATCH_FOLDERS."""
    skip = set(ignored)
    found: list[str] = []
    for root in roots:
        if not os.path.isdir(root) or root in skip:
            continue
        for folder, dirs, _ in os.walk(root):  # links to folders are listed, not entered
            dirs[:] = sorted(d for d in dirs if _walked(folder, d, skip)
                             and not os.path.islink(os.path.join(folder, d)))  # fmt: skip
            found.append(folder)
            if len(found) > WATCH_FOLDERS:
                raise InputError(f"more than {WATCH_FOLDERS} folders to watch: is this the "
                                 "right folder?", file=root)  # fmt: skip
    return sorted(set(found))


def _walked(folder: str, name: str, ignored: set[str]) -> bool:
    """Whether a subfolder may hold inputs: not hidden, not one pnp writes into."""
    return not name.startswith(".") and os.path.realpath(os.path.join(folder, name)) not in ignored
