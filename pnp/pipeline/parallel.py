"""Games of one build side by side: each game in a worker process, results taken in order.

`pnp build --all` is five independent games; one process leaves a core of the machine idle.
Where the platform can fork and more than one core is ours, each game of a build of two or more
is built in a forked worker (pnp.pipeline.workers), the largest game first so the others fill
the second core meanwhile. Forking costs a few milliseconds; a game's build costs at least a
few hundred.

Nothing a user sees changes with the number of workers:
- every file is the same bytes whoever writes it (no process ids or clocks inside), into the
  same staging folder, and the parent claims each in game order;
- the progress steps, kit reports and warnings of each game are recorded in the worker and
  replayed in the parent in game order, as a serial build prints them;
- a game whose worker fails is built again in the parent, which raises exactly the error a
  serial build raises (and the files of games before it are claimed first, as before).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from pnp.catalog.model import Game
from pnp.io.staging import Staging
from pnp.pipeline.options import BuildOptions
from pnp.pipeline.workers import Event, can_fork, in_order, jobs, replay

Progress = Callable[[str], None]
BuildOne = Callable[[Game, BuildOptions, Progress, Staging, Progress], list[Path]]


def workers_for(games: list[Game]) -> int:
    """Worker processes for a build of `games`: 0 (build here) unless two or more games, two
    or more cores and a platform that forks."""
    if len(games) < 2 or not can_fork():
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

    def build(index: int, events: list[Event]) -> list[Path]:
        return build_one(
            games[index],
            options,
            lambda text: events.append(("progress", 0, text)),
            stage,
            lambda text: events.append(("report", 0, text)),
        )

    biggest_first = sorted(range(len(games)), key=lambda i: -_weight(games[i]))
    pool = in_order(build, len(games), biggest_first, workers_for(games))
    with contextlib.closing(pool) as outcomes:  # a failure here stops the pool at once
        for game, outcome in zip(games, outcomes, strict=True):
            if outcome is None:  # build it here: the error a serial build raises, raised here
                build_one(game, options, progress or _ignore, stage, report or _ignore)
                continue
            written, events = outcome
            for path in written:
                stage.claim(path)
            replay(events, progress, report)


def _weight(game: Game) -> int:
    """A game's work, roughly: its components (each a face or two drawn)."""
    return sum(len(s.components) for s in game.sets.values())


def _ignore(text: str) -> None:
    pass
