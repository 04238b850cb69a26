"""Shrink-to-fit reaches `min_size` itself: text that fits only at its minimum size is printed
at that size, measured on the face's PDF with pdfplumber, not refused."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest

from pnp.draw.face import face_pdf
from pnp.layout.templates import TemplateSet
from pnp.layout.theme import load_theme

GAME = Path(__file__).parents[1] / "fixtures" / "layout" / "basic-game"


def printed_sizes(text: str, **box) -> list[float]:
    """The point size of every character printed by a face holding one text box."""
    element = {"text": {"x": 10, "y": 20, "w": 40, "text": text, **box}}
    templates = TemplateSet([GAME], [GAME], load_theme(GAME / "theme.yaml"))
    art = templates.render_face(
        "elements.yaml.j2", {"elements": [element]}, width_mm=63, height_mm=88, bleed_mm=3
    )
    with pdfplumber.open(io.BytesIO(face_pdf(art))) as pdf:
        return [round(c["size"], 3) for c in pdf.pages[0].chars if c["text"].strip()]


@pytest.mark.parametrize(
    ("min_size", "h_mm"),
    [
        # one line at 1.2 leading: 6 pt x 1.2 = 7.2 pt = 2.54 mm exactly; 6.1 pt needs 2.58 mm
        (6.0, 2.54),
        # a minimum off the 0.1 pt grid: 7.25 x 1.2 = 8.7 pt = 3.06917 mm; 7.3 pt needs 3.09 mm
        (7.25, 3.0692),
    ],
)
def test_text_that_fits_only_at_min_size_is_printed_at_min_size(min_size, h_mm):
    """A box exactly one line high at `min_size`: the card prints the text at `min_size`
    (a search that stopped one step above it would refuse the card as not fitting)."""
    sizes = printed_sizes("Steal Document", size=10, min_size=min_size, h=h_mm)
    assert len(sizes) == len("StealDocument")
    assert set(sizes) == {min_size}
