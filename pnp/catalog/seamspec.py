"""A tiled set's `seams:` mapping: where the seams of a board printed over several sheets may run.

seams:
  derive: true            # keep them off the spaces, words and pictures the faces paint
  keep_clear:             # and out of these zones, mm from the trim's top-left corner
    - {x: 0, y: 150, w: 190mm, h: 80mm}
    - {x: 10, y: 20, w: 30, h: 30, side: back}    # front, back or both (the default)
"""

from __future__ import annotations

from pnp.catalog.fields import Fields
from pnp.catalog.model import KeepClear, Seams, Size
from pnp.limits import KEEP_CLEAR_ZONES
from pnp.names import describe

SIDES = ("front", "back", "both")


def parse_seams(head: Fields, trim: Size, imposition: str) -> Seams:
    """The set's `seams:` (absent: derived from the faces alone), each zone inside the trim."""
    if "seams" not in head:
        return Seams()
    if imposition != "tiled":
        raise head.error("`seams` is for tiled sets (boards, trackers, mats), not a "
                         f"{imposition} set", "seams")  # fmt: skip
    spec = head.mapping("seams", f"{head.what} seams")
    spec.check_keys(("derive", "keep_clear"))
    raw = spec.get("keep_clear", [])
    if not isinstance(raw, list) or len(raw) > KEEP_CLEAR_ZONES:
        raise spec.error(f"`keep_clear` should be a list of at most {KEEP_CLEAR_ZONES} zones "
                         f"({{x, y, w, h}}), found {describe(raw)}", "keep_clear")  # fmt: skip
    zones = tuple(
        _zone(spec.sub(item, f"{head.what} keep_clear zone {i + 1}", "keep_clear"), trim)
        for i, item in enumerate(raw)
    )
    return Seams(derive=spec.flag("derive", True), keep_clear=zones)


def _zone(zone: Fields, trim: Size) -> KeepClear:
    zone.check_keys(("x", "y", "w", "h", "side"), required=("x", "y", "w", "h"))
    x, y = zone.length("x"), zone.length("y")
    w, h = zone.length("w", positive=True), zone.length("h", positive=True)
    if x < 0 or y < 0 or x + w > trim.width_mm + 1e-6 or y + h > trim.height_mm + 1e-6:
        raise zone.error(
            f"the zone {x:g}, {y:g} mm, {w:g} x {h:g} mm is not inside the "
            f"{trim.width_mm:g} x {trim.height_mm:g} mm trim (x and y from its top-left corner)"
        )
    return KeepClear(x, y, w, h, zone.choice("side", SIDES, "both"))
