"""Print-and-play instructions computed from the build plan: which files, how many sheets on the
chosen paper, how to flip them, how to cut and assemble, and what to supply.

The build (pnp.build) imposes every product before it writes the rulebook and hands the counts
over as a PrintPlan, so the instructions always match the files beside the rulebook.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from reportlab.platypus import Flowable, Paragraph, Spacer

from pnp.catalog.model import Game
from pnp.export.rulebook.words import Words

if TYPE_CHECKING:  # a type only: blocks imports nothing from here at run time
    from pnp.export.rulebook.blocks import Story


@dataclass(frozen=True)
class PrintFile:
    """One PDF of the build: its name, the sets in it, its sheets and whether both sides print."""

    name: str
    sections: tuple[str, ...]
    sheets: int
    two_sided: bool
    boards: tuple[tuple[str, int], ...] = ()  # (board, sheets) for boards tiled over sheets


@dataclass(frozen=True)
class PrintPlan:
    """What a build of the game writes, on which paper and how it prints."""

    paper: str
    duplex: str  # long, short, none
    gutterfold: bool
    bleed_mm: float
    files: tuple[PrintFile, ...] = field(default_factory=tuple)


INSTRUCTIONS = {
    "scale": "Print at actual size (100 %, no “fit to page”). Every sheet carries a 50 mm bar: "
             "measure it to be sure.",
    "long": "Print the two-sided files double-sided, flipping on the long edge; "
            "if the backs come out shifted, print the alignment sheet of pnp calibrate once "
            "and build with the back offset it shows.",
    "short": "Print the two-sided files double-sided, flipping on the short edge.",
    "none": "Print every front page, put the stack back in the tray and print the back pages "
            "(the file lists all fronts, then all backs).",
    "gutterfold": "Fronts and backs share each sheet: fold along the dashed line, glue, "
                  "then cut.",
    "cut": "Cut along the crop marks at the sheet edges; the art runs {bleed:g} mm past each "
           "cut, so a slightly missed cut shows no white.",
    "boards": "{board} prints on {sheets} sheets: cut each along its dashed guide, lay it over "
              "its neighbour, match the crosses and tape the back; the map in the corner of "
              "each sheet shows where it goes.",
    "sleeves": "Sleeves (optional): {items}.",
    "supply": "You also need: {items}.",
}  # fmt: skip


def printing_flowables(plan: PrintPlan, game: Game, story: Story, words: Words) -> list[Flowable]:
    """The instructions as paragraphs and a table of files."""
    styles = story.styles
    out: list[Flowable] = []
    header = [words.file, words.what, words.sheets, words.sides]
    rows = [
        [f.name, ", ".join(f.sections), str(f.sheets),
         words.both_sides if f.two_sided else words.one_side]
        for f in plan.files
    ]  # fmt: skip
    if rows:
        out.append(story.text_table(header, rows))
        total = sum(f.sheets for f in plan.files)
        out.append(Paragraph(f"{total} sheets of {plan.paper} paper in all.", styles.small))
        out.append(Spacer(1, 4))
    steps = [INSTRUCTIONS["scale"]]
    if plan.gutterfold:
        steps.append(INSTRUCTIONS["gutterfold"])
    elif any(f.two_sided for f in plan.files):
        steps.append(INSTRUCTIONS[plan.duplex])
    steps.append(INSTRUCTIONS["cut"].format(bleed=plan.bleed_mm))
    for f in plan.files:
        for board, sheets in f.boards:
            steps.append(INSTRUCTIONS["boards"].format(board=board, sheets=sheets))
    sleeves = _sleeves(game)
    if sleeves:
        steps.append(INSTRUCTIONS["sleeves"].format(items=sleeves))
    supplies = [str(s) for s in game.meta.get("supplies") or []]
    if supplies:
        steps.append(INSTRUCTIONS["supply"].format(items=", ".join(supplies)))
    out += story.bullets(steps)
    return out


def _sleeves(game: Game) -> str:
    """`55 sleeves for 63 x 88 mm cards` per card size."""
    sizes: Counter[tuple[float, float]] = Counter()
    for s in game.decks.values():
        sizes[(s.trim.width_mm, s.trim.height_mm)] += s.total
    return "; ".join(f"{n} for {w:g} × {h:g} mm cards" for (w, h), n in sizes.items())
