"""One memo type for the whole package: bounded, thread-safe, out of the domain code's way.

pnp remembers what is costly to work out again (parsed SVGs and fonts, text widths, laid-out
faces) in many places; each is a `Memo` of a fixed size. Past it, the entry used longest ago
goes (it is worked out again if it comes back), so no memo grows with a long studio session or
a huge game. Every write is under the memo's own lock: `pnp studio` draws faces on more than
one thread, and a plain dict changed by two at once can lose an entry or break an eviction. A
read is one dict lookup, atomic in Python, and takes no lock: memos sit on hot paths (a text
width is asked for per word per size tried), where a lock per read would cost a build time.

    _drawings: Memo[str, Drawing] = Memo(256)
    drawing = _drawings.get_or_make(digest, lambda: parse(path))

`get_or_make` runs `make` outside the lock (it may be slow, or use another memo); when two
threads make the same key at once, the first stored wins and both get it.

A key may name objects by identity (`id(element)`: cheap, where hashing a frozen dataclass walks
all of it; the faces of a set share their unchanged elements, so what is learnt about one holds
for every face that has it). An id names an object only while it lives, so such an entry is
stored with `held=` the objects its key names: none can be collected, and no other object can
take its id, while the entry stands.

    _steps: Memo[int, Steps] = Memo(512)
    steps = _steps.get_or_make(id(element), lambda: walk(element), held=element)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """A bounded, thread-safe map from keys to values worked out once (the oldest entry
    dropped first). A value is never None: `get` says "not known" with None."""

    __slots__ = ("_held", "_items", "_lock", "get", "size")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a memo holds at least one entry, not {size}")
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._held: dict[K, object] = {}  # what a key by identity names, kept alive with it
        self._lock = threading.Lock()
        # the value under a key, or None: the dict's own method, one atomic lookup, no lock
        self.get: Callable[[K], V | None] = self._items.get

    def put(self, key: K, value: V, held: object = None) -> V:
        """Store `value` under `key` (the value already there, if another thread was first);
        `held`: the objects whose ids `key` names, kept while the entry stands."""
        with self._lock:
            kept = self._items.setdefault(key, value)
            if held is not None and kept is value:
                self._held[key] = held
            while len(self._items) > self.size:
                old, _ = self._items.popitem(last=False)
                self._held.pop(old, None)
            return kept

    def get_or_make(self, key: K, make: Callable[[], V], held: object = None) -> V:
        """The value under `key`, made with `make()` and stored when not known (`held`: as
        for `put`)."""
        value = self.get(key)
        return value if value is not None else self.put(key, make(), held)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._held.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._items
