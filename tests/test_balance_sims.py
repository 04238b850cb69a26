"""The shipped ESPIONAGE catalog still plays as tuned: the Monte Carlo model in bench/ (which reads
the catalog) lands in the bands recorded in the game's notes. A catalog edit that breaks the
balance (the Informant showing a whole hand) fails here. Espionage (Caledonian) has its own,
whole-game bands in test_balance_caledonian.py."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_espionage_shortcuts_no_longer_decide_most_games() -> None:
    sim = _load("sim_espionage")
    result = sim.measure(random.Random(1), sim.load(), games=3000, players=4)
    assert result["combo_share"] < 0.12  # Informant then Assassin (was 25%)
    assert result["package_share"] < 0.10  # passing to ten cards (was 19%)
    assert result["pile_share"] > 0.75  # most games reach the empty draw pile
