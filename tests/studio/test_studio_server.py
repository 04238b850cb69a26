"""`pnp studio` as a server: its first line, what it refuses (foreign Host, `..` paths, POSTs
from elsewhere), that it writes nothing into the game's folder, and a clean Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hang import HANG
from tests.studio_server import Running, copy_builtin, studio

GAME = "espionage-card-game"


def _files(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*")}


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_builtin(GAME, tmp_path_factory.mktemp("studio") / GAME)


@pytest.fixture(scope="module")
def running(game: Path) -> Iterator[Running]:
    with studio(game) as run:
        deadline = time.monotonic() + HANG
        while json.loads(run.request("/api/state")[1])["pending"]:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        yield run


def _state(running: Running) -> dict:  # type: ignore[type-arg]
    status, body = running.request("/api/state")
    assert status == 200
    return json.loads(body)  # type: ignore[no-any-return]


def _tiles(running: Running, query: str) -> dict:  # type: ignore[type-arg]
    status, body = running.request(f"/api/tiles?{query}")
    assert status == 200
    return json.loads(body)  # type: ignore[no-any-return]


def test_a_face_is_served_by_its_key(running: Running) -> None:
    key = _tiles(running, "start=0&stop=1")["tiles"][0]["key"]
    status, png = running.request(f"/face/{key}.png")
    assert status == 200 and png.startswith(b"\x89PNG")
    assert running.request("/face/0123456789abcdef0123.png")[0] == 404  # no such face


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1.evil.example",
                                  "localhost.evil.example:1234", ""])  # fmt: skip
def test_a_foreign_host_is_refused(running: Running, host: str) -> None:
    status, body = running.request("/api/state", host=host)
    assert status == 421 and b"127.0.0.1" in body
    assert running.request("/", host=host)[0] == 421


def test_localhost_is_served(running: Running) -> None:
    assert running.request("/", host=f"localhost:{running.port}")[0] == 200


@pytest.mark.parametrize("path", [
    "/../game.yaml", "/static/../../game.yaml", "/static/%2e%2e/%2e%2e/game.yaml",
    "/static/%2E%2E%2Fgame.yaml", "/prints/..%2f..%2fgame.yaml", "/static/..\\game.yaml",
    "/face/%2e%2e%2fgame.yaml.png", "//etc/passwd", "/static/game.yaml",
    "/static/studio.js%00.html",
])  # fmt: skip
def test_no_path_outside_the_studio_is_served(running: Running, path: str) -> None:
    status, body = running.request(path)
    assert status == 404, (path, body[:200])
    assert b"game:" not in body and b"root:" not in body


def test_a_post_checks_its_origin(running: Running) -> None:
    body = b"4 Sniper\n"
    own = {"Origin": f"http://127.0.0.1:{running.port}", "Content-Type": "text/plain"}
    status, answer = running.request("/api/decklist", method="POST", body=body, headers=own)
    assert status == 200 and json.loads(answer)["ok"] is False
    for origin in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {}):
        status, answer = running.request("/api/decklist", method="POST", body=body,
                                         headers=origin)  # fmt: skip
        assert status == 403 and b"Origin" in answer
    assert running.request("/api/state", method="PUT", body=b"")[0] == 405


def test_every_answer_forbids_foreign_scripts(running: Running) -> None:
    conn_status, _ = running.request("/")
    assert conn_status == 200
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", running.port, timeout=HANG)
    conn.request("GET", "/")
    csp = conn.getresponse().getheader("content-security-policy") or ""
    conn.close()
    assert "script-src 'self'" in csp and "default-src 'none'" in csp


def test_nothing_is_written_into_the_game_folder(running: Running, game: Path) -> None:
    before = _files(game)
    deadline = time.monotonic() + HANG  # the kit and rulebook build, in a folder of its own
    while not _state(running)["prints"]["files"]:
        assert time.monotonic() < deadline, _state(running)["prints"]
        time.sleep(0.5)
    names = [f["name"] for f in _state(running)["prints"]["files"]]
    assert any("rulebook" in n for n in names)
    status, pdf = running.request(f"/prints/{names[0]}")
    assert status == 200 and pdf.startswith(b"%PDF")
    assert running.request(f"/prints/{names[0]}/0.png")[0] == 200
    assert _files(game) == before


def test_ctrl_c_stops_it_cleanly(game: Path) -> None:
    with studio(game, "--port", str(_free_port())) as run:
        assert run.url == f"http://127.0.0.1:{run.port}/"
        deadline = time.monotonic() + HANG
        while b"pnp studio" not in _page(run):
            assert time.monotonic() < deadline
            time.sleep(0.1)
        run.process.send_signal(signal.SIGINT)
        assert run.process.wait(timeout=HANG) == 130  # as README documents for Ctrl-C
    output = "".join(run.lines)
    assert "pnp studio: stopped" in output and "Traceback" not in output


def test_a_busy_port_is_a_clear_error(game: Path, tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
        result = subprocess.run(
            [sys.executable, "-m", "pnp.cli", "studio", str(game), "--port", str(port),
             "--no-browser"], capture_output=True, text=True, timeout=HANG, env=env,
        )  # fmt: skip
    assert result.returncode == 2
    assert f"--port {port}: cannot listen on 127.0.0.1:{port}" in result.stderr


def _page(run: Running) -> bytes:
    try:
        return run.request("/")[1]
    except OSError:  # not listening yet
        return b""


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_catalog_broken_at_start_is_shown_and_a_fix_clears_it(tmp_path: Path) -> None:
    game = copy_builtin(GAME, tmp_path / GAME)
    deck = game / "deck.yaml"
    good = deck.read_text("utf-8")
    deck.write_text(good.replace("    count: 3\n", "    count: three\n", 1), "utf-8")
    line = good.splitlines().index("    count: 3") + 1
    with studio(game) as run:
        problem = _wait(run, lambda s: s["problem"])["problem"]
        assert problem["file"].endswith("deck.yaml") and problem["line"] == line
        assert "count" in problem["message"] and run.process.poll() is None
        deck.write_text(good, "utf-8")
        state = _wait(run, lambda s: not s["problem"] and not s["pending"] and s["faces"])
        assert state["faces"] == 23


def test_an_unknown_game_is_refused_before_serving(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    result = subprocess.run(
        [sys.executable, "-m", "pnp.cli", "studio", "spy-royal", "--no-browser"],
        capture_output=True, text=True, timeout=HANG, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2 and "unknown game 'spy-royal'" in result.stderr
    assert "spy-royale" in result.stderr and result.stdout == ""


def _wait(run: Running, ready: object) -> dict:  # type: ignore[type-arg]
    deadline = time.monotonic() + HANG
    while True:
        try:
            state = _state(run)
        except OSError:
            state = {}
        if state and callable(ready) and ready(state):
            return state
        assert time.monotonic() < deadline, state
        time.sleep(0.2)


def test_an_element_drawn_by_a_shared_macro_is_traced_to_the_macro(running: Running) -> None:
    status, body = running.request("/api/card?id=deck%2Fsniper%2Ffront")
    assert status == 200
    where = {e["name"]: e["where"] for e in json.loads(body)["elements"]}
    frame = Path(__file__).parents[2] / "templates" / "_common" / "frame.j2"
    line = next(n for n, text in enumerate(frame.read_text("utf-8").splitlines(), 1)
                if "name: background," in text)  # fmt: skip
    assert where["background"].endswith(f"templates/_common/frame.j2:{line}")
    assert re.search(r"card-front\.yaml\.j2:\d+$", where["title"])


def test_the_gallery_comes_in_pages_filtered_by_set_and_words(running: Running) -> None:
    total = _state(running)["faces"]
    pages = [_tiles(running, f"start={i}&stop={i + 5}") for i in range(0, total + 5, 5)]
    ids = [t["id"] for page in pages for t in page["tiles"]]
    assert len(ids) == len(set(ids)) == total == pages[0]["total"] > 20
    assert _tiles(running, "start=0&stop=100000")["tiles"] == [t for p in pages for t in p["tiles"]]
    reference = _tiles(running, "set=reference&start=0&stop=100")
    assert 0 < reference["total"] == len(reference["tiles"]) < total
    assert {t["set"] for t in reference["tiles"]} == {"reference"}
    sniper = _tiles(running, "q=SNIPER&start=0&stop=100")  # any case
    assert sniper["total"] == 1 and sniper["tiles"][0]["name"] == "Sniper"
    assert _tiles(running, "start=x&stop=-3")["tiles"] == []  # malformed: nothing, no error
