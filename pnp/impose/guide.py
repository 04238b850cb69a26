"""The builder's page: what a print kit holds, what else it takes, and how to make it, in
the kit's language (pnp.impose.words).

Everything here follows from the kit's pieces (cards -> sleeves, pawns -> folding, boards in
tiles -> gluing, round tokens -> cutting round) and from the game's own `supplies`; nothing
names a game, and nothing speaks of the program that made the kit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.impose.kit import KitGroup
from pnp.impose.words import KitWords

SLEEVE_ROOM_MM = 3  # a sleeve's inside is about this much larger than its card each way
CARD_MAX_MM = 130  # a two-sided grid piece this long or shorter is a card (longer: a sheet)


@dataclass(frozen=True)
class KitGuide:
    """What the builder's page says about a kit beyond its sheet list."""

    counts: tuple[tuple[str, int], ...] = ()  # each set's name and how many pieces it has
    card_sizes: tuple[tuple[float, float], ...] = ()  # the decks' cards: the ones to sleeve
    straight: bool = False  # rectangular pieces cut along crop marks
    round: bool = False  # round tokens or markers
    square_tokens: bool = False  # round pieces cut square instead
    pawns: bool = False  # fold-over standees
    boards: tuple[str, ...] = ()  # boards printed in tiles (more than one sheet) to glue
    supplies: tuple[str, ...] = ()  # what the game needs beyond the kit (its catalog says)

    @classmethod
    def of(
        cls,
        groups: Sequence[KitGroup],
        supplies: Sequence[str] = (),
        *,
        square: bool = False,
        tiled: frozenset[str] = frozenset(),
    ) -> KitGuide:
        """The guide to a kit of `groups`; `tiled` names the boards printed over more than
        one sheet (a board that fits on one sheet is cut like any other piece, not glued)."""
        # only decks are shuffled, so only their cards are worth a sleeve (as the rulebook's
        # print chapter says); an aid or a play summary is not, and may be of a size no sleeve
        # is sold for (the card game's 63 x 125 mm summary asked for 66 x 128 mm sleeves)
        cards = {
            (round(p.width_mm, 1), round(p.height_mm, 1))
            for g in groups
            if g.deck and g.imposition == "grid"
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
            boards=tuple(g.name for g in groups if g.imposition == "tiled" and g.name in tiled),
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


def guide_lines(guide: KitGuide, printing: Printing, words: KitWords) -> list[str]:
    """The builder's instructions, headings marked "# ", before the sheet list."""
    w = words.say
    lines = [f"# {w('what_you_get')}", _what_you_get(guide, words), "", f"# {w('what_else')}"]
    lines += [f"- {_sentence(s, words)}" for s in guide.supplies]
    said = " ".join(guide.supplies).lower()  # a tool the game's own list names is not repeated
    lines += [f"- {text}" for word, text in _tools(guide, words) if word not in said]
    lines += ["", f"# {w('paper')}", *_paper(guide, words), "", f"# {w('printing')}"]
    lines += [*_printing(printing, words), "", f"# {w('making')}", *_making(guide, words), ""]
    return lines


def _what_you_get(guide: KitGuide, words: KitWords) -> str:
    return words.counts(guide.counts, "list_sep") + words.say("stop")


def _sentence(text: str, words: KitWords) -> str:
    text = text.strip()
    ends = (".", "!", "?", words.say("stop"))
    return text[:1].upper() + text[1:] + ("" if text.endswith(ends) else words.say("stop"))


def _tools(guide: KitGuide, words: KitWords) -> list[tuple[str, str]]:
    """(the word that names it, the line) for each tool the kit's pieces call for."""
    tools = [words.tool("tool_scissors")]
    if guide.pawns or guide.boards:
        on = [
            words.say(k)
            for k, yes in (("glue_pawns", guide.pawns), ("glue_boards", guide.boards))
            if yes
        ]
        tools.append(words.tool("tool_glue", what=words.say("and").join(on)))
    if guide.card_sizes:
        sizes = words.say("sizes_sep").join(
            words.say(
                "sleeve_size",
                w=f"{w:g}",
                h=f"{h:g}",
                sw=f"{w + SLEEVE_ROOM_MM:g}",
                sh=f"{h + SLEEVE_ROOM_MM:g}",
            )  # fmt: skip
            for w, h in guide.card_sizes
        )
        tools.append(words.tool("tool_sleeve", sizes=sizes))
    return tools


def _paper(guide: KitGuide, words: KitWords) -> list[str]:
    # plain paper is made good by sleeving a deck's cards; pieces without cards need a card backing
    lines = [words.say("paper_stock" if guide.card_sizes else "paper_stock_pieces")]
    if guide.boards:
        lines.append(words.say("paper_boards"))
    return lines


def _printing(p: Printing, words: KitWords) -> list[str]:
    w = words.say
    lines = [w("print_size", paper=words.paper(p.paper))]
    if p.two_sided is None:
        return [*lines, w("print_one_sided")]
    first, last = p.two_sided
    flip = w(f"flip_{p.duplex}") if p.duplex in ("long", "short") else ""
    if p.duplex == "none":
        lines.append(w("print_by_hand", first=first, last=last))
    elif p.whole:
        lines += [w("print_whole", flip=flip), w("print_no_duplex")]
    else:
        lines.append(w("print_range", first=first, last=last, flip=flip))
    if p.one_sided and not p.whole:
        lines.append(w("print_single", pages=_pages(p.one_sided, words)))
    lines.append(w("print_check"))
    return lines


def _pages(pages: Sequence[int], words: KitWords) -> str:
    if len(pages) == 1:
        return words.say("page", pages=pages[0])
    if list(pages) == list(range(pages[0], pages[-1] + 1)):
        return words.say("pages", pages=words.say("range", a=pages[0], b=pages[-1]))
    return words.say("pages", pages=words.say("pages_sep").join(str(p) for p in pages))


def _making(guide: KitGuide, words: KitWords) -> list[str]:
    w = words.say
    lines = []
    if guide.straight:
        lines.append(w("make_cut"))
    if guide.round:
        lines.append(w("make_square") if guide.square_tokens else w("make_round"))
    if guide.pawns:
        lines.append(w("make_fold"))
    lines += [w("make_glue", board=board) for board in guide.boards]
    if guide.card_sizes:
        lines.append(w("make_sleeve"))
    return lines
