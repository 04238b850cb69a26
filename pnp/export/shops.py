"""Print shops' card sizes: the exact image each shop asks for, as data.

Each size is the shop's name for it, its trim in inches and its image in pixels at 300 dpi
(trim plus the shop's bleed on every side). A set is printed at the size whose trim is within
TOLERANCE_MM of its own on both sides (turned for a landscape set); its art is scaled that
little so its trim fills the shop's trim. The tables follow the shops' published templates;
check a shop's current template before a large order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.errors import InputError
from pnp.export.raster import MM_PER_INCH, Frame

TOLERANCE_MM = 1.0
DPI = 300


@dataclass(frozen=True)
class ShopSize:
    name: str
    trim_in: tuple[float, float]  # portrait, as the shop gives it
    image_px: tuple[int, int]  # trim plus bleed, portrait

    def describe(self) -> str:
        """`poker (2.5 x 3.5 in)`, or just the name when it says its size."""
        if self.name.endswith("mm"):
            return self.name
        return f"{self.name} ({self.trim_in[0]:g} x {self.trim_in[1]:g} in)"

    @property
    def trim_mm(self) -> tuple[float, float]:
        return (self.trim_in[0] * MM_PER_INCH, self.trim_in[1] * MM_PER_INCH)


def _sizes(*rows: tuple[str, float, float, int, int]) -> tuple[ShopSize, ...]:
    return tuple(ShopSize(name, (w, h), (pw, ph)) for name, w, h, pw, ph in rows)


# shop -> sizes: (name, trim width in, trim height in, image width px, image height px)
SHOPS: dict[str, tuple[ShopSize, ...]] = {
    # The Game Crafter: 1/8 in bleed on every side (37.5 px at 300 dpi)
    "tgc": _sizes(
        ("poker", 2.5, 3.5, 825, 1125),
        ("bridge", 2.25, 3.5, 750, 1125),
        ("mini", 1.75, 2.5, 600, 825),
        ("micro", 1.25, 1.75, 450, 600),
        ("tarot", 2.75, 4.75, 900, 1500),
        ("small square", 2.5, 2.5, 825, 825),
        ("square", 3.5, 3.5, 1125, 1125),
        ("business", 2.0, 3.5, 675, 1125),
        ("jumbo", 3.5, 5.5, 1125, 1725),
    ),
    # MakePlayingCards: 36 px bleed on every side at 300 dpi
    "mpc": _sizes(
        ("poker", 2.5, 3.5, 822, 1122),
        ("63 x 88 mm", 63 / MM_PER_INCH, 88 / MM_PER_INCH, 816, 1110),
        ("bridge", 2.25, 3.5, 747, 1122),
        ("mini", 1.75, 2.5, 597, 822),
        ("tarot", 2.75, 4.75, 897, 1497),
        ("square", 2.5, 2.5, 822, 822),
        ("large square", 2.75, 2.75, 897, 897),
    ),
}
SHOPS["dtc"] = _sizes(  # DriveThruCards: 1/8 in bleed on every side, as The Game Crafter
    ("poker", 2.5, 3.5, 825, 1125),
    ("bridge", 2.25, 3.5, 750, 1125),
    ("mini", 1.75, 2.5, 600, 825),
    ("tarot", 2.75, 4.75, 900, 1500),
    ("square", 3.5, 3.5, 1125, 1125),
    ("jumbo", 3.5, 5.5, 1125, 1725),
)
SHOP_NAMES = {"tgc": "The Game Crafter", "mpc": "MakePlayingCards", "dtc": "DriveThruCards"}


def shop_size(
    shop: str,
    set_name: str,
    width_mm: float,
    height_mm: float,
    origin: tuple[str, int] | None = None,
) -> ShopSize:
    """The shop's size for a set of this trim; InputError naming the set (at `origin`, its
    file and line) and the sizes the shop takes when none is close enough."""
    best: tuple[float, ShopSize] | None = None
    for size in SHOPS[shop]:
        w, h = size.trim_mm
        if width_mm > height_mm:
            w, h = h, w
        off = max(abs(w - width_mm), abs(h - height_mm))
        if off <= TOLERANCE_MM and (best is None or off < best[0]):
            best = (off, size)
    if best is None:
        takes = ", ".join(s.describe() for s in SHOPS[shop])
        raise InputError(
            f"{set_name} is {width_mm:g} x {height_mm:g} mm, a size {SHOP_NAMES[shop]} does "
            f"not print; it takes: {takes}",
            hint="change the set's size in its catalog, or export it --to png",
            file=origin[0] if origin else None,
            line=origin[1] if origin else None,
        )
    return best[1]


def shop_frame(size: ShopSize, width_mm: float, height_mm: float) -> Frame:
    """The shop's image for a face of this trim: its exact pixels, the trim scaled to fill the
    shop's trim (landscape faces get the image turned)."""
    pw, ph = size.image_px
    tw, th = (side * DPI for side in size.trim_in)
    if width_mm > height_mm:
        pw, ph, tw, th = ph, pw, th, tw
    return Frame(size=(pw, ph), trim=(float(round(tw)), float(round(th))), dpi=DPI)


def shop_bleed_mm(shop: str, set_name: str, width_mm: float, height_mm: float,
                  origin: tuple[str, int] | None = None) -> float:  # fmt: skip
    """The bleed (mm) a face of this trim is drawn with for the shop: what its image holds
    around the trim once the trim is scaled to the shop's (The Game Crafter's 1/8 in, 3.2 mm)."""
    frame = shop_frame(shop_size(shop, set_name, width_mm, height_mm, origin), width_mm,
                       height_mm)  # fmt: skip
    return math.ceil(round(frame.bleed_mm(width_mm, height_mm), 2) * 10) / 10


def shop_reason(shop: str, bleed_mm: float) -> str:
    """Why faces are checked at this bleed, for warnings: the shop and its bleed."""
    return f"{SHOP_NAMES[shop]} prints {bleed_mm:g} mm of bleed beyond the cut"
