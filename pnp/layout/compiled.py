"""Compiled templates kept for every environment of the process and, when the user's cache
folder allows, for later processes too.

Compiling a template costs ~10 ms and the built-in games have about 80, so every build spent
most of a second on it. Jinja checks a compiled template against its source's checksum, so an
edited file is compiled again; the folder's name also holds a hash of the code that compiles
templates (the sandbox's guards), of Jinja's version and of Python's, so a change in any of
them starts a new folder instead of running code compiled by the old one.

The folder is `$PNP_CACHE` (empty: memory only), else `$XDG_CACHE_HOME/pnp` or `~/.cache/pnp`.
It is used only when it is a real folder of this user that nobody else may write to; any
failure to read or write it falls back to compiling, never to an error.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
import tempfile
from pathlib import Path

import jinja2
from jinja2.bccache import Bucket, BytecodeCache

_GUARDS = ("sandbox.py", "guard.py", "budget.py", "compiled.py")  # what compiles templates
_LARGEST = 8 << 20  # bytes of one compiled template read back; more is not ours


class CompiledTemplates(BytecodeCache):
    """Compiled templates by Jinja's key: in memory, and in `folder` when there is one."""

    def __init__(self, folder: Path | None) -> None:
        self.codes: dict[str, bytes] = {}
        self.folder = folder

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.codes.get(bucket.key)
        if code is None and self.folder is not None:
            code = self._read(self.folder / f"{bucket.key}.jbc")
        if code is not None:
            bucket.bytecode_from_string(code)  # Jinja drops it if the source changed

    def dump_bytecode(self, bucket: Bucket) -> None:
        code = bucket.bytecode_to_string()
        self.codes[bucket.key] = code
        if self.folder is not None:
            try:
                _write(self.folder / f"{bucket.key}.jbc", code)
            except OSError:
                self.folder = None  # full, gone or read-only: this process compiles

    @staticmethod
    def _read(path: Path) -> bytes | None:
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
        with os.fdopen(fd, "rb") as f:
            try:
                return f.read(_LARGEST)
            except OSError:
                return None


def _write(path: Path, code: bytes) -> None:
    """Write through a temporary file and one rename: a reader never sees half a file."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(code)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def cache_folder() -> Path | None:
    """This version's folder of compiled templates, made if need be; None when there is none
    that is safe to use."""
    given = os.environ.get("PNP_CACHE")
    if given is not None:
        if not given:
            return None
        base = Path(given)
    else:
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = Path(home) / "pnp"
    try:
        folder = base / f"templates-{_version()}"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except (OSError, RuntimeError):  # RuntimeError: no home folder to expand `~` in
        return None
    own = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    private = not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    return folder if stat.S_ISDIR(info.st_mode) and own and private else None


def _version() -> str:
    digest = hashlib.sha256(f"{jinja2.__version__} {sys.version}".encode())
    here = Path(__file__).parent
    for name in _GUARDS:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:16]
