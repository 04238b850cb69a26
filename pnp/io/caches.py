"""pnp's private cache folder, and the compiled dataclass methods kept in it.

The folder is `$PNP_CACHE` (empty: no folder, memory only), else `$XDG_CACHE_HOME/pnp` or
`~/.cache/pnp`. A subfolder is used only when it is a real folder of this user that nobody
else may write to (what is read back from it is code); any failure to read or write it falls
back to doing the work again, never to an error.

Dataclasses write their methods (`__init__`, `__eq__`, `__hash__`, ...) as Python source and
compile it as each class is made: ~0.7 ms a class, ~45 ms for the 62 classes a build imports,
a quarter of its start-up. `keep_dataclass_code` keeps the code compiled from each source text
in the folder, so later processes run it without compiling: the same text gives the same code,
so the classes are the same.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import dataclasses
import marshal
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

_LARGEST = 8 << 20  # bytes of a cache file read back; more is not ours
_MOST_CODES = 4000  # source texts kept; past that, only those of the last process


def private_folder(name: str) -> Path | None:
    """`name` in the cache folder, made if need be; None when there is none safe to use."""
    given = os.environ.get("PNP_CACHE")
    if given is not None:
        if not given:
            return None
        base = Path(given)
    else:
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = Path(home) / "pnp"
    try:
        folder = base / name
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except (OSError, RuntimeError):  # RuntimeError: no home folder to expand `~` in
        return None
    own = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    private = not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    return folder if stat.S_ISDIR(info.st_mode) and own and private else None


def read_private(path: Path) -> bytes | None:
    """A cache file's bytes (not through a link); None when it cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        try:
            return f.read(_LARGEST)
        except OSError:
            return None


def write_private(path: Path, data: bytes) -> None:
    """Write through a temporary file and one rename: a reader never sees half a file."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


class DataclassCode:
    """What `dataclasses` calls as `exec`: source text compiled once, kept by its text."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.codes: dict[str, Any] = {}
        self.compiled = 0  # source texts compiled by this process
        self.used: set[str] = set()
        data = read_private(path) if path is not None else None
        try:
            loaded = marshal.loads(data) if data else {}
        except (EOFError, ValueError, TypeError):  # damaged, or another Python's: start again
            loaded = {}
        if type(loaded) is dict:
            self.codes = loaded

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:  # noqa: A002
        if type(source) is str:
            self.used.add(source)
            code = self.codes.get(source)
            if code is None:
                # no inherited __future__ flags: compiled as dataclasses' own exec compiles it
                code = self.codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
                self.compiled += 1
            source = code
        builtins.exec(source, globals, locals)

    def save(self) -> None:
        """Keep this process's new code for the next (at exit)."""
        if self.compiled and self.path is not None:
            # full, gone or read-only: the next process compiles again
            codes = self.codes
            if len(codes) > _MOST_CODES:  # other programs' classes too: keep this one's
                codes = {text: code for text, code in codes.items() if text in self.used}
            with contextlib.suppress(OSError, ValueError):
                write_private(self.path, marshal.dumps(codes))


KEPT: DataclassCode | None = None  # what keep_dataclass_code installed


def keep_dataclass_code() -> DataclassCode | None:
    """Make `dataclasses` take compiled code from the cache folder (and add to it)."""
    global KEPT
    folder = private_folder("dataclasses")
    if folder is None or KEPT is not None:
        return KEPT
    # code objects are Python's own: one file per Python release
    codes = DataclassCode(folder / f"{sys.implementation.cache_tag}-{sys.hexversion:x}.marshal")
    # dataclasses calls `exec` by name, and a module's own names come before the builtins
    dataclasses.exec = codes.exec  # type: ignore[attr-defined]
    atexit.register(codes.save)
    KEPT = codes
    return codes
