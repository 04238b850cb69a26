"""Hostile input, 9: raster outputs are bounded. An export rasterizes at most EXPORT_PIXELS in all
(refused before the set over the budget is drawn), no image is larger than IMAGE_PIXELS (a
contact sheet is split at CONTACT_FACES faces and shrunk to fit), and a proof at 1200 dpi fits
in the hostile tests' 1 GB; `--watch` registers only the real folders of the game and of pnp,
never a folder a link leads to."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from hang import HANG
from hostile import make_game, nothing_in
from PIL import Image

from pnp.limits import CONTACT_FACES, EXPORT_PIXELS, IMAGE_PIXELS

Image.MAX_IMAGE_PIXELS = None  # the test opens what pnp wrote, to measure it


def deck(cards: int) -> str:
    """The sixth game's agent deck with `cards` distinct cards."""
    rows = "".join(
        f"  - {{id: a-{n}, name: Agent {n}, count: 1, source: original, value: {n}, text: x}}\n"
        for n in range(cards)
    )
    return (
        "set: {id: agents, name: Agent cards, kind: card, size: poker, front: "
        "agent-front.yaml.j2, back: agent-back.yaml.j2, source: original}\ncomponents:\n" + rows
    )


def test_an_export_over_the_pixel_budget_is_refused_before_it_is_drawn(tmp_path, run_pnp):
    cards = EXPORT_PIXELS // 14_000_000 + 5  # a poker face with bleed at 1200 dpi: 14.5 Mpx
    make_game(tmp_path, {"agents.yaml": deck(cards), "chips.yaml": None})
    run = run_pnp("export", "game", "--to", "png", "--dpi", "1200", "--out", "out", cwd=tmp_path)
    run.refused("this export would rasterize more than 1,000 million pixels",
                "set 'agents' (Agent cards)", "ask for a lower --dpi")  # fmt: skip
    assert nothing_in(tmp_path / "out")
    assert run.peak_mb < 320


def test_a_face_larger_than_the_image_bound_is_refused(tmp_path, run_pnp):
    board = (
        "set: {id: board, name: Board, kind: board, size: {width: 600mm, height: 600mm}, "
        "front: chip.yaml.j2, product: boards, source: original}\n"
        "components:\n  - {id: b, name: B, count: 1, source: original, value: 1}\n"
    )
    make_game(tmp_path, {"board.yaml": board})
    run = run_pnp("export", "game", "--to", "proof", "--dpi", "1200", "--set", "board",
                  "--out", "out", cwd=tmp_path)  # fmt: skip
    run.refused("B (b)", "more than 50 million: ask for a lower --dpi")
    assert nothing_in(tmp_path / "out")


def test_a_proof_at_1200_dpi_stays_within_the_image_bound_and_1_gb(tmp_path, run_pnp):
    """Thirteen faces of 12.4 million pixels each: one contact sheet, shrunk to 50 million."""
    make_game(tmp_path, {"agents.yaml": deck(12), "chips.yaml": None})
    run = run_pnp("export", "game", "--to", "proof", "--dpi", "1200", "--out", "out",
                  cwd=tmp_path, cpu_seconds=600, seconds=600)  # fmt: skip
    assert run.code == 0, run.output  # the child is limited to 1 GB of address space
    proof = tmp_path / "out" / "sixth-game" / "proof"
    with Image.open(proof / "agents" / "a-0-front.png") as face:
        assert face.size == (2976, 4157)  # the trim at 1200 dpi, not shrunk
    with Image.open(proof / "agents-contact.png") as sheet:
        assert 0.8 * IMAGE_PIXELS < sheet.width * sheet.height <= IMAGE_PIXELS


def test_a_large_set_gets_several_contact_sheets(tmp_path, run_pnp):
    cards = CONTACT_FACES + 10
    make_game(tmp_path, {"agents.yaml": deck(cards), "chips.yaml": None})
    run = run_pnp("export", "game", "--to", "proof", "--dpi", "30", "--out", "out",
                  cwd=tmp_path, cpu_seconds=120, seconds=120)  # fmt: skip
    assert run.code == 0, run.output
    proof = tmp_path / "out" / "sixth-game" / "proof"
    sheets = sorted(p.name for p in proof.glob("*contact*"))
    assert sheets == ["agents-contact-1.png", "agents-contact-2.png"]  # 60 faces, then 11
    page = (proof / "index.html").read_text("utf-8")
    assert 'href="agents-contact-1.png"' in page and 'href="agents-contact-2.png"' in page
    with Image.open(proof / sheets[0]) as first, Image.open(proof / sheets[1]) as second:
        assert first.height > 3 * second.height  # ten rows of six, then two


def inotify_watches(pid: int) -> int:
    """How many inotify watches the process holds (Linux: /proc/PID/fdinfo)."""
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") != "anon_inode:inotify":
                continue
            with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                count += sum(1 for line in info if line.startswith("inotify wd:"))
        except OSError:
            continue
    return count


@pytest.mark.skipif(not os.path.isdir("/proc/self/fdinfo"), reason="counts watches in /proc")
def test_watch_registers_only_the_real_folders_of_the_game(tmp_path):
    game = make_game(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "deep" / "deeper").mkdir(parents=True)
    (game / "usr").symlink_to("/usr")
    (game / "root").symlink_to("/")
    (game / "elsewhere").symlink_to(elsewhere)
    (game / "art" / "icons").mkdir(parents=True)  # real folders: watched
    watch = subprocess.Popen(
        [sys.executable, "-m", "pnp.cli", "build", "game", "--what", "cards", "--out", "out",
         "--watch"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    try:
        assert watch.stdout is not None
        lines = []
        for line in watch.stdout:  # until the first build is done and the watch begins
            lines.append(line)
            if "watching" in line or "error" in line:
                break
        assert "watching" in lines[-1], lines
        time.sleep(1)  # the watch thread registers its folders
        folders = inotify_watches(watch.pid)
        # the game, templates, art, art/icons, pnp's macros and fonts (and their subfolders)
        assert 4 <= folders <= 20, folders
    finally:
        watch.send_signal(signal.SIGINT)
        out, _ = watch.communicate(timeout=HANG)
    assert watch.returncode in (0, 130), out
    assert "Traceback" not in out and "stopped" in out
