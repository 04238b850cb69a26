"""Hostile input, 8: the commit of a build or export cannot be half done. Ctrl-C between two moves
into place waits for the last (and says the output is complete); a failure between two moves puts
the earlier ones back (and says nothing was changed); an export replaces its target folder as a
whole, so the files of a card deleted since the last export are gone."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from hang import HANG
from hostile import make_game

# `pnp` with a hook between two moves of the commit (pnp.io.commit.AFTER_MOVE), in a process of
# its own as a user runs it
HOOKED = """
import os, signal, sys
import pnp.io.commit as commit
moves = []
def after_move(final):
    moves.append(final)
    if len(moves) == 1:
        {action}
commit.AFTER_MOVE = after_move
from pnp.cli import main
main(args=sys.argv[1:], prog_name="pnp")
"""
INTERRUPT = "os.kill(os.getpid(), signal.SIGINT)"
DISK_FULL = "raise OSError(28, 'No space left on device')"


def hooked(action: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    code = HOOKED.format(action=action)
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=HANG)  # fmt: skip


def contents(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def earlier_build(tmp_path: Path) -> dict[str, bytes]:
    """An output folder holding an earlier build's files (made-up bytes) and a file of the
    user's; returns what it holds."""
    make_game(tmp_path)
    folder = tmp_path / "out" / "sixth-game"
    folder.mkdir(parents=True)
    for name in ("sixth-game-a4.pdf", "sixth-game-rulebook-a4.pdf", "notes.txt"):
        (folder / name).write_bytes(b"earlier: " + name.encode())
    return contents(tmp_path / "out")


def test_ctrl_c_between_two_moves_waits_for_the_last(tmp_path):
    before = earlier_build(tmp_path)
    run = hooked(INTERRUPT, "build", "game", "--out", "out", cwd=tmp_path)
    assert run.returncode == 130, run.stderr
    assert "interrupted once every file was in place: the output is complete" in run.stderr
    assert "nothing was written" not in run.stderr and "Traceback" not in run.stderr
    after = contents(tmp_path / "out")
    assert sorted(after) == sorted(before)  # no staging folder left, nothing else
    assert after["sixth-game/notes.txt"] == before["sixth-game/notes.txt"]
    for name in ("sixth-game-a4.pdf", "sixth-game-rulebook-a4.pdf"):  # both new, not one
        assert after[f"sixth-game/{name}"].startswith(b"%PDF-"), name


def test_a_failure_between_two_moves_puts_the_first_back(tmp_path):
    before = earlier_build(tmp_path)
    run = hooked(DISK_FULL, "build", "game", "--out", "out", cwd=tmp_path)
    assert run.returncode == 2, run.stderr
    assert "cannot move the finished files into place: No space left on device" in run.stderr
    assert "nothing was changed" in run.stderr and "Traceback" not in run.stderr
    assert contents(tmp_path / "out") == before  # the old files, and no staging folder


def test_a_failed_export_into_a_new_folder_leaves_no_folder(tmp_path):
    make_game(tmp_path)
    run = hooked(DISK_FULL, "export", "game", "--to", "dtc", "--out", "out/new", cwd=tmp_path)
    assert run.returncode == 2, run.stderr
    assert not (tmp_path / "out").exists()


def test_ctrl_c_between_two_exports_moves_both(tmp_path):
    """Two games, two target folders, each replaced by one rename: both or neither."""
    make_game(tmp_path, name="one")
    two = make_game(tmp_path, name="two")
    (two / "game.yaml").write_text((two / "game.yaml").read_text().replace("sixth-game", "two"))
    run = hooked(INTERRUPT, "export", "one", "two", "--to", "dtc", "--out", "out", cwd=tmp_path)
    assert run.returncode == 130, run.stderr
    assert "the output is complete" in run.stderr
    assert (tmp_path / "out" / "sixth-game" / "dtc" / "agents.pdf").exists()
    assert (tmp_path / "out" / "two" / "dtc" / "agents.pdf").exists()
    assert [p.name for p in (tmp_path / "out").iterdir() if p.name.startswith(".")] == []


def manifest_files(folder: Path) -> set[str]:
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return {r[k] for r in rows for k in ("front file", "back file") if r[k]} | {"manifest.csv"}


def test_an_export_replaces_its_folder_whole(tmp_path, run_pnp):
    """The mole is deleted from the catalog: its PNG goes with it, the shop's upload holds
    exactly the files the manifest lists; the game's other exports are left alone."""
    game = make_game(tmp_path)
    run = run_pnp("export", "game", "--to", "tgc", "--out", "out", cwd=tmp_path)
    assert run.code == 0, run.output
    folder = tmp_path / "out" / "sixth-game" / "tgc"
    assert (folder / "agents" / "mole-front.png").exists()
    (folder / "agents" / "stray.png").write_bytes(b"left in the folder by hand")
    other = tmp_path / "out" / "sixth-game" / "dtc" / "agents.pdf"
    other.parent.mkdir()
    other.write_bytes(b"another target's export")
    deck = game / "agents.yaml"
    deck.write_text("".join(line for line in deck.read_text().splitlines(keepends=True)
                            if "id: mole" not in line))  # fmt: skip
    run = run_pnp("export", "game", "--to", "tgc", "--out", "out", cwd=tmp_path)
    assert run.code == 0, run.output
    files = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}
    assert "agents/mole-front.png" not in files and "agents/stray.png" not in files
    assert files == manifest_files(folder)
    assert other.read_bytes() == b"another target's export"
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["sixth-game"]
