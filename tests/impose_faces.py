"""FaceArt fixtures for the imposition tests: a coloured box filling the bleed, a white panel
inside the safe zone, and the face's name in Helvetica (so text extraction can count faces);
`solid_face` is one colour all over. Below them, helpers that measure produced PDFs with
independent readers: pdfplumber for shapes, lines and text, pypdfium2 for rendered pixels."""

from __future__ import annotations

import hashlib
import math
import re

import pypdfium2 as pdfium
from reportlab.lib.units import mm

from pnp.draw.face import FaceArt
from pnp.impose.sheet import Piece


def colour_of(name: str) -> tuple[float, float, float]:
    """A colour of its own for each name (distinct enough to find each face by it)."""
    digest = hashlib.md5(name.encode()).digest()
    return tuple(round(0.15 + 0.7 * b / 255, 3) for b in digest[:3])


def face(
    name: str,
    w: float = 63,
    h: float = 88,
    *,
    bleed: float = 3,
    shape: str = "rect",
    fail: bool = False,
) -> FaceArt:
    """A test face; `fail` makes drawing raise (to test that a failed build leaves no file)."""
    rgb = colour_of(name)

    def draw(c) -> None:
        if fail:
            raise RuntimeError("drawing failed on purpose")
        c.setFillColorRGB(*rgb)
        c.rect(
            -bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1
        )
        c.setFillColorRGB(1, 1, 1)
        inset = min(3.0, w / 6, h / 6)
        if shape == "round":
            c.circle(w / 2 * mm, h / 2 * mm, (min(w, h) / 2 - inset) * mm, stroke=0, fill=1)
        else:
            c.rect(
                inset * mm, inset * mm, (w - 2 * inset) * mm, (h - 2 * inset) * mm, stroke=0, fill=1
            )
        c.setFillColorRGB(0, 0, 0)
        size = max(4, min(9, w * 0.6 / max(len(name), 1) * 2.2))
        c.setFont("Helvetica", size)
        c.drawCentredString(w / 2 * mm, h / 2 * mm, name)
        c.setFont("Helvetica", 5)
        c.drawCentredString(w / 2 * mm, (h - inset) * mm - 6, "top")

    return FaceArt(
        key=name, width_mm=w, height_mm=h, bleed_mm=bleed, draw=draw, shape=shape, label=name
    )


def cards(prefix: str, n: int, w: float = 63, h: float = 88, *, back: str | None = "Back",
          bleed: float = 3, shape: str = "rect") -> list[Piece]:  # fmt: skip
    """n distinct fronts named prefix1..prefixN, all with the same back (or none)."""
    back_face = face(back, w, h, bleed=bleed, shape=shape) if back else None
    return [
        Piece(face(f"{prefix}{i}", w, h, bleed=bleed, shape=shape), back_face)
        for i in range(1, n + 1)
    ]


# --- measuring produced PDFs with independent readers ------------------------------------------

PT_PER_MM = 72 / 25.4


def to_mm(points: float) -> float:
    return points / PT_PER_MM


def _same_colour(a, b, tol: float = 0.002) -> bool:
    return (
        isinstance(a, tuple | list)
        and len(a) == 3
        and all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))
    )


def face_boxes(page, name: str, w: float, h: float, bleed: float = 3) -> list[tuple[float, float]]:
    """Centres (mm, from the bottom-left) of the bleed boxes the fixture face `name` paints.

    pdfplumber reports shapes unclipped and in page coordinates (forms included), so the coloured
    box each fixture face paints first locates that face exactly.
    """
    rgb = colour_of(name)
    out = []
    for r in page.rects:
        if not _same_colour(r.get("non_stroking_color"), rgb):
            continue
        if (
            abs(to_mm(r["width"]) - (w + 2 * bleed)) > 0.05
            or abs(to_mm(r["height"]) - (h + 2 * bleed)) > 0.05
        ):
            continue
        out.append((to_mm((r["x0"] + r["x1"]) / 2), to_mm((r["y0"] + r["y1"]) / 2)))
    return sorted(out)


def art_bbox(page) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm around every coloured (RGB) shape on the page: the pieces' art."""
    rects = [r for r in page.rects + page.curves if _is_art(r)]
    return (
        to_mm(min(r["x0"] for r in rects)),
        to_mm(min(r["y0"] for r in rects)),
        to_mm(max(r["x1"] for r in rects)),
        to_mm(max(r["y1"] for r in rects)),
    )


def _is_art(obj) -> bool:
    c = obj.get("non_stroking_color")
    return (
        bool(obj.get("fill"))
        and isinstance(c, tuple | list)
        and len(c) == 3
        and tuple(c) != (1, 1, 1)
    )


def is_halo(line) -> bool:
    """The white edge drawn under a mark so it shows on dark art."""
    colour = line.get("stroking_color")
    if isinstance(colour, int | float):
        colour = (colour,)
    return colour is not None and all(c >= 0.99 for c in colour)


def _ends(line) -> tuple[float, ...]:
    return tuple(round(to_mm(line[k]), 1) for k in ("x0", "x1", "top", "bottom"))


def margin_lines(page, max_len_mm: float = 6.5, inset_mm: float = 0.0, *, edged: bool = True):
    """Short solid lines lying wholly outside the art: the crop marks. -> (xs of vertical, ys of
    horizontal) in mm, each sorted and de-duplicated to 0.01 mm. With `inset_mm` (the bleed),
    marks moved into the bleed count too: outside the art shrunk by that much. Marks in the
    gutters between pieces (where the sheet's edge has no room for them) count too: short
    lines over the art with a white edge of their own (with `edged` False they do not: the
    marks in the sheet's margins alone, no gutter marks nor corner guides)."""
    x0, y0, x1, y1 = art_bbox(page)
    x0, y0, x1, y1 = x0 + inset_mm, y0 + inset_mm, x1 - inset_mm, y1 - inset_mm
    xs, ys = set(), set()
    haloed = [ln for ln in page.lines if edged and is_halo(ln) and not ln.get("dash")]
    edged_ends = {_ends(ln) for ln in haloed}
    for ln in page.lines:
        if ln.get("dash") or is_halo(ln):
            continue
        a, b = to_mm(ln["x0"]), to_mm(ln["x1"])
        c, d = to_mm(ln["y0"]), to_mm(ln["y1"])
        if max(b - a, d - c) > max_len_mm:
            continue
        outside = b <= x0 + 1e-3 or a >= x1 - 1e-3 or d <= y0 + 1e-3 or c >= y1 - 1e-3
        if not outside and _ends(ln) not in edged_ends:
            continue
        if abs(a - b) < 1e-6:
            xs.add(round(a, 2))
        elif abs(c - d) < 1e-6:
            ys.add(round(c, 2))
    return sorted(xs), sorted(ys)


def words(page) -> list[str]:
    return [w["text"] for w in page.extract_words()]


def mark_gaps(page) -> list[float]:
    """For every crop mark (a short solid line beside the art, its halo aside), how far its near
    end stops from the art, in mm along the mark: exact, so a mark that touches the art (0) or
    runs into it (< 0) shows as such, where "outside" would let touching pass."""
    x0, y0, x1, y1 = art_bbox(page)
    gaps = []
    for ln in page.lines:
        if ln.get("dash") or is_halo(ln):
            continue
        a, b = sorted((to_mm(ln["x0"]), to_mm(ln["x1"])))
        c, d = sorted((to_mm(ln["y0"]), to_mm(ln["y1"])))
        # a mark with both ends inside the art lies in a gutter between pieces: gutter_gaps
        if abs(a - b) < 1e-6 and x0 <= a <= x1 and not y0 < c < d < y1:  # above or below
            gaps.append(y0 - d if d <= (y0 + y1) / 2 else c - y1)
        elif abs(c - d) < 1e-6 and y0 <= c <= y1 and not x0 < a < b < x1:  # left or right
            gaps.append(x0 - b if b <= (x0 + x1) / 2 else a - x1)
    return gaps


def gutter_gaps(page, trims: list[tuple[float, float, float, float]]) -> list[float]:
    """For every crop mark moved into a gutter between pieces (both its ends inside the art),
    how far each end stops from the nearest trim (x0, y0, x1, y1 in mm) on its line: exact,
    so a mark that reaches over a trim shows as a negative gap."""
    x0, y0, x1, y1 = art_bbox(page)
    gaps = []
    for ln in page.lines:
        if ln.get("dash") or is_halo(ln):
            continue
        a, b = sorted((to_mm(ln["x0"]), to_mm(ln["x1"])))
        c, d = sorted((to_mm(ln["y0"]), to_mm(ln["y1"])))
        if abs(a - b) < 1e-6 and y0 < c < d < y1:  # vertical, between pieces above and below
            spans = [(t[1], t[3]) for t in trims if t[0] - 1e-3 <= a <= t[2] + 1e-3]
            lo, hi = c, d
        elif abs(c - d) < 1e-6 and x0 < a < b < x1:  # horizontal, between pieces either side
            spans = [(t[0], t[2]) for t in trims if t[1] - 1e-3 <= c <= t[3] + 1e-3]
            lo, hi = a, b
        else:
            continue
        crossed = [min(hi, e) - max(lo, s) for s, e in spans if s < hi and e > lo]
        if crossed:
            gaps += [-max(crossed)]
            continue
        below = max((end for _, end in spans if end <= hi), default=-1e9)
        above = min((start for start, _ in spans if start >= lo), default=1e9)
        gaps += [lo - below, above - hi]
    return gaps


def trim_intervals(edges: list[float], size: float, bleed: float) -> int:
    """Count the trim intervals between consecutive crop marks; every other interval must be
    a gutter between two trims, the same one throughout, and at most twice the bleed."""
    count, gutters = 0, set()
    for a, b in zip(edges, edges[1:], strict=False):
        d = b - a
        if abs(d - size) <= 0.05:
            count += 1
        else:
            assert 0 < d <= 2 * bleed + 0.05, f"unexpected spacing {d:.3f} mm between marks"
            gutters.add(round(d, 1))
    assert len(gutters) <= 1, f"uneven gutters {sorted(gutters)}"
    return count


def solid_face(name: str, w: float, h: float, *, bleed: float = 3) -> FaceArt:
    """A face painted in its own colour all over its bleed box (no white panel, no text), so a
    rendered page shows exactly where the face is visible."""
    rgb = colour_of(name)

    def draw(c) -> None:
        c.setFillColorRGB(*rgb)
        c.rect(
            -bleed * mm, -bleed * mm, (w + 2 * bleed) * mm, (h + 2 * bleed) * mm, stroke=0, fill=1
        )

    return FaceArt(key=name, width_mm=w, height_mm=h, bleed_mm=bleed, draw=draw, label=name)


# --- measuring rendered pixels (pypdfium2) -----------------------------------------------------

SCAN_SCALE = 10  # pixels per point: 1 px = 0.035 mm


def scan_line(path, page_index: int, *, y: float | None = None, x: float | None = None):
    """The rendered pixels (RGB) along the horizontal line at `y` mm, left to right, or the
    vertical line at `x` mm, bottom to top. Only a thin strip of the page is rendered."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        page = pdf[page_index]
        width, height = page.get_size()
        half = 0.25 * PT_PER_MM
        if y is not None:
            at = y * PT_PER_MM
            crop = (0, at - half, 0, height - at - half)
        else:
            at = x * PT_PER_MM
            crop = (at - half, 0, width - at - half, 0)
        image = page.render(scale=SCAN_SCALE, crop=crop).to_pil().convert("RGB")
    finally:
        pdf.close()
    if y is not None:
        return [image.getpixel((i, image.height // 2)) for i in range(image.width)]
    return [image.getpixel((image.width // 2, j)) for j in range(image.height)][::-1]


def px_to_mm(px: float) -> float:
    return px / SCAN_SCALE / PT_PER_MM


def mm_to_px(value: float) -> int:
    return round(value * PT_PER_MM * SCAN_SCALE)


def is_white(pixel) -> bool:
    return min(pixel) >= 250


def extent_from(pixels, start_mm: float, step: int) -> float:
    """From a non-white point at `start_mm`, walk (step -1: down/left, +1: up/right) to the last
    non-white pixel; -> the edge in mm where the paper turns white."""
    i = mm_to_px(start_mm)
    assert not is_white(pixels[i]), f"nothing printed at {start_mm:.2f} mm"
    while 0 <= i + step < len(pixels) and not is_white(pixels[i + step]):
        i += step
    return px_to_mm(i if step < 0 else i + 1)


def coloured_span(pixels, rgb, tol: int = 6) -> tuple[float, float]:
    """(first, last) edge in mm of the pixels showing colour `rgb` (0-1 floats) along a line."""
    want = [round(c * 255) for c in rgb]
    hits = [
        i
        for i, p in enumerate(pixels)
        if all(abs(a - b) <= tol for a, b in zip(p, want, strict=True))
    ]
    assert hits, f"colour {rgb} not found on the line"
    return px_to_mm(hits[0]), px_to_mm(hits[-1] + 1)


# --- tiled boards -------------------------------------------------------------------------------


def tile_pages(path) -> dict[tuple[int, int], int]:
    """(column, row) -> page index of each tile, read from its label (0-based, row 0 on top)."""
    found = {}
    pdf = pdfium.PdfDocument(str(path))
    try:
        for i, page in enumerate(pdf):
            text = page.get_textpage().get_text_range()
            m = re.search(r"row (\d+) of \d+, column (\d+) of \d+", text)
            assert m, text
            found[(int(m.group(2)) - 1, int(m.group(1)) - 1)] = i
    finally:
        pdf.close()
    return found


def shown_part(path, index: int, page, name: str, w: float, h: float, bleed: float = 3):
    """The part of a `solid_face` board one tile shows: ((x0, x1, y0, y1) in mm from the
    board's bleed-box corner, (x, y) of that corner on the page). The part is the rendered extent
    of the board's colour (pypdfium2); the corner is where pdfplumber finds the board's box."""
    (cx, cy) = face_boxes(page, name, w, h, bleed)[0]
    bx, by = cx - (w + 2 * bleed) / 2, cy - (h + 2 * bleed) / 2
    rgb = colour_of(name)
    W, H = to_mm(page.width), to_mm(page.height)
    y0, y1 = coloured_span(scan_line(path, index, x=W / 2), rgb)
    x0, x1 = coloured_span(scan_line(path, index, y=(y0 + y1) / 2), rgb)
    assert 0 < x0 < x1 < W and 0 < y0 < y1 < H
    return (x0 - bx, x1 - bx, y0 - by, y1 - by), (bx, by)


def tick_circles(page) -> list[tuple[float, float, float]]:
    """(cx, cy, r) in mm from the bottom-left of the circles the round pieces' cut guides aim
    at: eight dark radial ticks each (never along an axis, as crop marks are), whose inner ends
    stand `r` from the centre in opposite pairs. `r` is the cut's radius plus CLEAR_MM."""
    ticks = []
    for ln in page.lines:
        if is_halo(ln):
            continue
        (x1, y1), (x2, y2) = ((to_mm(x), to_mm(page.height - y)) for x, y in ln["pts"])
        if abs(x2 - x1) > 0.05 and abs(y2 - y1) > 0.05:
            ticks.append(((x1, y1), (x2, y2)))
    pairs: dict[tuple[float, float, float], int] = {}
    for i, (a1, a2) in enumerate(ticks):
        dx, dy = a2[0] - a1[0], a2[1] - a1[1]
        n = math.hypot(dx, dy)
        for b1, b2 in ticks[i + 1 :]:
            # collinear: both ends of b on a's line
            if any(abs((p[0] - a1[0]) * dy - (p[1] - a1[1]) * dx) / n > 0.02 for p in (b1, b2)):
                continue
            p, q = min(((p, q) for p in (a1, a2) for q in (b1, b2)), key=lambda pq: math.dist(*pq))
            if math.dist(p, q) < 1:  # one line split in two, not a pair across a circle
                continue
            key = (
                round((p[0] + q[0]) / 2, 1),
                round((p[1] + q[1]) / 2, 1),
                round(math.dist(p, q) / 2, 1),
            )
            pairs[key] = pairs.get(key, 0) + 1
    return sorted(k for k, count in pairs.items() if count >= 4)
