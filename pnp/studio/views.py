"""The page's data: the gallery's tiles (one per distinct face of a set), the problem, the
prints, as JSON-ready values. Every string is the game's text, for the page to show as text.

The gallery is paged: the page asks for the tiles it has room for (`tile_page`), filtered by
set and words, so a 10,000-card game sends a screenful, not every tile, after each save."""

from __future__ import annotations

from typing import Any

from pnp.memo import Memo
from pnp.studio.book import SIDES, Face, Snapshot
from pnp.studio.prints import PrintState

PAGE_MAX = 1000  # tiles one request may ask for
# a face's tile by what it shows (the faces a save kept keep their tiles)
_TILED: Memo[tuple[Any, ...], tuple[dict[str, Any], dict[str, Any]]] = Memo(32_768)


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
    groups: dict[tuple[str, str, str], list[tuple[dict[str, Any], dict[str, Any] | None]]] = {}
    backs: dict[str, str] = {}  # set id -> its first laid-out back's key
    for s in game.sets.values():
        aspect = round(s.trim.width_mm / s.trim.height_mm, 4)
        for c in s.components:
            if not c.count:
                continue
            for side, template in zip(SIDES, (s.front, s.back), strict=True):
                ident = f"{s.id}/{c.id}/{side}"
                face = snapshot.faces.get(ident)
                if not template or (face is None and not snapshot.pending):
                    continue
                entry, alone = (
                    _face_tile(face, aspect)
                    if face
                    else (
                        {
                            "id": ident,
                            "set": s.id,
                            "side": side,
                            "key": backs.get(s.id) if side == "back" else None,
                            "name": c.name,
                            "count": c.count,
                            "template": template,
                            "warnings": [],
                            "aspect": aspect,
                        },
                        None,
                    )
                )  # fmt: skip  (a back not laid out yet: with the set's first, until it is)
                mark = entry["key"] or ("waiting" if side == "back" else ident)
                groups.setdefault((s.id, side, mark), []).append((entry, alone))
                if side == "back" and entry["key"]:
                    backs.setdefault(s.id, entry["key"])
    return [group[0][1] or _tile([e for e, _ in group]) if len(group) == 1
            else _tile([e for e, _ in group]) for group in groups.values()]  # fmt: skip


def _face_tile(face: Face, aspect: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """A laid-out face's entry, and its tile when no other face shares it (made once a face:
    a 10,000-card game's tiles are listed again after every save)."""
    key = (face.ident, face.art.key, face.name, face.count, face.template, face.warnings, aspect)

    def make() -> tuple[dict[str, Any], dict[str, Any]]:
        entry = {
            "id": face.ident, "set": face.set_id, "side": face.side, "key": face.art.key,
            "name": face.name, "count": face.count, "template": face.template,
            "warnings": list(face.warnings), "aspect": aspect,
        }  # fmt: skip
        return entry, _tile([entry])

    return _TILED.get_or_make(key, make)


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


def _tile(entries: list[dict[str, Any]]) -> dict[str, Any]:
    first = entries[0]
    shared = len(entries) > 1
    return {
        **first,
        "name": first["name"] if not shared else f"{first['side']} of {len(entries):,} components",
        "names": [e["name"] for e in entries], "count": sum(e["count"] for e in entries),
        "warnings": sorted({w for e in entries for w in e["warnings"]}),
    }  # fmt: skip


def prints_data(prints: PrintState) -> dict[str, Any]:
    return {
        "version": prints.version, "building": prints.building, "problem": prints.problem,
        "files": [{"name": f.name, "pages": f.pages, "stamp": f.stamp} for f in prints.files],
    }  # fmt: skip
