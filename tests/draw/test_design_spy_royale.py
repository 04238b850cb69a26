"""Spy Royale printed and cut for real: what a player sees after a hand cut that misses by a
millimetre, a printer that shifts the back by two, and a fanned hand that shows 15 mm of each
card. Measured on the drawn faces with readers of their own (pdfplumber for text, PDFium pixels
for colour), not from the templates' element lists."""

from __future__ import annotations

import math
import subprocess
import sys

import pypdfium2
import pytest
from conftest import page_of
from PIL import Image
from rendered import render_game_faces

from pnp.catalog.games import resolve_game
from pnp.draw.face import FaceArt, face_pdf
from pnp.units import PT_PER_MM

GAME = resolve_game("spy-royale")
BLEED = 3.0
DPI = 150
PX = DPI / 25.4  # pixels per mm
FAN = 15.0  # mm of a card's left side a fanned hand shows


@pytest.fixture(scope="module")
def faces() -> dict[str, dict[str, tuple[FaceArt, FaceArt | None]]]:
    return render_game_faces(GAME, bleed_mm=BLEED)


def pixels(art: FaceArt) -> Image.Image:
    """The face with its bleed, rendered by PDFium at DPI."""
    page = pypdfium2.PdfDocument(face_pdf(art))[0]
    return page.render(scale=DPI / 72).to_pil().convert("RGB")


def at(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The pixel at a point given in mm from the trim's top-left corner."""
    return image.getpixel((int((x_mm + BLEED) * PX), int((y_mm + BLEED) * PX)))


def differ(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum(abs(p - q) for p, q in zip(a, b, strict=True))


def strip_text(art: FaceArt, top_mm: float = 25.0) -> list[dict]:
    """The characters a fanned hand shows in the card's top-left corner: wholly inside the left
    15 mm of the trim and the top `top_mm`."""
    page = page_of(art)
    right = (BLEED + FAN) * PT_PER_MM
    bottom = (BLEED + top_mm) * PT_PER_MM
    return [c for c in page.chars
            if c["text"].strip() and c["x1"] <= right and c["bottom"] <= bottom]  # fmt: skip


def squeeze(chars: list[dict]) -> str:
    return "".join(c["text"] for c in chars).replace("-", "").upper()


# -- the whole game passes pnp's own cut and legibility checks ------------------------------


def test_validate_prints_no_cut_or_legibility_warning() -> None:
    run = subprocess.run([sys.executable, "-m", "pnp.cli", "validate", "spy-royale"],
                         capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 0, run.stderr
    warnings = [line for line in run.stderr.splitlines() if "warning" in line]
    assert warnings == []


# -- hands: a corner index readable in a 15 mm fan -------------------------------------------


def test_action_cards_name_themselves_in_the_left_15_mm(faces) -> None:
    seen: dict[tuple[str, tuple[int, int, int]], str] = {}
    for component in GAME.sets["action"].components:
        front, _ = faces["action"][component.id]
        chars = strip_text(front)
        assert chars, f"{component.id}: nothing to read in the left {FAN:g} mm"
        assert min(c["size"] for c in chars) >= 7, component.id
        # the short name is the start of the card's own name ("EAVES-DROP" of Eavesdrop)
        name = component.name.upper().replace(" ", "")
        assert name.startswith(squeeze(chars)), (component.id, squeeze(chars))
        # the faction shows as the header's colour in the same strip
        header = at(pixels(front), 1.0, 20.0)
        key = (squeeze(chars), header)
        card = f"{component.fields['faction']} {component.name}"
        assert seen.setdefault(key, card) == card, f"{card} and {seen[key]} look alike in a fan"
    assert len(seen) == len(GAME.sets["action"].components)


def test_mission_cards_show_rank_and_points_in_the_left_15_mm(faces) -> None:
    for component in GAME.sets["mission"].components:
        front, _ = faces["mission"][component.id]
        chars = strip_text(front)
        assert min(c["size"] for c in chars) >= 7, component.id
        text = squeeze(chars)
        assert text.startswith(component.fields["rank"]), (component.id, text)
        assert component.fields["points_label"].upper() in text, (component.id, text)


def test_the_lower_quarter_of_an_action_card_carries_its_effect_in_large_type(faces) -> None:
    for component in GAME.sets["action"].components:
        page = page_of(faces["action"][component.id][0])
        body = [c for c in page.chars
                if c["text"].strip() and c["top"] > (BLEED + 56) * PT_PER_MM
                and c["bottom"] < (BLEED + 77) * PT_PER_MM]  # fmt: skip
        assert body, component.id
        assert min(c["size"] for c in body) >= 8, component.id
        assert max(c["bottom"] for c in body) > (BLEED + 66) * PT_PER_MM, component.id


def test_specials_are_told_from_normal_cards_of_their_faction(faces) -> None:
    specials = [c for c in GAME.sets["action"].components if c.fields["special"]]
    assert len(specials) == 5
    for special in specials:
        normal = next(c for c in GAME.sets["action"].components
                      if c.fields["faction"] == special.fields["faction"]
                      and not c.fields["special"])  # fmt: skip
        a, b = pixels(faces["action"][special.id][0]), pixels(faces["action"][normal.id][0])
        # under the header: a dark sash right across the special, the page on the normal card
        assert differ(at(a, 1.0, 25.8), at(b, 1.0, 25.8)) > 150, special.id
        # and a body of another colour beside the effect
        assert differ(at(a, 1.0, 60.0), at(b, 1.0, 60.0)) > 30, special.id


# -- cards: one colour from the bleed to 3 mm inside the cut, backs alike on all four edges --


def edge_lines(image: Image.Image, depth_mm: float):
    """For every edge, every line of pixels at right angles to it, from the bleed's outer edge
    to `depth_mm` inside the trim: (edge, position along it in px, the pixels)."""
    w, h = image.size
    d = int((BLEED + depth_mm) * PX)
    px = image.load()
    for y in range(h):
        yield "left", y, [px[x, y] for x in range(d)]
        yield "right", y, [px[w - 1 - x, y] for x in range(d)]
    for x in range(w):
        yield "top", x, [px[x, y] for y in range(d)]
        yield "bottom", x, [px[x, h - 1 - y] for y in range(d)]


@pytest.mark.parametrize("deck", ["action", "mission", "duration"])
def test_a_miscut_of_a_front_shows_nothing_new(faces, deck: str) -> None:
    """Within 3 mm of the cut each line across the edge is one colour: a cut a millimetre off
    shows the same thing on every card."""
    for component_id, (front, _) in faces[deck].items():
        image = pixels(front)
        for edge, along, line in edge_lines(image, 2.8):
            spread = max(differ(line[0], p) for p in line)
            assert spread <= 24, f"{component_id}: {edge} edge at {along / PX:.1f} mm"


@pytest.mark.parametrize("deck", ["action", "mission", "duration"])
def test_backs_are_one_colour_to_the_bleed_on_all_four_edges(faces, deck: str) -> None:
    keys = {back.key for _, back in faces[deck].values()}
    assert len(keys) == 1, f"{deck}: one back for the whole deck"
    _, back = next(iter(faces[deck].values()))
    image = pixels(back)
    ground = image.getpixel((0, 0))
    assert differ(ground, (255, 255, 255)) > 100, "the back's colour, not white paper, at its edge"
    for edge, along, line in edge_lines(image, 3.0):
        assert max(differ(ground, p) for p in line) <= 12, f"{deck}: {edge} {along / PX:.1f} mm"


def test_card_backs_that_share_a_sheet_meet_in_one_colour(faces) -> None:
    """The print kit puts the odd action card, the duration cards and some missions on one
    sheet: a cut between two of them shows the same colour on both backs."""
    grounds = {deck: pixels(next(iter(faces[deck].values()))[1]).getpixel((0, 0))
               for deck in ("action", "mission", "duration")}  # fmt: skip
    action = grounds["action"]
    assert all(differ(action, g) <= 12 for g in grounds.values()), grounds


def test_the_disguise_printed_on_another_decks_sheet_has_its_decks_back(faces) -> None:
    _, disguise = faces["action"]["police-disguise"]
    _, other = faces["action"]["military-steal-document"]
    assert disguise.key == other.key
    assert face_pdf(disguise) == face_pdf(other)


# -- tokens: the cut line is the obvious shape; backs hide the printer's drift ---------------


def ring(image: Image.Image, r_mm: float, angle: float) -> tuple[int, int, int]:
    """The pixel at `r_mm` from a round face's centre, `angle` degrees from the right, clockwise."""
    c = image.size[0] / 2
    a = math.radians(angle)
    return image.getpixel((int(c + r_mm * PX * math.cos(a)), int(c + r_mm * PX * math.sin(a))))


# between the chips' edge spots (every 45 degrees) and off the markers' sash edges
ANGLES = [11.25 + 22.5 * k for k in range(16)]


@pytest.mark.parametrize("deck", ["chip", "marker"])
def test_a_token_fronts_colour_runs_out_through_the_bleed(faces, deck: str) -> None:
    """A miscut shows more of the token's colour, never a pale crescent or a cut ring (the
    sheet marks the circle to cut with ticks in the bleed)."""
    r = GAME.sets[deck].trim.width_mm / 2
    for component_id, (front, _) in faces[deck].items():
        image = pixels(front)
        for angle in [*ANGLES, *range(0, 360, 45)]:
            on_the_cut, outside = ring(image, r - 0.15, angle), ring(image, r + 2.0, angle)
            assert differ(on_the_cut, outside) <= 12, f"{component_id} at {angle} degrees"
        for angle in ANGLES:
            # inside it, nothing else runs round the edge: no second ring to choose from
            inner = [ring(image, r - 0.6 - k / 10, angle) for k in range(21)]
            assert max(differ(inner[0], p) for p in inner) < 40, f"{component_id} at {angle}"


@pytest.mark.parametrize("deck", ["chip", "marker"])
def test_a_token_back_looks_the_same_however_the_printer_shifts_it(faces, deck: str) -> None:
    r = GAME.sets[deck].trim.width_mm / 2
    for component_id, (_, back) in faces[deck].items():
        image = pixels(back)
        for angle in ANGLES:
            inside, outside = ring(image, r - 1.5, angle), ring(image, r + 1.5, angle)
            assert differ(inside, outside) <= 12, f"{component_id} at {angle} degrees"


def test_pixels_read_the_trim_where_the_template_puts_it(faces) -> None:
    """The helpers above measure from the trim: a face's bleed is BLEED mm of its image."""
    front, _ = faces["action"]["military-steal-document"]
    image = pixels(front)
    assert image.size[0] == pytest.approx((63 + 2 * BLEED) * PX, abs=1)
    assert image.size[1] == pytest.approx((88 + 2 * BLEED) * PX, abs=1)
    page = pypdfium2.PdfDocument(face_pdf(front))[0]
    assert page.get_width() == pytest.approx((63 + 2 * BLEED) * PT_PER_MM, abs=0.01)


def test_the_player_aid_states_the_relations_and_leaves_the_readings_to_the_book(faces) -> None:
    """A component states the rule; which targets are our readings of lost icons is the
    rulebook's to say (its Our readings section)."""
    front, _ = faces["aid"]["player-aid"]
    text = page_of(front).extract_text()
    assert "Sniper" in text  # the relation itself is there
    assert "reading" not in text.lower() and "rulebook" not in text.lower(), text
