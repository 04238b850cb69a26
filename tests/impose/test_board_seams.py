"""Seams of tiled boards, read back from the built PDFs (pdfplumber for lines, curves and words,
pypdfium2 for rendered pixels): where the cut runs, how wide the glue band is, how many sheets a
board takes, and the edges of the boards' faces.

The seam of a tile is where its registration crosses are (pnp prints them on the cut line, on
both tiles); the printed window's edges are where the rendered art stops.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from impose_faces import extent_from, margin_lines, scan_line, tile_pages, to_mm, trim_intervals
from rendered import render_game_faces
from test_table_pieces import build_products, page_text
from test_tiling import read_tile, shift_between

from pnp.catalog.games import resolve_game
from pnp.cli import main
from pnp.draw.face import face_pdf
from pnp.errors import BuildError
from pnp.impose.options import SheetOptions
from pnp.impose.tileplan import FOOTER_MM, plan_tiles

INCH = 25.4
PAPERS = ("a4", "letter")
# sheets each built-in tiled board took before seams were placed (tiles per side, both sides)
SHEETS_BEFORE = {"1955-war-of-espionage": 4, "espionage-caledonian": 2}


@pytest.fixture(scope="module")
def boards_1955(tmp_path_factory) -> dict[str, Path]:
    """The 1955 board's PDF (two sides, tiled) on each paper."""
    out = {}
    for paper in PAPERS:
        pdfs = build_products(tmp_path_factory.mktemp(paper), "1955-war-of-espionage",
                              ("boards",), paper)  # fmt: skip
        (out[paper],) = pdfs.values()
    return out


def start_circles(page) -> list[tuple[float, float, float]]:
    """(cx, cy, r) in mm, y up, of the outermost circle around each word START."""
    circles = []
    for c in page.curves:
        w, h = to_mm(c["x1"] - c["x0"]), to_mm(c["y1"] - c["y0"])
        if abs(w - h) < 0.3 and 10 < w < 40:
            circles.append((to_mm(c["x0"]) + w / 2, to_mm(c["y0"]) + h / 2, w / 2))
    found = []
    for word in page.extract_words():
        if word["text"] != "START":
            continue
        wx = to_mm((word["x0"] + word["x1"]) / 2)
        wy = to_mm(page.height - (word["top"] + word["bottom"]) / 2)
        around = [
            c for c in circles if abs(c[0] - wx) < 1 and math.hypot(wx - c[0], wy - c[1]) < c[2]
        ]
        assert around, f"no circle around START at {wx:.1f}, {wy:.1f} mm"
        found.append(max(around, key=lambda c: c[2]))
    return found


def window_edges(pdf: Path, index: int, page, seam_y: float) -> tuple[float, float]:
    """(bottom, top) in mm of the printed window of a tile, on a vertical line 1 mm inside the
    board's left trim (the crop marks' first x)."""
    xs, _ = margin_lines(page, inset_mm=3)
    down = scan_line(pdf, index, x=xs[0] + 1)
    return extent_from(down, seam_y, -1), extent_from(down, seam_y, +1)


def seams(pdf: Path) -> list[dict]:
    """For each side's pair of tiles (upper, lower): crosses, the seam's y, window edges and
    the START circles of each tile, in that tile's page coordinates."""
    sides = []
    with pdfplumber.open(pdf) as doc:
        for upper, lower in ((0, 1), (2, 3)):
            tiles = {}
            for key, index in (("upper", upper), ("lower", lower)):
                page = doc.pages[index]
                crosses = read_tile(page)[0]
                ys = {round(y, 1) for _, y in crosses}
                assert len(crosses) >= 2 and len(ys) == 1, crosses  # one seam, across
                seam_y = crosses[0][1]
                tiles[key] = {
                    "crosses": crosses,
                    "seam": seam_y,
                    "window": window_edges(pdf, index, page, seam_y),
                    "circles": start_circles(page),
                }
            sides.append(tiles)
    return sides


@pytest.mark.parametrize("paper", PAPERS)
def test_1955_seam_and_overlap_miss_every_start_circle(boards_1955, paper) -> None:
    """On both sides and both tiles: the cut line (the crosses) passes no START circle, nor
    does the band both tiles print (window edge to window edge)."""
    for side in seams(boards_1955[paper]):
        for key, tile in side.items():
            circles = tile["circles"]
            assert len(circles) == 6, (key, circles)  # all six tracks' START spaces
            bottom, top = tile["window"]
            band = (bottom, tile["seam"]) if key == "upper" else (tile["seam"], top)
            for _, cy, r in circles:
                assert abs(cy - tile["seam"]) > r + 1.5, (paper, key, cy, tile["seam"])
                assert cy + r < band[0] or cy - r > band[1], (paper, key, cy, r, band)


@pytest.mark.parametrize("paper", PAPERS)
def test_1955_tiles_overlap_and_glue_at_least_8_mm(boards_1955, paper) -> None:
    """The lower tile laid on the upper by their crosses: their printed windows share at least
    8 mm, and the upper tile (which the lower one is cut and glued onto) goes on at least 8 mm
    past the cut line."""
    for side in seams(boards_1955[paper]):
        upper, lower = side["upper"], side["lower"]
        dx, dy = shift_between(upper["crosses"], lower["crosses"], axis=1, sign=-1)
        lower_top = lower["window"][1] + dy  # in the upper tile's coordinates
        overlap = lower_top - upper["window"][0]
        glue = upper["seam"] - upper["window"][0]
        assert overlap >= 8, (paper, overlap)
        assert glue >= 8 - 0.05, (paper, glue)
        assert abs(lower["seam"] + dy - upper["seam"]) < 0.05  # one cut line on both


@pytest.mark.parametrize("paper", PAPERS)
def test_1955_tiles_carry_bleed_on_every_outer_edge(boards_1955, paper) -> None:
    """Past the board's trim (its crop marks) the art goes on 3 mm on every outer edge of every
    tile, so a miscut shows board, not paper."""
    pdf = boards_1955[paper]
    with pdfplumber.open(pdf) as doc:
        for index, page in enumerate(doc.pages):
            # the trim's marks in the margin, not the edged registration crosses on the art
            xs, ys = margin_lines(page, inset_mm=3, edged=False)
            assert len(xs) == 2, xs
            bottom, top = window_edges(pdf, index, page, (ys[0] + ys[-1]) / 2)
            across = scan_line(pdf, index, y=(bottom + top) / 2)
            left, right = extent_from(across, xs[0] + 2, -1), extent_from(across, xs[1] - 2, +1)
            beyond = [xs[0] - left, right - xs[1]]
            # the outer edge of each tile: the top of the upper one, the bottom of the lower one
            beyond.append(top - ys[-1] if index % 2 == 0 else ys[0] - bottom)
            for measured in beyond:
                assert abs(measured - 3) <= 0.15, (paper, index, beyond)


@pytest.mark.parametrize("paper", PAPERS)
def test_builtin_boards_take_no_more_sheets_than_before(tmp_path, paper) -> None:
    for game, before in SHEETS_BEFORE.items():
        (pdf,) = build_products(tmp_path / game, game, ("boards",), paper).values()
        assert len(pdfium.PdfDocument(pdf)) <= before, (game, paper)


@pytest.mark.parametrize("paper", PAPERS)
def test_caledonian_tracker_is_one_sheet(tmp_path, paper) -> None:
    """One page with the whole tracker on it, framed by crop marks 190 x 245 mm apart, every
    nation's code on it; no tile labels."""
    (pdf,) = build_products(tmp_path, "espionage-caledonian", ("boards",), paper).values()
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 1
        xs, ys = margin_lines(doc.pages[0], inset_mm=3)
    assert trim_intervals(xs, 190, 3) == 1 and trim_intervals(ys, 245, 3) == 1
    text = page_text(pdf)
    assert "row 1 of" not in text and "sheet 1 of 1" in text
    for row in resolve_game("espionage-caledonian").tables["nations"].rows:
        assert row["code"] in text, row["code"]


def test_what_the_tracker_key_said_is_on_the_turn_aid() -> None:
    """The tracker's old key column is gone; what it alone said is on the aid's back."""
    faces = render_game_faces(resolve_game("espionage-caledonian"), sets=["turn-aid"])
    back = faces["turn-aid"]["order-of-play-aid"][1]
    assert back is not None
    with pdfplumber.open(io.BytesIO(face_pdf(back))) as doc:
        text = " ".join((doc.pages[0].extract_text() or "").split())
    for said in ("at maximum security", "purges that nation's bonds", "resets it to 5",
                 "Nation at X", "several: left to right", "3 failures in a turn",
                 "every Portfolio emptied", "every nation to 5"):  # fmt: skip
        assert said in text, said


# --- board faces: one colour at the trim, on into the bleed ------------------------------------


def edge_runs(art, inside_mm: float = 3.0, px_per_mm: float = 6.0):
    """For each edge, the pixel runs across the band from the bleed's outer edge to `inside_mm`
    within the trim, one run per pixel along the edge."""
    image = pdfium.PdfDocument(face_pdf(art))[0].render(scale=px_per_mm * 25.4 / 72)
    image = image.to_pil().convert("RGB")
    W, H = image.size
    depth = round((art.bleed_mm + inside_mm) * px_per_mm)
    margin = depth  # corners belong to the other edge
    runs = {
        "top": [[image.getpixel((x, y)) for y in range(depth)] for x in range(margin, W - margin)],
        "bottom": [[image.getpixel((x, H - 1 - y)) for y in range(depth)]
                   for x in range(margin, W - margin)],
        "left": [[image.getpixel((x, y)) for x in range(depth)] for y in range(margin, H - margin)],
        "right": [[image.getpixel((W - 1 - x, y)) for x in range(depth)]
                  for y in range(margin, H - margin)],
    }  # fmt: skip
    return runs


@pytest.mark.parametrize(
    ("game", "board"), [("1955-war-of-espionage", "board"), ("espionage-caledonian", "tracker")]
)
def test_board_faces_run_one_colour_off_every_edge(game, board) -> None:
    """Across the last 3 mm inside the trim and the whole bleed a board's face does not change
    colour (no frame, border or strip along the edge); bands and slots may cross the edge."""
    for art in [
        a
        for a in next(iter(render_game_faces(resolve_game(game), sets=[board])[board].values()))
        if a
    ]:
        for edge, runs in edge_runs(art).items():
            changing = [
                run for run in runs
                if max(sum(abs(a - b) for a, b in zip(p, run[0], strict=True)) for p in run) > 60
            ]  # fmt: skip
            assert len(changing) <= 0.01 * len(runs), (art.label, edge, len(changing), len(runs))


# --- seams of any board: kept off what its face draws, or out of zones it declares ---------------

GAME_YAML = """\
game: {id: seamed, title: Seamed, designer: D, players: {min: 2, max: 2}, play_time: 5 min,
       source: original}
"""
BOARD_YAML = """\
set:
  id: board
  name: Board
  kind: board
  size: {width: 190mm, height: 381mm}
  front: board.yaml.j2
  back: null
  product: boards
  source: original
SEAMS
components:
  - {id: the-board, name: The board, count: 1, source: original}
"""
# five spaces across the middle of the board, where an even split of two sheets cuts
BOARD_FACE = """\
- rect: {x: 0, y: 0, w: {{ trim.w }}, h: {{ trim.h }}, fill: '#e8e0c8', bleed: true}
{% for i in range(SPACES) %}
- circle: {cx: {{ 25 + i * 35 }}, cy: {{ trim.h / 2 }}, r: 12, fill: white,
          stroke: '#333333', stroke_width: 0.8}
{% endfor %}
"""


def seam_of_board(tmp_path: Path, seams: str = "", spaces: int = 5) -> float:
    """Build the board above on A4 and return its seam in mm from the board's top edge (by the
    crosses on the upper tile and its top crop marks)."""
    folder = tmp_path / "seamed"
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML)
    (folder / "board.yaml").write_text(BOARD_YAML.replace("SEAMS", seams))
    face = BOARD_FACE.replace("SPACES", str(spaces))
    (folder / "templates" / "board.yaml.j2").write_text(face)
    out = tmp_path / "out"
    args = ["build", str(folder), "--what", "boards", "--split", "--out", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    pdf = out / "seamed" / "seamed-boards-a4.pdf"
    assert tile_pages(pdf).keys() == {(0, 0), (0, 1)}
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[tile_pages(pdf)[(0, 0)]]
        crosses = read_tile(page)[0]
        _, ys = margin_lines(page, inset_mm=3)
    return ys[-1] - crosses[0][1]


def test_a_seam_moves_off_the_spaces_a_face_draws(tmp_path) -> None:
    middle = 381 / 2
    seam = seam_of_board(tmp_path)
    assert abs(seam - middle) > 12 + 1.5, seam  # clear of the circles (radius 12)
    plain = seam_of_board(tmp_path / "plain", spaces=0)
    assert abs(plain - middle) < 12, plain  # with nothing drawn: the even split, through them
    ignored = seam_of_board(tmp_path / "ignored", "  seams: {derive: false}")
    assert abs(ignored - plain) < 0.01, ignored  # told not to look: the even split again


def test_a_seam_keeps_out_of_a_declared_zone(tmp_path) -> None:
    zone = "  seams: {derive: false, keep_clear: [{x: 0, y: 150, w: 190, h: 80}]}"
    seam = seam_of_board(tmp_path, zone, spaces=0)
    assert not 150 - 1.5 < seam < 230 + 1.5, seam


def test_a_zone_outside_the_board_is_refused_at_its_line(tmp_path) -> None:
    folder = tmp_path / "seamed"
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML)
    zone = "  seams:\n    keep_clear:\n      - {x: 0, y: 350, w: 100, h: 80}"
    (folder / "board.yaml").write_text(BOARD_YAML.replace("SEAMS", zone))
    (folder / "templates" / "board.yaml.j2").write_text(BOARD_FACE.replace("SPACES", "1"))
    args = ["build", str(folder), "--what", "boards", "--out", str(tmp_path / "out")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert "board.yaml:12:" in result.output and "not inside the 190 x 381 mm trim" in result.output


# --- the plan behind the pages: any board, any marks -------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    paper=st.sampled_from(["a4", "letter", "a5", "100x150mm"]),
    w=st.floats(150, 1200),
    h=st.floats(150, 1200),
    overlap=st.sampled_from([4.0, 6.0, 11.0, 20.0]),
    marks=st.lists(
        st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(1, 60), st.floats(1, 60)),
        max_size=60,
    ),
)
def test_seams_keep_every_window_on_its_sheet(paper, w, h, overlap, marks) -> None:
    """Wherever the marks lie, each window fits the sheet's room, neighbours share exactly the
    overlap, the seams run in order and the windows reach the board's bleed edges."""
    opts = SheetOptions(paper=paper, overlap_mm=overlap)
    marked = [(x * w, y * h, x * w + dx, y * h + dy, 1.0) for x, y, dx, dy in marks]
    try:
        plan = plan_tiles(opts.paper, w, h, opts, marked)
    except BuildError:
        return  # too small a sheet for this overlap
    room_w = plan.paper.width_mm - 2 * plan.side
    room_h = plan.paper.height_mm - plan.side - FOOTER_MM
    for r in range(plan.rows):
        for c in range(plan.cols):
            win = plan.window(c, r)
            assert 0 < win.w <= room_w + 1e-6 and 0 < win.h <= room_h + 1e-6
            if c:
                assert abs(plan.window(c - 1, r).right - win.x - plan.overlap) < 1e-6
            if r:
                assert abs(win.top - plan.window(c, r - 1).y - plan.overlap) < 1e-6
    assert list(plan.xs) == sorted(plan.xs) and list(plan.ys) == sorted(plan.ys, reverse=True)
    last = plan.window(plan.cols - 1, plan.rows - 1)
    assert abs(plan.window(0, 0).x + plan.bleed_x) < 1e-6 and abs(last.y + plan.bleed_y) < 1e-6
    assert abs(last.right - w - plan.bleed_x) < 1e-6
    assert abs(plan.window(0, 0).top - h - plan.bleed_y) < 1e-6
