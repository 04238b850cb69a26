"""A game's faces drawn on two cores: part here, the rest in a forked worker.

Laying out faces (template, YAML, text fitting) is most of a build, and each face is
independent of the others. Two splits, each when a second core is ours:
- `sets_in_two`: a game of `LARGE_GAME` components or more draws its later sets (about half
  its components) in a worker, which sends the drawn faces back (also in the worker that
  builds the largest game of `--all`, the last to finish: pnp.build.parallel);
- `faces_in_two`: a set of `LARGE` components or more (a 1,000-card deck) has 47% of its
  components laid out in a worker (after the first face, so it inherits the fonts and compiled
  templates), which sends back the fitted elements; they are taken through
  TemplateSet.adopt in layout order, so identical faces are one object as in one process.

Nothing a user sees changes:
- the faces are the same values whoever draws them; imposing and PDF writing stay here;
- a font the worker registered is registered here after this process's part, the order a
  serial build registers it in; should it get another name here (two files with one name in a
  different order), the worker's part is drawn again here;
- the worker's warnings (logging) are repeated here after this process's part, in order;
- when the worker fails (a template error in its part, say), its part is drawn again here,
  which raises exactly the error a serial build raises.
"""

from __future__ import annotations

import logging
import os
import pickle
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pnp.build.parallel import may_fork
from pnp.layout.fonts import load_face, loaded_fonts

LARGE = 300  # components of a set; below this, forking and sending faces back costs more
LARGE_GAME = 50  # components of a game whose sets are drawn in two parts
Item = TypeVar("Item")
Result = TypeVar("Result")
Event = tuple[str, int, str]  # a log message of the worker: logger, level, text


def faces_in_two(
    work: Callable[[Item], Result], items: list[Item], adopt: Callable[[Result], Result]
) -> list[Result]:
    """`[work(i) for i in items]` (a set's components), 53% here and the rest in a forked
    worker when there are `LARGE` or more and no game worker has the cores."""
    if len(items) < LARGE or not may_fork(nested=False):
        return [work(i) for i in items]
    first = work(items[0])  # before the fork: the worker inherits the fonts and templates
    split = len(items) * 21 // 40  # a little more here: the worker starts after the fork
    return [first, *map_in_two(work, items[1:], adopt, split - 1)]


def sets_in_two(
    work: Callable[[Item], Result], items: list[Item], weights: list[int]
) -> list[Result]:
    """`[work(i) for i in items]` (a game's sets), the later ones, about half the weight, in
    a forked worker when the game has `LARGE_GAME` components or more."""
    if len(items) < 2 or sum(weights) < LARGE_GAME or not may_fork(nested=True):
        return [work(i) for i in items]
    total, before, split = sum(weights), 0, 0
    while split < len(items) - 1 and 2 * (before + weights[split]) <= total:
        before += weights[split]
        split += 1
    return map_in_two(work, items, lambda r: r, max(split, 1))


def map_in_two(
    work: Callable[[Item], Result],
    items: list[Item],
    adopt: Callable[[Result], Result],
    split: int,
) -> list[Result]:
    """`[work(i) for i in items]`: the first `split` here, the rest in a forked worker; the
    worker's results pass through `adopt` and its log messages are repeated, here, in order,
    after this process's part. (os.fork, not multiprocessing: a game worker of a pool is a
    daemon, which multiprocessing forbids to have children.)"""
    fonts_before = set(loaded_fonts())
    readable, writable = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: never returns
        os.close(readable)
        _lay_out(work, items[split:], fonts_before, writable)
    os.close(writable)
    try:
        mine = [work(i) for i in items[:split]]
        with os.fdopen(readable, "rb") as pipe:
            data = pipe.read()
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        os.waitpid(pid, 0)
    theirs = _unpickle(data)
    if theirs is None or not _same_fonts(theirs[1]):
        return [*mine, *(work(i) for i in items[split:])]
    for name, level, text in theirs[2]:
        logging.getLogger(name).log(level, "%s", text)
    return [*mine, *map(adopt, theirs[0])]


def _lay_out(work: Callable[[Any], Any], items: list[Any], before: set[str], fd: int) -> None:
    """In the worker: do `items`; write the results, the fonts registered since the fork and
    the log messages to `fd` (nothing if any fails), and exit."""
    try:
        events: list[Event] = []
        logging.getLogger().addHandler(KeepEvents(events))
        done = [work(i) for i in items]
        new = [(name, path) for name, path in loaded_fonts().items() if name not in before]
        with os.fdopen(fd, "wb") as pipe:
            pipe.write(pickle.dumps((done, new, events), pickle.HIGHEST_PROTOCOL))
    finally:
        os._exit(0)  # no exit handlers, no flushing of the parent's buffers


class KeepEvents(logging.Handler):
    """Records log messages (logger, level, text) for the parent to repeat in order."""

    def __init__(self, events: list[Event]) -> None:
        super().__init__()
        self.events = events

    def emit(self, record: logging.LogRecord) -> None:
        self.events.append((record.name, record.levelno, record.getMessage()))


def _unpickle(data: bytes) -> tuple[list[Any], list[tuple[str, Path]], list[Event]] | None:
    """The worker's results; None when it wrote nothing (it failed: the parent redoes)."""
    return pickle.loads(data) if data else None


def _same_fonts(new: list[tuple[str, Path]]) -> bool:
    """Register the worker's fonts here, in its order; False if one gets another name."""
    return all(load_face(path).name == name for name, path in new)
