"""A hand of cards held fanned shows the left 15 mm of each card: there every hand card names
itself (its index and the start of its name), and no two different cards look alike. Read from
the drawn fronts with pdfplumber: the words wholly inside the strip, over the whole height."""

from __future__ import annotations

from functools import cache

import pytest
from conftest import page_of
from rendered import render_game_faces

from pnp.catalog.games import resolve_game
from pnp.catalog.model import Component, Game
from pnp.units import PT_PER_MM

BLEED = 3.0
FAN = 15.0  # mm of a card's left side a fanned hand shows


@cache
def faces(game_id: str) -> dict:
    return render_game_faces(resolve_game(game_id), bleed_mm=BLEED)


def strip_words(game_id: str, set_id: str, component: Component) -> list[str]:
    """The words a fanned hand shows of the card's front, in reading order, upper case."""
    front, _ = faces(game_id)[set_id][component.id]
    page = page_of(front)
    strip = page.within_bbox((0, 0, (BLEED + FAN) * PT_PER_MM, page.height))  # whole glyphs
    words = strip.extract_words(extra_attrs=["size"])
    assert all(w["size"] >= 7 - 0.01 for w in words), component.id
    return [w["text"].upper() for w in words]


def action_name(game: Game, component: Component) -> str:
    actions = game.tables["special-actions"].rows
    return next(a["name"] for a in actions if a["id"] == component.fields["action"])


def country_code(game: Game, component: Component) -> str:
    countries = game.tables["countries"].rows
    return next(c["short"] for c in countries if c["id"] == component.fields["country"])


# game, hand deck, the words its strip must hold: each one the start of a strip word
HANDS = {
    ("1955-war-of-espionage", "deck"): lambda g, c: (
        [str(c.fields["influence"]), country_code(g, c), action_name(g, c)[:3]]
        if c.fields["type"] == "country"
        else [str(c.fields["influence"]), "MERC"]
    ),
    ("spy-royale", "mission"): lambda g, c: [
        c.fields["rank"],
        c.fields["points_label"],
        c.name[:3],
    ],
}  # Spy Royale's action cards: test_design_spy_royale (their faction shows as a colour)


@pytest.mark.parametrize(("game_id", "set_id"), list(HANDS))
def test_every_hand_card_names_itself_in_the_fan_strip(game_id: str, set_id: str) -> None:
    game = resolve_game(game_id)
    seen: dict[tuple[str, ...], str] = {}
    for component in (c for c in game.sets[set_id].components if c.count):
        words = strip_words(game_id, set_id, component)
        for wanted in HANDS[(game_id, set_id)](game, component):
            assert any(w.startswith(wanted.upper()) for w in words), (component.id, wanted, words)
        other = seen.setdefault(tuple(words), component.id)
        assert other == component.id, f"{component.id} and {other} look alike in a fan: {words}"
