"""`pnp studio` run as a user runs it, on a copy of a built-in game, for the studio's tests and
benchmark: the process, its address (its first line), and a raw HTTP request helper."""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.hang import HANG

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else \
    shutil.which("chromium")  # fmt: skip


def copy_builtin(game_id: str, dest: Path) -> Path:
    """A game folder holding a built-in game's catalog and templates (`dest/templates`)."""
    shutil.copytree(ROOT / "card_data" / game_id, dest)
    shutil.copytree(ROOT / "templates" / game_id, dest / "templates")
    return dest


def sheet_game(dest: Path, cards: int) -> Path:
    """A `pnp new` game whose sheet holds `cards` distinct cards (its samples, numbered)."""
    import csv

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "pnp.cli", "new", str(dest)], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL, env=env)  # fmt: skip
    sheet = dest / "cards.csv"
    with sheet.open(newline="", encoding="utf-8") as f:
        head, *samples = list(csv.reader(f))
    with sheet.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(head)
        for i in range(cards):
            row = dict(zip(head, samples[i % len(samples)], strict=True))
            out.writerow([{**row, "name": f"{row['name']} {i}", "count": "1"}[k] for k in head])
    game = dest / "game.yaml"
    game.write_text(game.read_text("utf-8").replace("max: 60", f"max: {cards}"), "utf-8")
    return dest


@dataclass
class Running:
    process: subprocess.Popen[str]
    url: str
    port: int
    lines: list[str] = field(default_factory=list)

    def request(
        self, path: str, *, host: str | None = None, method: str = "GET",
        body: bytes | None = None, headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes]:  # fmt: skip
        """(status, body) of a request sent as written: the path is not normalized."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", f"127.0.0.1:{self.port}" if host is None else host)
            for k, v in (headers or {}).items():
                conn.putheader(k, v)
            if body is not None:
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(body)
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()


@contextmanager
def studio(game: Path, *extra: str) -> Iterator[Running]:
    """`pnp studio GAME --no-browser` running until the block ends (then Ctrl-C)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "pnp.cli", "studio", str(game), "--no-browser", *extra]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=env, cwd=game.parent)  # fmt: skip
    assert process.stdout is not None
    first = process.stdout.readline().strip()
    running = Running(process, first.split(": ", 1)[-1], int(first.rsplit(":", 1)[-1].strip("/"))
                      if first.startswith("pnp studio: http") else 0, [first])  # fmt: skip
    reader = threading.Thread(target=lambda: running.lines.extend(process.stdout or []))
    reader.start()
    try:
        assert first.startswith("pnp studio: http://127.0.0.1:"), first
        yield running
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=HANG)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        reader.join(timeout=5)


@contextmanager
def browser_page(url: str, ready: str, wait_ms: int) -> Iterator[Any]:
    """A headless chromium tab on `url`, once the JavaScript `ready` holds; marked so a test
    can tell the page was not reloaded. The page's CSP forbids string evaluation, which
    Playwright's waits use: bypassed here (tests/studio/test_studio_server.py checks the header)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        tab = browser.new_page(viewport={"width": 1400, "height": 900}, bypass_csp=True)
        tab.goto(url)
        tab.wait_for_function(ready, timeout=wait_ms)
        tab.evaluate("window.__notReloaded = true")
        yield tab
        browser.close()
