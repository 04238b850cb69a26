"""Spy Royale's face templates: every face renders, and what a player looks for is on it."""

import pytest
from conftest import page_of
from rendered import render_game_faces

from pnp.catalog.games import resolve_game
from pnp.draw.face import FaceArt
from pnp.units import PT_PER_MM

GAME = resolve_game("spy-royale")


@pytest.fixture(scope="module")
def faces() -> dict[str, dict[str, tuple[FaceArt, FaceArt | None]]]:
    """set id -> component id -> (front, back), for every component of every set."""
    return render_game_faces(GAME)


def text_of(page) -> str:
    return "".join(c["text"] for c in page.chars)


def chars_of(page, text: str) -> list[dict]:
    """The chars of the first occurrence of `text` (spaces ignored) on the page."""
    chars = [c for c in page.chars if c["text"].strip()]
    joined = "".join(c["text"] for c in chars)
    start = joined.index(text.replace(" ", ""))
    return chars[start : start + len(text.replace(" ", ""))]


def test_every_face_of_every_set_renders(faces):
    for component_set in GAME.sets.values():
        rendered = faces[component_set.id]
        assert len(rendered) == len([c for c in component_set.components if c.count])
        for front, back in rendered.values():
            assert front.key
            assert (back is not None) == bool(component_set.back)


def test_each_deck_has_one_back_and_the_backs_differ(faces):
    backs = {}
    for deck in ("action", "mission", "duration"):
        keys = {back.key for _, back in faces[deck].values()}
        assert len(keys) == 1, f"{deck}: every card shares one back"
        backs[deck] = keys.pop()
    assert len(set(backs.values())) == 3
    for deck, label in (("action", "ACTION"), ("mission", "MISSION"), ("duration", "DURATION")):
        _, back = next(iter(faces[deck].values()))
        assert label in text_of(page_of(back))


def test_action_front_shows_name_faction_in_both_languages_and_special_ribbon(faces):
    front, _ = faces["action"]["military-steal-document"]
    page = page_of(front)
    text = text_of(page)
    assert "Steal Document" in text and "MILITARY" in text
    japanese = chars_of(page, "軍司令部")
    assert {c["fontname"].split("+")[-1] for c in japanese} == {"IPAexGothic"}
    # the card name is large enough to read at arm's length, inside the safe zone
    name = chars_of(page, "Steal Document")
    assert min(c["size"] for c in name) >= 10
    bleed, safe = 3 * PT_PER_MM, 3 * PT_PER_MM
    assert min(c["x0"] for c in name) >= bleed + safe
    assert max(c["x1"] for c in name) <= bleed + (63 - 3) * PT_PER_MM
    assert "SPECIAL" not in text
    assert "SPECIAL" in text_of(page_of(faces["action"]["military-sniper"][0]))
    assert "CANNOT BE DISABLED" in text_of(page_of(faces["action"]["police-detect"][0]))
    # rules text never below 6.5 pt
    effect = chars_of(page, "Score 1")
    assert min(c["size"] for c in effect) >= 6.5


def test_mission_duration_chip_and_marker_values(faces):
    mission = text_of(page_of(faces["mission"]["seize-the-secrets"][0]))
    assert "Seize the Secrets" in mission and "+15" in mission and "S" in mission
    assert "機密奪取" in mission
    each = text_of(page_of(faces["mission"]["smoke-screen"][0]))
    assert "+X" in each and "EACH" in each
    assert each.count("+2") == 1, "the reward is printed once (in the requirement)"
    # a mission our optional two-player variant takes out says so on its face
    assert "2P VARIANT: OUT" in text_of(page_of(faces["mission"]["blackout"][0]))
    assert "VARIANT" not in mission
    duration = page_of(faces["duration"]["duration-7"][0])
    big = [c for c in duration.chars if c["text"] == "7" and c["size"] >= 40]
    assert big and "TURNS" in text_of(duration)
    for chip in ("chip-1", "chip-5", "chip-10"):
        value = chip.split("-")[1]
        for face in faces["chip"][chip]:
            assert value in text_of(page_of(face))
    enabled, disabled = faces["marker"]["marker-police"]
    for face in (enabled, disabled):
        text = text_of(page_of(face))
        assert "POLICE" in text and "秘密警察" in text
    assert "DISABLED" in text_of(page_of(disabled)) and "DISABLED" not in text_of(page_of(enabled))


def test_player_aid_draws_its_tables(faces):
    front, back = faces["aid"]["player-aid"]
    front_text = text_of(page_of(front))
    assert "Who hits whom" in front_text
    for row in GAME.tables["factions"].rows:
        assert row["name"] in front_text and row["name_ja"] in front_text
    back_text = text_of(page_of(back))
    for title in ("SETTING UP", "A TURN", "END OF THE GAME", "MISSION RANKS"):
        assert title in back_text


def test_a_mission_without_a_japanese_name_centres_its_name_in_the_space():
    from pnp.catalog.context import face_context
    from pnp.draw.face import make_face_art
    from pnp.pipeline import template_set

    game = GAME
    missions = game.sets["mission"]
    card = next(c for c in missions.components if c.id == "wiretap")
    context = dict(face_context(game, missions, card))
    context["card"] = {k: v for k, v in dict(context["card"]).items() if k != "name_ja"}
    size = {"width_mm": 63.0, "height_mm": 88.0, "bleed_mm": 3.0}
    elements = template_set(game).layout(missions.front, context, **size)
    page = page_of(make_face_art(elements, **size))
    title = chars_of(page, "Wiretap")
    middle_mm = (sum(c["top"] + c["bottom"] for c in title) / (2 * len(title))) / PT_PER_MM - 3
    assert 33.5 <= middle_mm <= 35.5, f"the name sits at {middle_mm:.1f} mm, not mid-space (34.5)"


def test_the_aid_names_the_sniper_arrow_clear_of_every_line(faces):
    """The diagram's one named arrow (the Sniper's): each letter of its label stands 1.6 mm
    or more from every arrow, and all of them beside the same one (set level at the middle of
    the arrow, the S sat on the Sniper's line and the label between two other arrows)."""
    import math

    page = page_of(faces["aid"]["player-aid"][0])
    mm = 1 / PT_PER_MM
    label = [c for c in page.chars if "BoldItalic" in c["fontname"] and c["x1"] < 94 / mm]
    assert "".join(c["text"] for c in label) == "Sniper"
    arrows = [(ln["pts"][0], ln["pts"][-1]) for ln in page.lines]

    def apart(p, a, b) -> float:
        (ax, ay), (bx, by) = a, b
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
        return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy) * mm

    nearest = set()
    for c in label:
        centre = ((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2)
        gaps = [apart(centre, *a) for a in arrows]
        assert min(gaps) >= 1.6, (c["text"], round(min(gaps), 2))
        nearest.add(gaps.index(min(gaps)))
    assert len(nearest) == 1, nearest
