"""Games built side by side in worker processes give what one process gives: the same files,
byte for byte, the same lines printed in the same order, and the same error when one fails."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hang import HANG

from pnp.cli import main
from pnp.pipeline import split

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"


def copy_game(base: Path, game_id: str, tiny_text: bool = False) -> Path:
    """The sixth game under another id; `tiny_text` prints its agents' names at 4 pt."""
    folder = Path(shutil.copytree(SIXTH, base / game_id))
    meta = folder / "game.yaml"
    meta.write_text(meta.read_text().replace("id: sixth-game", f"id: {game_id}", 1))
    if tiny_text:
        front = folder / "templates" / "agent-front.yaml.j2"
        text = front.read_text()
        assert "size: 14," in text
        front.write_text(text.replace("size: 14,", "size: 4,", 1))
    return folder


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    base = tmp_path_factory.mktemp("games")
    return [copy_game(base, "first-game", tiny_text=True), copy_game(base, "second-game")]


def build(
    games: list[Path], out: Path, jobs: str, caplog: pytest.LogCaptureFixture
) -> tuple[int, str, str, list[str]]:
    """Exit code, stdout, stderr and the warnings logged (pytest takes those from stderr)."""
    caplog.clear()
    args = ["build", *map(str, games), "--what", "cards,tokens", "--out", str(out)]
    result = CliRunner().invoke(main, args, env={"PNP_JOBS": jobs})
    printed = result.stdout.replace(str(out), "OUT")
    return result.exit_code, printed, result.stderr, list(caplog.messages)


def pdfs(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


def test_two_workers_write_the_bytes_and_lines_of_one(
    games: list[Path], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    one = build(games, tmp_path / "one", "1", caplog)
    two = build(games, tmp_path / "two", "2", caplog)
    assert one[0] == 0, one
    assert one[2].index("first-game-a4.pdf: 6 pages") < one[2].index("second-game-a4.pdf")
    assert one[3] == ["warning: illegible text: first-game/agents: agent-front.yaml.j2: text "
                      "'title': 4 pt (under 7 pt) on 4 faces, e.g. 'Mole'"]  # fmt: skip
    assert two == one
    files = pdfs(tmp_path / "one")
    assert [name.split("/")[0] for name in files] == ["first-game", "second-game"]
    assert pdfs(tmp_path / "two") == files


def test_a_game_failing_in_a_worker_fails_the_build_as_in_one_process(
    games: list[Path], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    broken = copy_game(tmp_path, "broken-game")
    (broken / "templates" / "chip.yaml.j2").write_text("- text: {x: 0, y: 0, w: {{ nope( }}\n")
    order = [games[0], broken, games[1]]
    one = build(order, tmp_path / "one", "1", caplog)
    two = build(order, tmp_path / "two", "2", caplog)
    assert one[0] == 2 and "chip.yaml.j2" in one[2], one
    assert two == one
    assert not pdfs(tmp_path / "two")  # nothing of the other games was moved into place


@pytest.fixture
def split_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's later sets drawn in a worker, and every set of two or more components laid
    out in two parts (so the agents are split here, the chips in that worker)."""
    monkeypatch.setattr(split, "LARGE", 2)
    monkeypatch.setattr(split, "LARGE_GAME", 2)


def test_a_set_laid_out_in_two_processes_prints_as_in_one(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, split_sets: None
) -> None:
    game = copy_game(tmp_path, "split-game", tiny_text=True)
    back = game / "templates" / "agent-back.yaml.j2"
    back.write_text(back.read_text().replace("size: 14,", "size: 5,"))  # one back, 11 cards
    chip = game / "templates" / "chip.yaml.j2"
    chip.write_text(chip.read_text().replace("size: 14,", "size: 6,"))  # the worker's set
    one = build([game], tmp_path / "one", "1", caplog)
    two = build([game], tmp_path / "two", "2", caplog)
    assert one[0] == 0, one
    # the shared back is one face, whichever process laid out the agents printed on it
    assert "agent-back.yaml.j2: element 2 (text): 5 pt (under 7 pt) on 1 face" in str(one[3])
    assert "split-game/chips: chip.yaml.j2" in one[3][-1]
    assert two == one
    assert pdfs(tmp_path / "two") == pdfs(tmp_path / "one")


def test_a_card_failing_in_the_worker_fails_as_in_one_process(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, split_sets: None
) -> None:
    game = copy_game(tmp_path, "long-game")
    agents = game / "agents.yaml"
    long = " ".join(["words"] * 400)
    agents.write_text(agents.read_text().replace("Score 4 at the end of the game.", long))
    one = build([game], tmp_path / "one", "1", caplog)
    two = build([game], tmp_path / "two", "2", caplog)
    assert one[0] == 2 and "Sleeper" in one[2], one  # the last agent: the worker's half
    assert two == one


def test_a_set_failing_in_the_worker_fails_as_in_one_process(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, split_sets: None
) -> None:
    game = copy_game(tmp_path, "chip-game")
    (game / "templates" / "chip.yaml.j2").write_text("- text: {x: 0, y: 0, w: {{ nope( }}\n")
    one = build([game], tmp_path / "one", "1", caplog)
    two = build([game], tmp_path / "two", "2", caplog)
    assert one[0] == 2 and "chip.yaml.j2" in one[2], one  # the chips: the worker's set
    assert two == one


def test_ctrl_c_during_a_parallel_build_leaves_nothing_and_prints_no_traceback(
    tmp_path: Path,
) -> None:
    """Ctrl-C reaches the whole process group, workers too: one line, exit 130, no files."""
    if not Path("/proc/self/task").exists():
        pytest.skip("finding the workers needs Linux's /proc")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "pnp.cli", "build", "--all", "--out", str(out)]
    # an empty cache folder: games kept whole from an earlier build are written at once,
    # and the build would be over before the Ctrl-C
    env = {**os.environ, "PNP_JOBS": "2", "PNP_CACHE": str(tmp_path / "cache")}
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True
    )
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline and not children.read_text().split():
        time.sleep(0.01)  # until the workers are forked
    time.sleep(0.2)  # and drawing
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=HANG)
    text = err.decode()
    assert proc.returncode == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert text.strip() == "interrupted: nothing was written"
    assert not [p for p in out.rglob("*") if p.is_file()]
