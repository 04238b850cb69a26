"""Sheet behaviour a user sees on paper, measured on the produced PDF with pdfplumber (shapes,
lines, text) and pypdfium2 (rendered pixels): the bleed asked for on the command line, tile cut
guides, landscape sets, and gutterfold sheets' scale bar and fold line."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from impose_faces import (
    art_bbox,
    extent_from,
    face,
    face_boxes,
    margin_lines,
    scan_line,
    shown_part,
    solid_face,
    tile_pages,
    to_mm,
    trim_intervals,
    words,
)

from pnp.cli import main
from pnp.export.pdf import write_document
from pnp.impose.document import Document
from pnp.impose.options import SheetOptions
from pnp.impose.sheet import Piece

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"


def pnp_build(*args: str) -> None:
    result = CliRunner().invoke(main, ["build", *args])
    assert result.exit_code == 0, result.output


# --- --bleed reaches the sheet ------------------------------------------------------------------


@pytest.mark.parametrize("bleed", [0, 3, 5])
def test_bleed_option_is_the_art_beyond_the_trim_on_the_sheet(tmp_path: Path, bleed: int) -> None:
    """`pnp build --bleed N`: around the card grid, the printed art runs exactly N mm past the
    trim lines the crop marks show (rendered pixels, so clipping counts)."""
    pnp_build(
        str(SIXTH), "--what", "cards", "--split", "--bleed", str(bleed), "--out", str(tmp_path)
    )
    pdf = tmp_path / "sixth-game" / "sixth-game-agents-a4.pdf"
    with pdfplumber.open(pdf) as doc:
        # trim lines, from the crop marks (where the margin is short they sit in the bleed)
        xs, ys = margin_lines(doc.pages[0], inset_mm=bleed)
    # the marks frame 3 x 3 poker cards
    assert trim_intervals(xs, 63, bleed) == 3 and trim_intervals(ys, 88, bleed) == 3
    across = scan_line(pdf, 0, y=(ys[0] + ys[-1]) / 2)  # through the middle row
    down = scan_line(pdf, 0, x=(xs[0] + xs[-1]) / 2)  # through the middle column
    beyond = {
        "left": xs[0] - extent_from(across, xs[0] + 2, -1),
        "right": extent_from(across, xs[-1] - 2, +1) - xs[-1],
        "bottom": ys[0] - extent_from(down, ys[0] + 2, -1),
        "top": extent_from(down, ys[-1] - 2, +1) - ys[-1],
    }
    for side, measured in beyond.items():
        assert abs(measured - bleed) <= 0.1, (side, measured)


# --- tiled boards: cut guides leave the glue band on the tile underneath ----------------------

BOARD = "Board"


def guides(page) -> tuple[list, list]:
    """Dashed lines in mm: (vertical ones as (x, y0, y1), horizontal ones as (y, x0, x1))."""
    dashed = [ln for ln in page.lines if ln.get("dash")]
    vertical = [
        (to_mm(ln["x0"]), to_mm(ln["y0"]), to_mm(ln["y1"]))
        for ln in dashed
        if abs(ln["x0"] - ln["x1"]) < 1e-3
    ]
    horizontal = [
        (to_mm(ln["y0"]), to_mm(ln["x0"]), to_mm(ln["x1"]))
        for ln in dashed
        if abs(ln["y0"] - ln["y1"]) < 1e-3
    ]
    return vertical, horizontal


def test_tile_cut_guides_leave_the_glue_band_on_the_tile_underneath(tmp_path: Path) -> None:
    """Neighbouring windows share the whole overlap; the guide on the right (lower) tile sits
    the cut allowance inside its own edge, so the tile it is laid on keeps the rest, the glue
    band, past the cut: 12 mm of overlap is 3 mm to cut off and 9 mm to glue."""
    w, h, overlap_mm, allowance = 500, 420, 12, 3
    doc = Document(SheetOptions(paper="letter", overlap_mm=overlap_mm), title="t", game_title="G")
    doc.add_tiled(Piece(solid_face(BOARD, w, h)), section="Board")
    pdf = write_document(doc, tmp_path / "board.pdf")
    where = tile_pages(pdf)
    cols, rows = max(c for c, _ in where) + 1, max(r for _, r in where) + 1
    assert (cols, rows) == (3, 2)
    with pdfplumber.open(pdf) as d:
        windows, origins, lines = {}, {}, {}
        for key, index in where.items():
            page = d.pages[index]
            windows[key], origins[key] = shown_part(pdf, index, page, BOARD, w, h)
            lines[key] = guides(page)
    for (c, r), (vertical, horizontal) in lines.items():
        # a guide on the left and the top overlap, none on the first column or row
        assert (len(vertical), len(horizontal)) == (int(c > 0), int(r > 0)), (c, r)
        x0, x1, y0, y1 = windows[(c, r)]
        bx, by = origins[(c, r)]
        if c > 0:
            left = windows[(c - 1, r)]
            overlap = (x0, left[1])  # this tile's left edge to its left neighbour's right edge
            assert abs(overlap[1] - overlap[0] - overlap_mm) <= 0.1, overlap
            gx, gy0, gy1 = vertical[0]
            assert abs(gx - bx - (x0 + allowance)) <= 0.1, (c, r, gx - bx, overlap)
            assert gy0 < y0 + by and gy1 > y1 + by  # across the whole window, into the margin
        if r > 0:
            above = windows[(c, r - 1)]
            overlap = (above[2], y1)  # the upper tile's bottom edge to this tile's top edge
            assert abs(overlap[1] - overlap[0] - overlap_mm) <= 0.1, overlap
            gy, gx0, gx1 = horizontal[0]
            assert abs(gy - by - (y1 - allowance)) <= 0.1, (c, r, gy - by, overlap)
            assert gx0 < x0 + bx and gx1 > x1 + bx


# --- orientation: landscape ------------------------------------------------------------------

GAME_YAML = """\
game:
  id: turned
  title: Turned Game
  designer: A Designer
  players: {min: 2, max: 2}
  play_time: 5 min
  source: original
"""

SET_YAML = """\
set:
  id: wide
  name: Wide cards
  kind: card
  size: poker
  orientation: ORIENTATION
  front: wide-front.yaml.j2
  back: null
  source: original
components:
  - {id: one, name: Uno, count: 2, source: original}
  - {id: two, name: Dos, count: 2, source: original}
"""

BLUE = (0x2D / 255, 0x5F / 255, 0x8B / 255)
FRONT = """\
- rect: {x: 0, y: 0, w: {{ trim.w }}, h: {{ trim.h }}, fill: '#2d5f8b', bleed: true}
- text: {x: 4, y: 4, w: 40, h: 10, text: {{ card.name | yaml }}, size: 14, color: white}
"""


def same_colour(colour, rgb) -> bool:
    return (
        isinstance(colour, tuple | list)
        and len(colour) == 3
        and all(abs(a - b) < 0.002 for a, b in zip(colour, rgb, strict=True))
    )


def turned_game(folder: Path, orientation: str) -> Path:
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML)
    (folder / "wide.yaml").write_text(SET_YAML.replace("ORIENTATION", orientation))
    (folder / "templates" / "wide-front.yaml.j2").write_text(FRONT)
    return folder


@pytest.mark.parametrize(("orientation", "size"), [("portrait", (63, 88)), ("landscape", (88, 63))])
def test_a_landscape_set_prints_its_faces_sideways(
    tmp_path: Path, orientation: str, size: tuple[int, int]
) -> None:
    game = turned_game(tmp_path / "turned", orientation)
    pnp_build(str(game), "--what", "cards", "--split", "--out", str(tmp_path / "out"))
    w, h = size
    with pdfplumber.open(tmp_path / "out" / "turned" / "turned-wide-a4.pdf") as doc:
        page = doc.pages[0]
        xs, ys = margin_lines(page, inset_mm=3)  # where the art fills the margin: in the bleed
        # trims between the crop marks: w wide and h tall, never the other way round
        assert trim_intervals(xs, w, 3) >= 1 and trim_intervals(ys, h, 3) >= 1
        # the template's full-bleed rect: the trim (from the template's own trim.w x trim.h)
        # plus 3 mm all round
        blue = [r for r in page.rects if same_colour(r.get("non_stroking_color"), BLUE)]
        assert len(blue) == 4
        for r in blue:
            assert abs(to_mm(r["width"]) - (w + 6)) <= 0.05
            assert abs(to_mm(r["height"]) - (h + 6)) <= 0.05
        # the names read upright along the face's width
        chars = [c for c in page.chars if c["size"] > 10]  # not the small sheet label
        assert len(chars) == 12
        assert all(c["matrix"][0] > 0 and abs(c["matrix"][1]) < 1e-6 for c in chars)


# --- gutterfold sheets: scale bar and fold line -----------------------------------------------


def scale_bar(page) -> tuple[float, float, float, float]:
    """The 50 mm scale check: its outline (x0, y0, x1, y1) in mm; checks its black blocks (every
    other 10 mm) and that its "50 mm" label sits just right of it."""
    outlines = [
        r
        for r in page.rects
        if r.get("stroke") and not r.get("fill") and to_mm(r["height"]) < 3 < to_mm(r["width"])
    ]
    assert len(outlines) == 1, outlines
    bar = outlines[0]
    x0, y0, x1, y1 = (to_mm(bar[k]) for k in ("x0", "y0", "x1", "y1"))
    blocks = sorted(
        to_mm(r["x0"]) - x0
        for r in page.rects
        if r.get("fill") and not r.get("stroke") and abs(to_mm(r["y0"]) - y0) < 0.01
    )
    assert [round(b, 2) for b in blocks] == [0.0, 20.0, 40.0]
    label = [
        wd for wd in page.extract_words() if wd["text"] == "50" and 0 < to_mm(wd["x0"]) - x1 < 3
    ]
    assert len(label) == 1
    return x0, y0, x1, y1


@pytest.mark.parametrize(
    ("w", "h", "n", "fold"),
    [
        (63, 88, 4, "vertical"),  # poker cards: landscape A4, fronts left, backs right
        (150, 60, 2, "horizontal"),  # long pieces: portrait A4, fronts on top, backs below
    ],
)
def test_gutterfold_sheets_carry_the_scale_bar_and_the_fold_line(
    tmp_path: Path, w: float, h: float, n: int, fold: str
) -> None:
    pieces = [Piece(face(f"Card{i}", w, h), face(f"Back{i}", w, h)) for i in range(1, n + 1)]
    doc = Document(SheetOptions(gutterfold=True), title="t", game_title="G")
    doc.add_grid(pieces, section="S")
    with pdfplumber.open(write_document(doc, tmp_path / "fold.pdf")) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        W, H = to_mm(page.width), to_mm(page.height)
        x0, y0, x1, y1 = scale_bar(page)
        assert abs((x1 - x0) - 50) <= 0.1
        assert x0 >= 0 and y0 >= 0 and x1 <= W and y1 <= H
        ax0, ay0, ax1, ay1 = art_bbox(page)
        assert x1 <= ax0 or x0 >= ax1 or y1 <= ay0 or y0 >= ay1, "scale bar over the art"
        assert "mm" in words(page)
        vertical, horizontal = guides(page)
        if fold == "horizontal":
            assert vertical == [] and len(horizontal) == 1
            fy, fx0, fx1 = horizontal[0]
            # across the page, up to the 3 mm printer margin
            assert abs(fy - H / 2) <= 0.05 and abs(fx0 - 3) <= 0.05 and abs(fx1 - (W - 3)) <= 0.05
        else:
            assert horizontal == [] and len(vertical) == 1
            fx, fy0, fy1 = vertical[0]
            assert abs(fx - W / 2) <= 0.05 and abs(fy0 - 3) <= 0.05 and abs(fy1 - (H - 3)) <= 0.05
        for i in range(1, n + 1):
            (fx, fy), (bx, by) = (
                face_boxes(page, f"Card{i}", w, h)[0],
                face_boxes(page, f"Back{i}", w, h)[0],
            )
            if fold == "horizontal":  # each back mirrored across the fold, below its front
                assert fy > H / 2 > by and abs(fy + by - H) <= 0.05 and abs(fx - bx) <= 0.05
            else:
                assert fx < W / 2 < bx and abs(fx + bx - W) <= 0.05 and abs(fy - by) <= 0.05


def test_gutterfold_build_of_a_game_has_the_scale_bar(tmp_path: Path) -> None:
    out = str(tmp_path / "out")
    pnp_build(str(SIXTH), "--what", "cards", "--split", "--gutterfold", "--out", out)
    with pdfplumber.open(tmp_path / "out" / "sixth-game" / "sixth-game-agents-a4.pdf") as pdf:
        for page in pdf.pages:  # every sheet: fronts and backs side by side, one bar each
            x0, _, x1, _ = scale_bar(page)
            assert abs((x1 - x0) - 50) <= 0.1
