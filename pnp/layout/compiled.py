"""Compiled templates kept for every environment of the process and, when the user's cache
folder allows, for later processes too.

Compiling a template costs ~10 ms and the built-in games have about 80, so every build spent
most of a second on it. Jinja checks a compiled template against its source's checksum, so an
edited file is compiled again; the folder's name also holds a hash of the code that compiles
templates (the sandbox's guards), of Jinja's version and of Python's, so a change in any of
them starts a new folder instead of running code compiled by the old one.

The folder is a subfolder of pnp's private cache folder (pnp.io.caches: `$PNP_CACHE`, empty for
memory only); any failure to read or write it falls back to compiling, never to an error.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import jinja2
from jinja2.bccache import Bucket, BytecodeCache

from pnp.io.caches import private_folder, read_private, write_private

# what compiles templates (the filters too: Jinja runs a filter of constants as it compiles)
_GUARDS = ("sandbox.py", "filters.py", "guard.py", "operators.py", "budget.py", "compiled.py")


class CompiledTemplates(BytecodeCache):
    """Compiled templates by Jinja's key: in memory, and in `folder` when there is one."""

    def __init__(self, folder: Path | None) -> None:
        self.codes: dict[str, bytes] = {}
        self.folder = folder

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.codes.get(bucket.key)
        if code is None and self.folder is not None:
            code = read_private(self.folder / f"{bucket.key}.jbc")
        if code is not None:
            bucket.bytecode_from_string(code)  # Jinja drops it if the source changed

    def dump_bytecode(self, bucket: Bucket) -> None:
        code = bucket.bytecode_to_string()
        self.codes[bucket.key] = code
        if self.folder is not None:
            try:
                write_private(self.folder / f"{bucket.key}.jbc", code)
            except OSError:
                self.folder = None  # full, gone or read-only: this process compiles


def cache_folder() -> Path | None:
    """This version's folder of compiled templates, made if need be; None when there is none
    that is safe to use."""
    return private_folder(f"templates-{_version()}")


def _version() -> str:
    digest = hashlib.sha256(f"{jinja2.__version__} {sys.version}".encode())
    here = Path(__file__).parent
    for name in _GUARDS:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:16]
