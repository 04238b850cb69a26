"""What an export writes for each component: its faces, its count, and the files they go to."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pnp.catalog.model import Component, ComponentSet
from pnp.draw.face import FaceArt


@dataclass(frozen=True)
class Piece:
    """One component of a set with at least one copy, and its drawn faces."""

    component: Component
    front: FaceArt
    back: FaceArt | None

    @property
    def count(self) -> int:
        return self.component.count


@dataclass(frozen=True)
class SetPieces:
    """A set and its pieces, in catalog order."""

    set: ComponentSet
    pieces: tuple[Piece, ...]

    @property
    def shared_back(self) -> FaceArt | None:
        """The one back every piece shares, or None when backs differ (or there are none)."""
        keys = {p.back.key if p.back else None for p in self.pieces}
        if len(keys) == 1 and self.pieces and self.pieces[0].back is not None:
            return self.pieces[0].back
        return None


def _in_order(work: Callable[[Any], Any], items: list[Any]) -> list[Any]:
    return [work(item) for item in items]


@dataclass(frozen=True)
class FaceSource:
    """What an export needs from the pipeline above it: a set's pieces with their faces drawn
    with `bleed` mm (`draw(set, bleed)`), and a map that may share work between processes
    (`map(work, items)`, the results in order; one after the other by default)."""

    draw: Callable[[ComponentSet, float], SetPieces]
    map: Callable[[Callable[[Any], Any], list[Any]], list[Any]] = _in_order


def face_files(group: SetPieces, ext: str = "png") -> list[tuple[Piece, str, str]]:
    """(piece, front file, back file) with paths relative to the target folder:
    `SET/ID-front.png`, and `SET/back.png` for a back the whole set shares (else
    `SET/ID-back.png`, or "" for a piece without a back)."""
    sid = group.set.id
    shared = group.shared_back is not None
    rows = []
    for piece in group.pieces:
        cid = piece.component.id
        back = ""
        if piece.back is not None:
            back = f"{sid}/back.{ext}" if shared else f"{sid}/{cid}-back.{ext}"
        rows.append((piece, f"{sid}/{cid}-front.{ext}", back))
    return rows
