"""Benchmark K1: what a 1 mm miscut shows on the built-in print kits. Run by hand; prints %.

    python bench/bench_cut.py [GAME ...]

Builds each kit (cards, boards, tokens, aids) on A4 and on Letter, renders every sheet at
300 dpi (pypdfium2) and, for every placed face of a piece 15-130 mm across, looks along its cut
(a rectangle's four edges, a round piece's circle) every 0.25 mm:
- M1, a miscut shows other art: 1 mm outside the cut is not the colour just inside it (a
  neighbour's pixels, white paper, a frame or line on the cut);
- M2, the edge band is not uniform: the 1 mm just inside the cut changes colour across its
  depth (a miscut the other way cuts a strip or a frame in part).
A face fails a measure when the failing samples run on for 0.8 mm or more along its cut (a crop
mark's tick crossing the bleed does not count). Piece positions are the placements the kit
paints, recorded as the PDF is written, each checked against the clip path read back from
the page's content stream. A fold is not a cut: an edge lying on one of the page's fold lines
(a standee's figure folding onto its back or its base tab), recorded the same way and checked
against the dashed strokes in the PDF, is not looked along. Target: M1 0 %, M2 <= 5 % on each
paper.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdf
import pypdfium2 as pdfium

from pnp.catalog.games import builtin_ids, resolve_game
from pnp.draw.rl_private import current_matrix
from pnp.impose import render
from pnp.impose.marks import STYLES, Line, Mark
from pnp.impose.sheet import Placement
from pnp.pipeline import BuildOptions, build_games

DPI = 300
PX_MM = DPI / 25.4
PT_MM = 72 / 25.4
STEP_MM = 0.25  # along the cut
RUN = 4  # failing samples in a row (0.8 mm and more along the cut) that a player would see
TOLERANCE = 12  # largest channel difference (0-255) two pixels may have and look alike: paper
# cream against white paper is 26
SIZES = (15.0, 130.0)
PRODUCTS = ("cards", "boards", "tokens", "aids")


@dataclass(frozen=True)
class Placed:
    """A face on a page as the kit painted it: its trim and clip in mm from the bottom-left."""

    page: int
    trim: tuple[float, float, float, float]  # x, y, w, h
    clip: tuple[float, float, float, float]
    shape: str


@dataclass(frozen=True)
class Fold:
    """A fold line on a page as the kit drew it, in mm from the bottom-left: x1, y1, x2, y2."""

    page: int
    line: tuple[float, float, float, float]


def _offset(canvas: Any) -> tuple[float, float]:
    e, f = current_matrix(canvas)[4:6]  # a page's back offset, when it has one
    return e / PT_MM, f / PT_MM


def record_placements(sink: list[Placed], folds: list[Fold]) -> Callable[[], None]:
    """Wrap the kit's painter so that every face it places and every fold line it draws is
    noted; returns the undo."""
    place_original, mark_original = render._place, render._draw_mark_once

    def place(canvas: Any, placement: Placement, name: str | None) -> None:
        dx, dy = _offset(canvas)
        t, c = placement.trim, placement.clip
        sink.append(Placed(canvas.getPageNumber() - 1, (t.x + dx, t.y + dy, t.w, t.h),
                           (c.x + dx, c.y + dy, c.w, c.h), placement.face.shape))  # fmt: skip
        place_original(canvas, placement, name)

    def mark(canvas: Any, drawn: Mark, memo: dict[Mark, list[str]]) -> None:
        if isinstance(drawn, Line) and drawn.style == "fold":
            dx, dy = _offset(canvas)
            line = (drawn.x1 + dx, drawn.y1 + dy, drawn.x2 + dx, drawn.y2 + dy)
            folds.append(Fold(canvas.getPageNumber() - 1, line))
        mark_original(canvas, drawn, memo)

    render._place, render._draw_mark_once = place, mark

    def undo() -> None:
        render._place, render._draw_mark_once = place_original, mark_original

    return undo


CLIP = re.compile(rb"n ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\* n")


def page_streams(path: Path) -> list[bytes]:
    """Each page's content stream, read once for the clips and the folds."""
    out = []
    for page in pypdf.PdfReader(path).pages:
        contents = page.get_contents()
        out.append(contents.get_data() if contents is not None else b"")
    return out


def clips_in_pdf(streams: list[bytes]) -> dict[int, list[tuple[float, ...]]]:
    """Every face's clip rectangle per page, read back from the content streams (mm)."""
    return {index: [tuple(float(v) / PT_MM for v in m.groups()) for m in CLIP.finditer(data)]
            for index, data in enumerate(streams)}  # fmt: skip


FOLD_DASH = tuple(v * PT_MM for v in STYLES["fold"][2] or ())  # in pt, as the PDF writes it
DASHED = re.compile(rb"\[([\d. ]+)\] 0 d\s+n ([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S")


def folds_in_pdf(streams: list[bytes]) -> dict[int, list[tuple[float, ...]]]:
    """Every line stroked with the fold dash, per page, read back from the content streams."""
    return {index: [tuple(float(v) / PT_MM for v in m.groups()[1:]) for m in DASHED.finditer(data)
                    if _same_dash(m.group(1))]
            for index, data in enumerate(streams)}  # fmt: skip


def _same_dash(found: bytes) -> bool:
    got = [float(v) for v in found.split()]
    if len(got) != len(FOLD_DASH):
        return False
    return all(abs(a - b) < 0.01 for a, b in zip(got, FOLD_DASH, strict=True))


def _held(page: int, box: tuple[float, ...], read: dict[int, list[tuple[float, ...]]]) -> bool:
    """`box` (a clip or a line) is among those read from `page`, to 0.01 mm."""
    return any(all(abs(a - b) < 0.01 for a, b in zip(box, r, strict=True))
               for r in read.get(page, []))  # fmt: skip


def confirmed_folds(folds: list[Fold], streams: list[bytes]) -> list[Fold]:
    """The fold lines the PDF holds as dashed strokes of the fold style."""
    drawn = folds_in_pdf(streams)
    return [f for f in folds if _held(f.page, f.line, drawn)]


def confirmed(placed: list[Placed], streams: list[bytes]) -> list[Placed]:
    """The placements whose clip the PDF holds (all of them, unless the kit changed)."""
    clips = clips_in_pdf(streams)
    return [p for p in placed if _held(p.page, p.clip, clips)]


class Sheet:
    """A page rendered at DPI: the colour at a point given in mm from the bottom-left."""

    def __init__(self, page: Any) -> None:
        self.height = page.get_size()[1] / PT_MM
        image = page.render(scale=DPI / 72).to_pil().convert("RGB")
        self.size, self.pixels = image.size, image.load()

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        px, py = round(x * PX_MM), round((self.height - y) * PX_MM)
        if not (0 <= px < self.size[0] and 0 <= py < self.size[1]):
            return (255, 255, 255)
        return self.pixels[px, py]


def differ(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) > TOLERANCE


def on_fold(a: tuple[float, float], b: tuple[float, float], folds: Sequence[Fold]) -> bool:
    """True when the edge from a to b lies along one of the fold lines (to 0.05 mm)."""

    def on(point: tuple[float, float], line: tuple[float, float, float, float]) -> bool:
        x1, y1, x2, y2 = line
        length = math.hypot(x2 - x1, y2 - y1)
        across = abs((x2 - x1) * (y1 - point[1]) - (x1 - point[0]) * (y2 - y1)) / length
        along = ((point[0] - x1) * (x2 - x1) + (point[1] - y1) * (y2 - y1)) / length
        return across < 0.05 and -0.05 < along < length + 0.05

    return any(on(a, f.line) and on(b, f.line) for f in folds)


def samples(
    p: Placed, folds: Sequence[Fold] = ()
) -> Iterator[list[tuple[tuple[float, float], tuple[float, float]]]]:
    """Per stretch of cut (an edge, or the circle), its samples: (a point on the cut, the unit
    normal pointing out of the piece). Rectangles leave 2 mm at each corner, which belongs to
    both edges and to the crop marks; an edge on a fold line (`folds`) is not a cut."""
    x, y, w, h = p.trim
    if p.shape == "round":
        r, cx, cy = min(w, h) / 2, x + w / 2, y + h / 2
        n = int(2 * math.pi * r / STEP_MM)
        rays = [(math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)) for i in range(n)]
        yield [((cx + r * dx, cy + r * dy), (dx, dy)) for dx, dy in rays]
        return
    along_x = [x + 2 + i * STEP_MM for i in range(int((w - 4) / STEP_MM) + 1)]
    along_y = [y + 2 + i * STEP_MM for i in range(int((h - 4) / STEP_MM) + 1)]
    edges = (
        (((x, y), (x + w, y)), [((u, y), (0.0, -1.0)) for u in along_x]),  # bottom
        (((x, y + h), (x + w, y + h)), [((u, y + h), (0.0, 1.0)) for u in along_x]),  # top
        (((x, y), (x, y + h)), [((x, v), (-1.0, 0.0)) for v in along_y]),  # left
        (((x + w, y), (x + w, y + h)), [((x + w, v), (1.0, 0.0)) for v in along_y]),  # right
    )
    yield from (stretch for (a, b), stretch in edges if not on_fold(a, b, folds))


def seen(flags: list[bool], closed: bool) -> bool:
    """True when RUN or more failing samples follow one another (round the circle if closed)."""
    run, best = 0, 0
    for flag in flags + (flags[:RUN] if closed else []):
        run = run + 1 if flag else 0
        best = max(best, run)
    return best >= RUN


def measure(sheet: Sheet, p: Placed, folds: list[Fold]) -> tuple[bool, bool]:
    """(M1, M2) for one placed face; `folds`: the fold lines on its page."""
    m1 = m2 = False
    for stretch in samples(p, folds):
        out_flags, band_flags = [], []
        for (px, py), (nx, ny) in stretch:

            def at(depth: float, px: float = px, py: float = py, nx: float = nx,
                   ny: float = ny) -> tuple[int, int, int]:  # fmt: skip
                return sheet.at(px - nx * depth, py - ny * depth)  # depth > 0: inside

            edge = at(0.25)
            out_flags.append(any(differ(edge, at(-d)) for d in (0.4, 0.7, 1.0)))
            band_flags.append(any(differ(edge, at(d)) for d in (0.6, 1.0)))
        closed = p.shape == "round"
        m1 = m1 or seen(out_flags, closed)
        m2 = m2 or seen(band_flags, closed)
    return m1, m2


def kit_measures(game_id: str, paper: str) -> tuple[int, int, int, int]:
    """(faces measured, M1 failures, M2 failures, placements and folds not found in the PDF)."""
    placed: list[Placed] = []
    drawn_folds: list[Fold] = []
    undo = record_placements(placed, drawn_folds)
    with tempfile.TemporaryDirectory() as tmp:
        try:
            options = BuildOptions(products=PRODUCTS, paper=paper, out_dir=Path(tmp))
            with contextlib.redirect_stderr(io.StringIO()):  # the cut check's own warnings
                (path,) = build_games([resolve_game(game_id)], options)
        finally:
            undo()
        streams = page_streams(path)
        kept = confirmed(placed, streams)
        folds = confirmed_folds(drawn_folds, streams)
        pieces = [p for p in kept if SIZES[0] <= min(p.trim[2:]) and max(p.trim[2:]) <= SIZES[1]]
        document = pdfium.PdfDocument(path)
        m1 = m2 = 0
        for index in sorted({p.page for p in pieces}):
            sheet = Sheet(document[index])
            on_page = [f for f in folds if f.page == index]
            for p in (p for p in pieces if p.page == index):
                a, b = measure(sheet, p, on_page)
                m1, m2 = m1 + a, m2 + b
        return len(pieces), m1, m2, len(placed) - len(kept) + len(drawn_folds) - len(folds)


def main(argv: list[str]) -> None:
    ids = argv or builtin_ids()
    print(f"{'game':<26}{'paper':>7}{'faces':>7}{'M1 %':>8}{'M2 %':>8}{'unread':>8}")
    for game_id in ids:
        for paper in ("a4", "letter"):
            n, m1, m2, missing = kit_measures(game_id, paper)
            p1, p2 = (100 * m1 / n, 100 * m2 / n) if n else (0.0, 0.0)
            print(f"{game_id:<26}{paper:>7}{n:>7}{p1:>8.1f}{p2:>8.1f}{missing:>8}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
