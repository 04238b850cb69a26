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
    assert "TARGET" in words and "GOLD · UNIQUE" in words
    gold = (0.96, 0.89, 0.64)  # theme gold_light #f5e2a2, the ground into the bleed
    assert gold in fills(target)
    medic = page_of(faces["deck"]["medic"][0])
    assert "MISSION" in medic.extract_text()
    assert gold not in fills(medic)


def test_held_gold_cards_are_not_tagged_as_reactions(faces):
    for held in ("target", "bomb"):
        text = text_of(faces["deck"][held][0])
        assert "REACTION" not in text and "HELD CARD" in text and "NEVER PLAYED" in text
    assert "REACTION" in text_of(faces["deck"]["protector"][0])  # played in answer to a discard


def test_faces_print_no_collation_nor_the_mission_limit(faces):
    for cid in ("target", "medic", "sniper", "police"):
        text = text_of(faces["deck"][cid][0])
        assert "cop" not in text.replace("Copy", "").replace("copy", "")  # no "1 copy / 3 copies"
        assert "3 Missions per turn" not in text and "up to 3" not in text


def test_every_role_has_its_own_picture(faces):
    pictures = set()
    for cid, (front, _) in faces["deck"].items():
        page = page_of(front)
        mm = 72 / 25.4  # pdfplumber measures in points, from the bleed's edge; the art panel is
        # 22 to 56-62 mm below the trim, the picture on it narrower than the panel
        art = [
            c for c in page.curves
            if c["top"] > 24 * mm and c["bottom"] < 65 * mm and c["x1"] - c["x0"] < 45 * mm
        ]  # fmt: skip
        assert art, f"{cid}: no role picture in the art panel"
        pictures.add(tuple(sorted((round(x), round(y)) for c in art for x, y in c["pts"])))
    assert len(pictures) == len(faces["deck"])  # twenty roles, twenty different pictures


def test_reactions_show_trigger_and_as_mission(faces):
    police = text_of(faces["deck"]["police"][0])
    assert "REACTION" in police and "When a Mission card is played" in police
    assert "ALSO PLAYABLE AS A MISSION" not in police
    ninja = text_of(faces["deck"]["ninja"][0])
    assert "ALSO PLAYABLE AS A MISSION" in ninja


def test_effects_share_one_size_and_are_legible(faces):
    effect_sizes = set()
    for cid, (front, _) in faces["deck"].items():
        page = page_of(front)
        sizes = [round(c["size"], 1) for c in page.chars if c["text"].strip()]
        assert min(sizes) >= 7, cid
        body = [c for c in page.chars if "Lato" in c["fontname"] and c["top"] > 55]
        effect_sizes |= {round(c["size"], 1) for c in body}
        name = [  # the title, right of the corner index (whose name is 7-8 pt)
            c for c in page.chars
            if c["fontname"].endswith("FjallaOne-Regular") and c["x0"] > 20 * 72 / 25.4
            and c["top"] < 20 * 72 / 25.4
        ]  # fmt: skip
        assert name and min(c["size"] for c in name) >= 12, cid
    assert len(effect_sizes) == 1  # one effect size on every card


def test_play_summary_shows_its_tables(game, faces):
    front, back = faces["reference"]["play-summary"]
    front_text, back_text = text_of(front), text_of(back)
    for row in game.tables["turn-summary"].rows:
        assert " ".join(row["text"].split()[:4]) in front_text
    assert "Last in, first out" in front_text
    for name in ("Target", "Package", "Bomb", "Protector"):
        assert name in back_text
    assert "END OF THE GAME" in back_text


def test_ink_saver_lightens_the_bands_and_keeps_the_words(game):
    """--ink-saver: the type bands and the gold ground become tints (measured as mean ink on
    a PDFium render), the words on the card stay the same."""
    import io

    import pdfplumber
    import pypdfium2

    from pnp.catalog.context import face_context
    from pnp.draw.face import face_pdf, make_face_art
    from pnp.pipeline import template_set

    deck = game.sets["deck"]
    size = {"width_mm": deck.trim.width_mm, "height_mm": deck.trim.height_mm}
    for cid in ("target", "police"):
        component = next(c for c in deck.components if c.id == cid)
        seen = []
        for saver in (False, True):
            elements = template_set(game, ink_saver=saver).layout(
                deck.front, face_context(game, deck, component), bleed_mm=3.0,
                shape=deck.shape, **size,
            )  # fmt: skip
            pdf = face_pdf(make_face_art(elements, bleed_mm=3.0, shape=deck.shape, **size))
            grey = pypdfium2.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("L")
            ink = 1 - sum(grey.tobytes()) / (255 * grey.width * grey.height)
            with pdfplumber.open(io.BytesIO(pdf)) as doc:
                seen.append((ink, doc.pages[0].extract_text()))
        (normal, normal_text), (light, light_text) = seen
        assert light < 0.7 * normal, f"{cid}: ink {normal:.2f} -> {light:.2f}"
        assert light_text == normal_text


def row_gaps(page) -> list[list[float]]:
    """Per section of a play-summary face, the white between one row's last line of text and
    the next row's start (its step number or its name), in mm."""
    mm = 25.4 / 72
    starts, headings, lines = [], [], set()
    for c in page.chars:
        if not c["text"].strip():
            continue
        font, size = c["fontname"], round(c["size"], 1)
        if "Lato" in font:
            lines.add((round(c["top"], 1), round(c["bottom"], 1)))
        elif ("Fjalla" in font and size < 10) or ("Condensed" in font and size == 8.5):
            starts.append(round(c["top"], 1))  # a step's number in its disc, or a row's name
        elif "Condensed" in font and size == 9.5:  # a section's heading
            headings.append(c["top"])
    starts = sorted(set(starts))
    sections: list[list[float]] = [[]]
    for here, after in zip(starts, starts[1:], strict=False):
        if any(here < h < after for h in headings):
            sections.append([])
            continue
        # a row's lines start level with its number or below its name, 2 mm above at most
        last = max(bottom for top, bottom in lines if here - 2 / mm < top < after - 2 / mm)
        sections[-1].append((after - last) * mm)
    return [s for s in sections if s]


@pytest.mark.parametrize("edition", ["original", "pnp"])
def test_play_summary_rows_keep_one_rhythm(edition):
    """Each section's rows stand the same distance apart: a one-line row is not given the
    room of two (an estimate of the wrap that ran long left a blank line under 'All show: the
    Bomb loses, the Target wins.' and 'Play only on your own turn')."""
    game = resolve_game(GAME_ID, edition)
    front, back = render_game_faces(game, sets=["reference"])["reference"]["play-summary"]
    for side, art in (("front", front), ("back", back)):
        for gaps in row_gaps(page_of(art)):
            assert max(gaps) - min(gaps) < 1.5, f"{edition} {side}: {[round(g, 1) for g in gaps]}"
