"""Espionage rules for Axis & Allies: every face renders, and what a player looks for is on it."""

from __future__ import annotations

import pytest
from conftest import page_of
from rendered import render_game_faces

from pnp.catalog.games import resolve_game

GAME_ID = "axis-allies-espionage"


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def faces(game):
    """set id -> {component id: (front, back)} for every set of the game."""
    return render_game_faces(game)


def hex_rgb(text: str) -> tuple:
    return tuple(round(int(text[i : i + 2], 16) / 255, 2) for i in (1, 3, 5))


def test_every_face_renders(game, faces):
    for set_id, component_set in game.sets.items():
        assert len(faces[set_id]) == len([c for c in component_set.components if c.count])
        size = {component_set.size.width_mm, component_set.size.height_mm}
        for front, back in faces[set_id].values():
            assert {front.width_mm, front.height_mm} == size  # turned or not, the set's size
            assert (back is not None) == bool(component_set.back)


def test_network_marker_shows_level_code_and_power_colour(game, faces):
    powers = {row["id"]: row for row in game.tables["powers"].rows}
    for component_id, power, level in (("network-ussr-2", "ussr", 2), ("network-uk-3", "uk", 3)):
        page = page_of(faces["network-markers"][component_id][0])
        words = page.extract_text().split()
        assert str(level) in words and powers[power]["code"] in words
        big = [c for c in page.chars if c["text"] == str(level)]
        assert big and big[0]["size"] >= 18
        colours = {
            tuple(round(v, 2) for v in o["non_stroking_color"])
            for o in page.curves + page.rects
            if o.get("non_stroking_color") and len(o["non_stroking_color"]) == 3
        }
        assert hex_rgb(powers[power]["colour"]) in colours


def test_marker_kinds_have_distinct_faces(faces):
    germany = [
        faces["network-markers"]["network-germany-1"][0],
        faces["cell-markers"]["cell-germany"][0],
        faces["deep-agent-markers"]["deep-agent-germany"][0],
        faces["bribe-markers"]["bribe-germany"][0],
    ]
    assert len({face.key for face in germany}) == 4
    for face in germany:
        assert "GER" in page_of(face).extract_text().split()


def test_reference_sheet_is_complete_and_legible(game, faces):
    front, back = faces["reference"]["reference-sheet"]
    back_page = page_of(back)
    back_text = " ".join(back_page.extract_text().split())
    for event in game.tables["events"].rows:
        assert event["name"] in back_text
    numbers = {c["text"] for c in back_page.chars}
    words = set(back_page.extract_text().split())
    assert {str(n) for n in range(10, 32)} <= words and set("123456789") <= numbers
    front_page = page_of(front)
    front_text = " ".join(front_page.extract_text().split())
    for needle in ("60 IPC", "Espionage roll", "Counter-espionage wins by 4 or more"):
        assert needle in front_text
    for page in (front_page, back_page):
        assert min(c["size"] for c in page.chars if c["text"].strip()) >= 7 - 0.01
    # every event name in the table at one size: no row shrunk to fit
    left_column = (3 + 6 + 42) * 72 / 25.4  # bleed, margin and the table's width, in points
    names = [
        c
        for c in back_page.chars
        if c["fontname"].endswith("Condensed-Bold") and c["x1"] < left_column and c["top"] > 100
    ]  # below the title band
    assert len(names) > 200 and len({round(c["size"], 1) for c in names}) == 1


def test_cell_shows_no_numeral_and_bribe_code_clears_its_note(faces):
    """A spawned cell carries no level numeral (a level 1 network's big 1 is what tells them
    apart, see test_design_axis_allies_espionage) but its power's code."""
    page = page_of(faces["cell-markers"]["cell-ussr"][0])
    assert not [c for c in page.chars if c["text"].isdigit()]
    assert "USSR" in page.extract_text().split()
    bribe = page_of(faces["bribe-markers"]["bribe-ussr"][0])
    code_top = min(c["top"] for c in bribe.chars if c["text"] in "USSR")
    note_bottom = max(o["bottom"] for o in bribe.curves + bribe.rects + bribe.lines
                      if o["bottom"] < code_top + 1 and o["width"] < 30)  # fmt: skip
    assert code_top - note_bottom >= 0.5 * 72 / 25.4, "the code stands clear of the banknote"
