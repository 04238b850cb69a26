"""Benchmark: seconds per rulebook, and how that compares with building the game's sheets.

    python bench/bench_rulebook.py [GAME ...]

A rulebook build draws every face and imposes every product (its printing chapter counts the
real sheets) and then sets the book; the ratio says what the book adds over the sheets alone.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from pnp.catalog.games import builtin_ids, resolve_game
from pnp.catalog.model import PRODUCTS as SET_PRODUCTS
from pnp.pipeline import RULEBOOK, BuildOptions, build_game


def timed(game_id: str, products: tuple[str, ...]) -> tuple[float, list[Path], int]:
    """(seconds, files, pages) of one build in a fresh folder."""
    game = resolve_game(game_id)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        paths = build_game(game, BuildOptions(out_dir=Path(tmp), products=products))
        seconds = time.perf_counter() - start
        pages = sum(len(PdfReader(p).pages) for p in paths)
    return seconds, paths, pages


def main(argv: list[str]) -> None:
    ids = argv or builtin_ids()
    print(f"{'game':<26}{'books':>6}{'pages':>7}{'s/book':>8}{'sheets s':>10}{'book/sheets':>13}")
    for game_id in ids:
        sheets, _, _ = timed(game_id, SET_PRODUCTS)
        seconds, books, pages = timed(game_id, (RULEBOOK,))
        if not books:
            print(f"{game_id:<26}{'no rulebook':>16}")
            continue
        per_book = seconds / len(books)
        print(f"{game_id:<26}{len(books):>6}{pages:>7}{per_book:>8.2f}{sheets:>10.2f}"
              f"{seconds / sheets:>13.2f}")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
