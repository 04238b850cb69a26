"""The studio's web app: the page, its data, the faces' pictures, the prints and the events.

Read-only: nothing here writes into the game's folder. Faces are served by face key and
PDFs by the names of the last good build, so no request names a file; the Guard refuses
foreign Hosts, `..` paths and cross-origin POSTs before any route runs.
"""

from __future__ import annotations

import asyncio
import re
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from pnp.catalog.model import Game
from pnp.memo import Memo
from pnp.studio.book import FOCUS_MAX, FaceBook, Snapshot
from pnp.studio.card import card_data
from pnp.studio.checks import catalog_checks, decklist_checks
from pnp.studio.guard import Guard
from pnp.studio.images import Pictures
from pnp.studio.live import Hub
from pnp.studio.prints import Prints
from pnp.studio.views import matching, prints_data, state_data, tile_page, tiles

STATIC = {"index.html": "text/html", "studio.js": "text/javascript", "studio.css": "text/css"}
DECKLIST_BYTES = 200_000
_KEY = re.compile(r"[0-9a-f]{20}")
NO_STORE = {"cache-control": "no-store"}


class Studio:
    """One game's studio: its faces, pictures, prints and open pages."""

    def __init__(self, ref: str, game: Game | None = None, edition: str | None = None) -> None:
        self.book = FaceBook(ref, game, edition, background=True)
        self.pictures = Pictures()
        self.hub = Hub()
        self.prints = Prints(ref, self._prints_changed, edition)
        self.book.notify = self._faces_changed
        self.closing = asyncio.Event()
        # per snapshot (by version): the faces by key, the tiles, the tiles a filter shows
        self._by_key: Memo[int, dict[str, Any]] = Memo(2)
        self._tiles: Memo[int, list[dict[str, Any]]] = Memo(2)
        self._shown: Memo[tuple[int, str, str], list[dict[str, Any]]] = Memo(8)

    def refresh(self) -> str:
        """What the watch calls on every save: the faces, then (in the background) the prints."""
        changed = self.book.refresh(announce=True)
        self.prints.request()
        problem = self.book.snapshot.problem
        if problem:
            return f"error: {problem.message}"
        waiting = self.book.snapshot.waiting
        later = f", {waiting:,} more in the background" if waiting else ""
        laid = _count(self.book.laid, "card")
        return f"{_count(len(changed), 'face')} changed ({laid} laid out again{later})"

    def _faces_changed(self, snapshot: Snapshot, changed: list[str]) -> None:
        self.hub.send("faces", {"version": snapshot.version, "changed": changed})

    def _prints_changed(self) -> None:
        self.hub.send("prints", prints_data(self.prints.state))

    def app(self, port: int) -> Guard:
        routes = [
            Route("/", self.page),
            Route("/static/{name}", self.static),
            Route("/api/state", self.state),
            Route("/api/tiles", self.tiles),
            Route("/api/card", self.card),
            Route("/api/checks", self.checks),
            Route("/api/decklist", self.decklist, methods=["POST"]),
            Route("/api/focus", self.focus, methods=["POST"]),
            Route("/face/{key}.png", self.face),
            Route("/prints/{name}", self.print_file),
            Route("/prints/{name}/{page:int}.png", self.print_page),
            Route("/events", self.events),
        ]
        return Guard(Starlette(routes=routes), port, posts=("/api/decklist", "/api/focus"))

    # -- the page ------------------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        return _static("index.html")

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        return _static(name) if name in STATIC and name != "index.html" else _not_found()

    async def state(self, request: Request) -> Response:
        snapshot = self.book.snapshot
        faces = len(self._all_tiles(snapshot))
        return JSONResponse(state_data(snapshot, self.prints.state, faces), headers=NO_STORE)

    async def tiles(self, request: Request) -> Response:
        """A page of the gallery: `start` to `stop` of the tiles of `set` whose names hold `q`."""
        query = request.query_params
        snapshot = self.book.snapshot
        every = self._all_tiles(snapshot)
        chosen = (snapshot.version, query.get("set", ""), query.get("q", "")[:200])
        shown = self._shown.get_or_make(chosen, lambda: matching(every, *chosen[1:]))
        start, stop = _number(query.get("start"), 0), _number(query.get("stop"), 0)
        return JSONResponse(tile_page(shown, snapshot.version, start, stop), headers=NO_STORE)

    def _all_tiles(self, snapshot: Snapshot) -> list[dict[str, Any]]:
        return self._tiles.get_or_make(snapshot.version, lambda: tiles(snapshot))

    async def card(self, request: Request) -> Response:
        snapshot = self.book.snapshot
        face = snapshot.faces.get(request.query_params.get("id", ""))
        if face is None or snapshot.game is None or snapshot.templates is None:
            return _not_found()
        game, templates = snapshot.game, snapshot.templates
        data = await run_in_threadpool(self.book.quietly, lambda: card_data(game, templates, face))
        return JSONResponse(data, headers=NO_STORE)

    async def checks(self, request: Request) -> Response:
        game = self.book.snapshot.game
        if game is None:
            return JSONResponse({"error": "the catalog is not loaded"})
        return JSONResponse(await run_in_threadpool(catalog_checks, game), headers=NO_STORE)

    async def decklist(self, request: Request) -> Response:
        game = self.book.snapshot.game
        body = await request.body()
        if len(body) > DECKLIST_BYTES:
            return JSONResponse({"error": "the deck list is too long"}, status_code=413)
        if game is None:
            return JSONResponse({"error": "the catalog is not loaded"})
        text = body.decode("utf-8", errors="replace")
        return JSONResponse(await run_in_threadpool(decklist_checks, game, text))

    async def focus(self, request: Request) -> Response:
        """The faces the page shows (`set/component` lines): laid out first after a save."""
        body = await request.body()
        if len(body) > DECKLIST_BYTES:
            return JSONResponse({"error": "too many faces"}, status_code=413)
        shown = body.decode("utf-8", errors="replace").split("\n")[:FOCUS_MAX]
        self.book.focus = frozenset(line for line in shown if line)
        return Response(status_code=204)

    # -- pictures and files --------------------------------------------------------------------

    async def face(self, request: Request) -> Response:
        key = request.path_params["key"]
        art = self._art(key) if _KEY.fullmatch(key) else None
        if art is None:
            return _not_found()
        zoom = request.query_params.get("zoom") == "1"
        png = await run_in_threadpool(self.pictures.face, art, zoom)
        return Response(
            png,
            media_type="image/png",
            headers={"cache-control": "private, max-age=31536000, immutable"},
        )

    def _art(self, key: str) -> Any:
        """The face drawn under `key`: one lookup, not a scan of every face per picture."""
        snapshot = self.book.snapshot
        by_key = self._by_key.get_or_make(
            snapshot.version, lambda: {f.art.key: f.art for f in snapshot.faces.values()}
        )
        return by_key.get(key)

    async def print_file(self, request: Request) -> Response:
        found = self.prints.find(request.path_params["name"])
        if found is None:
            return _not_found()
        data = await run_in_threadpool(found.path.read_bytes)
        disposition = f'attachment; filename="{found.name}"'
        return Response(data, media_type="application/pdf",
                        headers={"content-disposition": disposition, **NO_STORE})  # fmt: skip

    async def print_page(self, request: Request) -> Response:
        found = self.prints.find(request.path_params["name"])
        number = request.path_params["page"]
        if found is None or not 0 <= number < found.pages:
            return _not_found()
        png = await run_in_threadpool(self.pictures.page, found.path, found.stamp, number)
        return Response(png, media_type="image/png", headers=NO_STORE)

    async def events(self, request: Request) -> Response:
        hello = {"version": self.book.snapshot.version}
        return StreamingResponse(self.hub.stream(hello, self.closing),
                                 media_type="text/event-stream", headers=NO_STORE)  # fmt: skip


def _static(name: str) -> Response:
    data = resources.files("pnp.studio").joinpath("static", name).read_bytes()
    return Response(data, media_type=f"{STATIC[name]}; charset=utf-8", headers=NO_STORE)


def _count(n: int, thing: str) -> str:
    return f"{n:,} {thing}{'' if n == 1 else 's'}"


def _number(text: str | None, default: int) -> int:
    """A query's whole number (a missing or malformed one: `default`)."""
    return int(text) if text is not None and text.isdigit() and len(text) < 10 else default


def _not_found() -> Response:
    return PlainTextResponse("not found\n", status_code=404)
