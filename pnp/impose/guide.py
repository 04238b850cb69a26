"""The builder's page: what a print kit holds, what else it takes, and how to make it.

Everything here follows from the kit's pieces (cards -> sleeves, pawns -> folding, boards in
tiles -> gluing, round tokens -> cutting round) and from the game's own `supplies`; nothing
names a game, and nothing speaks of the program that made the kit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.impose.kit import KitGroup

SLEEVE_ROOM_MM = 3  # a sleeve's inside is about this much larger than its card each way
CARD_MAX_MM = 130  # a two-sided grid piece this long or shorter is a card (longer: a sheet)
FLIP = {"long": "flip on the long edge", "short": "flip on the short edge"}


@dataclass(frozen=True)
class KitGuide:
    """What the builder's page says about a kit beyond its sheet list."""

    counts: tuple[tuple[str, int], ...] = ()  # each set's name and how many pieces it has
    card_sizes: tuple[tuple[float, float], ...] = ()  # two-sided grid pieces: the ones to sleeve
    straight: bool = False  # rectangular pieces cut along crop marks
    round: bool = False  # round tokens or markers
    square_tokens: bool = False  # round pieces cut square instead
    pawns: bool = False  # fold-over standees
    boards: tuple[str, ...] = ()  # boards printed in tiles to glue together
    supplies: tuple[str, ...] = ()  # what the game needs beyond the kit (its catalog says)

    @classmethod
    def of(
        cls, groups: Sequence[KitGroup], supplies: Sequence[str] = (), *, square: bool = False
    ) -> KitGuide:
        cards = {
            (round(p.width_mm, 1), round(p.height_mm, 1))
            for g in groups
            if g.imposition == "grid"
            for p in g.pieces
            if p.back is not None and max(p.width_mm, p.height_mm) <= CARD_MAX_MM
        }
        kinds = {(g.imposition, p.shape) for g in groups for p in g.pieces}
        return cls(
            counts=tuple((g.name, len(g.pieces)) for g in groups if g.pieces),
            card_sizes=tuple(sorted(cards)),
            straight=any(i in ("grid", "packed") and s != "round" for i, s in kinds),
            round=any(i == "packed" and s == "round" for i, s in kinds),
            square_tokens=square,
            pawns=any(i == "standee" for i, _ in kinds),
            boards=tuple(g.name for g in groups if g.imposition == "tiled" and g.pieces),
            supplies=tuple(str(s) for s in supplies),
        )


@dataclass(frozen=True)
class Printing:
    """How the kit's pages print: the paper, the duplex flip, and its page ranges."""

    paper: str
    duplex: str  # "long", "short" or "none"
    two_sided: tuple[int, int] | None  # first and last page of the two-sided sheets
    one_sided: tuple[int, ...]  # the pages of one-sided sheets (their fronts)
    whole: bool  # the whole file prints double-sided (blank backs where a sheet has none)


def guide_lines(guide: KitGuide, printing: Printing) -> list[str]:
    """The builder's instructions, headings marked "# ", before the sheet list."""
    lines = ["# What you get", _what_you_get(guide), "", "# What else you need"]
    lines += [f"- {_sentence(s)}" for s in guide.supplies]
    said = " ".join(guide.supplies).lower()  # a tool the game's own list names is not repeated
    lines += [f"- {text}" for word, text in _tools(guide) if word not in said]
    lines += ["", "# Paper", *_paper(guide), "", "# Printing", *_printing(printing), ""]
    lines += ["# Making it", *_making(guide), ""]
    return lines


def _what_you_get(guide: KitGuide) -> str:
    return "; ".join(f"{name} ×{n}" for name, n in guide.counts) + "."


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _tools(guide: KitGuide) -> list[tuple[str, str]]:
    """(the word that names it, the line) for each tool the kit's pieces call for."""
    tools = [("scissors", "Scissors, or a craft knife with a metal ruler and a cutting mat "
              "(straighter cuts).")]  # fmt: skip
    if guide.pawns or guide.boards:
        what = " and ".join(w for w, on in (("pawns", guide.pawns), ("boards", guide.boards)) if on)
        tools.append(("glue", f"A glue stick (for the {what})."))
    if guide.card_sizes:
        sizes = ", ".join(
            f"{w:g} x {h:g} mm cards ({w + SLEEVE_ROOM_MM:g} x {h + SLEEVE_ROOM_MM:g} mm sleeves)"
            for w, h in guide.card_sizes
        )
        tools.append(("sleeve", f"Card sleeves, if you like: {sizes}."))
    return tools


def _paper(guide: KitGuide) -> list[str]:
    lines = [
        "Card stock of 160-220 g/m² (60-80 lb cover) for cards and pieces: it shuffles and "
        "stands like a bought game. Plain 80-100 g/m² paper works too: sleeve the cards with a "
        "spare playing card behind each."
    ]
    if guide.boards:
        lines.append("Board sheets: plain paper is best (it folds over the glue bands cleanly).")
    return lines


def _printing(p: Printing) -> list[str]:
    lines = [
        f"Print on {p.paper} at actual size (100 %, not 'fit to page'): the 50 mm bar on this "
        "page and on every sheet must measure 50 mm."
    ]
    if p.two_sided is None:
        lines.append("Every sheet prints on one side: print the whole file single-sided.")
        return lines
    first, last = p.two_sided
    if p.duplex == "none":
        lines.append(
            f"Pages {first}-{last}: print the fronts first (the first half), put the stack back "
            "in the tray, then print the backs (the second half); try one sheet first."
        )
    elif p.whole:
        lines.append(
            f"Print the whole file double-sided, {FLIP[p.duplex]}: each sheet's back lands "
            "behind its front (pages marked 'intentionally blank' are the backs of one-sided "
            "sheets)."
        )
        lines.append(
            "Without a duplex printer: print the odd pages, put the stack back in the tray the "
            "way your printer turns paper over (try one sheet first), then the even pages."
        )
    else:
        lines.append(f"Pages {first}-{last}: print double-sided, {FLIP[p.duplex]}.")
    if p.one_sided and not p.whole:
        lines.append(f"{_pages(p.one_sided)}: print single-sided.")
    lines.append(
        "Hold the first two-sided sheet up to a light: each back should sit behind its front "
        "within 2 mm; the colour runs past every edge to hide that much."
    )
    return lines


def _pages(pages: Sequence[int]) -> str:
    if len(pages) == 1:
        return f"Page {pages[0]}"
    if list(pages) == list(range(pages[0], pages[-1] + 1)):
        return f"Pages {pages[0]}-{pages[-1]}"
    return "Pages " + ", ".join(str(p) for p in pages)


def _making(guide: KitGuide) -> list[str]:
    lines = []
    if guide.straight:
        lines.append(
            "Cut: the short lines at the sheet's edges and in the gaps between pieces continue "
            "each cut; cut straight across from mark to mark. The coloured strips between pieces "
            "are spare edge and are cut away, so a cut a millimetre off still shows the piece."
        )
    if guide.round:
        lines.append(
            "Round tokens and markers: cut them square along their crop marks."
            if guide.square_tokens
            else "Round tokens and markers: cut them out round, along their rim."
        )
    if guide.pawns:
        lines.append(
            "Fold: score each pawn along its dashed lines, fold it in half and glue the two "
            "halves back to back; fold the tabs out to make its base."
        )
    for board in guide.boards:
        lines.append(
            f"Glue ({board}): cut each sheet along its dashed lines, lay it over its neighbour "
            "as the assembly map on the sheet shows, the crosses matched, and glue the "
            "overlap down."
        )
    if guide.card_sizes:
        lines.append("Sleeve: cards slide into sleeves after cutting; they shuffle best so.")
    return lines
