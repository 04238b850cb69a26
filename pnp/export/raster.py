"""Pixels of a face: the face's own one-page PDF rasterized by PDFium, so a PNG shows exactly
what prints.

A Frame says how a face's trim maps onto an image of exact pixel size: the image is `size`
pixels, and the trim fills `trim` pixels centred in it (the rest is bleed). The face is drawn
with at least that much bleed, so no edge of the image falls outside its art. PNG files are
written without time stamps or other varying chunks: the same face gives the same bytes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, PngImagePlugin

from pnp.draw.face import FaceArt, face_pdf
from pnp.errors import BuildError
from pnp.limits import EXPORT_PIXELS, IMAGE_PIXELS

MM_PER_INCH = 25.4
SRGB_PERCEPTUAL = b"\x00"  # the PNG sRGB chunk: the pixels are sRGB, rendering intent 0


@dataclass(frozen=True)
class Frame:
    """An image of `size` pixels whose centre `trim` pixels (fractions allowed) are the trim."""

    size: tuple[int, int]
    trim: tuple[float, float]
    dpi: float  # what the PNG declares (pHYs)

    @property
    def pixels(self) -> int:
        return self.size[0] * self.size[1]

    @property
    def bleed(self) -> tuple[float, float]:
        """Pixels of bleed on each side, horizontally and vertically."""
        return ((self.size[0] - self.trim[0]) / 2, (self.size[1] - self.trim[1]) / 2)

    def bleed_mm(self, width_mm: float, height_mm: float) -> float:
        """The bleed (mm) a face of this trim must be drawn with to cover the frame's edges."""
        across = self.bleed[0] * width_mm / self.trim[0]
        down = self.bleed[1] * height_mm / self.trim[1]
        return max(across, down, 0.0)


def dpi_frame(width_mm: float, height_mm: float, dpi: float, bleed_mm: float) -> Frame:
    """The trim plus `bleed_mm` on every side at `dpi`, rounded to whole pixels (a 63 x 88 mm
    card with 3 mm bleed at 300 dpi is 815 x 1110)."""
    size = tuple(round((side + 2 * bleed_mm) * dpi / MM_PER_INCH) for side in (width_mm, height_mm))
    trim = (width_mm * dpi / MM_PER_INCH, height_mm * dpi / MM_PER_INCH)
    return Frame(size=(size[0], size[1]), trim=trim, dpi=dpi)


def trim_frame(width_mm: float, height_mm: float, dpi: float, longest: int | None = None) -> Frame:
    """The trim alone at `dpi`, scaled down (if need be) so neither side exceeds `longest`."""
    scale = dpi / MM_PER_INCH
    if longest is not None:
        scale = min(scale, longest / max(width_mm, height_mm))
    size = (max(1, math.floor(width_mm * scale)), max(1, math.floor(height_mm * scale)))
    return Frame(size=size, trim=(float(size[0]), float(size[1])), dpi=scale * MM_PER_INCH)


def rasterize(art: FaceArt, frame: Frame) -> Image.Image:
    """The face rendered by PDFium into an RGB image of exactly `frame.size` pixels."""
    width, height = frame.size
    if width * height > IMAGE_PIXELS:
        raise BuildError(
            f"{art.label or 'a face'} would be {width} x {height} pixels, more than "
            f"{IMAGE_PIXELS / 1e6:g} million: ask for a lower --dpi"
        )
    kx = frame.trim[0] / art.width_mm  # pixels per mm
    ky = frame.trim[1] / art.height_mm
    bx, by = frame.bleed
    pdf = pdfium.PdfDocument(face_pdf(art))
    try:
        page = pdf[0]
        bitmap = pdfium.PdfBitmap.new_native(
            width, height, format=pdfium_c.FPDFBitmap_BGR, rev_byteorder=True
        )
        bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
        page_px = (
            round((art.width_mm + 2 * art.bleed_mm) * kx),
            round((art.height_mm + 2 * art.bleed_mm) * ky),
        )
        start = (round(bx - art.bleed_mm * kx), round(by - art.bleed_mm * ky))
        flags = pdfium_c.FPDF_REVERSE_BYTE_ORDER | pdfium_c.FPDF_ANNOT
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, *start, *page_px, 0, flags)
        image = bitmap.to_pil().convert("RGB")
        page.close()
    finally:
        pdf.close()
    return image


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """`image` as PNG bytes, sRGB and with its resolution, and nothing that varies run to run."""
    info = PngImagePlugin.PngInfo()
    info.add(b"sRGB", SRGB_PERCEPTUAL)
    buf = io.BytesIO()
    # zlib level 3: a third faster to write than Pillow's default 6, files about 8 % larger
    image.save(buf, "PNG", dpi=(round(dpi), round(dpi)), pnginfo=info, compress_level=3)
    return buf.getvalue()


class PixelBudget:
    """The pixels one export may rasterize (EXPORT_PIXELS), spent before they are drawn: an
    export too large stops at its first set over the budget, with a message, not after hours."""

    def __init__(self, limit: int = EXPORT_PIXELS) -> None:
        self.limit = limit
        self.spent = 0

    def spend(self, pixels: int, what: str) -> None:
        """Count `pixels` about to be rasterized for `what`; BuildError when over the budget."""
        self.spent += pixels
        if self.spent > self.limit:
            raise BuildError(
                f"this export would rasterize more than {self.limit / 1e6:,.0f} million pixels "
                f"({what}: {pixels / 1e6:,.0f} million): ask for a lower --dpi, or fewer sets "
                "with --set"
            )


def scaled(image: Image.Image, scale: float) -> Image.Image:
    """`image` shrunk by `scale` (at most 1), each side at least one pixel."""
    if scale >= 1:
        return image
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.BOX)


class FaceImages:
    """Each distinct face rendered once per frame: faces repeat (counts, shared backs).

    PNG bytes are kept (small); decoded images only when asked for with `image`, as a TTS
    sheet's hidden face needs them: a game's every face at 300 dpi would not fit in memory.
    """

    def __init__(self) -> None:
        self._images: dict[tuple[str, Frame], Image.Image] = {}
        self._pngs: dict[tuple[str, Frame], bytes] = {}

    def image(self, art: FaceArt, frame: Frame) -> Image.Image:
        """The face's pixels, kept for the next use."""
        key = (art.key, frame)
        if key not in self._images:
            self._images[key] = rasterize(art, frame)
        return self._images[key]

    def png(self, art: FaceArt, frame: Frame) -> bytes:
        """The face as PNG bytes (from the kept image if there is one)."""
        key = (art.key, frame)
        if key not in self._pngs:
            image = self._images.get(key) or rasterize(art, frame)
            self._pngs[key] = png_bytes(image, frame.dpi)
        return self._pngs[key]
