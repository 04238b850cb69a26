"""A build is whole or absent: its files are written aside and moved into place together.

Every file of a build is written into a hidden staging folder inside the output folder
(`output/.pnp-build-PID/GAME/...`), on the same disk as its destination. Only when every file of
every game is complete are they moved into place, each with one rename; a failure, Ctrl-C or a
second file claiming the same name leaves the output folder as it was, without even an empty
`output/GAME/`. A staging folder (or a PDF's temporary file) that a killed build left behind is
removed by the next build that finds it, once the process that made it is gone.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import time
from pathlib import Path
from types import TracebackType

from pnp.errors import BuildError

PREFIX = ".pnp-build-"
_STALE_SECONDS = 24 * 3600  # where we cannot tell whether a process lives: after a day
_TEMP = re.compile(r"\..+\.pdf\.(\d+)\.tmp")  # pnp.export.pdf's `.NAME.pdf.PID.tmp`
_numbers = itertools.count()


class Staging:
    """The files of one build, written under `base` (the output folder) and committed at once."""

    def __init__(self, base: Path) -> None:
        self.base = Path(base)
        self._made = _missing_parents(self.base)  # folders to remove again if nothing is kept
        try:
            self.base.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BuildError(
                f"cannot create the output folder: {exc.strerror}", file=base
            ) from None
        remove_stale(self.base)
        self.root = self.base / f"{PREFIX}{os.getpid()}-{next(_numbers)}"
        shutil.rmtree(self.root, ignore_errors=True)  # a dead build's, with our reused pid
        self.root.mkdir()
        self._finals: dict[Path, Path] = {}  # staged path -> final path

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

    def folder(self, final: Path) -> Path:
        """The staging counterpart of the folder `final` (under `base`), created."""
        staged = self.root / Path(final).relative_to(self.base)
        staged.mkdir(parents=True, exist_ok=True)
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
        for final in self._finals.values():
            if final.is_dir() or final.parent.exists() and not final.parent.is_dir():
                raise BuildError("a folder or file is in the way; nothing was written", file=final)
        moved = []
        try:
            for staged, final in self._finals.items():
                final.parent.mkdir(parents=True, exist_ok=True)
                os.replace(staged, final)
                moved.append(final)
        except OSError as exc:
            raise BuildError(f"cannot move the finished file into place: {exc.strerror}",
                             file=final) from None  # fmt: skip
        finally:
            self.discard(keep_base=True)
        return moved

    def discard(self, keep_base: bool = False) -> None:
        """Remove the staging folder, and the output folders this build created if empty."""
        shutil.rmtree(self.root, ignore_errors=True)
        if not keep_base:
            for folder in self._made:
                try:
                    folder.rmdir()  # only when empty
                except OSError:
                    break


def remove_stale(folder: Path) -> None:
    """Remove staging folders and PDF temporary files left in `folder` by builds that died."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        pid = _pid_of(entry.name)
        if pid is None or not _stale(entry, pid):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


def _pid_of(name: str) -> int | None:
    """The process id in `.pnp-build-PID-N` or a temporary PDF's `.NAME.pdf.PID.tmp`."""
    temp = _TEMP.fullmatch(name)
    digits = temp.group(1) if temp else name.removeprefix(PREFIX).partition("-")[0]
    if not temp and not name.startswith(PREFIX):
        return None
    return int(digits) if digits.isdigit() else None


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


def _missing_parents(folder: Path) -> list[Path]:
    """`folder` and its parents that do not exist yet, innermost first."""
    missing = []
    for path in (folder, *folder.parents):
        if path.exists():
            break
        missing.append(path)
    return missing
