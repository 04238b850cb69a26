"""Pictures the page shows, rasterized on demand by PDFium as the exports do, kept by key.

A face's picture is its one-page PDF rendered by pnp.export.raster (the pixels a PNG export
holds), only when the page asks for it: a 1,000-card deck opens without drawing every face
first. Pictures are kept by face key, so an edit redraws only the faces whose key changed.
PDFium is not thread-safe: one lock serializes every rendering.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium

from pnp.draw.face import FaceArt
from pnp.export.raster import dpi_frame, png_bytes, rasterize, trim_frame
from pnp.memo import Memo

THUMB_PX = 360  # the longest side of a gallery picture
ZOOM_PX = 1600  # an opened face: trim and bleed, its longest side (sharp at 200 % in a panel)
ZOOM_DPI = (100.0, 600.0)  # ... within these resolutions (a board, a chip)
PAGE_PX = 420  # the longest side of a kit or rulebook page thumbnail
KEPT = 2048  # pictures kept (a few hundred KB each at most)

PDFIUM = threading.Lock()


class Pictures:
    """PNG bytes by (what, key): faces by face key, pages by file and page number."""

    def __init__(self) -> None:
        self._kept: Memo[tuple[str, ...], bytes] = Memo(KEPT)

    def face(self, art: FaceArt, zoom: bool) -> bytes:
        """The face's trim as a gallery picture, or (`zoom`) trim and bleed, ZOOM_PX long."""

        def draw() -> bytes:
            if zoom:
                longest = max(art.width_mm, art.height_mm) + 2 * art.bleed_mm
                dpi = min(max(ZOOM_PX * 25.4 / longest, ZOOM_DPI[0]), ZOOM_DPI[1])
                frame = dpi_frame(art.width_mm, art.height_mm, dpi, art.bleed_mm)
            else:
                frame = trim_frame(art.width_mm, art.height_mm, 300, longest=THUMB_PX)
            with PDFIUM:
                image = rasterize(art, frame)
            return png_bytes(image, frame.dpi)

        return self._get(("zoom" if zoom else "thumb", art.key), draw)

    def page(self, pdf: Path, stamp: str, number: int) -> bytes:
        """Page `number` (from 0) of `pdf`, at most PAGE_PX on its longest side."""

        def draw() -> bytes:
            with PDFIUM:
                doc = pdfium.PdfDocument(str(pdf))
                try:
                    page = doc[number]
                    scale = PAGE_PX / max(page.get_size())
                    image = page.render(scale=scale).to_pil().convert("RGB")
                    page.close()
                finally:
                    doc.close()
            return png_bytes(image, 72 * scale)

        return self._get(("page", str(pdf), stamp, str(number)), draw)

    def _get(self, key: tuple[str, ...], draw: Callable[[], bytes]) -> bytes:
        return self._kept.get_or_make(key, draw)
