"""SIGTERM and SIGHUP stop pnp as Ctrl-C does: a build or export stopped before its files moved
leaves the output folder as it was (no staging folder) and exits 128 + the signal (143, 129);
one stopped while its files moved waits for the last and says the output is complete; a watch
or a studio ended by the user exits 130 for Ctrl-C (as README documents), 143 or 129 for the
others, saying "stopped" and nothing else."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hang import HANG
from hostile import make_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

# `pnp` that sends itself `signal` at the start of the commit (before any file moved), or after
# the first move (pnp.io.commit.AFTER_MOVE), in a process of its own as a user runs it
HOOKED = """
import os, signal, sys
import pnp.io.commit as commit, pnp.io.staging as staging
number = getattr(signal, {name!r})
if {before_moves}:
    real = staging.Staging.commit
    def commit_now(self):
        os.kill(os.getpid(), number)
        return real(self)
    staging.Staging.commit = commit_now
else:
    commit.AFTER_MOVE = lambda final: os.kill(os.getpid(), number) if number else None
from pnp.cli import main
main(args=sys.argv[1:], prog_name="pnp")
"""
CODES = {"SIGTERM": 143, "SIGHUP": 129, "SIGINT": 130}


def hooked(name: str, before_moves: bool, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    code = HOOKED.format(name=name, before_moves=before_moves)
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=HANG)  # fmt: skip


def files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


COMMANDS = {
    "build": ("build", "game", "--what", "cards", "--out", "out"),
    "export": ("export", "game", "--to", "dtc", "--out", "out"),
}


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_signal_before_the_files_move_leaves_the_output_as_it_was(tmp_path, command, name):
    make_game(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "notes.txt").write_text("mine")
    run = hooked(name, True, *COMMANDS[command], cwd=tmp_path)
    assert run.returncode == CODES[name], (run.returncode, run.stderr)
    assert files(tmp_path / "out") == ["notes.txt"]  # no staging folder, nothing half done
    assert "nothing was written" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_signal_while_the_files_move_waits_for_the_last(tmp_path, name):
    make_game(tmp_path)
    run = hooked(name, False, "build", "game", "--out", "out", cwd=tmp_path)
    assert run.returncode == CODES[name], (run.returncode, run.stderr)
    assert "the output is complete" in run.stderr and "Traceback" not in run.stderr
    made = files(tmp_path / "out")
    assert made and not [f for f in made if f.startswith(".")]
    assert any(f.endswith("-a4.pdf") for f in made) and any("rulebook" in f for f in made)


class Child:
    """A long-running `pnp` command (a watch, a studio) in a child, its lines read on a thread."""

    def __init__(self, *args: str, cwd: Path) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "pnp.cli", *args]
        self.proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)  # fmt: skip
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, word: str) -> None:
        """Until a line holds `word`; the bound only catches a hang."""
        while True:
            try:
                line = self.lines.get(timeout=HANG)
            except queue.Empty:
                raise AssertionError(f"no {word!r} line; output: {self.seen}") from None
            self.seen.append(line)
            if word in line:
                return

    def stop(self, number: int) -> int:
        self.proc.send_signal(number)
        try:
            code = self.proc.wait(timeout=HANG)  # only a hang takes this long
        finally:
            self.proc.kill()
        self.proc.stdout.close()  # type: ignore[union-attr]
        return code


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_watch_stopped_by_the_user_exits_with_the_signals_code(tmp_path, name):
    make_game(tmp_path)
    watch = Child("build", "game", "--what", "cards", "--out", "out", "--watch", cwd=tmp_path)
    watch.wait_for("watching")
    assert watch.stop(getattr(signal, name)) == CODES[name]
    watch.wait_for("stopped")
    assert not [line for line in watch.seen if "Traceback" in line or "error" in line]
    assert not [f for f in files(tmp_path / "out") if f.startswith(".")]


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_studio_stopped_by_the_user_exits_with_the_signals_code(tmp_path, name):
    make_game(tmp_path)
    studio = Child("studio", "game", "--no-browser", cwd=tmp_path)
    studio.wait_for("http://127.0.0.1:")
    assert studio.stop(getattr(signal, name)) == CODES[name]
    studio.wait_for("pnp studio: stopped")
    assert not [line for line in studio.seen if "Traceback" in line or "error" in line]
