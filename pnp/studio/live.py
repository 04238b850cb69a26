"""Live updates: the watch machinery refreshes the faces on every save, and every open page
hears of it through Server-Sent Events (which faces changed, a problem, the kit rebuilt)."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from pnp.pipeline.watch import game_paths, watch

KEEPALIVE_S = 15.0  # a comment line now and then, so a closed tab is noticed


class Hub:
    """The open pages' event queues; `send` may be called from any thread."""

    def __init__(self) -> None:
        self._queues: set[asyncio.Queue[str]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    def send(self, event: str, data: dict[str, Any]) -> None:
        message = f"event: {event}\ndata: {json.dumps(data)}\n\n"
        with self._lock:
            loop, queues = self._loop, list(self._queues)
        if loop is None or loop.is_closed():
            return
        for queue in queues:
            loop.call_soon_threadsafe(queue.put_nowait, message)

    async def stream(self, hello: dict[str, Any], closing: asyncio.Event) -> AsyncIterator[str]:
        """One page's events, from a `hello` with the current version, until `closing`."""
        queue: asyncio.Queue[str] = asyncio.Queue()
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._queues.add(queue)
        try:
            yield f"event: hello\ndata: {json.dumps(hello)}\n\n"
            while not closing.is_set():
                try:
                    yield await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                except TimeoutError:
                    yield ": keep-alive\n\n"
        finally:
            with self._lock:
                self._queues.discard(queue)


class Watcher:
    """`refresh` now and after every save of a file the game is made of, in a thread of its
    own, until `stop()`."""

    def __init__(self, ref: str, refresh: Callable[[], object], report: Callable[[str], None]):
        self._paths: list[Path] = game_paths([ref])
        self._refresh = refresh
        self._report = report
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pnp-studio-watch", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        watch(self._paths, self._refresh, report=self._report, stop=self._stop)
