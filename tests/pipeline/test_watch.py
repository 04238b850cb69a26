"""`pnp build --watch` as a designer uses it, in a child process with bounded waits: a saved
sheet is rebuilt within seconds and the PDF shows the change; a broken template is reported and
the watch goes on (the last good PDF stays); fixing it rebuilds; writing the output inside the
game's folder does not set off rebuild after rebuild; an edited template shows in the next
build (no stale cache); Ctrl-C ends it cleanly."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pdfplumber
import pytest
from hang import HANG

from pnp.catalog.scaffold import new_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")


class Watch:
    """`pnp build FOLDER --watch` (or `command`) in a child; its output lines read on a thread."""

    def __init__(self, folder: Path, out: Path, command: tuple[str, ...] = ("build",)) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        what = ("--what", "cards") if command == ("build",) else ()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pnp.cli", command[0], str(folder), *command[1:], *what,
             "--out", str(out), "--watch"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        )  # fmt: skip
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, word: str, seconds: float) -> tuple[str, float]:
        """The next line holding `word` and how long it took; fails after `seconds`."""
        start = time.monotonic()
        while (left := seconds - (time.monotonic() - start)) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            self.seen.append(line)
            if word in line:
                return line, time.monotonic() - start
        raise AssertionError(f"no {word!r} line within {seconds} s; output: {self.seen}")

    def quiet_for(self, seconds: float) -> list[str]:
        end, lines = time.monotonic() + seconds, []
        while (left := end - time.monotonic()) > 0:
            try:
                lines.append(self.lines.get(timeout=left))
            except queue.Empty:
                break
        self.seen += lines
        return lines


def scouts(pdf_path: Path) -> int:
    with pdfplumber.open(pdf_path) as pdf:
        return sum((page.extract_text() or "").count("Scout") for page in pdf.pages)


def test_watch_rebuilds_survives_a_broken_template_and_stops_on_ctrl_c(tmp_path):
    folder = tmp_path / "heist"
    new_game(folder)
    out = folder / "output"  # inside the watched folder, as `pnp build . --watch` writes it
    watch = Watch(folder, out)
    try:
        watch.wait_for("watching", HANG)  # the first build, with a cold start
        pdf = next(out.rglob("*.pdf"))
        assert scouts(pdf) == 3

        sheet = folder / "cards.csv"
        sheet.write_text(sheet.read_text().replace("Scout,3,", "Scout,5,"))
        line, _ = watch.wait_for("rebuilt", HANG)  # the bound only catches a hang
        assert "cards.csv changed" in line
        assert scouts(pdf) == 5

        back = folder / "templates" / "card-back.yaml.j2"
        good = back.read_text()
        back.write_text(good + "{{ card.no_such_field }}\n")
        line, _ = watch.wait_for("error", HANG)
        assert "card-back.yaml.j2" in line and "no_such_field" in line
        assert watch.proc.poll() is None  # still watching
        assert scouts(pdf) == 5  # the last good build stays

        marked = "- text: {x: 8, y: 8, w: 40, h: 6, text: PROTOTYPE-7, color: white}\n"
        back.write_text(good + marked)
        watch.wait_for("rebuilt", HANG)
        with pdfplumber.open(pdf) as opened:  # the edited template, not a cached one
            assert "PROTOTYPE-7" in "".join(p.extract_text() or "" for p in opened.pages)
        # the build wrote into the watched folder: that must not set off another rebuild
        assert not [line for line in watch.quiet_for(1.5) if "built" in line]
    finally:
        watch.proc.send_signal(signal.SIGINT)
        try:
            watch.proc.wait(timeout=HANG)
        finally:
            watch.proc.kill()
    rest = watch.quiet_for(0.5)
    assert watch.proc.returncode == 130  # as README documents for Ctrl-C
    assert not [line for line in watch.seen + rest if "Traceback" in line]
    assert "stopped" in rest or "stopped" in watch.seen


def test_what_a_watch_writes_into_the_games_folder_never_sets_it_off(tmp_path):
    """PNGs are inputs (a game's pictures): an export into the game's own folder writes some on
    every run, and a watch that followed its output would rebuild for them, then again. The next
    rebuild after a save must be for that save alone, each time."""
    folder = tmp_path / "heist"
    new_game(folder)
    export = ("export", "--to", "png", "--dpi", "40")
    args = [export[0], str(folder), *export[1:], "--out", str(folder / "output")]
    subprocess.run([sys.executable, "-m", "pnp.cli", *args], check=True, capture_output=True)
    watch = Watch(folder, folder / "output", export)  # its output there from the start
    sheet = folder / "cards.csv"
    try:
        watch.wait_for("watching", HANG)
        for count in (4, 5, 6):  # each save's export writes PNGs while the watch runs
            sheet.write_text(sheet.read_text().replace(f"Scout,{count - 1},", f"Scout,{count},"))
            line, _ = watch.wait_for("rebuilt", HANG)  # the bound only catches a hang
            assert "(cards.csv changed)" in line, line
            assert ".png" not in line, line
    finally:
        watch.proc.send_signal(signal.SIGINT)
        try:
            watch.proc.wait(timeout=HANG)
        finally:
            watch.proc.kill()
    assert list((folder / "output").rglob("*.png"))
