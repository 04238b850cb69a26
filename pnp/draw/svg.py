"""SVG files as reportlab drawings (vector, never rasterized), parsed once per content digest."""

from __future__ import annotations

import threading
from pathlib import Path

from reportlab.graphics.shapes import Drawing
from svglib.svglib import svg2rlg

from pnp.errors import InputError

_svg_lock = threading.Lock()
_svg_cache: dict[str, Drawing] = {}


def load_svg(path: Path, digest: str) -> Drawing:
    """Parse an SVG once per process (by content digest) into a reportlab Drawing."""
    with _svg_lock:
        drawing = _svg_cache.get(digest)
        if drawing is None:
            try:
                drawing = svg2rlg(str(path))
            except Exception as exc:  # svglib raises many kinds on bad files
                raise InputError(f"cannot read SVG {path}: {exc}") from None
            if drawing is None or not drawing.width or not drawing.height:
                raise InputError(f"cannot read SVG {path}: no drawing or zero size")
            _svg_cache[digest] = drawing
        return drawing
