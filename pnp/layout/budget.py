"""One render's budget: a deadline, a call depth and the characters it writes.

A template's loop steps, calls and `{{ ... }}` outputs report here (pnp.layout.sandbox arranges
it), so a template that runs too long, recurses forever or writes too much stops with a
LimitError naming the limit, within moments of passing it. The budget of the render under way is
a context variable, so renders in different threads keep their own.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pnp.limits import OUTPUT_CHARS, RENDER_SECONDS, TEMPLATE_CALLS, TEMPLATE_VALUE


class LimitError(Exception):
    """A template went past one of pnp.limits' bounds."""


@dataclass
class Budget:
    """One render's deadline, call depth and characters written so far."""

    seconds: float = RENDER_SECONDS
    deadline: float = field(init=False)
    # the clock the deadline is read on (pnp.layout.guard reads it itself on its hottest steps)
    clock: Callable[[], float] = field(init=False, repr=False)
    depth: int = 0
    written: int = 0
    # values the template built, by id, with their weight (see pnp.layout.guard.weigh)
    weights: dict[int, tuple[Any, int]] = field(default_factory=dict)
    kept: int = 0  # their weights, summed

    # the render's own CPU time when it started: the limit is on the time the render
    # spends, not on the time a busy machine makes it wait (at a load of 12 built-in
    # boards went past 5 s on the wall clock)
    spent_from: float = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.clock = time.monotonic  # cheap: read on every step
        self.deadline = self.clock() + self.seconds
        self.spent_from = time.thread_time()  # a system call: read only past the deadline

    def tick(self) -> None:
        """A step of the render (a loop step, a call, a filter, an output): past the deadline
        it fails. What one step may do is bounded by pnp.layout.guard, so none runs long."""
        if self.clock() > self.deadline:
            self.late()

    def late(self) -> None:
        """The wall-clock deadline passed (the hottest steps read the clock themselves, then
        call this): fail if the render used its seconds of CPU, else move the deadline on
        by the CPU time it has left."""
        left = self.seconds - (time.thread_time() - self.spent_from)
        if left <= 0:
            raise LimitError(
                f"the template ran for more than {self.seconds:g} s: "
                "is a loop much larger than it should be?"
            )
        self.deadline = self.clock() + left

    def remember(self, value: Any, weight: int) -> None:
        """Keep a built value's weight, so a value built from it is weighed at once; the value
        is kept alive (its id stays its own), up to a few times TEMPLATE_VALUE in all."""
        if self.kept + weight <= 4 * TEMPLATE_VALUE:
            self.weights[id(value)] = (value, weight)
            self.kept += weight

    def write(self, chars: int) -> None:
        self.written += chars
        if self.written > OUTPUT_CHARS:
            raise wrote_too_much()


def wrote_too_much() -> LimitError:
    return LimitError(f"the template wrote more than {OUTPUT_CHARS:,} characters")


_BUDGET: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("budget", default=None)


def start(budget: Budget) -> contextvars.Token[Budget | None]:
    """Make `budget` the current render's; `stop(token)` ends it."""
    return _BUDGET.set(budget)


def stop(token: contextvars.Token[Budget | None]) -> None:
    _BUDGET.reset(token)


# The budget of the render under way in this thread, if any: the context variable's own `get`,
# without a function around it (it is asked for on every step of every render).
current: Callable[[], Budget | None] = _BUDGET.get


def loop(iterable: Any) -> Iterator[Any]:
    """A `{% for %}`'s items, a step of the render each."""
    budget = _BUDGET.get()
    if budget is None:
        yield from iterable
        return
    clock, deadline = budget.clock, budget.deadline
    for item in iterable:
        if clock() > deadline:  # budget.tick(), without the call
            budget.late()
            deadline = budget.deadline
        yield item


def enter_call() -> Budget | None:
    """A template call (macro, method, global) begins: a step, one level deeper."""
    budget = _BUDGET.get()
    if budget is not None:
        budget.tick()
        budget.depth += 1
        if budget.depth > TEMPLATE_CALLS:
            budget.depth -= 1
            raise LimitError(
                f"calls nest more than {TEMPLATE_CALLS} deep: does a macro call itself forever?"
            )
    return budget


def leave_call(budget: Budget | None) -> None:
    if budget is not None:
        budget.depth -= 1
