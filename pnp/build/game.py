"""Build one game: draw every face once, impose each product, write its PDFs and rulebooks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from pnp.build.faces import render_set_faces, template_set
from pnp.build.options import PRODUCTS, RULEBOOK, BuildOptions, output_dir
from pnp.build.rulebooks import editions, print_plan, write_rulebooks
from pnp.build.sheets import Faces, add_sets, copies_of, plan
from pnp.catalog.model import Game
from pnp.errors import BuildError
from pnp.export.pdf import write_document
from pnp.impose.document import Document

Progress = Callable[[str], None]


def build_game(game: Game, options: BuildOptions, progress: Progress | None = None) -> list[Path]:
    """Write the game's PDFs; returns their paths. Nothing half-written is left on failure."""
    sheet_options = options.sheet_options()  # refuse bad options before touching the disk
    templates = template_set(game)
    wants_book = RULEBOOK in options.products and bool(editions(game, templates, options))
    out = output_dir(game.id, options)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"cannot create the output folder: {exc.strerror}", file=out) from None
    faces: dict[str, Faces] = {}
    # a rulebook describes every product, so it imposes them all; only those asked are written
    jobs = plan(game, options if not wants_book else _every_product(options))
    written, docs = [], []
    for stem, sets in jobs:
        title = f"{game.title} — {', '.join(s.name for s in sets)}"
        doc = Document(sheet_options, title=title, game_title=game.title)
        placed = []
        for component_set in sets:
            if component_set.id not in faces:
                faces[component_set.id] = render_set_faces(
                    game, component_set, templates, options.bleed_mm
                )
            placed.append((component_set, copies_of(faces[component_set.id])))
        add_sets(doc, placed, fold=options.gutterfold)
        path = out / f"{stem}-{options.paper.lower()}.pdf"
        docs.append((path, sets, doc))
        if any(s.product in options.products for s in sets):
            written.append(write_document(doc, path))
            if progress:
                progress(f"{game.id}/{', '.join(s.id for s in sets)}")
    if wants_book:
        plan_ = print_plan(docs, options)
        for path in write_rulebooks(game, templates, faces, plan_, options, out):
            written.append(path)
            if progress:
                progress(f"{game.id}/{path.stem}")
    return written


def _every_product(options: BuildOptions) -> BuildOptions:
    return replace(options, products=PRODUCTS)


def count_steps(games: list[Game], options: BuildOptions) -> int:
    """How many progress steps a build of these games reports (one per file)."""
    steps = 0
    for game in games:
        steps += sum(1 for _, sets in plan(game, options))
        if RULEBOOK in options.products:
            steps += len(game.meta.get("languages") or ["en"])
    return steps
