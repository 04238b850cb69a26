"""1955: The War of Espionage — every face template renders, text stays legible, and what a
player looks for is on the printed face (measured from rendered PDFs with pdfplumber)."""

import io
from functools import cache

import pdfplumber
import pytest
from rendered import render_game_faces

from pnp.catalog.context import face_context
from pnp.catalog.games import resolve_game
from pnp.draw import elements as draw
from pnp.draw.face import face_pdf
from pnp.pipeline import render_set_faces, template_set

GAME_ID = "1955-war-of-espionage"
MIN_PT = 7.0


@cache
def game():
    return resolve_game(GAME_ID)


@cache
def templates():
    return template_set(game())


def context(component_set, component):
    return face_context(game(), component_set, component)


@cache
def faces():
    return render_game_faces(game())


def face(set_id, component_id, side="front"):
    """One FaceArt of one component, as the build renders it."""
    front, back = faces()[set_id][component_id]
    return front if side == "front" else back


def pdf_page(art):
    """Draw one face on a page of its own size; returns the pdfplumber page's text objects."""
    with pdfplumber.open(io.BytesIO(face_pdf(art))) as doc:
        page = doc.pages[0]
        return page.extract_text(), page.chars


def text_sizes(elements):
    for el in elements:
        if isinstance(el, draw.Text):
            yield el.name, el.size
        elif isinstance(el, draw.Group):
            yield from text_sizes(el.children)


SETS = sorted(resolve_game(GAME_ID).sets)  # every set the game names


@pytest.mark.parametrize("set_id", SETS)
def test_every_face_renders(set_id):
    component_set = game().sets[set_id]
    faces = render_set_faces(game(), component_set, templates(), 3.0)
    assert len(faces) == len([c for c in component_set.components if c.count])
    assert all(back is not None for _, _, back in faces)
    if set_id == "deck":  # one shared back: a player cannot tell cards apart from behind
        assert len({back.key for _, _, back in faces}) == 1


def test_no_text_is_set_below_legible_size():
    g = game()
    for component_set in g.sets.values():
        size = (component_set.size.width_mm, component_set.size.height_mm)
        for component in component_set.components:
            for template in (component_set.front, component_set.back):
                elements = templates().layout(
                    template, context(component_set, component), width_mm=size[0],
                    height_mm=size[1], bleed_mm=3, shape=component_set.shape, label=component.id,
                )  # fmt: skip
                small = [(n, s) for n, s in text_sizes(elements) if s < MIN_PT - 0.05]
                assert not small, f"{component.id} {template}: {small}"


def test_country_card_shows_country_influence_action_and_timing():
    text, chars = pdf_page(face("deck", "france-2-military-transport"))
    assert "FRANCE" in text
    assert "MILITARY TRANSPORT" in text
    assert "France:2" not in text and "INFLUENCE 2" in text, "a designed label, not the data key"
    assert "icon:" not in text, "the icon legend lives on the reference card, not on every card"
    assert "ANY TURN" in text
    assert "BLUE" in text and "FACTION" in text
    influence = [c for c in chars if c["text"] == "2" and c["size"] > 20]
    assert influence, "the influence value is printed large"
    # the action name is a title, not body text
    title = [c for c in chars if c["text"] == "M" and "Bebas" in c["fontname"]]
    assert title and max(c["size"] for c in title) >= 12


def test_coordinated_card_shows_both_timings():
    text, _ = pdf_page(face("deck", "ussr-1-coordinated-assault"))
    assert "YOUR TURN" in text and "OPPONENT'S TURN" in text
    assert "U.S.S.R." in text


def test_mercenary_looks_different_and_back_names_the_game():
    text, _ = pdf_page(face("deck", "mercenary-2"))
    with pdfplumber.open(io.BytesIO(face_pdf(face("deck", "mercenary-2")))) as doc:
        dashed = [c for c in doc.pages[0].curves + doc.pages[0].rects if c.get("dash")]
    assert not any(d["dash"][0] for d in dashed), "no dashed frame: it reads as a cut line"
    assert "MERCENARY" in text and "COMBINE FREELY" in text
    assert "FACTION" not in text.replace("NO FACTION", ""), "a mercenary claims no faction"
    assert "Mercenary:" not in text
    back, chars = pdf_page(face("deck", "mercenary-2", "back"))
    assert "1955" in back and "THE WAR OF ESPIONAGE" in back


def test_reference_back_lists_all_special_actions_legibly():
    text, chars = pdf_page(face("reference-cards", "reference-card", "back"))
    flat = " ".join(text.split())
    for row in game().tables["special-actions"].rows:
        assert row["name"] in flat
    assert min(c["size"] for c in chars) >= MIN_PT - 0.05


def test_board_labels_both_ends_and_its_side():
    text, chars = pdf_page(face("board", "game-board"))
    assert "BLUE PLAYER'S END" in text
    assert "BASIC SIDE" in text
    # the star spaces at the Blue end read upright: one per country track
    assert text.count("SECURED") == 6
    back, _ = pdf_page(face("board", "game-board", "back"))
    assert "SHORTENED SIDE" in back
