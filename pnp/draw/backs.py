"""A build-time check that a deck's backs cannot mark its cards.

Cut lines are never exact and duplex backs shift a little, so whatever lies within about 2 mm of
the trim, inside and outside (the bleed), may end up on the edge of a card's back. If that band is
not one colour (blue at the top, red at the bottom, a frame line, a pattern), some cards get a
sliver of another colour and players can tell them apart from behind. Each distinct back face is
rendered (PDFium) and its band measured; a deck whose band is not one colour gets a warning
naming it.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass

from pnp.draw.face import FaceArt, face_pdf

EDGE_MM = 2.0  # how far from the trim a miscut or a duplex offset may reach, either way
PX_PER_MM = 6.0
CLOSE = 48  # |dR| + |dG| + |dB| within which two colours look the same at a card's edge
SHARE = 0.97  # the part of the band that must be the band's main colour

log = logging.getLogger("pnp.backs")


@dataclass(frozen=True)
class EdgeBand:
    """What a back's edge band is made of: its main colour and the share of the band in it."""

    colour: tuple[int, int, int]
    share: float

    @property
    def uniform(self) -> bool:
        return self.share >= SHARE

    @property
    def hex(self) -> str:
        return "#{:02x}{:02x}{:02x}".format(*self.colour)


def edge_band(art: FaceArt) -> EdgeBand:
    """Render `art` and measure the band EDGE_MM either side of its trim (outside as far as its
    bleed reaches)."""
    import pypdfium2 as pdfium  # here: ~20 ms to import, paid only when a back is checked

    pt_per_mm = 72 / 25.4
    document = pdfium.PdfDocument(face_pdf(art))
    try:
        image = document[0].render(scale=PX_PER_MM / pt_per_mm).to_pil().convert("RGB")
    finally:
        document.close()
    out = min(EDGE_MM, art.bleed_mm)
    b = art.bleed_mm
    w, h = art.width_mm, art.height_mm

    def px(v: float) -> int:
        return round(v * PX_PER_MM)

    x0, y0, x1, y1 = px(b - out), px(b - out), px(b + w + out), px(b + h + out)
    depth = px(out + EDGE_MM)
    strips = [
        (x0, y0, x1, y0 + depth),
        (x0, y1 - depth, x1, y1),
        (x0, y0 + depth, x0 + depth, y1 - depth),
        (x1 - depth, y0 + depth, x1, y1 - depth),
    ]
    counts: Counter[tuple[int, int, int]] = Counter()
    for box in strips:
        strip = image.crop(box)
        counts.update({c: n for n, c in strip.getcolors(strip.width * strip.height) or []})
    main, _ = counts.most_common(1)[0]
    close = sum(
        n
        for c, n in counts.items()
        if sum(abs(a - m) for a, m in zip(c, main, strict=True)) <= CLOSE
    )
    return EdgeBand(main, close / sum(counts.values()))


@dataclass(frozen=True)
class DeckBacks:
    """A deck as the check sees it: its name, back template, trim size and its backs."""

    name: str
    template: str
    size: tuple[float, float]
    backs: tuple[FaceArt, ...]


def check_backs(decks: list[DeckBacks], *, shared: bool) -> list[str]:
    """Warnings (also logged) for each deck whose backs are not one colour at the edges, and,
    with `shared` (a print kit: same-size decks share sheets), for same-size decks whose edge
    colours differ, since a miscut between two of them puts one's colour on the other."""
    bands: dict[str, EdgeBand] = {}
    main: dict[str, EdgeBand] = {}
    messages = []
    for deck in decks:
        for art in deck.backs:
            if art.key not in bands:
                bands[art.key] = edge_band(art)
        mine = [bands[a.key] for a in deck.backs]
        odd = next((b for b in mine if not b.uniform), None)
        if odd is not None:
            messages.append(
                f"deck {deck.name!r} ({deck.template}): its back is not one colour within "
                f"{EDGE_MM:g} mm of the cut (only {odd.share:.0%} of that band is its main "
                f"colour {odd.hex}), so a miscut or a duplex offset marks some cards; make the "
                "back full-bleed, one colour along all four edges"
            )
        elif mine:
            main[deck.name] = mine[0]
    if shared:
        messages += _mixed_edges(decks, main)
    for message in messages:
        log.warning("warning: %s", message)
    return messages


def _mixed_edges(decks: list[DeckBacks], main: dict[str, EdgeBand]) -> list[str]:
    out = []
    first: dict[tuple[float, float], DeckBacks] = {}
    for deck in decks:
        if deck.name not in main:
            continue
        other = first.setdefault(deck.size, deck)
        a, b = main[other.name], main[deck.name]
        if sum(abs(x - y) for x, y in zip(a.colour, b.colour, strict=True)) > CLOSE:
            out.append(
                f"decks {other.name!r} and {deck.name!r} share sheets in the print kit but their "
                f"backs' edges differ ({a.hex} and {b.hex}): a miscut between them marks cards; "
                "give their backs' edges the same colour (or build with --split)"
            )
    return out
