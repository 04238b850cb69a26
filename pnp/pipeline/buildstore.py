"""The files a build of a game wrote before, kept in pnp's cache folder: a game whose inputs did
not change is not drawn, imposed or laid out again.

A game's print kits and rulebooks are a pure function of its files (catalog, templates, theme,
images, fonts), the build's options, its date (SOURCE_DATE_EPOCH, else its newest input's), and
pnp and the libraries it runs on. So the files of each game's build are kept in the cache
folder (pnp.io.caches), each under a digest of all of that and its name: the text of every
input file (a font, a picture or a sheet over `WHOLE` bytes by its size and time), the text of
every file of the pnp package, the libraries' versions, the options but the output folder. A
rebuild that finds every file of a game kept writes them as they were; any edit of an input,
of pnp or of an option builds the game again (its unchanged faces from
pnp.pipeline.facestore, whose key shares `code_digest`).

Nothing a user sees changes: the bytes are those the build wrote, and what it said (progress,
the kit's page count, warnings) is kept with them and said again in the same order. A file that
cannot be read, is damaged or is someone else's counts as missing; one that cannot be written,
or is larger than `LARGEST` (a 10,000-card kit), leaves the next build to build the game again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import stat
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from pnp.catalog.model import Game
from pnp.export.pdf import write_bytes
from pnp.io.caches import private_folder, read_private, write_private
from pnp.io.inputs import is_input_name
from pnp.memo import Memo
from pnp.pipeline.options import BuildOptions, output_base
from pnp.pipeline.workers import Event, recorded, replay
from pnp.resources import fonts_dir, templates_dir

WHOLE = 64 << 10  # bytes of an input file read for the key; a larger one counts by size and time
LARGEST = 8 << 20  # bytes of one kept file (what pnp.io.caches reads back)
MOST = 256  # files kept; past that, the ones written longest ago go
_PACKAGE = Path(__file__).resolve().parent.parent
_CODE: Memo[str, str] = Memo(1)
_METADATA = (".dist-info", ".egg-info")  # an installed library's folder: name and version
_SAID = "said"  # the kept entry of what the build said, beside its files
# False: nothing kept nor taken. The key reads pnp's files, not the code running: tests that
# patch pnp in memory turn it off (tests/conftest.py).
KEEP = True

Progress = Callable[[str], None]
Build = Callable[[Progress, Progress], list[Path]]  # (progress, report) -> paths written


class BuildStore:
    """The files of one game's build, kept between builds."""

    def __init__(self, game: Game, options: BuildOptions, date: int) -> None:
        self.folder = private_folder("builds") if KEEP else None
        self.key = ""
        if self.folder is not None:
            self.key = digest(repr((code_digest(),
                                     _inputs(game, options), str(game.root), game.file_stem,
                                     repr(replace(options, out_dir=None)), date)))  # fmt: skip

    def kept(self, names: list[str]) -> tuple[list[bytes], list[Event]] | None:
        """The files of these names as kept, and what their build said; None unless every
        one is."""
        if self.folder is None or not names:
            return None
        found = [_read(self._path(n), self._key(n)) for n in [*names, _SAID]]
        if any(f is None for f in found):
            return None
        *files, said = found
        if not isinstance(said, list) or not all(isinstance(f, bytes) for f in files):
            return None
        return files, said  # type: ignore[return-value]

    def write_kept(self, folder: Path, names: list[str], kept: tuple[list[bytes], list[Event]],
                   progress: Progress | None, report: Progress | None) -> list[Path]:  # fmt: skip
        """Write the `kept` files of these names into `folder`, and say again what their
        build said; their paths."""
        files, said = kept
        replay(said, progress, report)
        return [write_bytes(folder / n, f) for n, f in zip(names, files, strict=True)]

    def keeping(
        self, folder: Path, build: Build, progress: Progress | None, report: Progress | None
    ) -> list[Path]:
        """`build(progress, report)`, which writes the game's files into `folder` and returns
        their paths; each file is kept, with what the build said (logged, progress, report)."""

        def job(said: list[Event]) -> list[Path]:
            def telling(channel: str, to: Progress | None) -> Progress:
                def tell(text: str) -> None:
                    said.append((channel, 0, text))
                    if to is not None:
                        to(text)

                return tell

            return build(telling("progress", progress), telling("report", report))

        paths, said = recorded(job, say=True)  # said now, and kept to be said again
        if self.folder is None:
            return paths
        try:
            for path in paths:
                staged = folder / path.name
                if staged.stat().st_size > LARGEST:  # not read back into memory to be dropped
                    return paths
                self._keep(path.name, staged.read_bytes())
            self._keep(_SAID, said)
        except OSError:  # full, gone or read-only: the next build builds again
            return paths
        prune(self.folder)
        return paths

    def _keep(self, name: str, value: object) -> None:
        data = pickle.dumps((self._key(name), value), pickle.HIGHEST_PROTOCOL)
        if len(data) <= LARGEST:
            write_private(self._path(name), data)

    def _key(self, name: str) -> str:
        return digest(repr((self.key, name)))

    def _path(self, name: str) -> Path:
        assert self.folder is not None
        return self.folder / f"{self._key(name)[:32]}.pickle"


def _read(path: Path, key: str) -> object:
    """The value kept in `path` under `key`; None when missing, damaged or another's."""
    data = read_private(path)
    if not data:
        return None
    try:
        kept_key, value = pickle.loads(data)
    except Exception:  # noqa: BLE001 - damaged, truncated or another Python's: build again
        return None
    return value if kept_key == key else None


def _inputs(game: Game, options: BuildOptions) -> list[tuple[str, object]]:
    """Every input file a build of `game` may read (outside the output folder), by its text,
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
    """A file's digest, or its size and time when large; None when it cannot be read. A FIFO
    or a device is never opened (a read would wait for a writer for ever): its kind and time."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            return ("not a file", st.st_mode, st.st_mtime_ns)
        if st.st_size > WHOLE:
            return (st.st_size, st.st_mtime_ns)
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


def before_workers() -> None:
    """Work out `code_digest` here, when a cache folder will need it, before processes fork:
    each inherits it instead of reading pnp's files again."""
    if KEEP and private_folder("builds") is not None:
        code_digest()


def code_digest() -> str:
    """What pnp and the libraries it runs on are, as a digest (worked out once a process:
    the code does not change under it)."""
    return _CODE.get_or_make("code", _code_digest)


def _code_digest() -> str:
    """Every file of the pnp package by its text (code, word lists, colour profiles), Python's
    version, and the name and version of every library installed where pnp's are (a folder
    listing: cheaper than importing them to ask)."""
    sha = hashlib.sha256(repr((sys.version, _libraries())).encode())
    for path in sorted(_PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            sha.update(path.relative_to(_PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


def _libraries() -> list[str]:
    """The installed distributions on Python's path, by their metadata folders' names
    (`reportlab-5.1.0.dist-info`)."""
    found = []
    for entry in sys.path:
        with contextlib.suppress(OSError):
            found += [n for n in os.listdir(entry or ".") if n.endswith(_METADATA)]
    return sorted(found)


def prune(folder: Path) -> None:
    """Keep the `MOST` files written last in a store's folder (this one's and the face
    store's): every edit of a game, every game folder built, makes files of its own."""
    files = list(folder.glob("*.pickle"))
    if len(files) > MOST:
        files.sort(key=lambda p: p.stat().st_mtime_ns)
        for old in files[: len(files) - MOST]:
            old.unlink(missing_ok=True)


def digest(text: str) -> str:
    """A store's key: the SHA-256 of `text`."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
