"""Bounds on what a template may compute: time, call depth, the size of every value, output.

Jinja's sandbox keeps templates away from files and Python internals, not from asking for a
billion of something: `'x' * 10**9`, `10 ** 10 ** 9`, `'%999999999d' % 1`, a string doubled in
a loop, a list of lists of the same list nested thirty deep. The sandbox here (pnp.layout.sandbox)
routes every place a template can make something large through these checks:

- every value a template builds (strings, lists, mappings; literals, operators, `~`, calls,
  filters) stays within TEMPLATE_VALUE characters plus items, counted as if shared parts were
  copied, so printing, comparing or hashing any value is cheap;
- widths and repeat counts are checked before the work is done, never after;
- each render has a deadline, checked on every loop step, call and output, a call depth, and a
  budget of characters written (text written into macros and blocks counts too).

The deadline, call depth and output budget of a render are pnp.layout.budget's; the operators
`+`, `*`, `%` and `**` are checked in pnp.layout.operators, with these. A check that
fails raises LimitError, which names the limit; pnp.layout.templates adds the template, line
and card.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from typing import Any

from pnp.layout.budget import LimitError, current, wrote_too_much
from pnp.limits import OUTPUT_CHARS, TEMPLATE_INT_BITS, TEMPLATE_VALUE

_SCALARS = (int, float, bool, type(None))
_NUMBERS = {int, float, bool}  # by exact type: the common case, checked without isinstance
_FLAT = frozenset({*_NUMBERS, type(None)})  # what weighs 1 inside a value
_PRINTF = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


# -- sizes --------------------------------------------------------------------------------------


class Weighed(dict[str, Any]):
    """A mapping that cannot change and knows its weight, so weighing it costs nothing."""

    __slots__ = ("_weight",)
    _weight: int


def weigh(value: Any, limit: int = TEMPLATE_VALUE) -> int:
    """Characters plus items in `value`, shared parts counted each time; stops past `limit`."""
    kind = type(value)
    if kind is str:
        return len(value)
    if kind in _NUMBERS or value is None:
        return 1
    budget = current()
    known = budget.weights if budget is not None else {}
    total, stack = 0, [value]
    while stack and total <= limit:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            total += len(item) + 1
        elif kind in _NUMBERS or item is None:  # as `else` below, by exact type at once
            total += 1
        elif kind is list or kind is tuple:  # as below, without the isinstance checks
            seen = known.get(id(item))
            if seen is not None and seen[0] is item:
                total += seen[1]
            elif _FLAT.issuperset(map(type, item)):  # numbers alone: one each, counted at once
                total += 1 + len(item)
            else:
                total += 1
                stack.extend(item)
        elif isinstance(item, str):
            total += len(item) + 1
        elif isinstance(item, Weighed):
            total += item._weight
        elif id(item) in known and known[id(item)][0] is item:  # weighed when it was made
            total += known[id(item)][1]
        elif isinstance(item, Mapping):
            total += 1
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            total += 1
            stack.extend(item)
        else:
            total += 1
    return total


def check_value(value: Any, what: str = "a value") -> Any:
    """`value`, when it is within TEMPLATE_VALUE; else LimitError."""
    kind = type(value)
    if kind is str and len(value) <= TEMPLATE_VALUE or kind is float or value is None:
        return value
    if kind is int:  # by exact type: a bool or a subclass of int takes the way below
        if value.bit_length() > TEMPLATE_INT_BITS:
            raise too_large_int()
        return value
    if isinstance(value, _SCALARS):
        if isinstance(value, int) and value.bit_length() > TEMPLATE_INT_BITS:
            raise too_large_int()
        return value
    weight = weigh(value)
    if weight > TEMPLATE_VALUE:
        raise LimitError(
            f"{what} would hold more than {TEMPLATE_VALUE:,} characters and items "
            "(shared parts counted each time they appear)"
        )
    budget = current()
    if budget is not None and isinstance(value, list | tuple | Mapping):
        budget.remember(value, weight)
    return value


def check_size(size: int, what: str) -> None:
    """Refuse to build something of `size` characters or items before building it."""
    if size > TEMPLATE_VALUE:
        raise LimitError(f"{what} would make more than {TEMPLATE_VALUE:,} characters or items")


def too_large_int() -> LimitError:
    return LimitError(f"a whole number larger than {TEMPLATE_INT_BITS} bits")


# -- formatting ----------------------------------------------------------------------------------


def check_printf(fmt: str, args: Any) -> None:
    """`fmt % args` may not pad or print beyond the limit."""
    numbers = args if isinstance(args, tuple) else (args,)
    for width, precision in _PRINTF.findall(fmt):
        for given in (width, precision):
            if given == "*":
                _check_ints(numbers, "a `*` width")
            elif given:
                check_size(int(given), "this format width")
    check_value(args, "the values formatted")


def check_format(fmt: str, args: Iterable[Any], kwargs: Mapping[str, Any]) -> None:
    """`fmt.format(...)` may not pad beyond the limit, even with a width from an argument."""
    try:
        fields = list(string.Formatter().parse(fmt))
    except ValueError:
        return  # str.format raises its own error for a malformed format
    for _, _, spec, _ in fields:
        for digits in re.findall(r"\d+", spec or ""):
            check_size(int(digits), "this format width")
        if spec and "{" in spec:
            _check_ints([*args, *kwargs.values()], "a width from an argument")


def _check_ints(values: Iterable[Any], what: str) -> None:
    for value in values:
        if isinstance(value, int) and not isinstance(value, bool):
            check_size(value, what)


def output(value: Any) -> Any:
    """What `{{ value }}` prints: a step of the render, counted against what it may write."""
    budget = current()
    if budget is not None:
        if budget.clock() > budget.deadline:  # budget.tick(), without the call
            budget.late()
        kind = type(value)
        budget.written += (
            len(value) if kind is str else 1 if kind is float else weigh(value, OUTPUT_CHARS)
        )
        if budget.written > OUTPUT_CHARS:
            raise wrote_too_much()
    return value


def concat(*parts: Any) -> str:
    """`a ~ b ~ c`, refused before joining when the result would pass the limit."""
    texts = [part if isinstance(part, str) else str(check_value(part)) for part in parts]
    check_size(sum(map(len, texts)), "joining these")
    return "".join(texts)


# -- calls and filters --------------------------------------------------------------------------


def check_method(func: Any, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> tuple[Any, ...]:
    """Check a call of one of the str methods that can grow past their inputs; returns the
    arguments to call with (a `join` of a generator gets a list, so it can be measured)."""
    target = getattr(func, "__wrapped__", func)  # the sandbox wraps str.format
    owner, name = getattr(target, "__self__", None), getattr(target, "__name__", "")
    if not isinstance(owner, str) or not args and name not in ("format", "expandtabs"):
        return args
    if name in ("center", "ljust", "rjust", "zfill"):
        _check_ints(args[:1], f"str.{name}")
    elif name == "expandtabs":
        tabs = args[0] if args else kwargs.get("tabsize", 8)
        check_size(len(owner) * (tabs if isinstance(tabs, int) else 0), "str.expandtabs")
    elif name == "replace":
        count = args[2] if len(args) > 2 else kwargs.get("count", -1)
        check_replace(owner, args[0], args[1] if len(args) > 1 else "", count)
    elif name == "join":
        args = (_sized(args[0]), *args[1:])
        check_join(args[0], owner)
    elif name == "format":
        check_format(owner, args, kwargs)
    elif name == "format_map" and isinstance(args[0], Mapping):
        check_format(owner, (), args[0])
    elif name == "translate" and isinstance(args[0], Mapping):
        longest = max((len(v) for v in args[0].values() if isinstance(v, str)), default=1)
        check_size(len(owner) * longest, "str.translate")
    return args


def check_replace(text: Any, old: Any, new: Any, count: Any = None) -> None:
    if not isinstance(text, str) or not isinstance(old, str) or not isinstance(new, str):
        return
    times = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    check_size(len(text) + times * max(len(new) - len(old), 0), "this replace")


def check_join(items: Any, separator: Any) -> None:
    if isinstance(items, list | tuple):
        check_size(weigh(items) + len(str(separator)) * len(items), "this join")


def _sized(items: Any) -> Any:
    """A generator's items as a list (bounded by what feeds it), so they can be measured."""
    return items if isinstance(items, list | tuple | str | Mapping) else list(items)


def _width(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _filter_checks() -> dict[str, Any]:
    """Checks run before the Jinja filters that can make more than they are given, on their
    arguments by name, extra positional ones as `args` (a check may swap a generator for a
    list)."""

    def center(a: dict[str, Any]) -> None:
        check_size(len(str(a["value"])) + _width(a.get("width", 80)), "|center")

    def indent(a: dict[str, Any]) -> None:
        text, width = str(a["s"]), a.get("width", 4)
        width = len(width) if isinstance(width, str) else _width(width)
        check_size(len(text) + (text.count("\n") + 1) * width, "|indent")

    def wordwrap(a: dict[str, Any]) -> None:
        text, width = str(a["s"]), max(_width(a.get("width", 79)), 1)
        lines = len(text) // width + text.count("\n") + 1
        check_size(len(text) + lines * len(str(a.get("wrapstring") or "\n")), "|wordwrap")

    def join(a: dict[str, Any]) -> None:
        a["value"] = _sized(a["value"])
        check_join(a["value"], a.get("d", ""))

    def total(a: dict[str, Any]) -> None:
        a["iterable"] = _sized(a["iterable"])
        check_value(a["iterable"], "the values summed")

    def tojson(a: dict[str, Any]) -> None:
        check_size(weigh(a["value"]) * max(_width(a.get("indent")), 1), "|tojson")

    def _keywords(a: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in a.items() if k not in ("value", "args")}

    return {
        "center": center,
        "indent": indent,
        "wordwrap": wordwrap,
        "replace": lambda a: check_replace(a["s"], a["old"], a["new"], a.get("count")),
        "join": join,
        "sum": total,
        "format": lambda a: check_printf(str(a["value"]), _keywords(a) or a["args"]),
        "batch": lambda a: check_size(_width(a["linecount"]), "|batch"),
        "slice": lambda a: check_size(_width(a["slices"]), "|slice"),
        "tojson": tojson,
    }


FILTER_CHECKS = _filter_checks()
# Filters whose result is never larger than what they are given, so it need not be weighed.
_NO_LARGER = """abs attr capitalize count d default filesizeformat first float int last length
lower map max min reject rejectattr reverse round safe select selectattr sort striptags title trim
truncate unique upper wordcount"""
NO_LARGER = frozenset(_NO_LARGER.split())
