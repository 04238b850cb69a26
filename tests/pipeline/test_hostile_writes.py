"""Hostile input, 7: writes are confined like reads. pnp writes only into real folders inside the
output folder it resolved itself: a link inside it (whoever made it) or in a game folder's own
output path is refused, and the folder it leads to is left as it was; the sweep of what killed
builds left removes only what pnp's naming, ownership and mark prove it made."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hang import HANG
from hostile import front, make_game

SLOW = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under `folder` (links not followed): a file's bytes, a link's target."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = "-> " + os.readlink(path)
        elif path.is_file():
            found[name] = path.read_bytes()
        else:
            found[name] = "folder"
    return found


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A folder of the user's outside every game, which no link may let pnp write into."""
    folder = tmp_path / "elsewhere"
    (folder / "sixth-game").mkdir(parents=True)
    (folder / "precious.txt").write_text("the user's own file")
    (folder / "sixth-game-a4.pdf").write_bytes(b"not pnp's to replace")
    (folder / "sixth-game" / "sixth-game-a4.pdf").write_bytes(b"nor this")
    return folder


@pytest.mark.parametrize(
    ("link", "target", "expected"),
    [
        ("output", ".", "the output folder goes through a link the game's folder holds"),
        ("output/sixth-game", ".", "output/sixth-game: a link is in the way"),
        ("output/sixth-game/sixth-game-a4.pdf", "sixth-game-a4.pdf", "a link is in the way"),
    ],
    ids=["output", "game-folder", "pdf"],
)
def test_a_game_shipping_links_in_its_output_path_is_refused(
    tmp_path, elsewhere, link, target, expected, run_pnp
):
    """`cd game && pnp build .`: the build never writes through the game's own links."""
    game = make_game(tmp_path)
    (game / link).parent.mkdir(parents=True, exist_ok=True)
    (game / link).symlink_to(elsewhere / target)
    before = snapshot(elsewhere)
    run = run_pnp("build", ".", cwd=game)
    run.refused(expected, "pnp writes only into real folders inside the output folder")
    assert snapshot(elsewhere) == before
    assert not list(elsewhere.rglob(".pnp-*"))


@pytest.mark.parametrize("link", ["out/sixth-game", "out/sixth-game/dtc"])
def test_an_export_never_writes_through_a_link_in_the_output_folder(
    tmp_path, elsewhere, link, run_pnp
):
    """A link inside the output folder the user named (not in the game) is refused too."""
    make_game(tmp_path)
    (tmp_path / link).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / link).symlink_to(elsewhere)
    before = snapshot(elsewhere)
    run = run_pnp("export", "game", "--to", "dtc", "--out", "out", cwd=tmp_path)
    run.refused(f"{link}: a link is in the way (to {elsewhere})")
    assert snapshot(elsewhere) == before
    assert (tmp_path / link).is_symlink()


def test_a_file_where_the_games_folder_goes_is_in_the_way(tmp_path, run_pnp):
    make_game(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "sixth-game").write_text("a file of the user's")
    run = run_pnp("build", "game", "--out", "out", cwd=tmp_path)
    run.refused("out/sixth-game: a file is in the way; nothing was written")
    assert (tmp_path / "out" / "sixth-game").read_text() == "a file of the user's"


def test_an_output_folder_the_user_links_elsewhere_is_theirs_to_choose(tmp_path, run_pnp):
    """A link the user made to the output folder itself (not in a game) is followed once."""
    make_game(tmp_path)
    (tmp_path / "disk").mkdir()
    (tmp_path / "out").symlink_to(tmp_path / "disk")
    run = run_pnp("build", "game", "--what", "cards", "--out", "out", cwd=tmp_path)
    assert run.code == 0, run.output
    assert [p.name for p in (tmp_path / "disk").iterdir()] == ["sixth-game"]


def dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return int(done.stdout)


def killed_build(tmp_path: Path) -> Path:
    """The staging folder a build killed with SIGKILL left in `out`."""
    make_game(tmp_path, front(SLOW), name="slow")
    build = subprocess.Popen([sys.executable, "-m", "pnp.cli", "build", "slow", "--out", "out"],
                             cwd=tmp_path, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + HANG
    while not list((tmp_path / "out").glob(".pnp-build-*")) and time.monotonic() < deadline:
        time.sleep(0.05)
    build.send_signal(signal.SIGKILL)
    build.wait(timeout=HANG)
    (left,) = (tmp_path / "out").glob(".pnp-build-*")
    return left


def test_the_sweep_removes_only_what_pnp_provably_made(tmp_path, elsewhere, run_pnp):
    left = killed_build(tmp_path)
    out, pid = tmp_path / "out", dead_pid()
    lookalikes = {
        f".pnp-build-{pid}-0": "folder",  # the name, but no mark of pnp's inside
        f".pnp-build-{pid}-1": "link",  # a link to a folder of the user's
        f".pnp-build-{pid}-x": "marked",  # pnp's mark, but not pnp's name
        f".notes.pdf.{pid}.tmp": b"the user's notes, not a PDF",
        f".old.pdf.{pid}.tmp": "pdf-link",  # a link to a PDF elsewhere
    }
    for name, kind in lookalikes.items():
        path = out / name
        if kind == "link":
            path.symlink_to(elsewhere)
        elif kind == "pdf-link":
            path.symlink_to(elsewhere / "sixth-game-a4.pdf")
        elif isinstance(kind, bytes):
            path.write_bytes(kind)
        else:
            path.mkdir()
            (path / "keep.txt").write_text("the user's")
            if kind == "marked":
                (path / ".pnp-staging").write_bytes((left / ".pnp-staging").read_bytes())
    half = out / f".calibrate-a4.pdf.{pid}.tmp"  # a PDF a killed `pnp calibrate` was writing
    half.write_bytes(b"%PDF-1.4 half")
    before = snapshot(elsewhere)
    make_game(tmp_path)
    run = run_pnp("build", "game", "--what", "cards", "--out", "out", cwd=tmp_path)
    assert run.code == 0, run.output
    assert not left.exists() and not half.exists()  # what killed builds left
    assert sorted(p.name for p in out.iterdir()) == sorted([*lookalikes, "sixth-game"])
    assert (out / f".pnp-build-{pid}-0" / "keep.txt").exists()
    assert snapshot(elsewhere) == before
