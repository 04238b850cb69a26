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
    order; while the faces are laid out, one per component's front and per set's back."""
    if snapshot.pending and not snapshot.faces:
        return _pending_tiles(snapshot)
    groups: dict[tuple[str, str, str], list[Face]] = {}
    for face in snapshot.faces.values():
        groups.setdefault((face.set_id, face.side, face.art.key), []).append(face)
    return [_tile(faces) for faces in groups.values()]


def _tile(faces: list[Face]) -> dict[str, Any]:
    first = faces[0]
    shared = len(faces) > 1
    return {
        "id": first.ident, "set": first.set_id, "side": first.side, "key": first.art.key,
        "name": first.name if not shared else f"{first.side} of {len(faces)} components",
        "names": [f.name for f in faces], "count": sum(f.count for f in faces),
        "template": first.template,
        "warnings": sorted({w for f in faces for w in f.warnings}),
    }  # fmt: skip


def _pending_tiles(snapshot: Snapshot) -> list[dict[str, Any]]:
    if snapshot.game is None:
        return []
    out = []
    for s in snapshot.game.sets.values():
        shown = [c for c in s.components if c.count]
        for side, template in zip(SIDES, (s.front, s.back), strict=True):
            if not template or not shown:
                continue
            listed = shown if side == "front" else shown[:1]
            for c in listed:
                out.append({
                    "id": f"{s.id}/{c.id}/{side}", "set": s.id, "side": side, "key": None,
                    "name": c.name if side == "front" else f"{side} of {s.name}",
                    "names": [c.name] if side == "front" else [x.name for x in shown],
                    "count": c.count if side == "front" else s.total,
                    "template": template, "warnings": [],
                })  # fmt: skip
    return out


def prints_data(prints: PrintState) -> dict[str, Any]:
    return {
        "version": prints.version, "building": prints.building, "problem": prints.problem,
        "files": [{"name": f.name, "pages": f.pages, "stamp": f.stamp} for f in prints.files],
    }  # fmt: skip
