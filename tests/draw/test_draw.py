"""What ends up in the PDF: measured with independent readers (pdfplumber, PDFium)."""

import io
from pathlib import Path

import pypdfium2
import pytest
from conftest import page_of
from pypdf import PdfReader

from pnp.draw import elements as draw
from pnp.draw.face import FaceArt, face_key, face_pdf
from pnp.layout.templates import TemplateSet
from pnp.layout.theme import load_theme
from pnp.units import PT_PER_MM, mm_to_pt

FIXTURES = Path(__file__).parents[1] / "fixtures" / "layout"
GAME = FIXTURES / "basic-game"
PROJECT_TEMPLATES = Path(__file__).parents[2] / "templates"
SIZE = dict(width_mm=63, height_mm=88, bleed_mm=3)
CARD = {
    "id": "military-steal-document",
    "name": "Steal Document",
    "cost": 3,
    "text": "Gain 2 :intel: now. Score **1 intel** for each *enabled* card. 軍司令部",
}


def template_set() -> TemplateSet:
    return TemplateSet([GAME, PROJECT_TEMPLATES], [GAME], load_theme(GAME / "theme.yaml"))


def face(template="front.yaml.j2", card=CARD, **context) -> FaceArt:
    return template_set().render_face(
        template, {"card": card, **context}, label=f"{card['name']} ({card['id']})", **SIZE
    )


def chars_of(page, text: str) -> list[dict]:
    """The chars of the first occurrence of `text` (no spaces) on the page, in drawing order."""
    chars = [c for c in page.chars if c["text"].strip()]
    joined = "".join(c["text"] for c in chars)
    start = joined.index(text)
    return chars[start : start + len(text)]


def test_text_too_long_for_its_size_is_printed_smaller():
    box = {"w": 50, "h": 20, "text": "Score 1 intel for each enabled card you played. " * 3}
    page = page_of(face("text-box.yaml.j2", box=box))
    sizes = {round(c["size"], 2) for c in page.chars}
    assert len(sizes) == 1
    (size,) = sizes
    assert 6 <= size < 10
    # and every letter stays inside the box (5 mm from the trim, plus the 3 mm bleed)
    left = (5 + 3) * PT_PER_MM
    assert min(c["x0"] for c in page.chars) >= left - 0.01
    assert max(c["x1"] for c in page.chars) <= left + 50 * PT_PER_MM + 0.01
    assert max(c["bottom"] for c in page.chars) <= left + 20 * PT_PER_MM + 1


def test_short_text_keeps_its_size():
    page = page_of(face("text-box.yaml.j2", box={"w": 50, "h": 20, "text": "Detect"}))
    assert {round(c["size"], 2) for c in page.chars} == {10.0}


def test_bold_markup_prints_in_the_bold_font():
    page = page_of(face())
    assert all(c["fontname"].endswith("Roboto-Bold") for c in chars_of(page, "1intel"))
    assert all(c["fontname"].endswith("Roboto-Italic") for c in chars_of(page, "enabled"))
    assert all(c["fontname"].endswith("Roboto-Regular") for c in chars_of(page, "Score"))


def test_japanese_prints_with_ipaex_gothic():
    page = page_of(face())
    japanese = chars_of(page, "軍司令部")
    assert {c["fontname"].split("+")[-1] for c in japanese} == {"IPAexGothic"}


def test_title_uses_the_theme_font_role():
    page = page_of(face())
    assert {c["fontname"].split("+")[-1] for c in chars_of(page, "StealDocument")} == {
        "RobotoCondensed-Regular"
    }


def test_inline_icon_is_drawn_inside_the_text_line():
    page = page_of(face())
    before = chars_of(page, "Gain2")[-1]
    after = chars_of(page, "now")[0]
    icon_size = before["size"]  # one em
    discs = [
        c
        for c in page.curves
        if abs((c["x1"] - c["x0"]) - icon_size * 22 / 24) < 0.5  # the icon's r=11 of 24 disc
    ]
    assert len(discs) == 1
    disc = discs[0]
    assert before["x1"] < disc["x0"] < disc["x1"] < after["x0"]
    middle = (disc["top"] + disc["bottom"]) / 2
    assert before["top"] < middle < before["bottom"]


def test_same_input_gives_same_key_and_identical_bytes():
    first, second = face(), face()
    assert first.key == second.key
    assert face_pdf(first) == face_pdf(second)


def test_different_cards_differ_and_identical_backs_share_one_key():
    other = {**CARD, "id": "police-detect", "name": "Detect"}
    assert face(card=other).key != face().key
    assert face("back.yaml.j2", card=other).key == face("back.yaml.j2").key


def test_face_art_carries_size_bleed_and_label():
    art = face()
    assert (art.width_mm, art.height_mm, art.bleed_mm) == (63, 88, 3)
    assert art.label == "Steal Document (military-steal-document)"
    assert art.shape == "rect"


def test_raster_image_is_embedded_once():
    assert len(page_of(face()).images) == 1


def test_render_shows_background_in_the_bleed_and_nothing_beyond(tmp_path):
    """Rasterize the face with PDFium (what a person sees) and look at a few pixels."""
    art = face()
    pdf = pypdfium2.PdfDocument(face_pdf(art))
    image = pdf[0].render(scale=300 / 72).to_pil().convert("RGB")
    image.save(Path("/tmp") / "pnp-test-front.png")
    px_per_mm = 300 / 25.4

    def at(x_mm, y_mm):  # trim coordinates, top-down
        return image.getpixel((round((x_mm + 3) * px_per_mm), round((y_mm + 3) * px_per_mm)))

    band = (0x8B, 0x2E, 0x2E)
    assert _close(at(-1.5, -1.5), band)  # the header band reaches into the bleed
    assert _close(at(30, -1.5), band)
    assert _close(at(30, 86.5 + 3), (0xFD, 0xFB, 0xF6))  # paper fills the bottom bleed
    assert _close(at(31.5, 31), (0xE6, 0xC8, 0x3C))  # the art's yellow disc, centred by cover
    back = pypdfium2.PdfDocument(face_pdf(face("back.yaml.j2")))
    back_image = back[0].render(scale=300 / 72).to_pil().convert("RGB")
    back_image.save(Path("/tmp") / "pnp-test-back.png")
    eye_centre = (round((31.5 + 3) * px_per_mm), round((76 + 3) * px_per_mm))
    assert _close(back_image.getpixel(eye_centre), (255, 255, 255))  # the SVG's pupil
    side = (round((31.5 - 4.5 + 3) * px_per_mm), round((76 + 3) * px_per_mm))
    assert _close(back_image.getpixel(side), (0x1F, 0x4E, 0x8C))  # the SVG's iris


def test_paint_makes_the_same_calls_for_equal_elements():
    rect = draw.Rectangle(0, 0, 10, 10, draw.Paint(fill=(1, 0, 0), opacity=0.5), radius=2)
    key_a = face_key((rect,), 63, 88, 3, "rect")
    key_b = face_key((draw.Rectangle(0, 0, 10, 10, rect.paint, radius=2),), 63, 88, 3, "rect")
    assert key_a == key_b
    assert face_key((rect,), 63, 88, 3, "round") != key_a


def test_face_pdf_page_is_the_trim_plus_the_bleed_on_every_side():
    art = face()
    box = PdfReader(io.BytesIO(face_pdf(art))).pages[0].mediabox
    bleed = 2 * mm_to_pt(art.bleed_mm)
    assert abs(float(box.width) - (mm_to_pt(art.width_mm) + bleed)) <= 0.01
    assert abs(float(box.height) - (mm_to_pt(art.height_mm) + bleed)) <= 0.01


def test_title_prints_white_in_the_middle_of_its_band():
    """The title box (2..12 mm, `valign: middle`) on the band (0..14 mm): measured in pixels."""
    art = face()
    title = chars_of(page_of(art), "StealDocument")
    assert {tuple(c["non_stroking_color"]) for c in title} == {(1, 1, 1)}
    scale = 600 / 72
    image = pypdfium2.PdfDocument(face_pdf(art))[0].render(scale=scale).to_pil().convert("L")
    left, right = round(title[0]["x0"] * scale), round(title[-1]["x1"] * scale)
    band = image.crop((left, 0, right, round(17 * PT_PER_MM * scale)))  # the band and its bleed
    _, top_px, _, bottom_px = band.point(lambda v: 255 if v > 200 else 0).getbbox()
    top, bottom = (px / scale / PT_PER_MM - 3 for px in (top_px, bottom_px))  # mm from the trim
    assert 2 < top < bottom < 12
    # letters without descenders sit within 0.3 mm of the box's centre line
    assert (top + bottom) / 2 == pytest.approx(7, abs=0.3)


def _close(actual, expected, tolerance=12) -> bool:
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected, strict=True))
