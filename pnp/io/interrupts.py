"""SIGTERM and SIGHUP taken as Ctrl-C: a build, export, watch or studio stopped by `kill`, a
closed terminal or a service manager cleans up exactly as after Ctrl-C (the staging folder
removed, the output as it was or complete) and exits 128 + the signal's number (143, 129), as a
shell reports a process the signal ended; Ctrl-C exits 130 the same way."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from pnp.errors import SIGINT, Terminated

# the signals that stop a command as Ctrl-C does, where the system has them
STOPPING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


# the last signal taken as Ctrl-C: code that turns any interrupt into a plain KeyboardInterrupt
# (watchfiles' Rust loop does) loses the exception's number, not this
_received: list[int] = []


def _as_interrupt(number: int, frame: FrameType | None) -> None:
    _received.append(number)
    raise Terminated(number)


@contextmanager
def signals_as_interrupts() -> Iterator[None]:
    """Inside the block, SIGTERM and SIGHUP raise `Terminated` (a KeyboardInterrupt) in the main
    thread, as Ctrl-C raises KeyboardInterrupt; elsewhere (a thread) Python takes no handler."""
    previous = {}
    if threading.current_thread() is threading.main_thread():
        for number in STOPPING:
            previous[number] = signal.signal(number, _as_interrupt)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def taken_as_interrupt(number: int) -> bool:
    """Whether the signal `number` is now raised as `Terminated` (inside signals_as_interrupts)."""
    return number == SIGINT or signal.getsignal(number) is _as_interrupt


def default_in_child() -> None:
    """In a forked worker: SIGTERM and SIGHUP end it at once, as the parent's handler would
    otherwise raise in it too (the parent stops the work and cleans up)."""
    for number in STOPPING:
        signal.signal(number, signal.SIG_DFL)


def number_of(interrupt: KeyboardInterrupt) -> int:
    """The signal behind `interrupt`: its own number, else the last taken as Ctrl-C, else
    Ctrl-C's."""
    return int(getattr(interrupt, "number", _received[-1] if _received else SIGINT))


def exit_code(interrupt: KeyboardInterrupt) -> int:
    """128 + the signal's number: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP."""
    return 128 + number_of(interrupt)


def signal_name(interrupt: KeyboardInterrupt) -> str:
    """What stopped the command, as a user would say it."""
    number = number_of(interrupt)
    return "interrupted" if number == SIGINT else f"stopped by {signal.Signals(number).name}"
