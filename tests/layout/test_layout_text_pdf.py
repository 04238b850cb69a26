"""Where text lands on the printed face, measured in the PDF: character boxes read back with
pdfplumber, ink found in pixels rendered by PDFium. Nothing here asks the layout code how it
computed a position."""

import io
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest

from pnp.draw.face import FaceArt, face_pdf
from pnp.errors import FitError
from pnp.layout.templates import TemplateSet
from pnp.layout.theme import load_theme
from pnp.units import PT_PER_MM

GAME = Path(__file__).parents[1] / "fixtures" / "layout" / "basic-game"
SIZE = dict(width_mm=63, height_mm=88, bleed_mm=3)
BOX = dict(x=10, y=20, w=40, h=30)  # mm from the trim's top-left corner
# the box on the page (points from the page's top-left; the page has the 3 mm bleed around it)
LEFT, TOP = (BOX["x"] + 3) * PT_PER_MM, (BOX["y"] + 3) * PT_PER_MM
RIGHT, BOTTOM = LEFT + BOX["w"] * PT_PER_MM, TOP + BOX["h"] * PT_PER_MM
SCALE = 600 / 72  # render at 600 dpi: a pixel is 0.12 pt
PX = 1 / SCALE


def text_face(text: str, **props) -> FaceArt:
    """A face holding one text box at BOX, 10 pt that may not shrink unless `props` say so."""
    element = {"text": {**BOX, "text": text, "size": 10, "min_size": 10, **props}}
    ts = TemplateSet([GAME], [GAME], load_theme(GAME / "theme.yaml"))
    return ts.render_face("elements.yaml.j2", {"elements": [element]}, **SIZE)


def chars(art: FaceArt) -> list[dict]:
    with pdfplumber.open(io.BytesIO(face_pdf(art))) as pdf:
        return [c for c in pdf.pages[0].chars if c["text"].strip()]


def lines(art: FaceArt) -> list[list[dict]]:
    """Printed characters grouped into lines, top to bottom."""
    by_top: dict[float, list[dict]] = {}
    for c in chars(art):
        by_top.setdefault(round(c["top"], 2), []).append(c)
    return [sorted(by_top[top], key=lambda c: c["x0"]) for top in sorted(by_top)]


def text_of(line: list[dict]) -> str:
    return "".join(c["text"] for c in line)


def ink(art: FaceArt, left: float = 0, right: float | None = None) -> tuple[float, float]:
    """(top, bottom) in points of the dark pixels between `left` and `right` (points)."""
    image = pypdfium2.PdfDocument(face_pdf(art))[0].render(scale=SCALE).to_pil().convert("L")
    right_px = image.width if right is None else round(right * SCALE)
    strip = image.crop((round(left * SCALE), 0, right_px, image.height))
    box = strip.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert box is not None, "no ink found"
    return box[1] * PX, box[3] * PX


# -- vertical alignment -------------------------------------------------------------------------

CAPS = "HHHH\nHHHH\nHHHH"  # capitals only: their ink runs from cap height to the baseline


def test_valign_middle_centres_the_lines_in_the_box():
    top, bottom = ink(text_face(CAPS, valign="middle"))
    above, below = top - TOP, BOTTOM - bottom
    assert above > 20 and below > 20  # three 12 pt lines in an 85 pt box: far from both edges
    # the font's line box (ascent + descent) is what is centred; capitals sit within 0.1 em of it
    assert above == pytest.approx(below, abs=1.0)


def test_valign_middle_is_halfway_between_top_and_bottom():
    top_t, _ = ink(text_face(CAPS, valign="top"))
    top_m, _ = ink(text_face(CAPS, valign="middle"))
    top_b, _ = ink(text_face(CAPS, valign="bottom"))
    assert top_m - top_t == pytest.approx(top_b - top_m, abs=2 * PX)
    assert top_b - top_t > 40  # and the three really differ


@pytest.mark.parametrize("valign", ["top", "bottom"])
def test_valign_top_and_bottom_hold_the_text_against_that_edge(valign):
    top, bottom = ink(text_face(CAPS, valign=valign))
    near, far = (top - TOP, BOTTOM - bottom) if valign == "top" else (BOTTOM - bottom, top - TOP)
    assert 0 < near < 4  # within the line's own leading and ascent
    assert far > 40


# -- breaking lines -------------------------------------------------------------------------------

ZWSP = "\u200b"


def test_zero_width_space_is_where_a_long_word_breaks_and_nowhere_else():
    art = text_face(f"Counter{ZWSP}intelligence", w=25)
    assert [text_of(line) for line in lines(art)] == ["Counter", "intelligence"]
    assert all(c["x0"] >= LEFT - 0.01 for c in chars(art))


def test_without_the_zero_width_space_the_word_does_not_fit():
    with pytest.raises(FitError, match="the word 'Counterintelligence' is wider"):
        text_face("Counterintelligence", w=25)


def test_zero_width_space_takes_no_room_when_the_line_does_not_break():
    (line,) = lines(text_face(f"Counter{ZWSP}intelligence"))
    assert text_of(line) == "Counterintelligence"
    r, i = line[6], line[7]
    assert (r["text"], i["text"]) == ("r", "i")
    assert i["x0"] == pytest.approx(r["x1"], abs=0.01)  # no gap where the break could be


def test_hard_line_breaks_keep_the_leading_and_an_empty_line_stays_empty():
    printed = lines(text_face("one\ntwo\n\nfour"))
    assert [text_of(line) for line in printed] == ["one", "two", "four"]
    tops = [line[0]["top"] for line in printed]
    assert tops[1] - tops[0] == pytest.approx(12, abs=0.01)  # leading 1.2 at 10 pt
    assert tops[2] - tops[1] == pytest.approx(24, abs=0.01)  # the empty line is still there


def test_wrapped_lines_stay_inside_the_box():
    text = "Score 1 intel for each enabled card of this faction in your turn row. " * 2
    printed = lines(text_face(text))
    assert len(printed) > 2
    assert min(c["x0"] for line in printed for c in line) >= LEFT - 0.01
    assert max(c["x1"] for line in printed for c in line) <= RIGHT + 0.01


def test_long_text_is_set_at_the_largest_size_that_fits():
    text = "Score 1 intel for each enabled card of this faction in your turn row. " * 4
    art = text_face(text, size=12, min_size=6)
    (size,) = {round(c["size"], 2) for c in chars(art)}
    assert 6 <= size < 12
    assert max(c["bottom"] for c in chars(art)) <= BOTTOM
    larger = round(size + 0.1, 1)
    with pytest.raises(FitError):
        text_face(text, size=larger, min_size=larger)


# -- horizontal alignment --------------------------------------------------------------------------

SENTENCE = "Score 1 intel for each enabled card of this faction in your turn row today."


@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_align_puts_each_line_against_its_edge_or_centre(align):
    printed = lines(text_face(SENTENCE, align=align))
    assert len(printed) >= 2
    for line in printed:
        start, end = line[0]["x0"], line[-1]["x1"]
        if align == "left":
            assert start == pytest.approx(LEFT, abs=0.01)
        elif align == "right":
            assert end == pytest.approx(RIGHT, abs=0.01)
        else:
            assert (start + end) / 2 == pytest.approx((LEFT + RIGHT) / 2, abs=0.01)


def test_justify_fills_every_line_but_the_last():
    printed = lines(text_face(SENTENCE, align="justify"))
    assert len(printed) >= 2
    for line in printed[:-1]:
        assert line[0]["x0"] == pytest.approx(LEFT, abs=0.01)
        assert line[-1]["x1"] == pytest.approx(RIGHT, abs=0.01)
    assert printed[-1][-1]["x1"] < RIGHT - 5 * PT_PER_MM


def test_justify_leaves_each_paragraphs_last_line_natural():
    """Not only the text's last line: a paragraph's last line, before a line break, keeps its
    natural spacing too (stretched, its few words would spread across the box)."""
    paragraph = "Score 1 intel for each enabled card of this faction in your row."  # 3 lines
    printed = lines(text_face(paragraph + "\n" + paragraph, align="justify"))
    half = len(printed) // 2
    assert len(printed) == 2 * half >= 4  # the same paragraph twice
    for number, line in enumerate(printed):
        assert line[0]["x0"] == pytest.approx(LEFT, abs=0.01)
        if number in (half - 1, len(printed) - 1):  # each paragraph's last line
            assert line[-1]["x1"] < RIGHT - 5 * PT_PER_MM, number
        else:
            assert line[-1]["x1"] == pytest.approx(RIGHT, abs=0.01), number


def darkest(art: FaceArt) -> int:
    """The darkest grey in the rendered face (text alone on white paper)."""
    image = pypdfium2.PdfDocument(face_pdf(art))[0].render(scale=SCALE).to_pil().convert("L")
    return int(image.getextrema()[0])


@pytest.mark.parametrize("text", ["HHHH", "HH :intel: HH"])  # a run alone, runs beside an icon
def test_translucent_text_lets_the_paper_through(text):
    """Opacity 0.5 over white paper: the strokes' cores are halfway between the ink and the
    paper, as drawn with its opacity (opaque, they would be the ink's own grey)."""
    props = {"size": 30, "min_size": 30}
    opaque = darkest(text_face(text, **props))
    half = darkest(text_face(text, opacity=0.5, **props))
    assert opaque < 100  # the ink is dark: the difference shows
    assert half == pytest.approx(255 - 0.5 * (255 - opaque), abs=8), (opaque, half)


# -- inline icons ----------------------------------------------------------------------------------


def test_inline_icon_is_one_em_and_centred_on_the_capitals():
    art = text_face("HH :intel: HH")
    (line,) = lines(art)
    before, after = line[1], line[2]
    cap_top, cap_bottom = ink(art, before["x0"], before["x1"])
    disc_top, disc_bottom = ink(art, before["x1"] + 1, after["x0"] - 1)
    # the disc is r = 11 of the icon's 24-unit box, and the box is one em (10 pt) tall
    assert disc_bottom - disc_top == pytest.approx(10 * 22 / 24, abs=2 * PX)
    assert (disc_top + disc_bottom) / 2 == pytest.approx((cap_top + cap_bottom) / 2, abs=2 * PX)
