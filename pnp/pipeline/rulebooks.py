"""A game's rulebooks in a build: one per language its catalog lists, drawn with the faces the
build already drew, and told how the build printed (the print plan) so its instructions match.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.catalog.languages import kit_language, languages, rulebook_template
from pnp.catalog.model import ComponentSet, Game
from pnp.impose.document import Document
from pnp.impose.paper import parse_paper
from pnp.layout.templates import TemplateSet
from pnp.pipeline.options import BuildOptions
from pnp.pipeline.plan import Faces

# The rulebook stack (Markdown, Platypus, pypdf) takes ~0.3 s to import: only builds that
# write a rulebook import it, inside the functions below.
if TYPE_CHECKING:
    from pnp.rulebook.printing import PrintFile, PrintPlan


def editions(game: Game) -> list[str]:
    """The kit's language when the game has a rulebook template for it: a book's figures draw
    the faces of the kit it comes with."""
    lang = kit_language(game)
    name = rulebook_template(lang, languages(game)[0])
    return [lang] if (game.templates_dir / name).is_file() else []


def rulebook_path(out: Path, game: Game, lang: str, options: BuildOptions) -> Path:
    """`GAME-rulebook[-LANG][-booklet]-PAPER.pdf`."""
    parts = [game.edition_stem, "rulebook"]
    if lang != languages(game)[0]:
        parts.append(lang)
    if options.booklet:
        parts.append("booklet")
    parts.append(options.paper_name)
    return out / ("-".join(parts) + ".pdf")


def print_plan(docs: list[tuple[Path, list[ComponentSet], Document]], options: BuildOptions
               ) -> PrintPlan:  # fmt: skip
    """How every product of the build prints: files, sheets, sides, tiled boards."""
    from pnp.rulebook.printing import PrintFile, PrintPlan

    files: list[PrintFile] = []
    for path, sets, doc in docs:
        if doc.is_kit:
            files += _kit_files(path, sets, doc)
            continue
        pages = doc.pages
        two_sided = any(p.side == "back" for p in pages)
        sheets = len(pages) // 2 if two_sided else len(pages)
        boards = tuple(_tiled_boards(sets, doc))
        files.append(PrintFile(path.name, tuple(s.name for s in sets), sheets, two_sided, boards))
    sheet = options.sheet_options()
    return PrintPlan(sheet.paper.name, sheet.duplex, sheet.gutterfold, sheet.bleed_mm,
                     tuple(files))  # fmt: skip


def _kit_files(path: Path, sets: list[ComponentSet], doc: Document) -> list[PrintFile]:
    """A print kit as the rulebook lists it: its duplex page range, then its one-sided one."""
    from pnp.rulebook.printing import PrintFile

    out = []
    entries = doc.entries()
    for two_sided in (True, False):
        block = [e for e in entries if e.two_sided == two_sided]
        if not block:
            continue
        first, last = min(min(e.pages) for e in block), max(max(e.pages) for e in block)
        names = tuple(dict.fromkeys(n for e in block for n in e.groups))
        boards = tuple(_tiled_boards(sets, doc)) if not two_sided else ()
        out.append(PrintFile(path.name, names, len(block), two_sided, boards, (first, last)))
    return out


def _tiled_boards(sets: list[ComponentSet], doc: Document) -> list[tuple[str, int]]:
    """(board set, sheets per board side) for boards larger than one sheet."""
    out = []
    for s in sets:
        boards = sum(c.count for c in s.components)
        if s.imposition != "tiled" or not boards:
            continue
        # tiles are all fronts (each tile is its own sheet), for the board's back side too
        fronts = sum(1 for p in doc.pages if p.section == s.name and p.side == "front")
        per_side = fronts // (boards * (2 if s.back else 1))
        if per_side > 1:
            out.append((s.name, per_side))
    return out


def write_rulebooks(
    game: Game,
    templates: TemplateSet,
    faces: dict[str, Faces],
    plan: PrintPlan,
    options: BuildOptions,
    out: Path,
) -> list[Path]:
    """Write every edition's rulebook; returns their paths."""
    from pnp.rulebook.book import Edition, write_rulebook
    from pnp.rulebook.data import Faced, RulebookData
    from pnp.rulebook.words import Words

    faced = {
        s.id: [
            Faced(c, n, front, back)
            for c, (n, front, back) in zip(
                [c for c in s.components if c.count > 0], faces.get(s.id, []), strict=False
            )
        ]
        for s in game.sets.values()
    }
    main = languages(game)[0]
    paper = parse_paper(options.paper)
    written = []
    for lang in editions(game):
        data = RulebookData(game, faced, plan, Words(lang))
        edition = Edition(lang, main, paper, options.booklet)
        written.append(write_rulebook(rulebook_path(out, game, lang, options), templates, data,
                                      edition))  # fmt: skip
    return written
