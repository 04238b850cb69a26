"""Fields with allowed values and ranges, declared once in a set's `fields:` and checked as each
component loads, so a typo in a `Stage` column is reported at its row and column
(`cards.csv:14: column 'Stage': expected one of early, mid, late, found 'mdi'` and the closest
allowed value), not later as a template error.

```yaml
fields:
  stage: {one_of: [early, mid, late]}          # no default: a card may leave it out
  cost: {min: 0, max: 10, default: 0}
  tags: {one_of: [move, look, fight], default: []}   # a list field: every item is checked
```

A field's declaration is a check when it is a mapping of `one_of`, `min`, `max` and `default`
only, with at least one of the first three; any other mapping is a mapping field's default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.catalog.fields import Fields
from pnp.names import closest, describe

CHECK_KEYS = ("one_of", "min", "max", "default")


@dataclass(frozen=True)
class Allowed:
    """What values a field may hold: one of a list, and/or a number in [min, max]."""

    one_of: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None

    def problem(self, value: Any) -> tuple[str, list[str] | None] | None:
        """(what was expected, suggestions) when `value` is not allowed, else None."""
        if self.one_of is not None and not any(_same(value, ok) for ok in self.one_of):
            shown = ", ".join(_label(v) for v in self.one_of)
            return f"one of {shown}, found {describe(value)}", self._closest(value)
        if self.min is None and self.max is None:
            return None
        number = isinstance(value, int | float) and not isinstance(value, bool)
        low = self.min is None or (number and value >= self.min)
        high = self.max is None or (number and value <= self.max)
        if number and low and high:
            return None
        nearest = self.min if number and not low else self.max if number else None
        closest_text = f" (closest allowed: {_label(nearest)})" if nearest is not None else ""
        return f"{self.describe_range()}, found {describe(value)}{closest_text}", None

    def describe_range(self) -> str:
        """`a number from 0 to 10`, `a number of at least 1`, `a number of at most 5`."""
        if self.min is not None and self.max is not None:
            return f"a number from {_label(self.min)} to {_label(self.max)}"
        if self.min is not None:
            return f"a number of at least {_label(self.min)}"
        return f"a number of at most {_label(self.max)}"

    def _closest(self, value: Any) -> list[str]:
        allowed = self.one_of or ()
        numbers = [v for v in allowed if isinstance(v, int | float) and not isinstance(v, bool)]
        if isinstance(value, int | float) and not isinstance(value, bool) and numbers:
            return [_label(min(numbers, key=lambda v: abs(v - value)))]
        return closest(value, [_label(v) for v in allowed], n=1)


def is_check(value: Any) -> bool:
    """Whether a field's declaration is a check (`{one_of: [...]}`), not a mapping's default."""
    return (
        isinstance(value, dict)
        and bool(value)
        and all(k in CHECK_KEYS for k in value)
        and any(k in value for k in CHECK_KEYS[:3])
    )


def read_declarations(fields: Fields) -> tuple[dict[str, Any], dict[str, Any], dict[str, Allowed]]:
    """A set's `fields:` as (defaults, a value of each field's type for reading cells, checks).

    A checked field's default is its `default` (None: no default); its type is its default's,
    else its `one_of`'s when they share one, else a number's when it has `min` or `max`."""
    defaults: dict[str, Any] = {}
    kinds: dict[str, Any] = {}
    checks: dict[str, Allowed] = {}
    for key, value in fields.raw.items():
        if not is_check(value):
            defaults[key] = kinds[key] = value
            continue
        spec = fields.mapping(key, f"{fields.what} {key}")
        allowed = _read_check(spec)
        default = spec.get("default")
        for item in default if isinstance(default, list) else [default]:
            found = allowed.problem(item) if item is not None else None
            if found is not None:
                raise spec.error(f"`default` should be {found[0]}", "default")
        checks[str(key)] = allowed
        defaults[key] = default
        kinds[key] = default if default is not None else _kind_of(allowed)
    return defaults, kinds, checks


def _read_check(spec: Fields) -> Allowed:
    one_of = spec.get("one_of")
    if one_of is not None and (
        not isinstance(one_of, list)
        or not one_of
        or any(isinstance(v, dict | list) for v in one_of)
    ):
        raise spec.error("`one_of` should be a list of values, e.g. [early, mid, late]", "one_of")
    low = spec.number("min", None)
    high = spec.number("max", None)
    if low is not None and high is not None and low > high:
        raise spec.error(f"`min` ({low:g}) is more than `max` ({high:g})", "min")
    return Allowed(tuple(one_of) if one_of else None, _whole(low), _whole(high))


def _kind_of(allowed: Allowed) -> Any:
    """A value of the type a checked field without a default reads its cells as."""
    if allowed.one_of:
        kinds = {type(v) for v in allowed.one_of}
        return allowed.one_of[0] if len(kinds) == 1 else None
    bounds = [b for b in (allowed.min, allowed.max) if b is not None]
    return 0.0 if any(isinstance(b, float) for b in bounds) else 0


def check_value(item: Fields, key: str, value: Any, allowed: Allowed) -> None:
    """Raise at `key` of `item` (its row and column, for a sheet) when `value` is not allowed."""
    for one in value if isinstance(value, list) else [value]:
        found = allowed.problem(one)
        if found is not None:
            message, suggestions = found
            raise item.error(f"`{key}` should be {message}", key, suggestions=suggestions)


def _whole(number: float | None) -> float | None:
    return int(number) if number is not None and float(number).is_integer() else number


def _same(a: Any, b: Any) -> bool:
    return isinstance(a, bool) == isinstance(b, bool) and a == b


def _label(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
