"""Faces of a whole game as the build renders them, for the template tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pdfplumber

from pnp.catalog.model import Game
from pnp.draw.face import FaceArt
from pnp.pipeline import render_set_faces, template_set


def render_game_faces(
    game: Game, bleed_mm: float = 3.0
) -> dict[str, dict[str, tuple[FaceArt, FaceArt | None]]]:
    """Set id -> component id -> (front, back) for every component of the game with a copy."""
    templates = template_set(game)
    out: dict[str, dict[str, tuple[FaceArt, FaceArt | None]]] = {}
    for set_id, component_set in game.sets.items():
        rendered = render_set_faces(game, component_set, templates, bleed_mm)
        ids = [c.id for c in component_set.components if c.count > 0]
        out[set_id] = {i: (front, back) for i, (_, front, back) in zip(ids, rendered, strict=True)}
    return out


def rulebook_pages(out: Path, game_id: str) -> list[str]:
    """Build a game's A4 rulebook with `pnp build` into `out`; its pages as text, whitespace
    collapsed."""
    command = ["build", game_id, "--what", "rulebook", "--out", str(out)]
    result = subprocess.run([sys.executable, "-m", "pnp.cli", *command],
                            capture_output=True, text=True)  # fmt: skip
    assert result.returncode == 0, result.stderr
    with pdfplumber.open(out / game_id / f"{game_id}-rulebook-a4.pdf") as pdf:
        return [" ".join((p.extract_text() or "").split()) for p in pdf.pages]
