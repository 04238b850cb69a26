"""`pnp validate` warns when two factions are told apart by colour alone and their colours
become alike for players with a colour vision deficiency; another cue (a letter) settles it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.draw.colourblind import delta_e

CARDS = """\
name,count,faction,colour
Spy,3,red,#cc3333
Guard,3,red,#cc3333
Scout,2,green,#339933
Thief,2,green,#339933
Watch,2,green,#339933
"""
FRONT = """\
- rect: {x: -3, y: -3, w: {{ trim.w + 6 }}, h: {{ trim.h + 6 }}, fill: "{{ card.colour }}"}
- text: {x: 6, y: 30, w: 51, h: 10, text: {{ card.name | yaml }}, size: 14, color: white}
"""


@pytest.fixture
def game(tmp_path: Path, run_pnp) -> Path:
    assert run_pnp("new", "hues", cwd=tmp_path).code == 0
    folder = tmp_path / "hues"
    (folder / "cards.csv").write_text(CARDS, "utf-8")
    cards = folder / "cards.yaml"
    text = cards.read_text("utf-8").replace("    text: null ", "    text: null\n    faction: ''\n"
                                            "    colour: ''\n    ")  # fmt: skip
    cards.write_text(text, "utf-8")
    (folder / "templates" / "card-front.yaml.j2").write_text(FRONT, "utf-8")
    return folder


def warnings(run) -> list[str]:
    return [line for line in run.err.splitlines() if "colour only" in line]


def test_red_and_green_factions_alone_are_reported(game: Path, run_pnp) -> None:
    run = run_pnp("validate", "hues", cwd=game.parent)
    assert run.code == 0, run.output
    found = warnings(run)
    assert len(found) == 1, run.err
    assert "faction 'green' and 'red'" in found[0] and "deuteranopia" in found[0]
    assert "#339933" in found[0] and "#cc3333" in found[0]


def test_a_letter_that_differs_settles_it(game: Path, run_pnp) -> None:
    front = game / "templates" / "card-front.yaml.j2"
    front.write_text(FRONT + "- text: {x: 6, y: 60, w: 10, h: 10, text: "
                     "{{ card.faction[0] | upper | yaml }}, size: 14, color: white}\n")  # fmt: skip
    run = run_pnp("validate", "hues", cwd=game.parent)
    assert run.code == 0, run.output
    assert warnings(run) == []


def test_the_simulation_keeps_colours_apart_that_stay_apart() -> None:
    red, blue = (0.8, 0.2, 0.2), (0.2, 0.3, 0.8)
    for vision in ("protanopia", "deuteranopia", "tritanopia"):
        assert delta_e(red, blue, vision) > 20
    assert delta_e((0.8, 0.2, 0.2), (0.2, 0.6, 0.2), "deuteranopia") < 12
