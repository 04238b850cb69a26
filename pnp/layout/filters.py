"""Jinja's filters as a face template runs them: each a step of the render (it reads the
deadline), checked before it runs when it can make more than it is given (pnp.layout.guard's
FILTER_CHECKS), its result weighed unless it is never larger than what it was given."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from pnp.layout import budget, guard


def guarded_filter(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    """A Jinja filter that is a step of the render, checked before it runs when it can make
    more than it is given, and whose result is checked like every value."""
    check = guard.FILTER_CHECKS.get(name)
    if check is not None:
        return _checked_filter(name, func, check)
    what = f"the result of |{name}"
    check_value, current = guard.check_value, budget.current

    if name == "round":  # `{{ (x + w / 2) | round(2) }}`: a face's most common filter

        @functools.wraps(func)
        def run(*args: Any, **kwargs: Any) -> Any:
            state = current()
            if state is not None and state.clock() > state.deadline:  # state.tick()
                state.late()
            if len(args) == 2 and not kwargs and type(args[0]) is float and type(args[1]) is int:
                return round(args[0], args[1])  # what Jinja's round does with them
            return func(*args, **kwargs)

    elif name in guard.NO_LARGER:  # its result needs no weighing

        @functools.wraps(func)  # keeps Jinja's pass_context / pass_environment marks
        def run(*args: Any, **kwargs: Any) -> Any:
            state = current()
            if state is not None and state.clock() > state.deadline:
                state.late()
            return func(*args, **kwargs)

    else:

        @functools.wraps(func)
        def run(*args: Any, **kwargs: Any) -> Any:
            state = current()
            if state is not None and state.clock() > state.deadline:
                state.late()
            return check_value(func(*args, **kwargs), what)

    return run


def _checked_filter(
    name: str, func: Callable[..., Any], check: Callable[[dict[str, Any]], None]
) -> Callable[..., Any]:
    """`guarded_filter` of a filter whose arguments are checked before it runs."""
    same, what = name in guard.NO_LARGER, f"the result of |{name}"
    check_value, current = guard.check_value, budget.current
    named = [
        p.name
        for p in inspect.signature(func).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    count = len(named)

    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        state = current()
        if state is not None and state.clock() > state.deadline:
            state.late()
        given = dict(zip(named, args, strict=False))
        if kwargs:
            given.update(kwargs)
        extra = args[count:]
        given["args"] = extra  # for |format's *args
        check(given)  # may swap a generator for a list, so it can be measured
        args = (*map(given.__getitem__, named[: len(args)]), *extra)
        if kwargs:
            kwargs = {k: given[k] for k in kwargs}
        result = func(*args, **kwargs)
        return result if same else check_value(result, what)

    return run
