"""What is in the box: every component with its count, as JSON data or a readable list."""

from __future__ import annotations

from typing import Any

from pnp.catalog.context import tables_context
from pnp.catalog.model import Game


def inventory_data(game: Game) -> dict[str, Any]:
    """`{"game", "title", "components": [...], "tables": {id: rows}}` for `pnp inventory --json`."""
    components = [
        {
            "id": c.id,
            "name": c.name,
            "kind": c.kind,
            "deck": c.deck,
            "set": c.set_id,
            "count": c.count,
            "source": c.source,
            "fields": c.fields,
        }
        for c in game.components
    ]
    return {
        "game": game.id,
        "title": game.title,
        "components": components,
        "tables": tables_context(game),
    }


def inventory_text(game: Game) -> str:
    """A readable list: one block per set, one line per component."""
    lines = [f"{game.title} ({game.id})"]
    for component_set in game.sets.values():
        s, size = component_set, component_set.trim
        lines.append(
            f"\n{s.name} [{s.id}] — {s.total} x {s.kind}, {size.width_mm:g} x {size.height_mm:g} mm"
        )
        for c in component_set.components:
            lines.append(f"  {c.count:>3}  {c.name}  ({c.id}, {c.source})")
    if game.tables:
        lines.append("\nTables: " + ", ".join(game.tables))
    return "\n".join(lines)
