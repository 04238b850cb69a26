"""Answers worked out once per object and remembered by its identity.

The faces of a set share their unchanged top-level elements (pnp.layout.items compiles each item
once and hands every face the same objects), so what a check learns about an element holds for
every face that has it. Keys are ids: cheap, where hashing a frozen dataclass walks all of it.
An id names an object only while it lives, so each entry holds the objects its key names: none
of them can be collected, and no other object can take its id, while the entry stands.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Recall(Generic[T]):
    """A bounded memo by identity: past `size` entries, the oldest is dropped (the shared
    elements of a set come back every face and are soon worked out again if they go). A value
    is never None: `get` says "not known" with None."""

    __slots__ = ("_held", "_items", "_lock", "_size", "get")

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[Hashable, T] = OrderedDict()
        self._held: dict[Hashable, object] = {}
        self._size = size
        self._lock = threading.Lock()
        # the value stored under a key, or None: the dict's own method, as this is asked for
        # several times a face by each check
        self.get: Callable[[Hashable], T | None] = self._items.get

    def put(self, key: Hashable, held: object, value: T) -> T:
        """Store `value` under `key`, holding `held`: every object whose id `key` names."""
        # one writer at a time (pnp studio checks faces on more than one thread), and a key is
        # in `_items`, where `get` finds it, only while its objects are held
        with self._lock:
            self._held[key] = held
            self._items[key] = value
            if len(self._items) > self._size:
                old, _ = self._items.popitem(last=False)
                del self._held[old]
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._held.clear()

    def __len__(self) -> int:
        return len(self._items)
