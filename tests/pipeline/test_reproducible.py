"""The same inputs give the same bytes, built the way the tutorial builds: in the game's own
folder, where the output folder sits beside the catalog."""

from __future__ import annotations

import os
import re
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


def test_a_game_with_nothing_to_print_is_refused(tmp_path: Path) -> None:
    """All counts 0 used to build a kit of one contents page and say nothing (exit 0)."""
    pnp("new", "empty", cwd=tmp_path)
    sheet = tmp_path / "empty" / "cards.csv"
    text = re.sub(r"(?m)^([^,\n]+),\d+,", r"\1,0,", sheet.read_text())
    assert text.count(",0,") >= 5  # every card row
    sheet.write_text(text)
    run = subprocess.run(
        [sys.executable, "-m", "pnp.cli", "build", "empty", "--what", "cards"],
        cwd=tmp_path, capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 2, run.stdout + run.stderr
    assert "nothing to print: every component of 'empty' has a count of 0" in run.stderr
    assert "empty/cards.yaml" in run.stderr and "Traceback" not in run.stderr
    assert not (tmp_path / "output").exists()
