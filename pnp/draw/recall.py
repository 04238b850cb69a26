"""Answers worked out once per object and remembered by its identity.

The faces of a set share their unchanged top-level elements (pnp.layout.items compiles each item
once and hands every face the same objects), so what a check learns about an element holds for
every face that has it. Keys are ids: cheap, where hashing a frozen dataclass walks all of it.
An id names an object only while it lives, so each entry holds the objects its key names: none
of them can be collected, and no other object can take its id, while the entry stands.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Recall(Generic[T]):
    """A bounded memo by identity, least recently used entry dropped first. A value is never
    None (`get` says "not known" with None)."""

    __slots__ = ("_items", "_size")

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[Hashable, tuple[object, T]] = OrderedDict()
        self._size = size

    def get(self, key: Hashable) -> T | None:
        """The value stored under `key`, or None."""
        hit = self._items.get(key)
        if hit is None:
            return None
        self._items.move_to_end(key)
        return hit[1]

    def put(self, key: Hashable, held: object, value: T) -> T:
        """Store `value` under `key`, holding `held`: every object whose id `key` names."""
        self._items[key] = (held, value)
        if len(self._items) > self._size:
            self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
