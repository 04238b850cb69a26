"""Benchmark: seconds per 100 faces rasterized at 300 dpi. Run by hand; prints one line per game.

    python bench/bench_export.py [GAME ...]        (default: spy-royale)

For each game, the `png` export (every distinct face, trim plus 3 mm bleed, at 300 dpi) is timed
whole, cold (the first run loads fonts and compiles templates) and warm, then split (in seconds
per 100 faces too): drawing the faces (templates -> fitted elements, what every build pays) and
rasterizing them (face PDF -> PDFium -> PNG bytes, what exports add).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from pnp.catalog.games import resolve_game
from pnp.export.raster import FaceImages, dpi_frame
from pnp.pipeline import render_set_faces, template_set
from pnp.pipeline.exports import ExportOptions, export_games

DPI = 300


def main(argv: list[str]) -> None:
    print(f"{'game':<24}{'faces':>6}{'s/100 cold':>12}{'s/100 warm':>12}{'draw':>8}{'raster':>8}")
    for game_id in argv or ["spy-royale"]:
        game = resolve_game(game_id)
        wholes = []
        for _ in range(2):  # cold (fonts loaded, templates compiled), then warm
            with tempfile.TemporaryDirectory() as tmp:
                start = time.perf_counter()
                export_games([game], "png", ExportOptions(dpi=DPI, out_dir=Path(tmp)))
                wholes.append(time.perf_counter() - start)
        templates = template_set(game)
        start = time.perf_counter()
        drawn = [
            (s, face)
            for s in game.sets.values()
            for _, front, back in render_set_faces(game, s, templates, 3.0)
            for face in (front, back)
            if face is not None
        ]
        draw = time.perf_counter() - start
        distinct = {face.key: (s, face) for s, face in drawn}
        images = FaceImages()
        start = time.perf_counter()
        for s, face in distinct.values():
            images.png(face, dpi_frame(s.trim.width_mm, s.trim.height_mm, DPI, 3.0))
        raster = time.perf_counter() - start
        n = len(distinct)
        cold, warm = (100 * t / n for t in wholes)
        print(
            f"{game_id:<24}{n:>6}{cold:>12.2f}{warm:>12.2f}{100 * draw / n:>8.2f}"
            f"{100 * raster / n:>8.2f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
