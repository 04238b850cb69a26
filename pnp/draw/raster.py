"""Raster images (PNG, JPEG) a face draws, checked whole before anything is drawn.

Pillow reads only an image's header when it opens it; the pixels are decoded when the PDF is
written, which is too late to fail cleanly. So an image is opened, its size checked against
pnp.limits.IMAGE_PIXELS (a small file may claim billions of pixels) and decoded once here: a
truncated or corrupt file is an InputError naming it, not a traceback half-way through a PDF.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image as PILImage

from pnp.errors import InputError
from pnp.limits import IMAGE_PIXELS

FORMATS = ("PNG", "JPEG")


def check_raster(data: bytes, file: str | Path, line: int | None = None) -> tuple[int, int]:
    """(width, height) in pixels of a PNG or JPEG image given as bytes; InputError when it is
    another format, too large, truncated or unreadable."""
    try:
        with PILImage.open(io.BytesIO(data)) as image:
            if image.format not in FORMATS:
                raise InputError(f"not a PNG or JPEG image ({image.format})", file=file, line=line)
            width, height = image.size
            if width * height > IMAGE_PIXELS:
                raise InputError(
                    f"image is too large: {width} x {height} pixels "
                    f"(at most {IMAGE_PIXELS / 1e6:g} million)",
                    file=file,
                    line=line,
                )
            image.load()  # decode now: a truncated or corrupt file fails here
    except InputError:
        raise
    except PILImage.DecompressionBombError:  # Pillow's own, far larger, limit
        raise InputError(
            f"image is too large (at most {IMAGE_PIXELS / 1e6:g} million pixels)",
            file=file,
            line=line,
        ) from None
    except (OSError, ValueError, SyntaxError, EOFError):  # Pillow's ways to say "broken"
        raise InputError(
            "not a readable PNG or JPEG image (damaged or cut short?)", file=file, line=line
        ) from None
    return width, height
