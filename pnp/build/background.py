"""A check that feeds no file, run on the second core while this process writes the PDF.

The back check (pnp.build.backs) renders each distinct back with PDFium: ~30 ms with its
import, all of it after the faces are drawn, while the second core sits idle as this
process writes pages. `in_background` starts such a job in a forked child and `Later.result`
takes its answer when the caller needs it: what the child logged is repeated here then, so
messages come out where a serial build prints them. Without a second core (or in a game
worker: pnp.build.parallel), the job runs at once, here. A child that fails has its job run
again here, which raises exactly the error a serial build raises.
"""

from __future__ import annotations

import logging
import os
import pickle
import signal
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from pnp.build.facepool import Event, KeepEvents
from pnp.build.parallel import may_fork

Result = TypeVar("Result")


class Later(Generic[Result]):
    """A job's answer, taken with `result()` (once)."""

    def __init__(self, job: Callable[[], Result]) -> None:
        self._job = job
        self._pid = 0
        self._pipe = -1
        self._done: tuple[Result, list[Event]] | None = None
        if not may_fork(nested=False):
            self._done = (job(), [])
            return
        readable, writable = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            os.close(readable)
            _run(job, writable)
        os.close(writable)
        self._pid, self._pipe = pid, readable

    def result(self) -> Result:
        """The job's answer; the child's log messages are repeated here, in order."""
        if self._done is None:
            self._done = self._collect()
        value, events = self._done
        for name, level, text in events:
            logging.getLogger(name).log(level, "%s", text)
        self._done = (value, [])
        return value

    def cancel(self) -> None:
        """Stop the child, if any (the build failed or was interrupted)."""
        if self._pid:
            os.kill(self._pid, signal.SIGKILL)
            self._reap()

    def _collect(self) -> tuple[Result, list[Event]]:
        try:
            with os.fdopen(self._pipe, "rb") as pipe:
                data = pipe.read()
        finally:
            self._reap()
        if not data:  # the child failed: do the job here, for its error (or its answer)
            return self._job(), []
        value: tuple[Result, list[Event]] = pickle.loads(data)
        return value

    def _reap(self) -> None:
        os.waitpid(self._pid, 0)
        self._pid = 0


def in_background(job: Callable[[], Result]) -> Later[Result]:
    """Start `job` on the other core; its answer (and log messages) come with `.result()`."""
    return Later(job)


def _run(job: Callable[[], Any], fd: int) -> None:
    """In the child: run `job`, write its answer and log messages to `fd` (nothing if it
    fails), and exit."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to report
        events: list[Event] = []
        logging.getLogger().addHandler(KeepEvents(events))
        value = job()
        with os.fdopen(fd, "wb") as pipe:
            pipe.write(pickle.dumps((value, events), pickle.HIGHEST_PROTOCOL))
    finally:
        os._exit(0)  # no exit handlers, no flushing of the parent's buffers
