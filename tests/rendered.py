"""Faces of a whole game as the build renders them, for the template tests."""

from __future__ import annotations

from collections.abc import Iterable

from products import Products
from readers import page_texts

from pnp.catalog.model import Game
from pnp.draw.face import FaceArt
from pnp.pipeline import render_set_faces, template_set


def render_game_faces(
    game: Game, bleed_mm: float = 3.0, sets: Iterable[str] | None = None
) -> dict[str, dict[str, tuple[FaceArt, FaceArt | None]]]:
    """Set id -> component id -> (front, back) for every component of the game with a copy;
    only the sets named in `sets` when given (a test of one piece draws just its set)."""
    templates = template_set(game)
    out: dict[str, dict[str, tuple[FaceArt, FaceArt | None]]] = {}
    wanted = set(game.sets) if sets is None else set(sets)
    assert wanted <= set(game.sets), sorted(wanted - set(game.sets))
    for set_id, component_set in game.sets.items():
        if set_id not in wanted:
            continue
        rendered = render_set_faces(game, component_set, templates, bleed_mm)
        ids = [c.id for c in component_set.components if c.count > 0]
        out[set_id] = {i: (front, back) for i, (_, front, back) in zip(ids, rendered, strict=True)}
    return out


def rulebook_pages(products: Products, game_id: str, edition: str = "") -> list[str]:
    """A game's A4 rulebook as `pnp build <game> --what rulebook [--edition <edition>]` writes
    it (built once per session, see tests/products.py); its pages as text, whitespace
    collapsed. `edition`: another than the game's default."""
    stem = f"{game_id}-{edition}" if edition else game_id
    return page_texts(products.rulebook(game_id, name=f"{stem}-rulebook-a4.pdf"))
