"""What `pnp build` makes, made once per test session and read by every test that needs it.

A built-in game's rulebook takes tens of seconds to lay out, and a dozen test files read the same
books: each building its own copy made the rulebook tests a third of the suite. `Products` keeps
one folder per command line under a root shared by the session's test workers (pytest-xdist runs
each in a process of its own); the first worker to ask for a product builds it while holding a
file lock on it, the others wait on that lock and then read the finished folder, so nothing is
built twice and no test reads a half-written file.

The build runs in-process, through the real command line (`pnp.cli.main`), as a user runs it:
the same options, the same files, without starting Python and importing pnp again; in this one
process (`PNP_JOBS=1`, the bytes are the same: tests/pipeline/test_build_identical.py). The
session's test workers already keep the cores busy, and a fork of a test worker (a large
process: the PDFs its tests have read) cost more system time copying its pages than the split
saved: 61 s of system time beside 83 s of user time for the books of three layouts.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

try:  # POSIX; without it (Windows) each worker builds into a root of its own
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]


def shared_root(factory: pytest.TempPathFactory) -> Path:
    """A folder every worker of this test session sees (the session's own: never an earlier
    session's, so nothing stale is read)."""
    base = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") and fcntl is not None:
        base = base.parent  # the workers' temporary folders sit side by side in the session's
    root = base / "products"
    root.mkdir(exist_ok=True)
    return root


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path` (made if missing) for the block; blocks meanwhile."""
    with open(path, "a+b") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_UN)


class Products:
    """`products.build("spy-royale", "--what", "rulebook")` -> the folder `pnp build` wrote
    into (`--out`), each command line built once per session whichever worker asks first."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._known: dict[tuple[str, ...], Path] = {}  # this worker's finished ones

    def build(self, *args: str) -> Path:
        return self.made(args, lambda out: _build(args, out))

    def made(self, key: tuple[str, ...], make: Callable[[Path], object]) -> Path:
        """The folder `make(folder)` filled, made once per session for `key` (the first
        worker to ask makes it; the others wait for it and read it)."""
        if key not in self._known:
            self._known[key] = self._make_once(key, make)
        return self._known[key]

    def ran(self, *args: str) -> tuple[int, str]:
        """(exit code, everything printed) of `pnp <args>` run once per session in-process,
        for commands that only read (`validate --all` checks every face of the five games);
        an exception pnp let escape fails the test that asked, as a traceback would."""
        folder = self.made(("ran", *args), lambda out: _run(args, out))
        result = json.loads((folder / "result.json").read_text(encoding="utf-8"))
        assert result["escaped"] is None, result["escaped"]
        return result["code"], result["output"]

    def books(self, *options: str) -> Path:
        """The folder of every book of every game, edition and language in one layout (A4
        unless `options` say else): `pnp build --all --what rulebook --edition all <options>`.
        A book is the same bytes built alone (`pnp build <game> --what rulebook`, with its
        `--edition` or `--lang`) or with the others: every test reads the books of this one
        build (each build of them all took a minute of CPU time; the tests built five)."""
        return self.build("--all", "--what", "rulebook", "--edition", "all", *options)

    def rulebook(self, game: str, *options: str, name: str | None = None) -> Path:
        """The path of a game's rulebook (`pnp build <game> --what rulebook`, A4 unless
        `options` say else), from `books`: `name` is the file's name, `<game>-rulebook-a4.pdf`
        by default (`<game>-<edition>-rulebook-a4.pdf` another edition's,
        `<game>-rulebook-<lang>-a4.pdf` another language's)."""
        return self.books(*options) / game / (name or f"{game}-rulebook-a4.pdf")

    def _make_once(self, key: tuple[str, ...], make: Callable[[Path], object]) -> Path:
        folder = self.root / _name_of(key)
        done = folder.with_name(folder.name + ".done")
        with locked(folder.with_name(folder.name + ".lock")):
            if not done.exists():  # else another worker made it while this one waited
                make(folder)
                done.touch()
        return folder


ONE_PROCESS = {"PNP_JOBS": "1"}


def _build(args: tuple[str, ...], out: Path) -> None:
    result = CliRunner().invoke(main, ["build", *args, "--out", str(out)], env=ONE_PROCESS)
    assert result.exit_code == 0, (args, result.output)


def _run(args: tuple[str, ...], out: Path) -> None:
    result = CliRunner().invoke(main, list(args), env=ONE_PROCESS)
    escaped = result.exception
    if isinstance(escaped, SystemExit):
        escaped = None
    out.mkdir(parents=True, exist_ok=True)
    record = {"code": result.exit_code, "output": result.output,
              "escaped": None if escaped is None else repr(escaped)}  # fmt: skip
    (out / "result.json").write_text(json.dumps(record), encoding="utf-8")


def _name_of(args: tuple[str, ...]) -> str:
    """A folder name for a command line: readable, and distinct for distinct lines."""
    readable = re.sub(r"[^a-z0-9]+", "-", " ".join(args).lower()).strip("-")[:60]
    digest = hashlib.sha1("\0".join(args).encode()).hexdigest()[:8]
    return f"{readable}-{digest}"
