"""RGB pixels to press CMYK: an ICC transform from sRGB into pnp's output profile, then a cap
on total ink.

The profile (pnp/data/icc/, CC0, built from the SWOP TR 005 characterization data) separates
with at most 240 % total ink, DriveThruCards' limit; its tables interpolate past that by a few
per cent, so every pixel is capped again: where C + M + Y + K exceeds the limit, C, M and Y are
scaled down together and K is kept (black carries the darkness, so dark art stays dark).
Relative colorimetric with black point compensation: sRGB black lands on the press's darkest
black within the limit, white on paper white.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

from PIL import Image, ImageCms, ImageMath

from pnp.memo import Memo
from pnp.resources import icc_dir

PROFILE = icc_dir() / "SWOP_TR005_240.icc"
TAC_PERCENT = 240  # total area coverage: C + M + Y + K at most, in per cent
# the PDF/X OutputIntent: the printing condition as registered at color.org, and what the
# profile adds to it
CONDITION = "CGATS TR 005"
CONDITION_INFO = "SWOP Grade 5 coated (CGATS TR 005), separated at 240% total ink"
REGISTRY = "http://www.color.org"
STRIP_ROWS = 256


def profile_bytes() -> bytes:
    """The output profile's ICC data, as a PDF/X OutputIntent embeds it."""
    return _PROFILE.get_or_make(PROFILE.name, PROFILE.read_bytes)


def _transform() -> ImageCms.ImageCmsTransform:
    return _TRANSFORM.get_or_make(PROFILE.name, _new_transform)


_PROFILE: Memo[str, bytes] = Memo(1)
_TRANSFORM: Memo[str, ImageCms.ImageCmsTransform] = Memo(1)  # sRGB to the profile's CMYK
_CMYK: Memo[tuple[float, float, float], tuple[float, float, float, float]] = Memo(1024)


def _new_transform() -> ImageCms.ImageCmsTransform:
    source = ImageCms.createProfile("sRGB")
    # from memory, not the file: LittleCMS reads an opened file's tags lazily, and a forked
    # worker sharing the file's offset made those reads fail ("Could not determine profile size")
    target = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    return ImageCms.buildTransform(
        source,
        target,
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def to_cmyk(image: Image.Image, limit: int = TAC_PERCENT) -> Image.Image:
    """`image` (RGB, sRGB) as CMYK through the output profile, no pixel over `limit` % ink."""
    cmyk = ImageCms.applyTransform(image.convert("RGB"), _transform())
    assert cmyk is not None  # applyTransform returns None only when asked to work in place
    return cap_ink(cmyk, limit)


def cmyk_strips(image: Image.Image, rows: int = STRIP_ROWS) -> Iterator[bytes]:
    """`image` as CMYK bytes (`to_cmyk`), top to bottom, `rows` rows at a time: a strip's
    float bands are what memory holds, not the whole face's (a poker face at 1200 dpi would
    be 0.3 GB of them)."""
    for top in range(0, image.height, rows):
        strip = image.crop((0, top, image.width, min(image.height, top + rows)))
        yield to_cmyk(strip).tobytes()


def cap_ink(image: Image.Image, limit: int = TAC_PERCENT) -> Image.Image:
    """A CMYK image whose pixels have at most `limit` % total ink: over it, C, M and Y are
    scaled down together (rounded down, so the sum never exceeds the limit) and K is kept."""
    most = limit * 255 / 100
    c, m, y, k = (band.convert("F") for band in image.split())
    factor = ImageMath.lambda_eval(
        lambda e: e["min"]((most - e["k"]) / e["max"](e["c"] + e["m"] + e["y"], 1.0), 1.0),
        c=c,
        m=m,
        y=y,
        k=k,
    )
    # a float band converts to 8 bits rounded down: the sum stays within the limit
    bands = [
        ImageMath.lambda_eval(lambda e: e["band"] * e["f"], band=band, f=factor).convert("L")
        for band in (c, m, y)
    ]
    return Image.merge("CMYK", (*bands, k.convert("L")))


def cmyk_of(red: float, green: float, blue: float) -> tuple[float, float, float, float]:
    """An sRGB colour (fractions 0-1) as CMYK fractions through the profile, ink capped as
    pixels are (the colour is taken at 8 bits a channel, as the pixels are)."""
    key = (red, green, blue)
    return _CMYK.get_or_make(key, lambda: _cmyk_of(*key))


def _cmyk_of(red: float, green: float, blue: float) -> tuple[float, float, float, float]:
    rgb = (round(red * 255), round(green * 255), round(blue * 255))
    pixel = to_cmyk(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
    assert isinstance(pixel, tuple)
    c, m, y, k = pixel
    return (c / 255, m / 255, y / 255, k / 255)
