"""A build is whole or absent: its files are written aside and moved into place together.

Every file of a build is written into a hidden staging folder inside the output folder
(`output/.pnp-build-PID-N/GAME/...`), on the same disk as its destination. Only when every file
of every game is complete are they moved into place (pnp.io.commit): each with one rename, or,
for an export, its whole target folder with one rename, so files of an earlier export that this
one did not write are gone. A failure, Ctrl-C or a second file claiming the same name before
then leaves the output folder as it was, without even an empty `output/GAME/`; Ctrl-C during
the moves waits for the last one. Writes go only into real folders inside the output folder
(pnp.io.outputs).

A staging folder (or a PDF's temporary file) that a killed build left behind is removed by the
next build that finds it, once the process that made it is gone, and only when it is provably
pnp's: its exact name, owned by this user, not a link, and a staging folder holding pnp's mark
(a temporary PDF starting as a PDF does).
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import stat
import time
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from types import TracebackType

from pnp.errors import BuildError, Interrupted
from pnp.io.commit import Move, commit_moves
from pnp.io.outputs import check_way, refuse_game_links, why
from pnp.names import shorten

PREFIX = ".pnp-build-"
MARK, MARK_TEXT = ".pnp-staging", b"a staging folder of pnp: removed once its build has ended\n"
_STALE_SECONDS = 24 * 3600  # where we cannot tell whether a process lives: after a day
_STAGED = re.compile(re.escape(PREFIX) + r"(\d+)-\d+")  # `.pnp-build-PID-N`
_TEMP = re.compile(r"\..+\.pdf\.(\d+)\.tmp")  # pnp.export.pdf's `.NAME.pdf.PID.tmp`
_numbers = itertools.count()


class Staging:
    """The files of one build, written under `base` (the output folder) and committed at once.
    `games` are the folders of the games built: a link they hold on the way to `base` is
    refused."""

    def __init__(self, base: Path, games: Iterable[Path] = ()) -> None:
        self.base = Path(base)
        self._made: list[Path] = []  # folders to remove again if nothing is kept
        if os.path.islink(self.base) and not os.path.exists(self.base):
            raise BuildError(f"the output folder is a link to {os.readlink(self.base)}, which "
                             "does not exist", file=shorten(str(base)))  # fmt: skip
        try:
            refuse_game_links(self.base, games)
            self._made = missing_parents(self.base)
            self.base.mkdir(parents=True, exist_ok=True)
            self.real = Path(os.path.realpath(self.base))  # resolved once: no link from here on
            remove_stale(self.real)
            self.root = _new_root(self.real)
        except OSError as exc:
            self.discard()
            raise BuildError(f"cannot create the output folder: {why(exc)}",
                             file=shorten(str(base))) from None  # fmt: skip
        self._finals: dict[Path, Path] = {}  # staged path -> final path
        self._wholes: dict[Path, Path] = {}  # final folder -> its staged folder

    def __enter__(self) -> Staging:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is not None:
            self.discard()

    def _inside(self, final: Path) -> Path:
        """`final` (a path under `base`) relative to `base`."""
        return Path(final).relative_to(self.base)

    def check(self, final: Path, *, folder: bool = True) -> None:
        """BuildError when a link, or a file or folder of the wrong kind, is on the way to
        `final` (a folder, or a file when not `folder`): refused before anything is drawn."""
        check_way(self.real, self.real / self._inside(final), folder=folder)

    def folder(self, final: Path) -> Path:
        """The staging counterpart of the folder `final` (under `base`), created."""
        staged = self.root / self._inside(final)
        try:
            staged.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BuildError(f"cannot write into the output folder: {why(exc)}",
                             file=shorten(str(final))) from None  # fmt: skip
        return staged

    def whole(self, final: Path) -> Path:
        """Have the folder `final` replaced as a whole by its staged counterpart (returned):
        what the folder held before and this build does not write is gone after the commit."""
        self.check(final)
        self._wholes[Path(final)] = staged = self.folder(final)
        return staged

    def claim(self, final: Path) -> Path:
        """Where to write the file that becomes `final`; BuildError if two files claim it."""
        staged = self.folder(Path(final).parent) / Path(final).name
        return self._claim(staged, Path(final))

    def adopt(self, staged: Path) -> Path:
        """The final path of a file already written inside a staged folder (claimed now)."""
        final = self.base / Path(staged).relative_to(self.root)
        self._claim(Path(staged), final)
        return final

    def _claim(self, staged: Path, final: Path) -> Path:
        if staged in self._finals:
            raise BuildError(
                "two files of this build would have the same name; nothing was written",
                file=final,
                hint="give the deck or set a different id",
            )
        self._finals[staged] = final
        return staged

    def commit(self) -> list[Path]:
        """Move every file into place (after checking each can be); returns the final paths."""
        try:
            moves = self._moves()
            for staged, final in moves:
                check_way(self.real, final, folder=staged.is_dir())
            commit_moves(moves, self.real, self.root / ".replaced",
                         then=lambda: self.discard(keep_base=True))  # fmt: skip
        except BaseException as exc:
            if not isinstance(exc, Interrupted):  # that one came after every file moved
                self.discard()
            raise
        return list(self._finals.values())

    def _moves(self) -> list[Move]:
        """(staged, real final) of each folder replaced whole, then of each other file."""
        moves = [(staged, self.real / self._inside(f)) for f, staged in self._wholes.items()]
        for staged, final in self._finals.items():
            if not any(final.is_relative_to(folder) for folder in self._wholes):
                moves.append((staged, self.real / self._inside(final)))
        return moves

    def discard(self, keep_base: bool = False) -> None:
        """Remove the staging folder, and the output folders this build created if empty."""
        if hasattr(self, "root"):
            shutil.rmtree(self.root, ignore_errors=True)
        if not keep_base:
            for folder in self._made:  # innermost first
                with suppress(OSError):
                    folder.rmdir()  # only when empty


def check_output(base: Path, games: Iterable[Path] = ()) -> None:
    """BuildError unless pnp can write into the output folder `base` (made, and removed again
    if it was not there): what `--watch` checks before it starts."""
    Staging(base, games).discard()


def _new_root(base: Path) -> Path:
    """A new staging folder in `base`, holding pnp's mark."""
    while True:
        root = base / f"{PREFIX}{os.getpid()}-{next(_numbers)}"
        try:
            root.mkdir()
        except FileExistsError:  # a dead build's, with our reused pid: the sweep takes it later
            continue
        (root / MARK).write_bytes(MARK_TEXT)
        return root


def remove_stale(folder: Path) -> None:
    """Remove staging folders and PDF temporary files left in `folder` by builds that died,
    when their name, owner and contents prove pnp made them."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        pid = _pid_of(entry.name)
        if pid is None or not _ours(entry) or not _stale(entry, pid):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


def _pid_of(name: str) -> int | None:
    """The process id in `.pnp-build-PID-N` or a temporary PDF's `.NAME.pdf.PID.tmp`."""
    match = _STAGED.fullmatch(name) or _TEMP.fullmatch(name)
    return int(match.group(1)) if match else None


def _ours(entry: Path) -> bool:
    """Whether pnp provably made `entry`: this user's, not a link, and a folder holding pnp's
    mark or a file that starts as a PDF does."""
    try:
        info = os.lstat(entry)
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            return False
        if stat.S_ISDIR(info.st_mode):
            mark = entry / MARK
            return stat.S_ISREG(os.lstat(mark).st_mode) and mark.read_bytes() == MARK_TEXT
        if stat.S_ISREG(info.st_mode) and _TEMP.fullmatch(entry.name):
            with open(entry, "rb") as file:
                return file.read(5) == b"%PDF-"
    except OSError:
        pass
    return False


def _stale(entry: Path, pid: int) -> bool:
    if os.name == "posix" and pid != os.getpid():
        try:
            os.kill(pid, 0)  # signal 0 only asks whether the process exists
        except ProcessLookupError:
            return True
        except OSError:
            return False
        return False
    try:
        return time.time() - entry.lstat().st_mtime > _STALE_SECONDS
    except OSError:
        return False


def missing_parents(folder: Path) -> list[Path]:
    """`folder` and its parents that do not exist yet, innermost first."""
    missing = []
    for path in (folder, *folder.parents):
        if os.path.lexists(path):
            break
        missing.append(path)
    return missing
