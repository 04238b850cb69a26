"""ESPIONAGE the card game: every face renders, and what a player looks for is on it."""

from __future__ import annotations

import pytest
from conftest import page_of
from rendered import render_game_faces

from pnp.catalog.games import resolve_game

GAME_ID = "espionage-card-game"


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def faces(game):
    """set id -> {component id: (front, back)} for every set of the game."""
    return render_game_faces(game)


def text_of(art) -> str:
    return " ".join(page_of(art).extract_text().split())


def fills(page) -> set[tuple]:
    return {
        tuple(round(v, 2) for v in r["non_stroking_color"])
        for r in page.rects
        if r.get("non_stroking_color") and len(r["non_stroking_color"]) == 3
    }


def test_every_face_renders(game, faces):
    for set_id, component_set in game.sets.items():
        assert len(faces[set_id]) == len([c for c in component_set.components if c.count])
        size = {component_set.size.width_mm, component_set.size.height_mm}
        for front, back in faces[set_id].values():
            assert {front.width_mm, front.height_mm} == size  # turned or not, the set's size
            assert (back is not None) == bool(component_set.back)


def test_deck_has_one_shared_back(faces):
    backs = {back.key for _, back in faces["deck"].values()}
    assert len(backs) == 1
    _, back = next(iter(faces["deck"].values()))
    assert "ESPIONAGE" in text_of(back)


def test_gold_and_common_cards_look_different(faces):
    target = page_of(faces["deck"]["target"][0])
    words = " ".join(target.extract_text().split())
    assert "Target" in words and "GOLD · UNIQUE" in words and "REACTION" in words
    gold = (0.85, 0.65, 0.17)  # theme gold #d9a52b, the background into the bleed
    assert gold in fills(target)
    medic = page_of(faces["deck"]["medic"][0])
    assert "COMMON" in medic.extract_text() and "MISSION" in medic.extract_text()
    assert gold not in fills(medic)


def test_reactions_show_trigger_and_as_mission(faces):
    police = text_of(faces["deck"]["police"][0])
    assert "WHEN" in police and "a Mission card is played" in police
    assert "ALSO PLAYABLE AS A MISSION" not in police
    ninja = text_of(faces["deck"]["ninja"][0])
    assert "ALSO PLAYABLE AS A MISSION" in ninja


def test_card_names_and_rules_are_legible(faces):
    page = page_of(faces["deck"]["double-agent"][0])
    sizes = [round(c["size"], 1) for c in page.chars if c["text"].strip()]
    assert min(sizes) >= 6.5
    name = [c for c in page.chars if c["fontname"].endswith("Roboto-Black")]
    assert name and min(c["size"] for c in name) >= 9


def test_play_summary_shows_its_tables(game, faces):
    front, back = faces["reference"]["play-summary"]
    front_text, back_text = text_of(front), text_of(back)
    for row in game.tables["turn-summary"].rows:
        assert " ".join(row["text"].split()[:4]) in front_text
    assert "Last in, first out" in front_text
    for name in ("Target", "Package", "Bomb", "Protector"):
        assert name in back_text
    assert "END OF THE GAME" in back_text
