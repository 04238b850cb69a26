"""Faces checked for real scissors and drifting printers (pnp.draw.cut_safety): `pnp validate`
warns, one line per template, edge and problem, about what a 1 mm miscut or a duplex shift
would show; a card whose colours run out through the bleed gets no warning."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import make_game

from pnp.catalog.context import face_context
from pnp.catalog.games import builtin_ids, resolve_game
from pnp.draw.cut_safety import CutSurvey, check_cuts
from pnp.pipeline import template_set

CLEAN_FRONT = (Path(__file__).parents[1] / "fixtures/build/sixth-game/templates/agent-front.yaml.j2"
               ).read_text()  # fmt: skip
FULL = "{x: 0, y: 0, w: {{ trim.w }}, h: {{ trim.h }}"


def near_cut(run_pnp, tmp_path: Path, files: dict[str, str]) -> list[str]:
    """The warnings `pnp validate` prints about the cut, for the sixth game with `files`: run
    in a child of a warm server (tests/hostile.py), not a new Python importing pnp each time."""
    game = make_game(tmp_path, files)
    run = run_pnp("validate", str(game), cwd=tmp_path)
    assert run.code == 0, run.output
    return [line for line in run.err.splitlines() if "near the cut" in line]


def test_a_card_whose_colours_run_into_the_bleed_gets_no_warning(run_pnp, tmp_path: Path) -> None:
    """Its header band and a rule across the card meet the side edges at right angles: the same
    on every copy however it is cut."""
    rule = "- line: {x1: -3, y1: 25, x2: 66, y2: 25, stroke: agent, stroke_width: 0.6}\n"
    assert near_cut(run_pnp, tmp_path, {"templates/agent-front.yaml.j2": CLEAN_FRONT + rule}) == []


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
def test_what_a_miscut_would_show_is_named(
    run_pnp, tmp_path: Path, element: str, expected: str
) -> None:
    lines = near_cut(
        run_pnp, tmp_path, {"templates/agent-front.yaml.j2": CLEAN_FRONT + element + "\n"}
    )
    assert any(expected in line for line in lines), lines
    assert all("sixth-game/agents: agent-front.yaml.j2" in line for line in lines), lines
    assert all(line.endswith("on 4 faces, e.g. Mole (mole)") for line in lines), (
        lines
    )  # a set: one line


def test_a_back_must_be_one_colour_along_all_four_edges(run_pnp, tmp_path: Path) -> None:
    back = (f"- rect: {FULL}, fill: agent, bleed: true}}\n"
            "- rect: {x: 0, y: 44, w: {{ trim.w }}, h: 44, fill: ink, bleed: true}\n")  # fmt: skip
    lines = near_cut(run_pnp, tmp_path, {"templates/agent-back.yaml.j2": back})
    assert [line.split(": ", 3)[-1].split(" (")[0] for line in lines] == [
        "agent-back.yaml.j2: its edges are not one colour"
    ], lines


CHIP = (Path(__file__).parents[1] / "fixtures/build/sixth-game/templates/chip.yaml.j2").read_text()


def test_a_chip_whose_colour_runs_into_the_bleed_gets_no_warning(run_pnp, tmp_path: Path) -> None:
    """A disc out through the bleed, its value in the middle: nothing a miscut can show."""
    assert near_cut(run_pnp, tmp_path, {"templates/chip.yaml.j2": CHIP}) == []


@pytest.mark.parametrize(
    ("element", "expected"),
    [
        # a cut circle printed on the piece: a miscut shows it on one side
        ("- circle: {cx: 10, cy: 10, r: 9.8, fill: none, stroke: ink, stroke_width: 0.3}",
         "round edge: a line or ring runs 0.2 mm inside the cut circle"),
        # a pale tint in the bleed around the disc: a miscut shows a pale crescent
        ("- circle: {cx: 10, cy: 10, r: 11.5, fill: none, stroke: '#dddddd', stroke_width: 3}",
         "round edge: a line or ring runs 1.5 mm outside the cut circle"),
        # an inlay 3.5 mm inside the cut: a 1 mm miscut leaves it plainly off-centre
        ("- circle: {cx: 10, cy: 10, r: 6.5, fill: '#ffffff'}",
         "round edge: a ring or panel edge runs 3.5 mm inside the cut circle"),
        ("- text: {name: rim, x: 8, y: 0.5, w: 4, h: 3, text: '7', size: 7}",
         "round edge: text 'rim' is within 3 mm of the cut circle"),
    ],
    ids=["cut-circle", "pale-bleed", "inlay", "rim-text"],
)  # fmt: skip
def test_round_pieces_are_held_to_the_same_rules_along_their_circle(
    run_pnp, tmp_path: Path, element: str, expected: str
) -> None:
    lines = near_cut(run_pnp, tmp_path, {"templates/chip.yaml.j2": CHIP + element + "\n"})
    assert any(expected in line for line in lines), lines
    assert all("sixth-game/chips: chip.yaml.j2: round edge:" in line for line in lines), lines


def test_a_panel_must_keep_4_5_mm_inside_the_cut_and_6_mm_on_a_back(
    run_pnp, tmp_path: Path
) -> None:
    """A panel 4 mm inside the trim: too near on a front (a 1 mm miscut leaves 3 mm on one side
    and 5 mm on the other), and on a back, which the printer also shifts; 6 mm is fine."""
    panel = "- rect: {x: %s, y: 20, w: %s, h: 50, fill: '#ffffff'}\n"
    near, far = panel % (4, 55), panel % (6, 51)
    front = "templates/agent-front.yaml.j2"
    lines = near_cut(run_pnp, tmp_path / "near", {front: CLEAN_FRONT + near})
    assert any("left edge: its colour changes 4.0 mm inside the cut" in x for x in lines), lines
    assert near_cut(run_pnp, tmp_path / "far", {front: CLEAN_FRONT + far}) == []
    back = f"- rect: {FULL}, fill: agent, bleed: true}}\n"
    deck = "templates/agent-back.yaml.j2"
    lines = near_cut(run_pnp, tmp_path / "back", {deck: back + panel % (5, 53)})
    assert any("left edge: its colour changes 5.0 mm inside the cut" in x for x in lines), lines
    assert near_cut(run_pnp, tmp_path / "back-far", {deck: back + far}) == []


@pytest.mark.parametrize("game", builtin_ids())
def test_the_builtin_games_pieces_show_nothing_at_a_miscut(game: str) -> None:
    """Every piece kind of the five games (cards, tokens, chits, markers, aids, sheets, tracks,
    pawns, boards) passes the cut check its designer's own pieces are held to."""
    resolved = resolve_game(game)
    templates = template_set(resolved)
    survey = CutSurvey()
    for component_set in resolved.sets.values():
        w, h = component_set.trim.width_mm, component_set.trim.height_mm
        for component in (c for c in component_set.components if c.count):
            context = face_context(resolved, component_set, component)
            for side, name in enumerate((component_set.front, component_set.back)):
                if name:
                    elements = templates.layout(name, context, width_mm=w, height_mm=h,
                                                bleed_mm=3, shape=component_set.shape,
                                                label=component.id)  # fmt: skip
                    back = side == 1 and component_set.is_deck
                    found = check_cuts(elements, w, h, 3, back=back, shape=component_set.shape)
                    survey.add(f"{component_set.id}: {name}", elements, found, component.id)
    assert survey.lines(game) == []
