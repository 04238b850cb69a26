"""The page's data: the gallery's tiles (one per distinct face of a set), the problem, the
prints, as JSON-ready values. Every string is the game's text, for the page to show as text."""

from __future__ import annotations

from typing import Any

from pnp.studio.book import SIDES, Face, Snapshot
from pnp.studio.prints import PrintState


def state_data(snapshot: Snapshot, prints: PrintState) -> dict[str, Any]:
    """Everything the page draws from: the game, its sets, its tiles, the problem, the prints."""
    game = snapshot.game
    problem = snapshot.problem
    return {
        "version": snapshot.version,
        "pending": snapshot.pending,
        "game": {"id": game.id, "title": game.title} if game else None,
        "sets": [{"id": s.id, "name": s.name} for s in game.sets.values()] if game else [],
        "tiles": tiles(snapshot),
        "problem": None if problem is None else
        {"message": problem.message, "file": problem.file, "line": problem.line},
        "prints": prints_data(prints),
    }  # fmt: skip


def tiles(snapshot: Snapshot) -> list[dict[str, Any]]:
    """One tile per distinct face of each set (a deck's shared back is one tile), in catalog
    order; a face not laid out yet is a tile without a key (a set's such backs, one tile)."""
    game = snapshot.game
    if game is None:
        return []
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    backs: dict[str, str] = {}  # set id -> its first laid-out back's key
    for s in game.sets.values():
        for c in s.components:
            if not c.count:
                continue
            for side, template in zip(SIDES, (s.front, s.back), strict=True):
                ident = f"{s.id}/{c.id}/{side}"
                face = snapshot.faces.get(ident)
                if not template or (face is None and not snapshot.pending):
                    continue
                entry = _entry(face) if face else {
                    "id": ident, "set": s.id, "side": side, "key": None, "name": c.name,
                    "count": c.count, "template": template, "warnings": [],
                }  # fmt: skip
                if side == "back" and entry["key"] is None:  # not laid out yet: with the
                    entry["key"] = backs.get(s.id)  # set's first back, until it is
                mark = entry["key"] or ("waiting" if side == "back" else ident)
                groups.setdefault((s.id, side, mark), []).append(entry)
                if side == "back" and entry["key"]:
                    backs.setdefault(s.id, entry["key"])
    aspect = {s.id: round(s.trim.width_mm / s.trim.height_mm, 4) for s in game.sets.values()}
    return [{**_tile(entries), "aspect": aspect[entries[0]["set"]]} for entries in groups.values()]


def _entry(face: Face) -> dict[str, Any]:
    return {
        "id": face.ident, "set": face.set_id, "side": face.side, "key": face.art.key,
        "name": face.name, "count": face.count, "template": face.template,
        "warnings": list(face.warnings),
    }  # fmt: skip


def _tile(entries: list[dict[str, Any]]) -> dict[str, Any]:
    first = entries[0]
    shared = len(entries) > 1
    return {
        **first,
        "name": first["name"] if not shared else f"{first['side']} of {len(entries)} components",
        "names": [e["name"] for e in entries], "count": sum(e["count"] for e in entries),
        "warnings": sorted({w for e in entries for w in e["warnings"]}),
    }  # fmt: skip


def prints_data(prints: PrintState) -> dict[str, Any]:
    return {
        "version": prints.version, "building": prints.building, "problem": prints.problem,
        "files": [{"name": f.name, "pages": f.pages, "stamp": f.stamp} for f in prints.files],
    }  # fmt: skip
