"""1955: The War of Espionage — what a player notices after printing, cutting and fanning a hand,
measured on each face's own PDF (its trim plus a 3 mm bleed): pdfplumber for text and painted
paths, PDFium pixels for the colours near the cut."""

from __future__ import annotations

import io
from functools import cache

import pdfplumber
import pypdfium2
import pytest
from rendered import render_game_faces

from pnp.catalog.games import resolve_game
from pnp.draw.face import FaceArt, face_pdf

GAME_ID = "1955-war-of-espionage"
PT = 72 / 25.4  # points per mm
BLEED = 3.0  # mm, around every face
SAFE = 3.0  # mm inside the trim: one colour there, running on into the bleed
FAN = 15.0  # mm of each card's left side a fanned hand shows
SCALE = 3.0  # PDFium render scale: 8.5 px per mm
PX = SCALE * PT  # pixels per mm
CARD_W, CARD_H = 63.0, 88.0

# What a 1955 flag looks like on the index: two colours only that flag has, as drawn
FLAG_COLOURS = {
    "united-states": ("#b22234", "#3c3b6e"),
    "great-britain": ("#012169", "#c8102e"),
    "france": ("#002395", "#ed2939"),
    "poland": ("#ffffff", "#dc143c"),
    "hungary": ("#ce2939", "#477050"),
    "ussr": ("#cc0000", "#ffd700"),
}
PICTOGRAM = "#e0d8c2"  # the action pictograms' fill (icons/*.svg)


@cache
def game():
    return resolve_game(GAME_ID)


@cache
def faces():
    return render_game_faces(game())


def face(set_id: str, component_id: str, side: str = "front") -> FaceArt:
    front, back = faces()[set_id][component_id]
    art = front if side == "front" else back
    assert art is not None
    return art


def deck_cards() -> list:
    return [c for c in game().sets["deck"].components if c.count]


@cache
def pdf_objects(art: FaceArt) -> tuple[list[dict], list[dict]]:
    """The face's characters and filled paths, positions in mm from the trim's top-left."""
    with pdfplumber.open(io.BytesIO(face_pdf(art))) as doc:
        page = doc.pages[0]
        chars = [_in_mm(c) for c in page.chars]
        paths = [_in_mm(p) for p in page.curves + page.rects if p.get("fill")]
    return chars, paths


def _in_mm(obj: dict) -> dict:
    out = dict(obj)
    for key in ("x0", "x1", "top", "bottom"):
        out[key] = obj[key] / PT - BLEED
    return out


@cache
def image(art: FaceArt):
    return pypdfium2.PdfDocument(face_pdf(art))[0].render(scale=SCALE).to_pil().convert("RGB")


def pixel(img, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the trim's top-left."""
    return img.getpixel((round((x_mm + BLEED) * PX), round((y_mm + BLEED) * PX)))


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


def near(a, b, tolerance=18) -> bool:
    return max(abs(p - q) for p, q in zip(a, b, strict=True)) <= tolerance


def luminance(colour) -> float:
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def upright(char: dict) -> bool:
    return char["matrix"][0] > 0


def turned(char: dict) -> bool:  # set upside down (half a turn)
    a, b, c, d = char["matrix"][:4]
    return a < 0 and d < 0 and abs(b) < 0.01 and abs(c) < 0.01


def _same_fill(colour, fill) -> bool:
    if not colour or len(colour) != 3:
        return False
    return all(abs(a - b) < 0.004 for a, b in zip(colour, fill, strict=True))


def short_code(card) -> str:
    if card.fields["type"] != "country":
        return "MERC"
    row = next(r for r in game().tables["countries"].rows if r["id"] == card.fields["country"])
    return row["short"]


# --- the hand: a corner index readable in a 15 mm fan ------------------------------------------


@pytest.mark.parametrize("card", deck_cards(), ids=lambda c: c.id)
def test_a_fanned_hand_shows_influence_and_country_code_in_the_left_15_mm(card):
    art = face("deck", card.id)
    chars, _ = pdf_objects(art)
    img = image(art)
    strip = [c for c in chars if upright(c) and c["x1"] <= FAN and c["top"] < 26]
    value = [c for c in strip if c["size"] >= 20]
    assert "".join(c["text"] for c in value) == str(card.fields["influence"]), (
        "the influence, large"
    )
    code = sorted((c for c in strip if 7 <= c["size"] < 20), key=lambda c: c["x0"])
    assert "".join(c["text"] for c in code) == short_code(card)
    for c in value + code:  # against what is printed beside the letters, in the strip
        ground = pixel(img, 0.6, (c["top"] + c["bottom"]) / 2)
        ink = tuple(round(v * 255) for v in c["non_stroking_color"])
        assert contrast(ink, ground) >= 4.5, (c["text"], ink, ground)


@pytest.mark.parametrize("country", sorted(FLAG_COLOURS))
def test_the_index_shows_the_country_flag_within_the_fan(country):
    card = next(c for c in deck_cards() if c.fields.get("country") == country)
    img = image(face("deck", card.id))
    # the flag under the number: inside the left 15 mm, clear of the trim's 4.5 mm band
    box = [pixel(img, x / 4, y / 4) for x in range(23, 57) for y in range(53, 74)]
    for colour in FLAG_COLOURS[country]:
        share = sum(near(p, rgb(colour), 24) for p in box) / len(box)
        assert share > 0.01, (
            f"{country}: flag colour {colour} covers {share:.1%} of the flag's place"
        )
    others = {c for k, cs in FLAG_COLOURS.items() if k != country for c in cs}
    foreign = [c for c in others - set(FLAG_COLOURS[country]) if c != "#ffffff"]
    for colour in foreign:  # no other flag there: two countries never look alike (a stripe
        # of another flag would cover a tenth of the box; the anti-aliased edges of the flag's own
        # red can pass for a neighbour's red on a few pixels)
        assert sum(near(p, rgb(colour), 10) for p in box) / len(box) < 0.01, (country, colour)


@pytest.mark.parametrize("card", deck_cards(), ids=lambda c: c.id)
def test_the_index_is_repeated_upside_down_at_the_bottom_right(card):
    chars, _ = pdf_objects(face("deck", card.id))
    corner = [c for c in chars if turned(c) and c["x0"] >= CARD_W - FAN and c["top"] >= CARD_H - 26]
    assert "".join(c["text"] for c in corner if c["size"] >= 20) == str(card.fields["influence"])
    code = [c for c in corner if 7 <= c["size"] < 20]
    assert sorted(c["text"] for c in code) == sorted(short_code(card))


# --- the art never sits under text ----------------------------------------------------------------


@pytest.mark.parametrize(
    "card", [c for c in deck_cards() if c.fields["type"] == "country"], ids=lambda c: c.id
)
def test_the_action_pictogram_is_never_under_text(card):
    chars, paths = pdf_objects(face("deck", card.id))
    fill = tuple(round(v / 255, 6) for v in rgb(PICTOGRAM))
    art = [p for p in paths if _same_fill(p["non_stroking_color"], fill)]
    assert art, "the card carries its action's pictogram"
    for p in art:
        for c in chars:
            apart = (c["x1"] <= p["x0"] or c["x0"] >= p["x1"]
                     or c["bottom"] <= p["top"] or c["top"] >= p["bottom"])  # fmt: skip
            assert apart, f"{c['text']!r} at ({c['x0']:.1f}, {c['top']:.1f}) mm is on the pictogram"


# --- cut-safe faces ----------------------------------------------------------------------------


def rect_faces() -> list[tuple[str, str, str]]:
    out = [("deck", c.id, "front") for c in deck_cards()] + [("deck", deck_cards()[0].id, "back")]
    for set_id in ("reference-cards", "spy-pawns"):
        for c in game().sets[set_id].components:
            out += [(set_id, c.id, "front"), (set_id, c.id, "back")]
    return out


def edge_lines(img, edge: str):
    """For each line across the band from the bleed's edge to SAFE mm inside the trim (a row for
    the left and right edges, a column for the top and bottom), its pixels."""
    depth = round((BLEED + SAFE) * PX) - 1
    W, H = img.size
    if edge in ("left", "right"):
        xs = range(depth) if edge == "left" else range(W - depth, W)
        return [[img.getpixel((x, y)) for x in xs] for y in range(H)]
    ys = range(depth) if edge == "top" else range(H - depth, H)
    return [[img.getpixel((x, y)) for y in ys] for x in range(W)]


@pytest.mark.parametrize("which", rect_faces(), ids=lambda w: "-".join(w))
def test_nothing_but_one_colour_within_3_mm_of_the_cut(which):
    """A miscut of 1 mm shows the same on every copy: across the band along each edge each line
    is one colour (a header meeting the side at right angles is fine, a frame or text is not)."""
    set_id, component_id, side = which
    img = image(face(set_id, component_id, side))
    for edge in ("top", "bottom", "left", "right"):
        for i, line in enumerate(edge_lines(img, edge)):
            spread = max(max(p[k] for p in line) - min(p[k] for p in line) for k in range(3))
            assert spread <= 24, f"{edge} edge, line {i / PX - BLEED:.1f} mm along: {spread}"


def outer_ring(img) -> list[tuple[int, int, int]]:
    depth = round((BLEED + SAFE) * PX) - 1
    W, H = img.size
    return [img.getpixel((x, y)) for x in range(W) for y in range(H)
            if x < depth or y < depth or x >= W - depth or y >= H - depth]  # fmt: skip


def test_the_deck_back_is_one_colour_along_all_four_edges():
    img = image(face("deck", deck_cards()[0].id, "back"))
    ring = outer_ring(img)
    assert all(near(p, ring[0], 6) for p in ring), "drift shows nothing: one colour all round"
    assert luminance(ring[0]) < 0.05, "the back's dark field"
    inside = [pixel(img, x, y) for x in range(10, 54) for y in range(12, 77)]
    for colour in ("#1f4f9e", "#b0232a"):  # the blue and red of the emblem, well inside
        assert any(near(p, rgb(colour), 12) for p in inside), colour


def test_the_reference_card_is_paper_along_all_four_edges_on_both_sides():
    rings = [
        outer_ring(image(face("reference-cards", "reference-card", s))) for s in ("front", "back")
    ]
    for ring in rings:
        assert all(near(p, rgb("#f3eee0"), 6) for p in ring)
    chars, _ = pdf_objects(face("reference-cards", "reference-card"))
    title = [c for c in chars if c["text"] in "REFENC" and c["size"] >= 15]
    assert title and min(c["top"] for c in title) >= SAFE + 0.5, "the title sits on its plate"


# --- control markers: the disc is the shape to cut --------------------------------------------


@pytest.mark.parametrize(
    "marker", ["neutral-control-marker", "red-control-marker", "blue-control-marker"]
)
def test_a_marker_is_its_colour_out_through_the_bleed_on_both_sides_with_no_ring_inside(marker):
    """A miscut or the back's drift shows more of the marker's colour, never paper or a ring
    (the sheet marks the circle to cut with ticks in the bleed)."""
    front, back = (
        image(face("control-markers", marker)),
        image(face("control-markers", marker, "back")),
    )
    r = 9.0
    colour = pixel(front, r, r - 7.5)  # between the symbol and the edge
    rays = [(1, 0), (-1, 0), (0, 1), (0, -1), (0.7071, 0.7071), (-0.7071, 0.7071)]
    for dx, dy in rays:
        for d in (6.2, 6.8, 7.4, 8.0, 8.6):  # no ring between the symbol and the cut
            seen = pixel(front, r + dx * d, r + dy * d)
            assert near(seen, colour), (marker, d, seen)
        d = r + 2.5  # the colour runs on into the bleed on both sides
        assert near(pixel(front, r + dx * d, r + dy * d), colour)
        assert near(pixel(back, r + dx * d, r + dy * d), colour)
