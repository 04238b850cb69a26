"""What templates see: the catalog as plain mappings, built in one place for every consumer.

A face template sees `game` (with its `edition`), `set` (also as `deck`), `card` (also as
`component`), `tables` (table id -> rows) and `table_info` (table id -> title, note, source,
columns). Builds, tests
and every later consumer (rulebooks, exports) take these mappings from here, so what a template
can name never drifts between them.
"""

from __future__ import annotations

from typing import Any

from pnp.catalog.model import Component, ComponentSet, Game


def game_context(game: Game) -> dict[str, Any]:
    """`game`: id, title and every metadata field; `edition` (the one loaded, None for a game
    without editions) and `editions` (every one it declares)."""
    return {
        "id": game.id, "title": game.title, **game.meta,
        "edition": game.edition.context() if game.edition is not None else None,
        "editions": [e.context() for e in game.editions],
    }  # fmt: skip


def set_context(component_set: ComponentSet) -> dict[str, Any]:
    """`set` (and `deck`): the set's own keys, its size, total copies and its field defaults."""
    s = component_set
    return {
        "id": s.id, "name": s.name, "kind": s.kind, "shape": s.shape, "product": s.product,
        "total": s.total, "note": s.note,
        "size": {"width": s.trim.width_mm, "height": s.trim.height_mm, "name": s.size.name},
        **{k: v for k, v in s.defaults.items() if k not in ("id", "name")},
    }  # fmt: skip


def component_context(component: Component) -> dict[str, Any]:
    """`card` (and `component`): fields at top level plus the reserved keys."""
    c = component
    return {
        **c.fields, "id": c.id, "name": c.name, "count": c.count, "source": c.source,
        "kind": c.kind, "deck": c.deck, "set": c.set_id, "fields": dict(c.fields),
        "note": c.note,
    }  # fmt: skip


def tables_context(game: Game) -> dict[str, list[dict[str, Any]]]:
    """`tables`: table id -> rows."""
    return {t.id: [dict(r) for r in t.rows] for t in game.tables.values()}


def table_info_context(game: Game) -> dict[str, dict[str, Any]]:
    """`table_info`: table id -> title, note, source, columns."""
    return {
        t.id: {"title": t.title, "note": t.note, "source": t.source, "columns": t.columns}
        for t in game.tables.values()
    }


def set_face_context(game: Game, component_set: ComponentSet) -> dict[str, Any]:
    """Everything a face of `component_set` sees except the component itself."""
    shown = set_context(component_set)
    return {
        "set": shown,
        "deck": shown,
        "game": game_context(game),
        "tables": tables_context(game),
        "table_info": table_info_context(game),
    }


def face_context(
    game: Game,
    component_set: ComponentSet,
    component: Component,
    base: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The whole context of one component's faces (`base` from `set_face_context`, to reuse)."""
    shown = component_context(component)
    return {**(base or set_face_context(game, component_set)), "card": shown, "component": shown}


def document_context(game: Game, lang: str) -> dict[str, Any]:
    """What a document template (a rulebook) sees: the face names plus the whole catalog."""
    sets = [
        {**set_context(s), "components": [component_context(c) for c in s.components]}
        for s in game.sets.values()
    ]
    return {
        "game": game_context(game),
        "sets": sets,
        "set_by_id": {s["id"]: s for s in sets},
        "components": [component_context(c) for c in game.components],
        "tables": tables_context(game),
        "table_info": table_info_context(game),
        "rules": [{"id": r.id, "text": r.text, "check": r.check} for r in game.rules],
        "lang": lang,
    }
