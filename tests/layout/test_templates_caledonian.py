"""Espionage (Caledonian Games): every face of the game renders from its templates, and what a
player relies on is really printed (measured from a rendered PDF with pdfplumber)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from rendered import render_game_faces

from pnp.catalog.games import resolve_game
from pnp.draw.face import face_pdf
from pnp.units import pt_to_mm

GAME = "espionage-caledonian"
ORDER = ["USA", "CHN", "GBR", "ISR", "GER", "RUS", "PAK", "IND"]


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME)


@pytest.fixture(scope="module")
def faces(game):
    """set id -> {component id: (front, back)} for every component of every set."""
    return render_game_faces(game)


def words(face):
    """Words on one face as pdfplumber sees them, with `top` measured from the trim's top (mm)
    and `x0` from the trim's left (mm), plus the font size (pt)."""
    with pdfplumber.open(io.BytesIO(face_pdf(face))) as doc:
        found = doc.pages[0].extract_words(extra_attrs=["size"], keep_blank_chars=False)
    bleed = face.bleed_mm  # the page has the bleed around the trim
    return [
        {
            "text": w["text"],
            "x0": pt_to_mm(w["x0"]) - bleed,
            "top": pt_to_mm(w["top"]) - bleed,
            "size": w["size"],
        }
        for w in found
    ]


def text_of(face) -> str:
    return " ".join(w["text"] for w in words(face))


def test_every_face_renders(game, faces):
    for set_id, component_set in game.sets.items():
        rendered = faces[set_id]
        assert len(rendered) == sum(1 for c in component_set.components if c.count), set_id
        for component_id, (front, back) in rendered.items():
            assert front.width_mm > 0, component_id
            assert (back is not None) == bool(component_set.back), component_id


def test_dossier_card_shows_value_big_top_left_and_its_type(faces):
    agent, _ = faces["dossier"]["usa-traitor"]
    spy, _ = faces["dossier"]["usa-dead-drop"]
    agent_words = words(agent)
    text = " ".join(w["text"] for w in agent_words)
    assert "Traitor" in text and "FIELD" in text and "AGENT" in text
    assert "UNITED STATES" in text
    printed = next(
        c.fields["value"]
        for c in resolve_game(GAME).sets["dossier"].components
        if c.id == "usa-traitor"
    )
    value = [w for w in agent_words if w["text"] == str(printed) and w["size"] >= 20]
    assert value, "the value is printed large"
    assert value[0]["x0"] < 15 and value[0]["top"] < 88 / 4, "the value sits top left"
    assert "ESPIONAGE" in text_of(spy) and "FIELD" not in text_of(spy)
    # one shared back for the whole deck
    backs = {b.key for _, b in faces["dossier"].values()}
    assert len(backs) == 1


def test_crisis_panels_print_signs_and_name_the_nations(faces):
    front, back = faces["crisis-chn"]["chn-shadow-bank-collapse"]  # failure: China and the US
    card = next(
        c
        for c in resolve_game(GAME).sets["crisis-chn"].components
        if c.id == "chn-shadow-bank-collapse"
    )
    text = text_of(front)
    assert "SUCCESS" in text and "FAILURE" in text
    signed = [
        f"{v:+d}".replace("-", "\u2212")
        for v in [*card.fields["success"].values(), *card.fields["failure"].values()]
    ]
    assert all(sign in text for sign in signed), signed  # true minus signs
    assert "China" in text and "United States" in text
    goal = [w for w in words(front) if w["text"] == str(card.fields["goal"]) and w["size"] >= 18]
    assert goal and goal[0]["x0"] > 63 / 2 and goal[0]["top"] < 88 / 4
    back_text = text_of(back)
    assert "CRISIS" in back_text and "CHINA" in back_text and "CHN" in back_text
    # each nation's pile sorts by its back: one back per deck, a different one per nation
    per_deck = {n: {b.key for _, b in faces[f"crisis-{n.lower()}"].values()} for n in ORDER}
    assert all(len(keys) == 1 for keys in per_deck.values())
    assert len(set.union(*per_deck.values())) == len(ORDER)


def test_tracker_has_eight_tracks_in_order_with_reset_and_limits(faces):
    board, _ = faces["tracker"]["security-tracker-board"]
    found = words(board)
    codes = [w for w in found if w["text"] in ORDER and w["size"] >= 12]
    assert [w["text"] for w in sorted(codes, key=lambda w: w["x0"])] == ORDER
    text = " ".join(w["text"] for w in found)
    assert text.count("RESET") >= 8
    assert text.count("SELL") >= 8 and text.count("INCIDENT") >= 8
    assert sum(1 for w in found if w["text"] == "X" and w["size"] >= 16) == 8


def _pixels(face, scale: float = 8.0):
    """The face rendered by pypdfium2 (an independent reader), and pixels per mm."""
    import pypdfium2

    page = pypdfium2.PdfDocument(face_pdf(face))[0]
    return page.render(scale=scale).to_pil().convert("RGB"), scale * 72 / 25.4


def test_us_flag_has_fifty_stars(faces):
    """One US flag everywhere: the crisis back's flag shows 50 stars, not one (Liberia's)."""
    _, back = faces["crisis-usa"]["usa-grid-blackout"]
    with pdfplumber.open(io.BytesIO(face_pdf(back))) as doc:
        page = doc.pages[0]
        small = [
            c for c in page.curves if pt_to_mm(c["width"]) < 2.5 and pt_to_mm(c["height"]) < 2.5
        ]
    assert len(small) == 50


def test_espionage_banner_eye_is_not_a_blank_lozenge(faces):
    """The eye on an Espionage card's banner: across its middle, white outline, the banner's
    red, the white iris, red, white outline (three white runs), not one solid white shape."""
    front, _ = faces["dossier"]["usa-wiretap"]
    img, px = _pixels(front)
    bleed = front.bleed_mm
    # the banner runs from 33 mm, 5.4 mm tall; its eye is 4.6 mm wide, 5.6 mm from the left
    x0, y_mid = (bleed + 5.2) * px, (bleed + 33.0 + 2.7) * px
    row = [img.getpixel((int(x0 + i), int(y_mid))) for i in range(int(5.4 * px))]
    white = [min(rgb) > 200 for rgb in row]
    runs = sum(1 for a, b in zip([False, *white[:-1]], white, strict=True) if b and not a)
    assert runs >= 3


def test_nations_read_apart_on_crisis_backs(faces):
    """Crisis backs of different nations differ in colour, and each names its nation."""
    seen = set()
    for code in ORDER:
        back = faces[f"crisis-{code.lower()}"]
        _, face = next(iter(back.values()))
        img, _ = _pixels(face, scale=1)
        seen.add(img.resize((1, 1)).getpixel((0, 0)))
        assert code in " ".join(w["text"] for w in words(face))
    assert len(seen) == len(ORDER)
