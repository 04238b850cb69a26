"""Faction and nation colours stay apart for colour-blind players, and no fact is told by colour
alone: every coloured party also has a shape, a symbol or a code of its own.

Colours are simulated with the Machado, Oliveira and Fernandes (2009) matrices at full severity
(applied to linear sRGB), then compared as CIELAB distances (CIE76, D65). A distance of 10 is
plainly visible side by side; a game passes when every pair of its parties is at least that far
apart with normal vision, deuteranopia and protanopia.
"""

from __future__ import annotations

import itertools
import math

import pytest

from pnp.catalog.games import resolve_game

MIN_DELTA_E = 10.0
MACHADO = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}
# game -> (table, colour column, the column that tells the same party apart without colour)
PALETTES = {
    "1955-war-of-espionage": ("factions", "colour", "star_points"),
    "spy-royale": ("factions", "colour", "icon"),
    "axis-allies-espionage": ("powers", "colour", "code"),
    "espionage-caledonian": ("nations", "colour", "code"),
}


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb_linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, c)) for c in rgb_linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(hex_colour: str, vision: str) -> tuple[float, float, float]:
    """CIELAB of a '#rrggbb' colour as seen with `vision`."""
    h = hex_colour.strip().lstrip("#")
    rgb = [_linear(int(h[i : i + 2], 16) / 255) for i in (0, 2, 4)]
    m = MACHADO[vision]
    simulated = tuple(sum(m[row][k] * rgb[k] for k in range(3)) for row in range(3))
    return _lab(simulated)  # type: ignore[arg-type]


def test_simulation_matches_known_confusions() -> None:
    # red and green, the classic confusion: far apart normally, close for a deuteranope
    red, green = "#d62728", "#2ca02c"
    assert math.dist(seen(red, "normal"), seen(green, "normal")) > 60
    assert math.dist(seen(red, "deuteranopia"), seen(green, "deuteranopia")) < 30
    # blue and orange (the Okabe-Ito pair) stay apart for everyone
    for vision in MACHADO:
        assert math.dist(seen("#0072B2", vision), seen("#E69F00", vision)) > 40


def _rows(game_id: str) -> list[dict]:
    table, _, _ = PALETTES[game_id]
    return [dict(row) for row in resolve_game(game_id).tables[table].rows]


@pytest.mark.parametrize("game_id", sorted(PALETTES))
@pytest.mark.parametrize("vision", sorted(MACHADO))
def test_party_colours_stay_apart(game_id: str, vision: str) -> None:
    _, colour, _ = PALETTES[game_id]
    rows = _rows(game_id)
    close = [
        (a["id"], b["id"], round(math.dist(seen(a[colour], vision), seen(b[colour], vision)), 1))
        for a, b in itertools.combinations(rows, 2)
        if math.dist(seen(a[colour], vision), seen(b[colour], vision)) < MIN_DELTA_E
    ]
    assert close == []


@pytest.mark.parametrize("game_id", sorted(PALETTES))
def test_every_party_has_a_mark_besides_its_colour(game_id: str) -> None:
    _, _, mark = PALETTES[game_id]
    marks = [row[mark] for row in _rows(game_id)]
    assert all(m not in (None, "") for m in marks) and len(set(marks)) == len(marks)
