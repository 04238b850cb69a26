"""`invoke("build", ".", cwd=folder)`: the `pnp` command run in-process from a folder, as a
user in that folder runs it; (exit code, everything it printed)."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main


def invoke(*args: str, cwd: Path) -> tuple[int, str]:
    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, list(args))
    finally:
        os.chdir(here)
    return result.exit_code, result.output
