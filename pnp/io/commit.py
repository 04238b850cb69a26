"""Moving finished files into place all at once: every move done, or none.

A commit is a list of moves, each a file or a whole folder, from a staging folder to its place
in the output folder. Whatever is already at a place is first moved aside (into the staging
folder), so a failure half-way (a full disk, a permission) puts every earlier move back: the
old files return, the new ones go back to staging, folders made for them are removed. Ctrl-C
(and SIGTERM, SIGHUP) from the first move to the last is held and acted on once the last has
moved: it then raises `Interrupted`, whose message says the output was written in full.

Every folder on the way to a place is checked without following links (pnp.io.outputs), and the
moves are made there only: nothing outside the output folder is written or removed.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path

from pnp.errors import BuildError, Interrupted
from pnp.io.interrupts import taken_as_interrupt
from pnp.io.outputs import make_way

# held while files move into place: each would otherwise stop the commit between two moves
_HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
              if hasattr(signal, name))  # fmt: skip
# a test's way in between two moves (tests/test_hostile_commit.py): called after each
AFTER_MOVE: Callable[[Path], None] | None = None

Move = tuple[Path, Path]  # (staged, final): a file, or a folder that replaces a folder whole


def commit_moves(
    moves: list[Move], base: Path, aside: Path, then: Callable[[], object] = lambda: None
) -> None:
    """Make every move (finals under the real folder `base`), old entries first moved to
    `aside`; on a failure undo those made and raise BuildError. `then` (removing the staging
    folder) runs after, either way. Signals held meanwhile are acted on after it (Ctrl-C as
    `Interrupted`)."""
    with interrupts_held() as held:
        try:
            _move_all(moves, base, aside)
        finally:
            then()
    deliver(held)


def _move_all(moves: list[Move], base: Path, aside: Path) -> None:
    undo: list[Callable[[], object]] = []
    final = base
    try:
        aside.mkdir(exist_ok=True)
        for number, (staged, final) in enumerate(moves):
            undo += [partial(os.rmdir, made) for made in make_way(base, final.parent)]
            if os.path.lexists(final):
                kept = aside / str(number)
                os.replace(final, kept)
                undo.append(partial(os.replace, kept, final))
            os.replace(staged, final)
            undo.append(partial(os.replace, final, staged))
            if AFTER_MOVE is not None:
                AFTER_MOVE(final)
    except BaseException as exc:
        for step in reversed(undo):
            with suppress(OSError):
                step()
        if isinstance(exc, OSError):
            why = exc.strerror or str(exc)
            raise BuildError(f"cannot move the finished files into place: {why}; nothing was "
                             "changed", file=final) from None  # fmt: skip
        raise


@contextmanager
def interrupts_held() -> Iterator[list[int]]:
    """Hold Ctrl-C, SIGTERM and SIGHUP inside the block (in the main thread; elsewhere Python
    delivers no signals anyway); yields the list of those that came."""
    held: list[int] = []

    def hold(number: int, frame: object) -> None:
        held.append(number)

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for number in _HELD:
            previous[number] = signal.signal(number, hold)
    try:
        yield held
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def deliver(held: list[int]) -> None:
    """Act on the signals held, now that every file is in place: Ctrl-C, and SIGTERM or SIGHUP
    where they are taken as Ctrl-C (the command's), as `Interrupted`; any other sent again, now
    that its own handler is back."""
    taken = [n for n in dict.fromkeys(held) if taken_as_interrupt(n)]
    for number in dict.fromkeys(held):
        if number not in taken:
            os.kill(os.getpid(), number)
    if taken:  # a terminating signal's number before Ctrl-C's: the exit code says which
        number = max(taken, key=lambda n: n != signal.SIGINT)
        raise Interrupted("interrupted once every file was in place: the output is complete",
                          number)  # fmt: skip
