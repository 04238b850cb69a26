"""Writing confined like reading: only into real folders inside the output folder.

pnp resolves the output folder once (`./output`, or `--out`), and from there never goes through a
link: a link found inside the output folder (`output/my-game -> /elsewhere`), or a file where a
folder should be, is refused with a message naming it, before anything is drawn and again just
before the files move into place. A game folder that ships a link in its own output path
(`cd my-game && pnp build .` with `my-game/output -> /elsewhere`) is refused too: the link came
with the game, not from the user.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from pnp.errors import BuildError
from pnp.names import shorten

_HINT = "pnp writes only into real folders inside the output folder: remove the link, or choose "
_HINT += "another folder with --out"


def refuse_game_links(base: Path, games: Iterable[Path]) -> None:
    """BuildError when a link on the way to the output folder `base` lies inside one of the
    game folders `games` (the game shipped it)."""
    roots = [Path(os.path.realpath(game)) for game in games]
    path = Path(os.path.abspath(base))
    for step in (path, *path.parents):
        if not step.is_symlink():
            continue
        holder = Path(os.path.realpath(step.parent))
        if any(holder.is_relative_to(root) for root in roots):
            raise BuildError(f"the output folder goes through a link the game's folder holds "
                             f"(to {_target(step)})", file=step, hint=_HINT)  # fmt: skip


def check_way(base: Path, final: Path, *, folder: bool = False) -> None:
    """BuildError unless every existing step from the real folder `base` to `final` is a real
    folder (not a link), and `final`, if it exists, is a file (a folder, when `folder`)."""
    path = base
    steps = final.relative_to(base).parts
    for number, part in enumerate(steps):
        path = path / part
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise BuildError(f"cannot write here: {exc.strerror}", file=path) from None
        last = number == len(steps) - 1
        if stat.S_ISLNK(info.st_mode):
            raise BuildError(f"a link is in the way (to {_target(path)}); nothing was written",
                             file=path, hint=_HINT)  # fmt: skip
        wanted_dir = folder or not last
        if stat.S_ISDIR(info.st_mode) != wanted_dir:
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "a file"
            raise BuildError(f"{what} is in the way; nothing was written", file=path)


def make_way(base: Path, folder: Path) -> list[Path]:
    """Make the missing folders from the real folder `base` down to `folder`, each checked to be
    a real folder once it is there; returns those made, outermost first."""
    made = []
    path = base
    for part in folder.relative_to(base).parts:
        path = path / part
        try:
            os.mkdir(path)
            made.append(path)
        except FileExistsError:
            pass
        if not stat.S_ISDIR(os.lstat(path).st_mode):  # a link or a file came in the way
            raise NotADirectoryError(20, "not a real folder", str(path))
    return made


def why(exc: OSError) -> str:
    """Why a file-system call failed, in a user's words."""
    if exc.errno in (errno.ENOTDIR, errno.EEXIST) and exc.filename:
        path = Path(os.fsdecode(exc.filename))
        for step in (path, *path.parents):
            if os.path.isfile(step):
                return f"{shorten(str(step))} is a file, not a folder"
    if exc.errno == errno.ENAMETOOLONG:
        return "a name in the path is longer than the file system allows (255 bytes)"
    return exc.strerror or str(exc)


def _target(link: Path) -> str:
    try:
        return os.readlink(link)
    except OSError:
        return "?"
