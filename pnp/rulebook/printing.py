"""Print-and-play instructions computed from the build plan: which files, how many sheets on the
chosen paper, how to flip them, how to cut and assemble, and what to supply.

The build (pnp.pipeline) imposes every product before it writes the rulebook and hands the counts
over as a PrintPlan, so the instructions always match the files beside the rulebook.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from reportlab.platypus import Flowable, Spacer

from pnp.catalog.model import Game
from pnp.layout.text.markup import Span
from pnp.rulebook.words import Words

if TYPE_CHECKING:  # a type only: blocks imports nothing from here at run time
    from pnp.rulebook.blocks import Story


@dataclass(frozen=True)
class PrintFile:
    """One PDF of the build: its name, the sets in it, its sheets and whether both sides print."""

    name: str
    sections: tuple[str, ...]
    sheets: int
    two_sided: bool
    boards: tuple[tuple[str, int], ...] = ()  # (board, sheets) for boards tiled over sheets
    pages: tuple[int, int] | None = None  # (first, last) in a print kit; None: the whole file


@dataclass(frozen=True)
class PrintPlan:
    """What a build of the game writes, on which paper and how it prints."""

    paper: str
    duplex: str  # long, short, none
    gutterfold: bool
    bleed_mm: float
    files: tuple[PrintFile, ...] = field(default_factory=tuple)


def printing_flowables(plan: PrintPlan, game: Game, story: Story, words: Words) -> list[Flowable]:
    """The instructions as paragraphs and a table of files."""
    styles = story.styles
    out: list[Flowable] = []
    header = [words.file, words.what, words.sheets, words.sides]
    rows = [
        [_where(f, words), words.list_sep.join(grouped(f.sections, words.list_sep)), str(f.sheets),
         words.both_sides if f.two_sided else words.one_side]
        for f in plan.files
    ]  # fmt: skip
    if rows:
        out.append(story.text_table(header, rows))
        total = sum(f.sheets for f in plan.files)
        said = words.say("total", sheets=total, paper=_paper(plan.paper, words))
        out.append(story.paragraph([Span(said)], styles.small, 0))
        out.append(Spacer(1, 4))
    steps = [words.say("scale")]
    if plan.gutterfold:
        steps.append(words.say("gutterfold"))
    elif any(f.two_sided for f in plan.files):
        steps.append(words.say(f"duplex_{plan.duplex}"))
    steps.append(words.say("cut", bleed=plan.bleed_mm))
    for f in plan.files:
        for board, sheets in f.boards:
            steps.append(words.say("boards", board=board, sheets=sheets))
    sleeves = _sleeves(game, words)
    if sleeves:
        steps.append(words.say("sleeves", items=sleeves))
    supplies = [str(s) for s in game.meta.get("supplies") or []]
    if supplies:
        steps.append(words.say("supply", items=words.list_sep.join(supplies)))
    out += story.bullets(steps)
    return out


def grouped(names: tuple[str, ...], sep: str) -> list[str]:
    """Sets named `Kind: member` listed once per kind, as `Kind (member, member, ...)` in the
    order they come (eight crisis decks read "Crisis cards (China, India, ...)", not the kind
    eight times); other names as they are."""
    out: list[tuple[str, list[str] | None]] = []  # (a name, or a kind with its members)
    kinds: dict[str, list[str]] = {}
    for name in names:
        kind, colon, member = name.partition(": ")
        if not colon:
            out.append((name, None))
        elif kind in kinds:
            kinds[kind].append(member)
        else:
            kinds[kind] = [member]
            out.append((kind, kinds[kind]))
    return [name if group is None else f"{name} ({sep.join(group)})" for name, group in out]


def _where(f: PrintFile, words: Words) -> str:
    """The file's name, and in a print kit the pages that are this row's, in the book's words."""
    if f.pages is None:
        return f.name
    first, last = f.pages
    key = "file_pages" if first != last else "file_page"
    return words.say(key, name=f.name, first=first, last=last)


def _sleeves(game: Game, words: Words) -> str:
    """`55 for 63 × 88 mm cards` per card size."""
    sizes: Counter[tuple[float, float]] = Counter()
    for s in game.decks.values():
        sizes[(s.trim.width_mm, s.trim.height_mm)] += s.total
    each = [words.say("sleeve_size", n=n, w=w, h=h) for (w, h), n in sizes.items()]
    return words.clause_sep.join(each)


def _paper(name: str, words: Words) -> str:
    """The paper as the book's language names it (レターサイズ), else as given (A4)."""
    return str(getattr(words, f"paper_{name.lower()}", name))
