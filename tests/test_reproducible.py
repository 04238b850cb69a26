"""The same inputs give the same bytes, built the way the tutorial builds: in the game's own
folder, where the output folder sits beside the catalog."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def pnp(*args: str, cwd: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    run = subprocess.run(
        [sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def pdfs(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.pdf")}


def test_a_rebuild_in_the_games_own_folder_is_byte_identical(tmp_path: Path) -> None:
    pnp("new", "my-game", "--size", "mini", cwd=tmp_path)
    game = tmp_path / "my-game"
    for path in game.rglob("*"):  # inputs saved long ago: anything written later is newer
        os.utime(path, (1_000_000_000, 1_000_000_000))
    pnp("build", ".", "--what", "cards", cwd=game)
    first = pdfs(game / "output")
    # what pnp writes into the game's folder (PDFs, and PNGs, a kind of file games read) is
    # newer than every input, and is no input
    pnp("export", ".", "--to", "png", cwd=game)
    assert list((game / "output").rglob("*.png"))
    pnp("build", ".", "--what", "cards", cwd=game)
    second = pdfs(game / "output")
    assert first and first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []
    assert b"/CreationDate (D:20010909" in next(iter(second.values()))  # the inputs' date
