"""Games of one build side by side: each game in a worker process, results taken in order.

`pnp build --all` is five independent games; one process leaves a core of the machine idle.
Where the platform can fork and more than one core is ours, each game of a build of two or more
is built in a forked worker (it inherits the loaded catalog, so nothing is pickled but indices
and results), the largest game first so the others fill the second core meanwhile. Forking
costs a few milliseconds; a game's build costs at least a few hundred.

Nothing a user sees changes with the number of workers:
- every file is the same bytes whoever writes it (no process ids or clocks inside), into the
  same staging folder, and the parent claims each in game order;
- the progress steps, kit reports and warnings (logging) of each game are recorded in the
  worker and replayed in the parent in game order, as a serial build prints them;
- a game whose worker fails is built again in the parent, which raises exactly the error a
  serial build raises (and the files of games before it are claimed first, as before).

`PNP_JOBS=N` caps the workers (1: build in this process).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
from collections.abc import Callable
from pathlib import Path

from pnp.build.options import BuildOptions
from pnp.catalog.model import Game
from pnp.export.staging import Staging

Progress = Callable[[str], None]
BuildOne = Callable[[Game, BuildOptions, Progress, Staging, Progress], list[Path]]
Event = tuple[str, str, int]  # (channel: progress, report or a logger's name; text; level)
Outcome = tuple[list[Path], list[Event]] | None  # None: the worker failed; build it here

_job: tuple[BuildOne, list[Game], BuildOptions, Staging] | None = None  # what workers inherit
_first = 0  # the index of the game that is built first (the largest)
_inside: str | None = None  # in a worker: "first" (the largest game's) or "other"


def jobs() -> int:
    """How many processes a build may use: `PNP_JOBS`, else the cores this process may run on."""
    given = os.environ.get("PNP_JOBS", "").strip()
    if given.isdigit() and int(given) > 0:
        return int(given)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def may_fork(nested: bool) -> bool:
    """Whether a build may fork a worker of its own here: with two cores or more, and not in
    a game worker, or (`nested`) in the one that builds the largest game, which is the last
    to finish while the other cores have gone idle."""
    if jobs() < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return False
    return _inside is None or nested and _inside == "first"


def workers_for(games: list[Game]) -> int:
    """Worker processes for a build of `games`: 0 (build here) unless two or more games, two
    or more cores and a platform that forks."""
    if len(games) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return 0
    count = min(jobs(), len(games))
    return count if count > 1 else 0


def build_parallel(
    build_one: BuildOne,
    games: list[Game],
    options: BuildOptions,
    stage: Staging,
    progress: Progress | None,
    report: Progress | None,
) -> None:
    """Build `games` into `stage` with `build_one`, in `workers_for(games)` processes; claim
    their files and replay their messages in game order."""
    global _job, _first
    _job = (build_one, games, options, stage)
    biggest_first = sorted(range(len(games)), key=lambda i: -_weight(games[i]))
    _first = biggest_first[0]
    try:
        pool = multiprocessing.get_context("fork").Pool(workers_for(games), _leave_interrupts)
        with pool:
            done: dict[int, Outcome] = {}
            results = pool.imap_unordered(_work, biggest_first, chunksize=1)
            for index in range(len(games)):
                while index not in done:
                    finished, outcome = next(results)
                    done[finished] = outcome
                _take(done.pop(index), games[index], build_one, options, stage, progress, report)
    finally:
        _job = None


def _take(
    outcome: Outcome,
    game: Game,
    build_one: BuildOne,
    options: BuildOptions,
    stage: Staging,
    progress: Progress | None,
    report: Progress | None,
) -> None:
    if outcome is None:  # build it here: the same error, raised as a serial build raises it
        build_one(game, options, progress or _ignore, stage, report or _ignore)
        return
    written, events = outcome
    for path in written:
        stage.claim(path)
    for channel, text, level in events:
        if channel == "progress" and progress:
            progress(text)
        elif channel == "report" and report:
            report(text)
        elif channel not in ("progress", "report"):
            logging.getLogger(channel).log(level, "%s", text)


def _work(index: int) -> tuple[int, Outcome]:
    """In a worker: build game `index` of the job, recording what it would print."""
    global _inside
    assert _job is not None  # set before the pool forked
    build_one, games, options, stage = _job
    _inside = "first" if index == _first else "other"
    events: list[Event] = []
    keep = _Keep(events)
    root = logging.getLogger()
    root.addHandler(keep)
    try:
        written = build_one(
            games[index],
            options,
            lambda text: events.append(("progress", text, 0)),
            stage,
            lambda text: events.append(("report", text, 0)),
        )
    except Exception:  # noqa: BLE001 - the parent builds this game again and raises it
        return index, None
    finally:
        root.removeHandler(keep)
    return index, (written, events)


class _Keep(logging.Handler):
    """Records log messages for the parent to replay in order."""

    def __init__(self, events: list[Event]) -> None:
        super().__init__()
        self.events = events

    def emit(self, record: logging.LogRecord) -> None:
        self.events.append((record.name, record.getMessage(), record.levelno))


def _weight(game: Game) -> int:
    """A game's work, roughly: its components (each a face or two drawn)."""
    return sum(len(s.components) for s in game.sets.values())


def _leave_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool and says nothing was
    written); a worker that took it too would print its own traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _ignore(text: str) -> None:
    pass
