"""What imposition needs from drawing: a face of known trim size that can paint itself.

Drawing (layout -> fitted elements -> canvas) produces FaceArt; imposition places FaceArt on
sheets. Neither knows how the other works, so every product (card sheets, boards, tokens,
rulebook galleries, raster exports) reuses the same faces.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from pnp.units import mm_to_pt


@dataclass(frozen=True)
class FaceArt:
    """One drawn face of a physical piece.

    Coordinates inside `draw` are PDF points with the origin at the bottom-left corner of the
    trim box; art may extend `bleed_mm` beyond the trim on every side (negative coordinates).
    Two faces with the same `key` paint identical art, so imposition may draw it once as a
    reusable form and place that form many times.
    """

    key: str
    width_mm: float
    height_mm: float
    bleed_mm: float
    draw: Callable[[Canvas], None] = field(compare=False, repr=False)
    shape: str = "rect"  # "rect" or "round": round pieces get a circular cut line
    label: str = ""  # e.g. "Steal Document (military)"; used in messages and galleries


def face_pdf(art: FaceArt) -> bytes:
    """One face alone as a one-page PDF: the page is the trim plus the bleed on every side, with
    the face drawn at its place. Byte-identical for identical art (what raster exports render)."""
    bleed = mm_to_pt(art.bleed_mm)
    size = (mm_to_pt(art.width_mm) + 2 * bleed, mm_to_pt(art.height_mm) + 2 * bleed)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=size, invariant=1)
    canvas.translate(bleed, bleed)
    art.draw(canvas)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()
