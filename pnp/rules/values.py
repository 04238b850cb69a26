"""Values as rules see them: YAML scalars compared and shown, `where:` filters and count ranges.

The small pieces every check shares: equality that keeps YAML's true apart from 1, list-valued
fields matched by any item, how a value or a list of values is written back in a message, and
the two parameter shapes most checks take (`Where`, `Range`). No catalog lookups happen here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard


class HasValues(Protocol):
    """Anything a `where:` can filter: a component, or a table row seen through `rows.Row`."""

    def value(self, key: str) -> Any: ...


def same(a: object, b: object) -> bool:
    """Equality that keeps YAML's true/false apart from 1/0."""
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    return a == b


def items(value: object) -> list[object]:
    """A list-valued field's items; a scalar as a one-item list; None as no items."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def label(value: object) -> str:
    """A value as the YAML author wrote it: true/false lower-case, numbers plain."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def is_whole(value: object) -> TypeGuard[int]:
    """A whole number, and not YAML's true or false."""
    return isinstance(value, int) and not isinstance(value, bool)


def outside(value: object, allowed: tuple[object, ...]) -> list[object]:
    """The items of a (list-valued) field that are not among `allowed`."""
    return [v for v in items(value) if not any(same(v, ok) for ok in allowed)]


def plural(n: int, unit: str) -> str:
    """`1 card`, `3 cards`."""
    return f"{n} {unit if n == 1 else unit + 's'}"


def show_values(values: tuple[object, ...], limit: int = 12) -> str:
    """`1..6` for a run of whole numbers, else the values comma-separated, cut at `limit`."""
    whole = [v for v in values if is_whole(v)]
    run = len(values) > 2 and len(whole) == len(values)
    if run and whole == list(range(whole[0], whole[0] + len(whole))):
        return f"{whole[0]}..{whole[-1]}"
    shown = ", ".join(label(v) for v in values[:limit])
    return shown + (f", ... ({len(values)} in all)" if len(values) > limit else "")


@dataclass(frozen=True)
class Between:
    """`where: {cost: {min: 5}}`: a number of at least `min` and at most `max`."""

    min: float | None = None
    max: float | None = None

    def holds(self, value: object) -> bool:
        if not isinstance(value, int | float) or isinstance(value, bool):
            return False
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)

    def describe(self) -> str:
        """`5 or more`, `at most 3`, `2 to 4`."""
        low, high = (None if v is None else label(_plain(v)) for v in (self.min, self.max))
        if low is not None and high is not None:
            return f"{low} to {high}"
        return f"{low} or more" if low is not None else f"at most {high}"


def _plain(value: float) -> float:
    return int(value) if float(value).is_integer() else value


@dataclass(frozen=True)
class Where:
    """`where:` conditions, all of which must hold; a list-valued field matches by any item."""

    conditions: tuple[tuple[str, tuple[object, ...] | Between], ...] = ()

    def matches(self, thing: HasValues) -> bool:
        for key, wanted in self.conditions:
            have = items(thing.value(key))
            if isinstance(wanted, Between):
                if not any(wanted.holds(h) for h in have):
                    return False
            elif not any(same(h, w) for h in have for w in wanted):
                return False
        return True

    def describe(self) -> str:
        """`faction: red, size: [1, 2], cost: 5 or more`."""
        parts = []
        for key, wanted in self.conditions:
            if isinstance(wanted, Between):
                parts.append(f"{key}: {wanted.describe()}")
                continue
            shown = ", ".join(map(label, wanted))
            parts.append(f"{key}: {shown if len(wanted) == 1 else '[' + shown + ']'}")
        return ", ".join(parts)


@dataclass(frozen=True)
class Range:
    """`equals`, or `min` and/or `max`, on a whole number."""

    equals: int | None = None
    min: int | None = None
    max: int | None = None

    def holds(self, n: int) -> bool:
        if self.equals is not None:
            return n == self.equals
        return (self.min is None or n >= self.min) and (self.max is None or n <= self.max)

    def describe(self, unit: str = "") -> str:
        """`exactly 5 cards`, `between 2 and 4 cards`, `at least 1`, ..."""

        def count(n: int) -> str:
            return plural(n, unit) if unit else str(n)

        if self.equals is not None:
            return f"exactly {count(self.equals)}"
        if self.min is not None and self.max is not None:
            return f"between {self.min} and {count(self.max)}"
        if self.min is not None:
            return f"at least {count(self.min)}"
        return f"at most {count(self.max or 0)}"

    def gap(self, n: int) -> str:
        """`3 short`, `2 too many` or '' when in range."""
        low = self.equals if self.equals is not None else self.min
        high = self.equals if self.equals is not None else self.max
        if low is not None and n < low:
            return f"{low - n} short"
        if high is not None and n > high:
            return f"{n - high} too many"
        return ""
