"""The page's data: the gallery's tiles (one per distinct face of a set), the problem, the
prints, as JSON-ready values. Every string is the game's text, for the page to show as text.

The gallery is paged: the page asks for the tiles it has room for (`tile_page`), filtered by
set and words, so a 10,000-card game sends a screenful, not every tile, after each save."""

from __future__ import annotations

from typing import Any

from pnp.studio.book import SIDES, Face, Snapshot
from pnp.studio.prints import PrintState

PAGE_MAX = 1000  # tiles one request may ask for


def state_data(snapshot: Snapshot, prints: PrintState, faces: int) -> dict[str, Any]:
    """What the page draws from besides the tiles: the game, its sets, how many tiles
    (`faces`), the problem, the prints."""
    game = snapshot.game
    problem = snapshot.problem
    return {
        "version": snapshot.version,
        "pending": snapshot.pending,
        "waiting": snapshot.waiting,
        "game": {"id": game.id, "title": game.title} if game else None,
        "sets": [{"id": s.id, "name": s.name} for s in game.sets.values()] if game else [],
        "faces": faces,
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


def matching(every: list[dict[str, Any]], set_id: str, words: str) -> list[dict[str, Any]]:
    """The tiles of set `set_id` (all sets: "") whose name holds `words` (any case; a deck's
    shared back is named as one, not by its cards)."""
    words = words.strip().lower()
    return [t for t in every if (not set_id or t["set"] == set_id)
            and (not words or words in t["name"].lower())]  # fmt: skip


def tile_page(shown: list[dict[str, Any]], version: int, start: int, stop: int) -> dict[str, Any]:
    """Tiles `start` to `stop` (at most PAGE_MAX) of the `shown` ones, and how many there are."""
    start = max(0, start)
    stop = min(max(start, stop), start + PAGE_MAX)
    return {"version": version, "total": len(shown), "start": start, "tiles": shown[start:stop]}


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
