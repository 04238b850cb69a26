"""No near-empty sheet in a print kit: a player should not feed a sheet of card stock to print
a handful of chips. Read from the kits' PDFs (pypdfium2): the builder's page lists what each
sheet holds (`Intel chips (37)`), the catalog gives each piece's trim, and their area over the
paper's is how much of the sheet the pieces use."""

from __future__ import annotations

import math

import pypdfium2 as pdfium
import pytest
from kit_list import sheet_list

from pnp.catalog.games import resolve_game
from pnp.units import PT_PER_MM

LEAST = 0.2  # of the paper: a sheet of 20 mm chips alone holds about 35%, of cards about 80%
GAMES = ["axis-allies-espionage", "spy-royale", "1955-war-of-espionage"]


def areas(game_id: str) -> dict[str, float]:
    """mm² of trim per piece, by the name sheet labels give its set."""
    out = {}
    for s in resolve_game(game_id).sets.values():
        w, h = s.trim.width_mm, s.trim.height_mm
        out[s.name] = math.pi * w * h / 4 if s.shape == "round" else w * h
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_sheet_of_the_kit_is_worth_printing(builtin_kits, game_id: str, paper: str) -> None:
    area = areas(game_id)
    used: dict[int, float] = {}
    path = builtin_kits(paper)[game_id]
    document = pdfium.PdfDocument(path)
    for sheet in sheet_list(path):
        if not sheet.pieces:
            continue  # a board: one piece, listed by name
        w, h = (v / PT_PER_MM for v in document[sheet.pages[0] - 1].get_size())
        total = sum(area[name] * n for name, n in sheet.pieces.items())
        used[sheet.number] = total / (w * h)
    assert used, game_id
    assert {n: round(u, 3) for n, u in used.items() if u < LEAST} == {}, (game_id, paper)
