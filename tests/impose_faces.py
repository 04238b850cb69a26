"""FaceArt fixtures for the imposition tests: a coloured box filling the bleed, a white panel
inside the safe zone, and the face's name in Helvetica (so text extraction can count faces)."""

from __future__ import annotations

import hashlib

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


def margin_lines(page, max_len_mm: float = 6.5):
    """Short solid lines lying wholly outside the art: the crop marks. -> (xs of vertical, ys of
    horizontal) in mm, each sorted and de-duplicated to 0.01 mm."""
    x0, y0, x1, y1 = art_bbox(page)
    xs, ys = set(), set()
    for ln in page.lines:
        if ln.get("dash"):
            continue
        a, b = to_mm(ln["x0"]), to_mm(ln["x1"])
        c, d = to_mm(ln["y0"]), to_mm(ln["y1"])
        if max(b - a, d - c) > max_len_mm:
            continue
        outside = b <= x0 + 1e-3 or a >= x1 - 1e-3 or d <= y0 + 1e-3 or c >= y1 - 1e-3
        if not outside:
            continue
        if abs(a - b) < 1e-6:
            xs.add(round(a, 2))
        elif abs(c - d) < 1e-6:
            ys.add(round(c, 2))
    return sorted(xs), sorted(ys)


def words(page) -> list[str]:
    return [w["text"] for w in page.extract_words()]
