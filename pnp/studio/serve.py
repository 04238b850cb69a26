"""`pnp studio`: serve one game's studio on the loopback address until Ctrl-C."""

from __future__ import annotations

import os
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable

from pnp.catalog.games import resolve_game
from pnp.catalog.model import Game
from pnp.errors import SIGINT, InputError, Interrupted, PnpError
from pnp.io.interrupts import number_of

HOST = "127.0.0.1"


def run_studio(
    ref: str,
    port: int | None,
    open_browser: bool,
    echo: Callable[[str], None],
    edition: str | None = None,
) -> None:
    """Serve the studio of the game `ref` (in `edition`) on 127.0.0.1 (`port`, else a free
    one); `echo`'s first line is the address. Raises `Interrupted` after Ctrl-C (or SIGTERM,
    SIGHUP: its number), everything stopped."""
    game = _first_load(ref, edition)
    sock = _listen(port or 0)
    address = f"http://{HOST}:{sock.getsockname()[1]}/"
    stops: list[Callable[[], object]] = [sock.close]
    number = SIGINT
    try:  # from the address on, Ctrl-C is how a studio ends: it may come at once
        echo(f"pnp studio: {address}")  # first, before the web stack is imported (~1 s)
        _serve(game, ref, sock, address if open_browser else None, stops, edition)
    except KeyboardInterrupt as exc:  # Ctrl-C is how a studio ends (uvicorn raises it once
        number = number_of(exc)  # stopped); SIGTERM, SIGHUP the same way
    finally:
        for stop in reversed(stops):
            stop()
        echo("pnp studio: stopped")
    raise Interrupted("", number)  # the user ended it: the exit code says how (130, 143, 129)


def _first_load(ref: str, edition: str | None) -> Game | None:
    """The game `ref` names; None for a game folder whose catalog cannot be read yet (the page
    shows why, and the next save is read again). An unknown name is an error of its own."""
    try:
        return resolve_game(ref, edition)
    except PnpError:
        if os.path.isfile(os.path.join(ref, "game.yaml")):
            return None
        raise


def _serve(
    game: Game | None,
    ref: str,
    sock: socket.socket,
    browse: str | None,
    stops: list[Callable[[], object]],
    edition: str | None = None,
) -> None:
    """Serve until Ctrl-C, the faces laid out (in the watch's thread) from the moment the web
    stack is loaded; `stops` gathers what to stop, in the order it was started."""
    import uvicorn

    from pnp.studio.app import Studio
    from pnp.studio.live import Watcher

    sys.setswitchinterval(0.0005)  # the server answers between the layout thread's steps
    studio = Studio(ref, game, edition)
    stops.append(studio.closing.set)
    stops.append(studio.book.close)
    config = uvicorn.Config(
        studio.app(sock.getsockname()[1]), log_level="warning", timeout_graceful_shutdown=1,
        lifespan="off", access_log=False,
    )  # fmt: skip
    watcher = Watcher(ref, studio.refresh, lambda line: print(line, file=sys.stderr))
    watcher.start()
    stops.append(watcher.stop)
    studio.prints.start()
    stops.append(studio.prints.close)
    if browse:
        threading.Timer(0.5, webbrowser.open, [browse]).start()
    uvicorn.Server(config).run(sockets=[sock])


def _listen(port: int) -> socket.socket:
    """A socket bound to 127.0.0.1:`port` (0: a free port), or an InputError saying why not."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
    except OSError as exc:
        sock.close()
        raise InputError(f"--port {port}: cannot listen on {HOST}:{port} ({exc.strerror})",
                         hint="choose another port, or leave --port out for a free one"
                         ) from None  # fmt: skip
    sock.listen(128)
    sock.set_inheritable(True)
    return sock
