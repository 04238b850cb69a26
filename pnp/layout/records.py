"""What templates see of a face's data: Records (mappings) and lists, copied from plain data.

A Record knows its own path ("card", "game.tables[2]", "card.fields") so a missing field can be
named (pnp.layout.sandbox), and its weight (pnp.layout.guard), computed as it is copied, so
weighing a value that holds it costs nothing. Templates cannot change a Record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.layout import guard


class Record(guard.Weighed):
    """A mapping as templates see it; knows its own name so a missing field can be named."""

    # underscored, so a field called `path` is still reachable as `card.path`
    __slots__ = ("_record_path",)

    def __init__(self, path: str, items: Mapping[str, Any], weight: int | None = None) -> None:
        super().__init__(items)
        self._record_path = path
        self._weight = guard.weigh(dict(items)) if weight is None else weight


def wrap_context(value: Any, path: str) -> Any:
    """Copy plain data into Records (mappings) and lists, naming each mapping by its path."""
    return _wrap(value, path)[0]


def renamed(wrapped: Any, old: str, new: str) -> Any:
    """What `wrap_context(value, new)` makes, from `wrapped = wrap_context(value, old)` (a
    face's `card` and `component` are one mapping): the same leaves and weights, each Record's
    path starting `new` instead of `old`."""
    if type(wrapped) is list:
        return [v if type(v) not in _WRAPPED else renamed(v, old, new) for v in wrapped]
    if type(wrapped) is not Record:
        return wrapped
    items = {k: v if type(v) not in _WRAPPED else renamed(v, old, new) for k, v in wrapped.items()}
    return Record(new + wrapped._record_path[len(old) :], items, wrapped._weight)


def _wrap(value: Any, path: str) -> tuple[Any, int]:
    """(value as templates see it, its weight for pnp.layout.guard), computed as it is copied;
    a text or a number inside is taken at once (no path made for it)."""
    if isinstance(value, Mapping):
        items, weight = {}, 1
        for k, v in value.items():
            kind = type(v)
            if kind is str:
                items[k], w = v, len(v) + 1
            elif kind in _PLAIN:
                items[k], w = v, 1
            else:
                items[k], w = _wrap(v, f"{path}.{k}")
            weight += w + (len(k) if type(k) is str else guard.weigh(k))
        return Record(path, items, weight), weight
    if isinstance(value, list | tuple):
        values, weight = [], 1
        for i, v in enumerate(value):
            kind = type(v)
            if kind is str:
                w = len(v) + 1
            elif kind in _PLAIN:
                w = 1
            else:
                v, w = _wrap(v, f"{path}[{i}]")
            values.append(v)
            weight += w
        return values, weight
    return value, len(value) + 1 if type(value) is str else guard.weigh(value)


RECORD_ATTRIBUTES = frozenset(dir(Record))  # what getattr(record, name) finds, not a field
_PLAIN = {int, float, bool, type(None)}  # weighing 1 (pnp.layout.guard.weigh)
_WRAPPED = {Record, list}  # what _wrap makes that holds other values
