"""Work shared with forked processes: the one mechanism every split of a build uses.

Three things a build hands to another core, each through here:
- `Later`: one job in a forked child (the back check while this process writes the PDF; the
  part of a list another process maps, `map_in_two`);
- `in_order`: the games of `pnp build --all` in a pool of forked workers, results in order.

Whatever runs elsewhere, nothing a user sees changes: what a child logged (and the progress it
reported) comes back as `Event`s and is replayed here where a serial build prints it, and a
child that fails has its work done again here, which raises exactly the error a serial build
raises. Children inherit everything loaded (catalogs, fonts, compiled templates), so nothing is
pickled but indices and results. Ctrl-C is the parent's to report: children ignore it.

`PNP_JOBS=N` caps the processes (1: everything in this process).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Callable, Generator
from typing import Any, Generic, TypeVar

from pnp.io.interrupts import default_in_child

Result = TypeVar("Result")
Item = TypeVar("Item")
Event = tuple[str, int, str]  # (channel: a logger's name, "progress" or "report"; level; text)
Outcome = tuple[Any, list[Event]] | None  # a worker's answer and messages; None: it failed

_inside: str | None = None  # in a game worker: "first" (the largest game's) or "other"


def jobs() -> int:
    """How many processes a build may use: `PNP_JOBS`, else the cores this process may run on."""
    given = os.environ.get("PNP_JOBS", "").strip()
    if given.isdigit() and int(given) > 0:
        return int(given)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether a fork is safe here: the system has it, and this process runs one thread. A
    child forked beside other threads (the studio's server, watch and print threads) inherits
    the locks they held at that moment, never to be released: it can hang on its first log
    line or import. Such a process does its work itself."""
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def may_fork(nested: bool) -> bool:
    """Whether this process may fork a child of its own: with two cores or more, and not in a
    game worker, or (`nested`) in the one that builds the largest game once no game waits for
    a worker: then the other cores go idle while it finishes. (While games wait, a child would
    only take a core from them: `build --all` was 6% slower with one.)"""
    if jobs() < 2 or not can_fork():
        return False
    if _inside is None:
        return True
    return nested and _inside == "first" and (_waiting is None or _waiting.value == 0)


class Recorder(logging.Handler):
    """Records log messages as events, for the parent to replay in order; with `say`, each is
    also said as it would have been without the recorder (a handler on the root logger keeps
    Python from falling back to `logging.lastResort`, which is how pnp's notes reach stderr)."""

    def __init__(self, events: list[Event], say: bool = False) -> None:
        super().__init__()
        self.events = events
        self.say = say

    def emit(self, record: logging.LogRecord) -> None:
        self.events.append((record.name, record.levelno, record.getMessage()))
        last = logging.lastResort
        if (self.say and last is not None and record.levelno >= last.level
                and not _handled_elsewhere(logging.getLogger(record.name), self)):  # fmt: skip
            last.handle(record)


def _handled_elsewhere(logger: logging.Logger | None, but: logging.Handler) -> bool:
    """Whether a handler other than `but` takes the records of `logger` (as Logger.callHandlers
    walks up the loggers)."""
    while logger is not None:
        if any(h is not but for h in logger.handlers):
            return True
        logger = logger.parent if logger.propagate else None
    return False


def replay(
    events: list[Event],
    progress: Callable[[str], None] | None = None,
    report: Callable[[str], None] | None = None,
) -> None:
    """Say here what a worker said: progress and report lines to their callbacks, log
    messages to their loggers."""
    for channel, level, text in events:
        if channel == "progress":
            progress and progress(text)
        elif channel == "report":
            report and report(text)
        else:
            logging.getLogger(channel).log(level, "%s", text)


def recorded(job: Callable[[list[Event]], Result], say: bool = False) -> tuple[Result, list[Event]]:
    """`job(events)` with every log message recorded into `events` as well; with `say`, said
    as usual too (else the parent replays them)."""
    events: list[Event] = []
    keep = Recorder(events, say)
    root = logging.getLogger()
    root.addHandler(keep)
    try:
        return job(events), events
    finally:
        root.removeHandler(keep)


class Later(Generic[Result]):
    """A job's answer, taken with `result()` (once): worked out in a forked child when `fork`,
    else here and now."""

    def __init__(self, job: Callable[[], Result], fork: bool) -> None:
        self._job = job
        self._pid = 0
        self._pipe = -1
        self._done: tuple[Result, list[Event]] | None = None
        if not fork:
            self._done = (job(), [])
            return
        readable, writable = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            os.close(readable)
            _child(job, writable)
        os.close(writable)
        self._pid, self._pipe = pid, readable

    def result(self) -> Result:
        """The job's answer; the child's log messages are replayed here, in order."""
        value, events = self.answer()
        replay(events)
        return value

    def answer(self) -> tuple[Result, list[Event]]:
        """The job's answer and the child's log messages, not yet replayed (once)."""
        done = self._done if self._done is not None else self._collect()
        self._done = (done[0], [])
        return done

    def cancel(self) -> None:
        """Stop the child, if any (the caller failed or was interrupted)."""
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
    """Start `job` on the other core when it is ours; its answer comes with `.result()`."""
    return Later(job, fork=may_fork(nested=False))


def _child(job: Callable[[], Any], fd: int) -> None:
    """In a forked child: run `job`, write its answer and log messages to `fd` (nothing if
    it fails), and exit."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        default_in_child()
        answer = recorded(lambda events: job())
        with os.fdopen(fd, "wb") as pipe:
            pipe.write(pickle.dumps(answer, pickle.HIGHEST_PROTOCOL))
    finally:
        os._exit(0)  # no exit handlers, no flushing of the parent's buffers


def map_in_two(
    work: Callable[[Item], Result],
    items: list[Item],
    split: int,
    adopt: Callable[[Result], Result] = lambda r: r,
    agree: tuple[Callable[[], Any], Callable[[Any], bool]] | None = None,
) -> list[Result]:
    """`[work(i) for i in items]`: the first `split` here, the rest in a forked child; the
    child's results pass through `adopt`, its log messages are replayed after this process's
    part. `agree = (taken, accept)`: `taken()` in the child after its part, `accept(it)` here;
    when it refuses, the child's part is done again here. (os.fork, not multiprocessing: a
    game worker of a pool is a daemon, which multiprocessing forbids to have children.)"""
    taken, accept = agree or (lambda: None, lambda _: True)
    later = Later(lambda: ([work(i) for i in items[split:]], taken()), fork=True)
    try:
        mine = [work(i) for i in items[:split]]
    except BaseException:
        later.cancel()
        raise
    (theirs, said), events = later.answer()
    if not accept(said):
        return [*mine, *(work(i) for i in items[split:])]
    replay(events)
    return [*mine, *map(adopt, theirs)]


_pool_work: Callable[[int, list[Event]], Any] | None = None  # what pool workers inherit
_pool_first = -1
_waiting: Any = None  # shared with the pool's workers: how many items no worker has started


def in_order(
    work: Callable[[int, list[Event]], Any], count: int, order: list[int], processes: int
) -> Generator[Outcome, None, None]:
    """`work(i, events)` for i in range(count), in `processes` forked workers that start in
    `order` (the first is the one `may_fork(nested=True)` lets split again); yields each
    outcome in index order, as soon as the ones before it are done."""
    global _pool_work, _pool_first, _waiting
    _pool_work, _pool_first = work, order[0]
    context = multiprocessing.get_context("fork")
    _waiting = context.Value("i", count)
    try:
        pool = context.Pool(processes, _ignore_interrupts)
        with pool:
            done: dict[int, Outcome] = {}
            results = pool.imap_unordered(_pool_task, order, chunksize=1)
            for index in range(count):
                while index not in done:
                    finished, outcome = next(results)
                    done[finished] = outcome
                yield done.pop(index)
    finally:
        _pool_work = _waiting = None


def _pool_task(index: int) -> tuple[int, Outcome]:
    """In a pool worker: item `index`, with what it would print recorded."""
    global _inside
    assert _pool_work is not None and _waiting is not None  # set before the pool forked
    _inside = "first" if index == _pool_first else "other"
    with _waiting.get_lock():
        _waiting.value -= 1
    work = _pool_work
    try:
        return index, recorded(lambda events: work(index, events))
    except Exception:  # noqa: BLE001 - the parent does this item again and raises its error
        return index, None


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool and says nothing was
    written); a worker that took it too would print its own traceback. SIGTERM and SIGHUP end
    a worker at once (the parent takes them as Ctrl-C)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    default_in_child()
