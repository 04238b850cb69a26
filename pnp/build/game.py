"""Build games: draw every face once, impose each product, write its PDFs and rulebooks.

A build is whole or absent: every file goes to a staging folder (pnp.export.staging) and is
moved into place only when every game's every file is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from pnp.build.faces import render_set_faces, template_set
from pnp.build.options import PRODUCTS, RULEBOOK, BuildOptions, output_base, output_dir
from pnp.build.rulebooks import editions, print_plan, write_rulebooks
from pnp.build.sheets import Faces, add_sets, copies_of, plan
from pnp.catalog.model import Game
from pnp.errors import InputError
from pnp.export.pdf import write_document
from pnp.export.staging import Staging
from pnp.impose.document import Document

Progress = Callable[[str], None]


def build_games(
    games: list[Game], options: BuildOptions, progress: Progress | None = None
) -> list[Path]:
    """Write every game's PDFs; returns their paths. They are moved into place together once
    all are written: after a failure (or Ctrl-C) the output folder is as it was."""
    options.sheet_options()  # refuse bad options before touching the disk
    _check_distinct(games)
    with Staging(output_base(options)) as stage:
        for game in games:
            build_game(game, options, progress, stage)
        return stage.commit()


def build_game(
    game: Game,
    options: BuildOptions,
    progress: Progress | None = None,
    stage: Staging | None = None,
) -> list[Path]:
    """Write the game's PDFs into `stage` (whose owner commits them); without one, the game is
    a whole build of its own. Returns the paths the files have (or will have) in place."""
    if stage is None:
        return build_games([game], options, progress)
    sheet_options = options.sheet_options()
    templates = template_set(game)
    wants_book = RULEBOOK in options.products and bool(editions(game, templates, options))
    out = output_dir(game.id, options)
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
        path = out / f"{stem}-{options.paper_name}.pdf"
        docs.append((path, sets, doc))
        if any(s.product in options.products for s in sets):
            write_document(doc, stage.claim(path))
            written.append(path)
            if progress:
                progress(f"{game.id}/{', '.join(s.id for s in sets)}")
    if wants_book:
        plan_ = print_plan(docs, options)
        for staged in write_rulebooks(game, templates, faces, plan_, options, stage.folder(out)):
            written.append(stage.adopt(staged))
            if progress:
                progress(f"{game.id}/{staged.stem}")
    return written


def _check_distinct(games: list[Game]) -> None:
    """Two games of one build may not share an id: their files would share a folder."""
    seen: dict[str, Game] = {}
    for game in games:
        if game.id in seen:
            raise InputError(
                f"two games of this build have the id {game.id!r} (the other is in "
                f"{seen[game.id].root}); build them one at a time",
                file=game.origin.file,
            )
        seen[game.id] = game


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
