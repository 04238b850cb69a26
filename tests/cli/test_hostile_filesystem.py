"""Hostile input, 10: every file-system failure of `new`, `export`, `build` and `--watch` is a
message and exit 2, never a traceback or exit 3: a read-only disk, a path through a regular file,
a dangling link, a 300-byte name. Nothing is left behind, and a link's target is not created."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hostile import make_game, nothing_in

LONG = "a" * 300  # a file name longer than any file system takes (255 bytes)
COMMANDS = {
    "new": ["new", "{place}"],
    "export": ["export", "game", "--to", "dtc", "--out", "{place}"],
    "build": ["build", "game", "--what", "cards", "--out", "{place}"],
    "build-watch": ["build", "game", "--what", "cards", "--out", "{place}", "--watch"],
    "export-watch": ["export", "game", "--to", "dtc", "--out", "{place}", "--watch"],
}


@pytest.fixture
def read_only(tmp_path: Path):
    """A folder on a read-only file system (a tmpfs mounted read-only, where the tests may
    mount), else a folder without write permission (not for root, who may write anyway)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(folder)],
                             capture_output=True).returncode == 0  # fmt: skip
    if not mounted:
        if os.geteuid() == 0:
            pytest.skip("cannot mount a read-only file system here")
        folder.chmod(0o555)
    yield folder, "Read-only file system" if mounted else "Permission denied"
    if mounted:
        subprocess.run(["umount", str(folder)], check=True)
    else:
        folder.chmod(0o755)


def command(name: str, place: str) -> list[str]:
    return [arg.replace("{place}", place) for arg in COMMANDS[name]]


@pytest.mark.parametrize("name", COMMANDS)
def test_a_read_only_disk(tmp_path, read_only, name, run_pnp):
    folder, reason = read_only
    make_game(tmp_path)
    for place in ("ro", "ro/deeper/still"):
        run = run_pnp(*command(name, place), cwd=tmp_path)
        run.refused(f"{place}: cannot create the ", reason)
    assert nothing_in(folder)


@pytest.mark.parametrize("name", COMMANDS)
def test_a_path_through_a_regular_file(tmp_path, name, run_pnp):
    make_game(tmp_path)
    (tmp_path / "notes.txt").write_text("a file of the user's")
    run = run_pnp(*command(name, "notes.txt/new/place"), cwd=tmp_path)
    run.refused("notes.txt/new/place: cannot create the ", "notes.txt is a file, not a folder")
    assert (tmp_path / "notes.txt").read_text() == "a file of the user's"


@pytest.mark.parametrize("name", COMMANDS)
def test_a_dangling_link(tmp_path, name, run_pnp):
    make_game(tmp_path)
    (tmp_path / "link").symlink_to(tmp_path / "nowhere" / "place")
    run = run_pnp(*command(name, "link"), cwd=tmp_path)
    expected = "is a link (to " if name == "new" else "the output folder is a link to "
    run.refused(f"link: {expected}{tmp_path / 'nowhere' / 'place'}")
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("place", [LONG, f"sub/{LONG}/deeper"], ids=["name", "folder"])
def test_a_300_byte_name(tmp_path, name, place, run_pnp):
    make_game(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    run = run_pnp(*command(name, place), cwd=tmp_path)
    run.refused("cannot create the ", "longer than the file system allows (255 bytes)")
    assert LONG not in run.output  # the name is quoted cut short
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize("verb", ["build", "export"])
def test_a_300_byte_game_name(tmp_path, verb, run_pnp):
    args = [verb, LONG, *(["--to", "png"] if verb == "export" else [])]
    for watch in ([], ["--watch"]):
        run = run_pnp(*args, *watch, cwd=tmp_path)
        run.refused("not a game folder: File name too long")
