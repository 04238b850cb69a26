"""Faces checked for real scissors and drifting printers (pnp.draw.cut_safety): `pnp validate`
warns, one line per template, edge and problem, about what a 1 mm miscut or a duplex shift
would show; a card whose colours run out through the bleed gets no warning."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hostile import make_game

CLEAN_FRONT = (Path(__file__).parents[1] / "fixtures/build/sixth-game/templates/agent-front.yaml.j2"
               ).read_text()  # fmt: skip
FULL = "{x: 0, y: 0, w: {{ trim.w }}, h: {{ trim.h }}"


def near_cut(tmp_path: Path, files: dict[str, str]) -> list[str]:
    game = make_game(tmp_path, files)
    run = subprocess.run([sys.executable, "-m", "pnp.cli", "validate", str(game)],
                         capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    return [line for line in run.stderr.splitlines() if "near the cut" in line]


def test_a_card_whose_colours_run_into_the_bleed_gets_no_warning(tmp_path: Path) -> None:
    """Its header band and a rule across the card meet the side edges at right angles: the same
    on every copy however it is cut."""
    rule = "- line: {x1: -3, y1: 25, x2: 66, y2: 25, stroke: agent, stroke_width: 0.6}\n"
    assert near_cut(tmp_path, {"templates/agent-front.yaml.j2": CLEAN_FRONT + rule}) == []


@pytest.mark.parametrize(
    ("element", "expected"),
    [
        # a frame 1 mm inside the trim: a 1 mm miscut puts it on the edge of some cards only
        ("- rect: {x: 1, y: 1, w: 61, h: 86, fill: none, stroke: ink, stroke_width: 0.5}",
         "agent-front.yaml.j2: left edge: a line or frame runs 1.0 mm from the cut"),
        # a strip along the right side that stops 2 mm short of the trim
        ("- rect: {x: 55, y: 20, w: 6, h: 60, fill: agent}",
         "right edge: its colour changes 2.0 mm inside the cut (#f4efe3 to #2d5f8b)"),
        # a band printed to the trim only: a miscut outside it shows white paper
        ("- rect: {x: 0, y: 70, w: {{ trim.w }}, h: 18, fill: agent}",
         "bottom edge: its colour changes at the cut (#f4efe3 to #2d5f8b)"),
        # a wide border from the bleed to 2.1 mm inside: drift shows it uneven
        ("- rect: {x: -0.45, y: -0.45, w: 63.9, h: 88.9, fill: none, stroke: agent, "
         "stroke_width: 5.1}", "top edge: a border along the cut reaches 2.1 mm inside the cut"),
        ("- text: {name: code, x: 1.5, y: 40, w: 20, h: 6, text: X-17, size: 9}",
         "left edge: text 'code' is within 3 mm of the cut"),
    ],
    ids=["frame", "short-strip", "band-to-trim", "border", "text"],
)  # fmt: skip
def test_what_a_miscut_would_show_is_named(tmp_path: Path, element: str, expected: str) -> None:
    lines = near_cut(tmp_path, {"templates/agent-front.yaml.j2": CLEAN_FRONT + element + "\n"})
    assert any(expected in line for line in lines), lines
    assert all("sixth-game/agents: agent-front.yaml.j2" in line for line in lines), lines
    assert all(line.endswith("on 4 faces, e.g. Mole (mole)") for line in lines), (
        lines
    )  # a set: one line


def test_a_back_must_be_one_colour_along_all_four_edges(tmp_path: Path) -> None:
    back = (f"- rect: {FULL}, fill: agent, bleed: true}}\n"
            "- rect: {x: 0, y: 44, w: {{ trim.w }}, h: 44, fill: ink, bleed: true}\n")  # fmt: skip
    lines = near_cut(tmp_path, {"templates/agent-back.yaml.j2": back})
    assert [line.split(": ", 3)[-1].split(" (")[0] for line in lines] == [
        "agent-back.yaml.j2: its edges are not one colour"
    ], lines


def test_round_pieces_keep_their_own_cut_line(tmp_path: Path) -> None:
    """A ring at a chip's edge is its cut guide, not a frame."""
    chip = "- circle: {cx: 10, cy: 10, r: 9.5, fill: none, stroke: ink, stroke_width: 0.3}\n"
    original = Path(__file__).parents[1] / "fixtures/build/sixth-game/templates/chip.yaml.j2"
    assert near_cut(tmp_path, {"templates/chip.yaml.j2": original.read_text() + chip}) == []
