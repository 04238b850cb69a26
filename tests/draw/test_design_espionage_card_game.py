"""ESPIONAGE the card game as a player cuts, holds and reads it, measured on the drawn faces:
text and shapes as pdfplumber reads them from each face's PDF, colours as PDFium paints them."""

from __future__ import annotations

import pypdfium2
import pytest
from conftest import page_of
from rendered import render_game_faces

from pnp.catalog.games import resolve_game
from pnp.draw.face import face_pdf

GAME_ID = "espionage-card-game"
MM = 72 / 25.4  # points per mm
BLEED = 3.0  # mm, around every face as drawn here
FAN = 15.0  # mm of a card's left side that a fanned hand shows
SAFE = 3.0  # mm inside the trim that a miscut may take
PX = 6  # pixels per mm for the renders


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def faces(game):
    return render_game_faces(game)


@pytest.fixture(scope="module")
def cards(game):
    """Component id -> component of the deck."""
    return {c.id: c for c in game.sets["deck"].components}


@pytest.fixture(scope="module")
def pixels(faces):
    """(set id, component id, side) -> the face with its bleed, rendered at PX pixels per mm."""
    cache = {}

    def render(set_id, cid, side=0):
        key = (set_id, cid, side)
        if key not in cache:
            art = faces[set_id][cid][side]
            page = pypdfium2.PdfDocument(face_pdf(art))[0]
            cache[key] = page.render(scale=PX / MM).to_pil().convert("RGB")
        return cache[key]

    return render


def index_name(card) -> str:
    return str(card.fields.get("short_name") or card.name).upper()


def trim_words(page):
    """Words with their box in mm from the trim's top-left corner, and their size."""
    words = page.extract_words(extra_attrs=["size"])
    return [
        {**w, "x0": w["x0"] / MM - BLEED, "x1": w["x1"] / MM - BLEED,
         "top": w["top"] / MM - BLEED, "bottom": w["bottom"] / MM - BLEED}
        for w in words
    ]  # fmt: skip


def colour_at(image, x_mm, y_mm):
    """The rendered colour at a point given in mm from the trim's top-left corner."""
    return image.getpixel((round((x_mm + BLEED) * PX), round((y_mm + BLEED) * PX)))


def differ(a, b, by=60) -> bool:
    return sum(abs(p - q) for p, q in zip(a, b, strict=True)) > by


def luminance(rgb) -> float:
    def lin(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# ---------------------------------------------------------------- a hand of cards


def test_every_card_names_itself_in_the_left_15_mm(cards, faces, pixels):
    """Fanned so that only its left 15 mm shows, every card still says what it is: its index
    name, at 7 pt or more, inside the safe zone, in good contrast with the band behind it."""
    for cid, card in cards.items():
        page = page_of(faces["deck"][cid][0])
        strip = [w for w in trim_words(page) if w["x0"] < FAN and w["top"] < 25]
        assert " ".join(w["text"] for w in strip) == index_name(card), cid
        for w in strip:
            assert w["x0"] >= SAFE and w["x1"] <= FAN, (cid, w["text"], w["x0"], w["x1"])
            assert w["size"] >= 7, (cid, w["text"], w["size"])
        image = pixels("deck", cid)
        ground = colour_at(image, FAN - 0.3, strip[0]["bottom"] - 0.2)  # the band beside it
        for c in page.chars:
            if c["x0"] / MM - BLEED < FAN and c["top"] / MM - BLEED < 25 and c["text"].strip():
                ink = tuple(round(255 * v) for v in c["non_stroking_color"])
                assert contrast(ink, ground) >= 4.5, (cid, c["text"], ink, ground)


def test_the_index_picture_tells_the_cards_apart_in_the_fan(cards, faces):
    """Over the name, the role's own picture (a white disc holding it) within the 15 mm strip:
    twenty roles, twenty different index pictures."""
    pictures = set()
    for cid in cards:
        page = page_of(faces["deck"][cid][0])
        curves = [
            c for c in page.curves
            if c["x1"] / MM - BLEED <= FAN and c["bottom"] / MM - BLEED < 14
            and c["x0"] / MM - BLEED >= SAFE
        ]  # fmt: skip
        assert len(curves) >= 2, f"{cid}: no index picture"
        pictures.add(tuple(sorted((round(x), round(y)) for c in curves for x, y in c["pts"])))
    assert len(pictures) == len(cards)


def test_the_index_name_is_repeated_upside_down_bottom_right(cards, faces):
    """A card held the other way up shows its name in the same 15 mm."""
    for cid, card in cards.items():
        page = page_of(faces["deck"][cid][0])
        turned = [
            c for c in page.chars
            if c["matrix"][0] < 0 and c["matrix"][3] < 0 and c["text"].strip()
        ]  # fmt: skip
        assert turned, cid
        xs = [c["x0"] / MM - BLEED for c in turned] + [c["x1"] / MM - BLEED for c in turned]
        tops = [c["top"] / MM - BLEED for c in turned]
        assert min(xs) >= 63 - FAN and max(xs) <= 63 - SAFE, (cid, min(xs), max(xs))
        assert min(tops) > 88 - 12, cid
        assert all(c["size"] >= 7 for c in turned), cid
        # drawn turned, read right to left on the page: the name reversed
        text = "".join(c["text"] for c in sorted(turned, key=lambda c: c["x0"]))
        assert text.replace(" ", "")[::-1] == index_name(card).replace(" ", ""), (cid, text)


def test_target_and_bomb_cannot_be_mistaken(faces, pixels):
    """The two held gold cards look alike in nothing a glance picks up: the header colour, the
    mark and line under the type, the index picture and name."""
    target, bomb = pixels("deck", "target"), pixels("deck", "bomb")
    head_t, head_b = colour_at(target, 40, 1), colour_at(bomb, 40, 1)
    assert differ(head_t, head_b, by=90), (head_t, head_b)
    # and neither is a Mission's or a Reaction's colour
    for other in ("medic", "police"):
        head_o = colour_at(pixels("deck", other), 40, 1)
        assert differ(head_t, head_o, by=90) and differ(head_b, head_o, by=90), other
    texts = {}
    for cid in ("target", "bomb"):
        page = page_of(faces["deck"][cid][0])
        head = [w for w in trim_words(page) if w["top"] < 20 and w["x0"] > FAN]
        texts[cid] = " ".join(w["text"] for w in head)
    assert "win" in texts["target"] and "lose" not in texts["target"]
    assert "lose" in texts["bomb"] and "win" not in texts["bomb"]
    # the marks before "HELD CARD" are different pictures
    marks = {}
    for cid in ("target", "bomb"):
        page = page_of(faces["deck"][cid][0])
        marks[cid] = sorted(
            (round(x), round(y)) for c in page.curves
            if FAN < c["x0"] / MM - BLEED < 22 and c["bottom"] / MM - BLEED < 8
            for x, y in c["pts"]
        )  # fmt: skip
    assert marks["target"] and marks["bomb"] and marks["target"] != marks["bomb"]


# ---------------------------------------------------------------- scissors and printers


def band_is_one_colour(image, edge: str, across: float = BLEED + SAFE - 0.1) -> str | None:
    """None if, all along `edge`, the face is one colour from the bleed's outer edge to `across`
    mm further in (3 mm inside the trim), else where it is not."""
    w, h = image.size
    depth = round(across * PX)
    for along in range(0, w if edge in ("top", "bottom") else h, 2):
        if edge == "left":
            line = [image.getpixel((d, along)) for d in range(depth)]
        elif edge == "right":
            line = [image.getpixel((w - 1 - d, along)) for d in range(depth)]
        elif edge == "top":
            line = [image.getpixel((along, d)) for d in range(depth)]
        else:
            line = [image.getpixel((along, h - 1 - d)) for d in range(depth)]
        if any(differ(p, line[0], by=24) for p in line):
            return f"{edge} edge at {along / PX - BLEED:.1f} mm"
    return None


def test_fronts_have_nothing_near_the_cut(cards, pixels):
    """A 1 mm miscut shows nothing different on any card: within 3 mm of the trim, and out
    through the bleed, each front is one colour across the band at every point of every edge
    (no frame, strip or text; the header band runs out through the bleed)."""
    for cid in cards:
        image = pixels("deck", cid)
        for edge in ("left", "right", "top", "bottom"):
            assert band_is_one_colour(image, edge) is None, (cid, band_is_one_colour(image, edge))


def test_the_back_is_one_colour_all_round(pixels):
    """A back printed 2 mm off on a home printer, or cut 1 mm off, looks like every other: the
    bleed and the 3 mm inside the trim are one colour on all four edges."""
    image = pixels("deck", "target", 1)
    w, h = image.size
    band = round((BLEED + SAFE) * PX)
    edge = {
        image.getpixel((x, y))
        for x in range(0, w, 3) for y in range(0, h, 3)
        if x < band or y < band or x >= w - band or y >= h - band
    }  # fmt: skip
    first = next(iter(edge))
    assert all(not differ(c, first, by=12) for c in edge), sorted(edge)[:5]


# ---------------------------------------------------------------- the card's space


def test_the_role_picture_is_large(cards, faces):
    """The role's picture is the card's largest thing: at least 25 mm tall or wide (the icons
    keep a margin in their box, which is 31 to 37 mm)."""
    for cid in cards:
        page = page_of(faces["deck"][cid][0])
        art = [
            c for c in page.curves  # below the header, above the effect, not the panel itself
            if c["top"] / MM - BLEED > 21 and c["bottom"] / MM - BLEED < 62
            and (c["x1"] - c["x0"]) / MM < 45
        ]  # fmt: skip
        assert art, cid
        x0, x1 = min(c["x0"] for c in art), max(c["x1"] for c in art)
        top, bottom = min(c["top"] for c in art), max(c["bottom"] for c in art)
        assert max(x1 - x0, bottom - top) / MM >= 25, (cid, max(x1 - x0, bottom - top) / MM)


def test_no_card_has_an_empty_stretch(cards, pixels):
    """No card leaves a long empty stretch: between the header band and the foot, no run of
    more than 9 mm of the face is plain ground from side to side."""
    for cid in cards:
        image = pixels("deck", cid)
        ground = colour_at(image, 1, 60)  # the ground, at the side of the card
        x0, x1 = round((BLEED + SAFE) * PX), round((BLEED + 63 - SAFE) * PX)
        run = longest = 0
        for y in range(round((BLEED + 21) * PX), round((BLEED + 85) * PX)):
            empty = all(not differ(image.getpixel((x, y)), ground, by=24) for x in range(x0, x1, 2))
            run = run + 1 if empty else 0
            longest = max(longest, run)
        assert longest / PX <= 9, (cid, longest / PX)
