"""Rulebooks a build wrote before, kept in pnp's cache folder: a book whose inputs did not
change is not laid out again.

A rulebook is a pure function of its game's files (catalog, templates, theme, images, fonts),
the build's options, SOURCE_DATE_EPOCH, and pnp and the libraries it runs on: the faces its
figures draw and the print plan it describes are worked out from the same. So each book is
kept in one file of the cache folder (pnp.io.caches) under a digest of all of that: the text of
every input file (the size and time of one over `WHOLE` bytes, a font or a large picture), the
text of every file of the pnp package, the libraries' versions, the options but the output
folder, and the book's file name. A rebuild that finds every book of a game kept writes them
as they were and neither imposes the products the books describe nor lays a page out; any
edit of an input, of pnp or of an option lays the game's books out again.

Nothing a user sees changes: the bytes are those the layout wrote, and what it logged
(warnings) is kept with them and said again. A file that cannot be read, is damaged or is
someone else's counts as missing; one that cannot be written leaves the next build to lay out.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from dataclasses import replace
from importlib import metadata
from pathlib import Path

from pnp.catalog.model import Game
from pnp.export.pdf import write_bytes
from pnp.io.caches import private_folder, read_private, write_private
from pnp.io.inputs import is_input_name
from pnp.memo import Memo
from pnp.pipeline.options import BuildOptions, output_base
from pnp.pipeline.workers import Event, recorded, replay
from pnp.resources import fonts_dir, templates_dir

WHOLE = 1 << 20  # bytes of an input file read for the key; a larger one counts by size and time
MOST = 128  # books kept; past that, the ones written longest ago go
_PACKAGE = Path(__file__).resolve().parent.parent
# the libraries whose code shapes a book's bytes
_LIBRARIES = ("reportlab", "jinja2", "markdown-it-py", "pypdf", "pillow", "budoux", "pyyaml")
_CODE: Memo[str, str] = Memo(1)

Kept = tuple[str, bytes, list[Event]]  # (key, the PDF, what its layout logged)


class BookStore:
    """The rulebooks of one game's build, kept between builds."""

    def __init__(self, game: Game, options: BuildOptions) -> None:
        self.folder = private_folder("books")
        self.key = ""
        if self.folder is not None:
            self.key = _digest(repr((_CODE.get_or_make("code", _code_digest),
                                     _inputs(game, options), str(game.root), game.file_stem,
                                     repr(replace(options, out_dir=None)),
                                     os.environ.get("SOURCE_DATE_EPOCH", ""))))  # fmt: skip

    def kept(self, names: list[str]) -> list[tuple[bytes, list[Event]]] | None:
        """The books of these file names as kept, each with what its layout logged; None
        unless every one is."""
        if self.folder is None or not names:
            return None
        out = []
        for name in names:
            key = self._key(name)
            found = _read(self.folder / f"{key[:32]}.pickle", key)
            if found is None:
                return None
            out.append(found)
        return out

    def write_kept(self, folder: Path, books: list[tuple[str, tuple[bytes, list[Event]]]]
                   ) -> list[Path]:  # fmt: skip
        """Write kept `books` (file name, (PDF, what its layout logged)) into `folder`, and
        say again what their layout logged; their paths."""
        written = []
        for name, (pdf, events) in books:
            replay(events)
            written.append(write_bytes(folder / name, pdf))
        return written

    def keeping(self, write: Callable[[], list[Path]]) -> list[Path]:
        """`write()` (which writes books and returns their paths), each book kept with what
        was logged while they were laid out."""
        paths, events = recorded(lambda _: write())
        if self.folder is None:
            return paths
        for path in paths:
            key = self._key(path.name)
            try:
                data = pickle.dumps((key, path.read_bytes(), events), pickle.HIGHEST_PROTOCOL)
                write_private(self.folder / f"{key[:32]}.pickle", data)
            except OSError:  # full, gone or read-only: the next build lays out again
                return paths
        _prune(self.folder)
        return paths

    def _key(self, name: str) -> str:
        return _digest(repr((self.key, name)))


def _read(path: Path, key: str) -> tuple[bytes, list[Event]] | None:
    data = read_private(path)
    if not data:
        return None
    try:
        kept_key, pdf, events = pickle.loads(data)
    except Exception:  # noqa: BLE001 - damaged, truncated or another Python's: lay out again
        return None
    if kept_key != key or not isinstance(pdf, bytes) or not isinstance(events, list):
        return None
    return pdf, events


def _inputs(game: Game, options: BuildOptions) -> list[tuple[str, object]]:
    """Every input file a book of `game` may read (outside the output folder), by its text,
    or a large one by size and time."""
    roots = [game.root, game.templates_dir, templates_dir() / "_common", fonts_dir()]
    out_folder = os.path.realpath(output_base(options))
    found: list[tuple[str, object]] = []
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if os.path.realpath(os.path.join(folder, d))
                             != out_folder)  # fmt: skip
            for name in sorted(files):
                path = os.path.join(folder, name)
                if is_input_name(name):
                    found.append((path, _file(path)))
    return found


def _file(path: str) -> object:
    """A file's digest, or its size and time when large; None when it cannot be read."""
    try:
        st = os.stat(path)
        if st.st_size > WHOLE:
            return (st.st_size, st.st_mtime_ns)
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


def _code_digest() -> str:
    """Every file of the pnp package by its text (code, word lists, colour profiles), and the
    versions of Python and the libraries that make a book."""
    versions = []
    for name in _LIBRARIES:
        try:
            versions.append(metadata.version(name))
        except metadata.PackageNotFoundError:
            versions.append("")
    sha = hashlib.sha256(repr((sys.version, versions)).encode())
    for path in sorted(_PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            sha.update(path.relative_to(_PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


def _prune(folder: Path) -> None:
    """Keep the `MOST` books written last: every edit of a game makes new ones."""
    files = list(folder.glob("*.pickle"))
    if len(files) > MOST:
        files.sort(key=lambda p: p.stat().st_mtime_ns)
        for old in files[: len(files) - MOST]:
            old.unlink(missing_ok=True)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
