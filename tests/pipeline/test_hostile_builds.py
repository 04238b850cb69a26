"""Hostile input, 4: a build is whole or absent. Output names never collide; a failure in a
later deck or game, Ctrl-C or a killed build leaves the output folder as it was; ids and paper
names in file names are what they claim to be."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from hang import HANG
from hostile import front, make_game, nothing_in

SLOW = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"


@pytest.mark.parametrize("deck", ["tokens", "boards", "aids", "rulebook", "rulebook-fr"])
def test_a_deck_may_not_take_the_name_of_another_pdf(tmp_path, deck, run_pnp):
    cards = make_game(tmp_path) / "agents.yaml"
    cards.write_text(cards.read_text().replace("id: agents", f"id: {deck}"))
    run = run_pnp("build", "game", "--out", "out", cwd=tmp_path)
    run.refused("game/agents.yaml:2:", f"a deck cannot be called {deck!r}")
    assert nothing_in(tmp_path / "out")


def test_a_failure_in_a_later_game_leaves_the_output_folder_as_it_was(tmp_path, run_pnp):
    make_game(tmp_path, name="good")
    bad = make_game(tmp_path, front("{{ card.cots }}\n"), name="bad")
    (bad / "game.yaml").write_text((bad / "game.yaml").read_text().replace("sixth-game", "bad"))
    old = tmp_path / "out" / "sixth-game" / "old.pdf"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"an earlier build")
    run = run_pnp("build", "good", "bad", "--out", "out", cwd=tmp_path)
    run.refused("bad/templates/agent-front.yaml.j2:1:", "card has no field 'cots'")
    assert sorted(p.name for p in (tmp_path / "out").rglob("*")) == ["old.pdf", "sixth-game"]
    assert old.read_bytes() == b"an earlier build"


def test_a_failed_build_leaves_no_empty_folders(tmp_path, run_pnp):
    make_game(tmp_path, front("{{ card.cots }}\n"))
    run_pnp("build", "game", "--out", "a/b/out", cwd=tmp_path).refused("card has no field")
    assert not (tmp_path / "a").exists()


def test_ctrl_c_leaves_nothing_behind(tmp_path):
    make_game(tmp_path, front(SLOW))
    make_game(tmp_path, name="first")  # a game that is written before the slow one starts
    first = tmp_path / "first" / "game.yaml"
    first.write_text(first.read_text().replace("id: sixth-game", "id: first"))
    build = subprocess.Popen(
        [sys.executable, "-m", "pnp.cli", "build", "first", "game", "--out", "out"],
        cwd=tmp_path, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + HANG
    while not list((tmp_path / "out").glob(".pnp-build-*")) and time.monotonic() < deadline:
        time.sleep(0.05)  # until the build has begun writing
    time.sleep(0.5)  # the first game written, the second in its slow template
    build.send_signal(signal.SIGINT)
    _, err = build.communicate(timeout=HANG)
    assert build.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert nothing_in(tmp_path / "out")


def test_an_id_with_a_trailing_newline_is_not_an_id(tmp_path, run_pnp):
    cards = make_game(tmp_path) / "agents.yaml"
    cards.write_text(cards.read_text().replace("id: agents", 'id: "agents\\n"'))
    run_pnp("build", "game", "--out", "out", cwd=tmp_path).refused(
        "game/agents.yaml:2:", "`id` must be a slug"
    )
    assert nothing_in(tmp_path / "out")


def test_file_names_use_the_paper_normalized(tmp_path, run_pnp):
    make_game(tmp_path)
    run = run_pnp("build", "game", "--what", "cards", "--paper", " 21 x 29.7 cm ", "--out", "out",
                  cwd=tmp_path)  # fmt: skip
    assert run.code == 0, run.output
    assert [p.name for p in (tmp_path / "out" / "sixth-game").iterdir()] == [
        "sixth-game-210x297mm.pdf"
    ]


def test_two_games_with_one_id_in_one_build_are_refused(tmp_path, run_pnp):
    make_game(tmp_path, name="one")
    make_game(tmp_path, name="two")
    run_pnp("build", "one", "two", "--out", "out", cwd=tmp_path).refused(
        "two/game.yaml", "two games of this build have the id 'sixth-game'"
    )
    assert nothing_in(tmp_path / "out")


def test_a_pdf_that_would_be_too_long_is_refused(tmp_path, run_pnp):
    boards = (
        "set: {id: board, name: Board, kind: board, size: {width: 1900mm, height: 1900mm}, "
        "front: chip.yaml.j2, product: boards, source: original}\n"
        "components:\n  - {id: b, name: B, count: 100, source: original, value: 1}\n"
    )
    make_game(tmp_path, {"board.yaml": boards})
    run = run_pnp("build", "game", "--what", "boards", "--out", "out", cwd=tmp_path)
    run.refused("game/board.yaml:1:", "more than 2500 pages")
    assert nothing_in(tmp_path / "out") and os.path.exists(tmp_path / "game")
