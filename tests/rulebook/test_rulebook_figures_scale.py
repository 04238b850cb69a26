"""Figures at a scale a reader can trust, measured from the built books: the components list
draws every piece at the one scale it states (a marker as much smaller than a card as it is),
pieces too small to make out drawn larger and said to be, boards too large cut and said to be;
counts use the set's own noun."""

from __future__ import annotations

import re

import pdfplumber
import pytest
from readers import opened

from pnp.rulebook.words import Words

MM = 72 / 25.4
OUTLINE = (0.55, 0.55, 0.55)  # the grey line round a thumbnail (pnp.rulebook.flowables)
SIZE = re.compile(r"(\d+) ([a-z ]+?), ([\d.]+) × ([\d.]+) mm")  # "2 pawns, 25 × 40 mm"


@pytest.fixture(scope="session")
def books(products):
    """A built-in game's A4 rulebook, each game built once per session (tests/products.py)."""
    return lambda game: products.rulebook(game)


def outlines(page: pdfplumber.page.Page) -> list[dict]:
    """The thumbnails' outlines on `page`: grey 0.4 pt strokes."""
    grey = pytest.approx(OUTLINE, abs=0.01)
    return [c for c in page.curves + page.rects
            if c.get("stroke") and c.get("linewidth") == pytest.approx(0.4, abs=0.01)
            and tuple(c.get("stroking_color") or ()) == grey]  # fmt: skip


def component_rows(page: pdfplumber.page.Page) -> list[tuple[str, tuple[float, float], dict]]:
    """(the row's text, the real size it states in mm, the outline drawn beside it): each
    picture's words are those right of it, up to the next column of pictures."""
    shapes = outlines(page)
    rows = []
    for shape in shapes:
        right = min([s["x0"] for s in shapes if s["x0"] > shape["x1"]] + [page.width])
        if right - shape["x1"] < 20 * MM:  # no room for a row's words (a figure's pieces)
            continue
        middle = (shape["top"] + shape["bottom"]) / 2
        band = (shape["x1"] + 1, max(0, middle - 25 * MM), right - 1,
                min(page.height, middle + 25 * MM))  # fmt: skip
        lines = page.crop(band).extract_text_lines()
        joined = [
            ln["text"] + " " + (lines[i + 1]["text"] if i + 1 < len(lines) else "")
            for i, ln in enumerate(lines)
        ]  # a size may wrap in a narrow column
        sized = [
            (i, SIZE.match(text) or SIZE.search(ln["text"]))
            for i, (ln, text) in enumerate(zip(lines, joined, strict=True))
        ]
        sized = [(i, found) for i, found in sized if found]
        if not sized:
            continue
        i, found = min(sized, key=lambda f: abs((lines[f[0]]["top"] + lines[f[0]]["bottom"]) / 2
                                               - middle))  # fmt: skip
        text = " ".join(ln["text"] for ln in lines[max(0, i - 2) : i + 3])
        rows.append((text, (float(found[3]), float(found[4])), shape))
    return rows


def components_rows(pdf: pdfplumber.PDF) -> tuple[list, float]:
    """The rows of the components list, over every page it runs to (each states the scale),
    and the scale."""
    rows, scales = [], set()
    for page in pdf.pages:
        said = re.search(r"(?m)^Scale 1:(\d+)$", page.extract_text() or "")
        listed = component_rows(page) if said else []
        if listed:  # (a setup figure states its scale too, but lists no sizes)
            rows += listed
            scales.add(1 / int(said[1]))
    assert len(scales) == 1, scales
    return rows, scales.pop()


@pytest.mark.parametrize(
    ("game", "shown"),
    [("1955-war-of-espionage", {"part", "larger", "scale"}),  # 18 mm markers at 1:4
     ("espionage-caledonian", {"part", "scale"})],  # at 1:3 its 18 mm markers are 6 mm
)  # fmt: skip
def test_the_components_list_draws_every_piece_at_its_stated_scale(books, game, shown):
    with opened(books(game)) as pdf:
        rows, scale = components_rows(pdf)
    assert len(rows) >= 5, rows
    kinds = set()
    for text, (w, h), shape in rows:
        drawn = shape["width"] / MM, shape["height"] / MM
        larger = re.search(r"drawn larger, at 1:(\d+)", text)
        if "part shown" in text:  # a board, cut to the list's box at the list's scale
            kinds.add("part")
            assert drawn[0] <= w * scale + 0.15 and drawn[1] <= h * scale + 0.15, text
            assert min(drawn[0] - w * scale, drawn[1] - h * scale) < -1, text  # cut, not shrunk
        elif larger:  # too small at the list's scale: drawn at its own, stated, never under 6 mm
            kinds.add("larger")
            own = 1 / int(larger[1])
            assert own > scale and min(drawn) >= 6 - 0.05, text
            assert drawn == pytest.approx((w * own, h * own), abs=0.15), text
        else:
            kinds.add("scale")
            assert drawn == pytest.approx((w * scale, h * scale), abs=0.15), text
            assert min(drawn) >= 6 - 0.05, text
    assert kinds == shown, rows


def test_a_card_and_a_marker_keep_their_proportion(books):
    """The 1955 deck's 63 mm cards and its 18 mm markers: the cards drawn wider, the marker
    never larger than the card (each thumbnail filled one square before)."""
    with opened(books("1955-war-of-espionage")) as pdf:
        rows = components_rows(pdf)[0]
    width = {text.split(",")[0]: shape["width"] for text, _, shape in rows}
    card = next(w for t, w in width.items() if "54 cards" in t)
    marker = next(w for t, w in width.items() if "6 markers" in t)
    assert marker < card * 0.6


def test_a_sets_count_uses_its_own_noun(books):
    with opened(books("axis-allies-espionage")) as pdf:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
        listed = [row[0] for row in components_rows(pdf)[0]]
    assert any("5 reference sheets, 147 × 210 mm" in row for row in listed), listed
    assert "Espionage reference sheet — 5 reference sheets" in text
    assert "reference cards" not in text


@pytest.mark.parametrize(
    ("n", "kind", "name", "said"),
    [(5, "reference", "Espionage reference sheet", "5 reference sheets"),
     (2, "reference", "Reference cards", "2 reference cards"),
     (54, "marker", "Arrival chits", "54 chits"),
     (1, "aid", "Round track", "1 track"),
     (6, "aid", "Turn order player aid", "6 player aids"),
     (5, "reference", "Play summary", "5 reference cards")],
)  # fmt: skip
def test_the_noun_of_a_count(n, kind, name, said):
    assert Words("en").pieces(n, kind, name) == said
