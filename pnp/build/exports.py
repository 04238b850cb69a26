"""Exports: a game's faces rasterized and composed for a print shop, a virtual table or a proof.

`export_games(games, target, options)` writes `<out>/<game>/<target>/` for each game, whole or
not at all (the same staging as builds), and returns the paths written. Every target draws its
faces from the same templates as the print PDFs and rasterizes those drawings (pnp.export.raster).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.build.export_images import export_dtc, export_png, export_proof, shop_exporter
from pnp.build.export_options import (
    TARGETS,
    ExportOptions,
    Output,
    chosen_sets,
    parse_dpi,
    parse_target,
    parse_url_base,
)
from pnp.build.export_tts import export_tts
from pnp.catalog.model import ComponentSet, Game
from pnp.errors import InputError
from pnp.export.staging import Staging

Exporter = Callable[[Game, list[ComponentSet], ExportOptions, Output], None]
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
    seen: set[str] = set()
    chosen = []
    for game in games:  # every choice checked before anything is drawn
        if game.id in seen:
            raise InputError(f"the game {game.id!r} is named twice", file=game.origin.file)
        seen.add(game.id)
        chosen.append((game, chosen_sets(game, target, options)))
    with Staging(options.base) as stage:
        for game, sets in chosen:
            out = Output(stage, options.base / game.id / target, options.url_base)
            export(game, sets, options, out)
            if progress:
                progress(f"{game.id}/{target}")
        return stage.commit()
