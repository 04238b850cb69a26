"""The kit and the rulebook, rebuilt after every save into a folder of the studio's own.

A build is `pnp build` in a child process (its own cores and memory; a save during a build
stops it and starts the next), writing into a temporary folder outside the game: the studio
never writes into the game's folder. The last good build's PDFs stay shown until a new one is
whole; a failed build's message is kept to show.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium

from pnp.names import printable, shorten
from pnp.studio.images import PDFIUM

QUIET_S = 1.0  # a build starts once saves have stopped this long
BUILD_NICENESS = 10


@dataclass(frozen=True)
class PrintFile:
    """One PDF of the last good build: its name, where it is, its page count, its build."""

    name: str
    path: Path
    pages: int
    stamp: str


@dataclass
class PrintState:
    files: list[PrintFile] = field(default_factory=list)
    building: bool = False
    problem: str | None = None
    version: int = 0


class Prints:
    """Builds the game `ref` in the background whenever `request()` is called."""

    def __init__(self, ref: str, notify: Callable[[], None], edition: str | None = None) -> None:
        self.ref = os.path.abspath(ref) if os.path.isdir(ref) else ref
        self.edition = edition
        self.state = PrintState()
        self._notify = notify
        self._folder = Path(tempfile.mkdtemp(prefix="pnp-studio-"))
        self._dirty = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="pnp-studio-prints", daemon=True)
        self._builds = 0

    def start(self) -> None:
        self._thread.start()

    def request(self) -> None:
        """Build again (after the build under way, which is stopped)."""
        self._dirty.set()

    def close(self) -> None:
        self._stop.set()
        self._dirty.set()
        self._thread.join(timeout=10)
        shutil.rmtree(self._folder, ignore_errors=True)

    def _loop(self) -> None:
        while not self._stop.is_set():
            self._dirty.wait()
            while self._dirty.is_set() and not self._stop.is_set():  # saves come in runs
                self._dirty.clear()
                self._stop.wait(QUIET_S)
            if self._stop.is_set():
                return
            self.state.building = True
            self._notify()
            self._build()
            self.state.building = self._dirty.is_set()
            self.state.version += 1
            self._notify()

    def _build(self) -> None:
        self._builds += 1
        out = self._folder / f"build-{self._builds}"
        command = [sys.executable, "-m", "pnp.cli", "build", self.ref, "--out", str(out)]
        if self.edition is not None:
            command += ["--edition", self.edition]
        env = {**os.environ, "PNP_JOBS": "1"}  # the studio's own process keeps the other core
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                env=env, text=True, errors="replace")  # fmt: skip
        _background(proc.pid)
        while True:
            try:
                _, err = proc.communicate(timeout=0.2)
                break
            except subprocess.TimeoutExpired:
                if self._dirty.is_set() or self._stop.is_set():  # a newer save: start over
                    proc.kill()
                    proc.communicate()
                    shutil.rmtree(out, ignore_errors=True)
                    return
        if proc.returncode != 0:
            self.state.problem = printable(shorten(err.strip() or "the build failed", 2000))
            shutil.rmtree(out, ignore_errors=True)
            return
        old = self.state.files
        self.state.files = [_file(p, out.name) for p in sorted(out.rglob("*.pdf"))]
        self.state.problem = None
        for stamp in {f.stamp for f in old}:
            shutil.rmtree(self._folder / stamp, ignore_errors=True)

    def find(self, name: str) -> PrintFile | None:
        """The PDF of the last good build named `name` (only those: nothing else is served)."""
        return next((f for f in self.state.files if f.name == name), None)


def _background(pid: int) -> None:
    """The build's process at a lower priority, so the faces on screen are redrawn first (set
    from here: a function run in the child is unsafe in a process with threads)."""
    if hasattr(os, "setpriority"):  # gone already, or not allowed: the usual priority
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, pid, BUILD_NICENESS)


def _file(path: Path, stamp: str) -> PrintFile:
    with PDFIUM:
        doc = pdfium.PdfDocument(str(path))
        pages = len(doc)
        doc.close()
    return PrintFile(path.name, path, pages, stamp)
