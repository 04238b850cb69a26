"""Exports: a game's faces rasterized and composed for a print shop, a virtual table or a proof.

`export_games(games, target, options)` writes `<out>/<game>/<target>/` for each game, whole or
not at all (the same staging as builds), and returns the paths written. Every target draws its
faces from the same templates as the print PDFs and rasterizes those drawings (pnp.export.raster).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.catalog.model import ComponentSet, Game
from pnp.errors import InputError
from pnp.export.images import Exporter, export_dtc, export_png, export_proof, shop_exporter
from pnp.export.pieces import FaceSource, Piece, SetPieces
from pnp.export.raster import PixelBudget
from pnp.export.targets import (
    TARGETS,
    ExportOptions,
    Output,
    check_options,
    chosen_sets,
    parse_dpi,
    parse_target,
    parse_url_base,
)
from pnp.export.tts_game import export_tts
from pnp.io.staging import Staging
from pnp.layout.templates import TemplateSet
from pnp.pipeline.faces import render_set_faces, template_set
from pnp.pipeline.split import face_map

EXPORTERS: dict[str, Exporter] = {
    "png": export_png,
    "tgc": shop_exporter("tgc"),
    "mpc": shop_exporter("mpc"),
    "dtc": export_dtc,
    "tts": export_tts,
    "proof": export_proof,
}
assert tuple(EXPORTERS) == TARGETS
Progress = Callable[[str], None]

__all__ = [
    "TARGETS", "ExportOptions", "export_games", "parse_dpi", "parse_target", "parse_url_base",
]  # fmt: skip


def export_games(
    games: list[Game],
    target: str,
    options: ExportOptions | None = None,
    progress: Progress | None = None,
) -> list[Path]:
    """Write each game's `target` export; returns the paths written. They are moved into place
    together once all are complete: after a failure the output folder is as it was."""
    options = options or ExportOptions()
    if options.url_base is not None:
        parse_url_base(options.url_base)
    export = EXPORTERS[parse_target(target)]
    check_options(target, options)
    seen: set[str] = set()
    chosen = []
    for game in games:  # every choice checked before anything is drawn
        if game.file_stem in seen:
            raise InputError(f"the game {game.id!r} is named twice", file=game.origin.file)
        seen.add(game.file_stem)
        chosen.append((game, chosen_sets(game, target, options)))
    budget = PixelBudget()  # pixels rasterized, every game counted
    with Staging(options.base, games=[game.root for game in games]) as stage:
        for game, sets in chosen:
            out = Output(stage, export_folder(options.base, game, target), options.url_base, budget)
            export(game, sets, options, out, face_source(game))
            if progress:
                progress(f"{game.id}/{target}")
        return stage.commit()


def export_folder(base: Path, game: Game, target: str) -> Path:
    """`BASE/GAME/TARGET`; another edition than the default's: `BASE/GAME/TARGET-EDITION`."""
    suffix = game.file_stem[len(game.id) :]
    return base / game.id / f"{target}{suffix}"


def face_source(game: Game) -> FaceSource:
    """The game's faces as exports draw them: from its templates, rasterized on two cores."""
    templates = template_set(game)
    return FaceSource(
        draw=lambda component_set, bleed: set_pieces(game, component_set, templates, bleed),
        map=face_map,
    )


def set_pieces(
    game: Game, component_set: ComponentSet, templates: TemplateSet, bleed_mm: float
) -> SetPieces:
    """The set's components with at least one copy, each with its drawn faces."""
    counted = [c for c in component_set.components if c.count > 0]
    faces = render_set_faces(game, component_set, templates, bleed_mm)
    pieces = tuple(
        Piece(component, front, back)
        for component, (_, front, back) in zip(counted, faces, strict=True)
    )
    return SetPieces(component_set, pieces)
