"""Helpers for the hostile-input tests: games made in tmp_path, and `pnp` run the way a user runs
it, in a process of its own limited to 1 GB and 10 seconds of CPU time.

Starting Python and importing pnp for each of a hundred cases would take most of a minute, so a
small server (tests/hostile_server.py) imports pnp once per test worker and forks a fresh child
for each command: the child sets the memory limit, changes to the case's folder and runs the
real CLI; the server reports the exit code (or the signal that killed it), what it printed, how
long it took (wall-clock and CPU time) and its peak memory.

Time limits are CPU time: the wall-clock time of a command grows with whatever else the machine
is running (a loaded CI runner, the other test worker), its CPU time hardly does. A command that
computes for longer than its CPU limit is stopped by the kernel; one that waits without
computing (a read that blocks) is stopped after WAIT_SECONDS of wall-clock time, a bound far
above any command's duration on a loaded machine, so only a command that hangs reaches it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

SIXTH = Path(__file__).parent / "fixtures" / "build" / "sixth-game"
SERVER = Path(__file__).parent / "hostile_server.py"
SECONDS = 10.0  # no hostile input may take more CPU time than this
# nor wait for longer than this: the slowest case takes 1 s of CPU time and at most 14 s of
# wall-clock time measured with eight busy processes on two cores
WAIT_SECONDS = 60.0
MEMORY = 1 << 30  # nor more address space than this (1 GB)


@dataclass
class Run:
    """What one `pnp` command did."""

    code: int | None  # None when it was killed (see `signal`)
    out: str
    err: str
    seconds: float  # wall-clock: depends on the machine's load; bound cpu_seconds instead
    cpu_seconds: float  # user plus system time, of the command and the processes it waited for
    peak_mb: float  # the command's own: its peak memory above the warm process it started as
    signal: int | None = None
    timed_out: bool = False

    @property
    def output(self) -> str:
        return self.out + self.err

    def refused(self, *fragments: str, code: int = 2) -> Run:
        """Assert a clean refusal: the exit code, every fragment in the message, no traceback,
        in time and memory. Returns self for more checks."""
        assert not self.timed_out, (
            f"stopped after {self.cpu_seconds:.1f} s of CPU time (at most {SECONDS:g}), "
            f"{self.seconds:.1f} s in all (at most {WAIT_SECONDS:g}): {self.output[-500:]}"
        )
        assert self.signal is None, f"killed by signal {self.signal}: {self.output[-500:]}"
        assert "Traceback" not in self.output, self.output
        assert self.code == code, f"exit {self.code}, expected {code}: {self.output}"
        for fragment in fragments:
            assert fragment in self.output, f"{fragment!r} not in: {self.output}"
        assert self.cpu_seconds < SECONDS
        return self


class Pnp:
    """A warm server that runs `pnp` commands in limited children."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def __call__(
        self, *args: str, cwd: Path, cpu_seconds: float = SECONDS, seconds: float = WAIT_SECONDS
    ) -> Run:
        """`seconds`: the wall-clock wait for a hang (heavy cases raise it with `cpu_seconds`)."""
        request = {"args": list(args), "cwd": str(cwd), "cpu_seconds": cpu_seconds,
                   "seconds": max(seconds, WAIT_SECONDS), "memory": MEMORY}  # fmt: skip
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return Run(**json.loads(self.proc.stdout.readline()))

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def make_game(root: Path, files: dict[str, str | bytes] | None = None, name: str = "game") -> Path:
    """The sixth-game fixture copied to `root/name`, with `files` written over it (relative
    paths; None deletes)."""
    game = Path(shutil.copytree(SIXTH, root / name))
    for relative, content in (files or {}).items():
        path = game / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if content is None:
            path.unlink()
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return game


def front(template: str) -> dict[str, str]:
    """Files replacing the agent cards' front template."""
    return {"templates/agent-front.yaml.j2": template}


def nothing_in(folder: Path) -> bool:
    """True when `folder` is absent or holds nothing at all (not even an empty folder)."""
    return not folder.exists() or not any(folder.iterdir())
