"""Espionage Rules for Axis & Allies: what a player who prints, cuts and plays the kit notices.

Measured on the drawn faces with independent readers: pixels through pypdfium2, text and shapes
through pdfplumber. One token size; each disc's colour is the line to cut; a spawned cell never
passes for a level 1 network; the turns a network has spent in a country are counted with a
round track and numbered arrival chits; the reference sheet is paper along all four edges.
"""

from __future__ import annotations

import math
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import page_of
from rendered import render_game_faces

from pnp.catalog.games import resolve_game
from pnp.draw.face import face_pdf
from pnp.pipeline import BuildOptions, build_game

GAME_ID = "axis-allies-espionage"
PX_PER_MM = 10
MM = 72 / 25.4  # points per mm
ROUND_SETS = ("network-markers", "cell-markers", "deep-agent-markers", "bribe-markers",
              "arrival-chits", "round-marker")  # fmt: skip


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def faces(game):
    return render_game_faces(game)


def image(art, px_per_mm: float = PX_PER_MM):
    """The face with its bleed as an RGB image; the trim starts `bleed` mm in."""
    pdf = pdfium.PdfDocument(face_pdf(art))
    return pdf[0].render(scale=px_per_mm / MM).to_pil().convert("RGB")


def hex_rgb(text: str) -> tuple[int, int, int]:
    return tuple(int(text[i : i + 2], 16) for i in (1, 3, 5))


def close(a, b, tolerance: int = 24) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def ring(img, art, radius_mm: float, steps: int = 72) -> list[tuple[int, int, int]]:
    """Pixels on a circle of `radius_mm` round the centre of a round face."""
    centre = (art.bleed_mm + art.width_mm / 2) * PX_PER_MM
    out = []
    for k in range(steps):
        a = 2 * math.pi * k / steps
        x = centre + radius_mm * PX_PER_MM * math.cos(a)
        y = centre + radius_mm * PX_PER_MM * math.sin(a)
        out.append(img.getpixel((int(x), int(y))))
    return out


def test_every_token_is_one_size(game):
    sizes = {(s.size.width_mm, s.size.height_mm) for s in game.sets.values() if s.shape == "round"}
    assert {s for s in ROUND_SETS} <= {i for i, s in game.sets.items() if s.shape == "round"}
    assert sizes == {(19.0, 19.0)}


@pytest.mark.parametrize("set_id", ROUND_SETS)
def test_a_tokens_colour_runs_out_through_the_bleed(faces, set_id):
    """One colour from 2.5 mm inside the cut out through the bleed (no ring or frame a miscut
    would make lopsided, no paper a miscut would show); the sheet marks the cut in the bleed."""
    for component_id, (front, _) in faces[set_id].items():
        img = image(front)
        r = front.width_mm / 2
        edge = ring(img, front, r - 0.4)
        colour = edge[0]
        assert not close(colour, (255, 255, 255)), component_id
        for depth in (0.4, 1.0, 1.6, 2.2, 2.5):
            assert all(close(p, colour) for p in ring(img, front, r - depth)), (component_id, depth)
        for out in (0.5, 1.5, front.bleed_mm - 0.5):
            assert all(close(p, colour) for p in ring(img, front, r + out)), component_id


def ink_share(art, ink: tuple[int, int, int], radius_mm: float = 5.0) -> float:
    """Share of the pixels within `radius_mm` of the centre painted in `ink`."""
    img = image(art)
    centre = (art.bleed_mm + art.width_mm / 2) * PX_PER_MM
    n = hits = 0
    span = int(radius_mm * PX_PER_MM)
    for dy in range(-span, span + 1):
        for dx in range(-span, span + 1):
            if dx * dx + dy * dy <= span * span:
                n += 1
                hits += close(img.getpixel((int(centre + dx), int(centre + dy))), ink, 40)
    return hits / n


def test_a_spawned_cell_never_passes_for_a_level_one_network(game, faces):
    """Same power, same colour: the cell shows a solid hexagon in the power's ink and no
    numeral; the level 1 network a big numeral on the bare disc."""
    for power in game.tables["powers"].rows:
        network = faces["network-markers"][f"network-{power['id']}-1"][0]
        cell = faces["cell-markers"][f"cell-{power['id']}"][0]
        ink = hex_rgb(power["ink"])
        assert ink_share(cell, ink) > 0.35, power["id"]  # over twice the network's numeral
        assert ink_share(network, ink) < 0.25, power["id"]
        cell_digits = [c for c in page_of(cell).chars if c["text"].isdigit()]
        assert cell_digits == [], power["id"]
        numeral = [c for c in page_of(network).chars if c["text"] == "1"]
        assert numeral and numeral[0]["size"] >= 18, power["id"]


def test_arrival_chits_cover_the_round_track_and_show_their_round_as_one_big_figure(game, faces):
    """Read from any side of the table: one upright figure in the middle, big, 3 mm inside the
    cut (no small turned copies at the rim, which a 1 mm miscut crowds)."""
    rounds = sorted(row["round"] for row in game.tables["round-track"].rows)
    chits = {c.fields["round"]: c for c in game.sets["arrival-chits"].components}
    assert sorted(chits) == rounds and all(c.count >= 3 for c in chits.values())
    for n in rounds:
        art = faces["arrival-chits"][f"arrival-{n}"][0]
        page = page_of(art)
        assert [w["text"] for w in page.extract_words()] == [str(n)]
        assert all(c["upright"] and c["size"] >= 20 for c in page.chars), n
        centre = (art.bleed_mm + art.width_mm / 2) * MM
        r = art.width_mm / 2 * MM
        for c in page.chars:
            far = max(
                math.hypot(x - centre, y - centre)
                for x in (c["x0"], c["x1"])
                for y in (page.height - c["y0"], page.height - c["y1"])
            )
            assert far <= r - 2.5 * MM, (n, c["text"])  # the font box, taller than the ink
        # a 6 and a 9 are underlined, as on dice: the chit lies any way up
        bars = [rc for rc in page.rects if min(rc["width"], rc["height"]) < 0.8 * MM]
        assert len(bars) == (1 if str(n) in ("6", "9") else 0), n


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""

    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_the_time_pieces_have_a_colour_no_power_has(game, faces):
    """An arrival chit under a network marker is never taken for another power's marker."""
    middle = int((3 + 9.5) * PX_PER_MM)
    chit = image(faces["arrival-chits"]["arrival-3"][0]).getpixel((middle - 60, middle))
    marker = image(faces["round-marker"]["round-marker"][0]).getpixel((middle - 60, middle))
    for power in game.tables["powers"].rows:
        assert math.dist(lab(chit), lab(hex_rgb(power["colour"]))) > 30, power["id"]
    assert math.dist(lab(chit), lab(marker)) > 30


def edge_colours(art, depth_mm: float = 3.0) -> set[tuple[int, int, int]]:
    """Every colour in the band from the bleed's edge to `depth_mm` inside the trim, all four
    edges (2 px of the outer rim skipped: the renderer's anti-aliasing)."""
    img = image(art, 4)
    w, h = img.size
    band = int((art.bleed_mm + depth_mm) * 4)
    seen = set()
    for x in range(2, w - 2):
        for y in list(range(2, band)) + list(range(h - band, h - 2)):
            seen.add(img.getpixel((x, y)))
    for y in range(2, h - 2):
        for x in list(range(2, band)) + list(range(w - band, w - 2)):
            seen.add(img.getpixel((x, y)))
    return seen


@pytest.mark.parametrize(("set_id", "side"), [("reference", 0), ("reference", 1),
                                              ("round-track", 0)])  # fmt: skip
def test_sheets_are_one_colour_along_all_four_edges(faces, set_id, side):
    """Neither a miscut nor the printer's drift between the two sides can mark the sheet."""
    art = next(iter(faces[set_id].values()))[side]
    colours = edge_colours(art)
    assert len(colours) == 1, (set_id, side, sorted(colours)[:5])


def test_round_track_shows_every_round_beside_its_pile(game, faces):
    """A box per round; its number sits outside the 19 mm socket where a pile of chits and the
    round marker stand, so the current round stays readable under the marker."""
    art = faces["round-track"]["round-track"][0]
    page = page_of(art)
    token_r = game.sets["round-marker"].size.width_mm / 2 * MM
    sockets = [
        ((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2)
        for c in page.curves
        if abs(c["width"] / MM - 19.8) < 0.3 and abs(c["height"] / MM - 19.8) < 0.3
    ]
    rounds = [row["round"] for row in game.tables["round-track"].rows]
    assert len(sockets) == len(rounds)
    grid_bottom = max(y for _, y in sockets) + 12 * MM  # below it, the numbered steps
    words = [w for w in page.extract_words() if w["text"].isdigit() and w["top"] < grid_bottom]
    numbers = sorted(int(w["text"]) for w in words)
    assert numbers == sorted(rounds)
    for w in words:
        cx, cy = min(sockets, key=lambda s: math.hypot(s[0] - w["x0"], s[1] - w["top"]))
        nearest_x = min(max(cx, w["x0"]), w["x1"])
        nearest_y = min(max(cy, w["top"]), w["bottom"])
        assert math.hypot(nearest_x - cx, nearest_y - cy) >= token_r, w["text"]
    assert min(c["size"] for c in page.chars if c["text"].strip()) >= 7 - 0.01
    text = " ".join(page.extract_text().split())
    assert "Turns in the country = this round − the chit" in text


def test_the_kit_prints_the_chits_round_marker_and_track(tmp_path: Path, game):
    paths = build_game(game, BuildOptions(products=("tokens", "aids"), paper="a4",
                                          out_dir=tmp_path, split=True))  # fmt: skip
    pdfs = {p.name: p for p in paths}
    with pdfplumber.open(pdfs[f"{GAME_ID}-tokens-a4.pdf"]) as doc:
        labels = " ".join(page.extract_text() or "" for page in doc.pages)
        ticks = [
            line
            for page in doc.pages
            for line in page.lines
            if line.get("stroking_color") not in (1, 1.0, (1,), (1, 1, 1))
            and 2.0 * MM < math.dist(*line["pts"]) < 3.5 * MM
            and line["x0"] != line["x1"]
            and line["top"] != line["bottom"]
        ]  # the cut guides: eight short dark slanting ticks in each token's bleed
        circles = [c for page in doc.pages for c in page.curves if c.get("stroke")
                   and abs((c["x1"] - c["x0"]) / MM - 19.0) < 0.2]  # fmt: skip
    assert "Arrival chits" in labels and "Round marker" in labels
    tokens = sum(c.count for i, s in game.sets.items() if i in ROUND_SETS for c in s.components)
    assert len(ticks) >= 8 * tokens and circles == []  # no cut circle on the 19 mm cut
    with pdfplumber.open(pdfs[f"{GAME_ID}-aids-a4.pdf"]) as doc:
        assert "Round track" in " ".join(page.extract_text() or "" for page in doc.pages)
