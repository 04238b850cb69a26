"""`invoke("build", ".", cwd=folder)`: the `pnp` command run in-process from a folder, as a
user in that folder runs it; (exit code, everything it printed). `run(...)` the same, reported
as `subprocess.run(..., capture_output=True, text=True)` reports a child: for tests that read
stdout and stderr apart, without starting Python and importing pnp for each command (about a
second of CPU time each). An exception pnp let escape is raised here, never hidden in an exit
code: in a real process it would print a traceback."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from click.testing import CliRunner, Result

from pnp.cli import main


def _invoke(args: tuple[str, ...], cwd: Path | None) -> Result:
    here = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, list(args))
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def invoke(*args: str, cwd: Path) -> tuple[int, str]:
    result = _invoke(args, cwd)
    return result.exit_code, result.output


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`pnp args` in-process: its exit code, stdout and stderr."""
    result = _invoke(args, cwd)
    return subprocess.CompletedProcess(["pnp", *args], result.exit_code, result.stdout,
                                       result.stderr)  # fmt: skip
