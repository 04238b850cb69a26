"""Benchmark: how fast and how small the built-in games build. Run by hand; prints ratios.

    python bench/bench_build.py [GAME ...]

For each game: seconds per printed piece, PDF bytes per piece, and how much the reusable forms
save (pieces placed per distinct face drawn). Compare runs before and after a change.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from pnp.catalog.games import builtin_ids, resolve_game
from pnp.catalog.model import PRODUCTS as SET_PRODUCTS
from pnp.pipeline import BuildOptions, build_game


def main(argv: list[str]) -> None:
    ids = argv or builtin_ids()
    print(f"{'game':<26}{'pieces':>8}{'faces':>8}{'reuse':>8}{'ms/piece':>10}{'KB/piece':>10}")
    for game_id in ids:
        game = resolve_game(game_id)
        pieces = sum(s.total * (2 if s.back else 1) for s in game.sets.values())
        faces = sum(len(s.components) * (2 if s.back else 1) for s in game.sets.values())
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            paths = build_game(game, BuildOptions(out_dir=Path(tmp), products=SET_PRODUCTS))
            seconds = time.perf_counter() - start
            size = sum(p.stat().st_size for p in paths)
        print(
            f"{game_id:<26}{pieces:>8}{faces:>8}{pieces / faces:>8.1f}"
            f"{1000 * seconds / pieces:>10.1f}{size / 1024 / pieces:>10.1f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
