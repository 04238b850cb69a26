"""The shipped Espionage catalog still plays as tuned: the Monte Carlo model in bench/ (which
reads the catalog) lands in the bands recorded in the game's notes. A catalog edit that breaks
the balance (goals back to 1-6) fails here. ESPIONAGE the card game has its own whole-game
model and bands: tests/test_balance_espionage_card_game.py."""

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


def test_caledonian_supported_crisis_is_a_coin_flip_and_maximum_is_reachable() -> None:
    sim = _load("sim_caledonian")
    cat = sim.load()
    crisis = sim.crisis_rates(random.Random(1), cat, runs=150)
    assert 0.40 <= crisis["supported"] <= 0.60
    assert crisis["unsupported"] < crisis["supported"] / 2  # your own cards matter
    track = sim.track_rates(random.Random(1), cat, games=400, players=4)
    assert track["nation_reaches_max"] >= 0.25
    assert 1 <= track["falls_to_x_per_game"] <= 12  # the Traitor's route still exists
