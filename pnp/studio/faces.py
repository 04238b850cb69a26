"""The faces the studio shows: one side of one component, keyed by what it was laid out from.

`plan` keys every component by its inputs (its set's context and templates, its own fields),
so a refresh lays out only the components whose key it has not seen; `lay` lays them out as a
build does; `faces_of` makes the page's faces of one component's laid-out front and back.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from pnp.catalog.context import component_context, set_face_context
from pnp.catalog.model import Component, ComponentSet, Game
from pnp.draw.cut_safety import CutFinding
from pnp.draw.face import FaceArt, make_face_art
from pnp.draw.legibility import Finding
from pnp.layout.templates import TemplateSet
from pnp.pipeline.faces import Laid, lay_out_set

BLEED_MM = 3.0
SIDES = ("front", "back")

Pair = tuple[ComponentSet, Component]
Key = tuple[str, ...]  # set id, component id, digest of the set's inputs, of the component's
Planned = tuple[ComponentSet, list[Component], list[Key]]


@dataclass(frozen=True)
class Face:
    """One side of one component, as the studio shows it."""

    set_id: str
    component_id: str
    side: str
    name: str
    count: int
    template: str
    art: FaceArt
    warnings: tuple[str, ...] = ()

    @property
    def ident(self) -> str:
        return f"{self.set_id}/{self.component_id}/{self.side}"


def plan(game: Game, closures: dict[str, str]) -> list[Planned]:
    """Every set's components with at least one copy, each with its key (`closures`: each
    face template's digest, pnp.studio.inputs)."""
    out: list[Planned] = []
    for s in game.sets.values():
        shown = [c for c in s.components if c.count]
        uses = "".join(closures[t] for t in (s.front, s.back) if t)
        base = _digest(repr((set_face_context(game, s), s.front, s.back, s.shape, uses)))
        keys: list[Key] = [(s.id, c.id, base, _digest(repr(component_context(c)))) for c in shown]
        out.append((s, shown, keys))
    return out


def lay(game: Game, templates: TemplateSet, todo: list[Pair]) -> dict[tuple[str, str], Laid]:
    """The faces of `todo`'s components laid out, set by set."""
    out: dict[tuple[str, str], Laid] = {}
    by_set: dict[str, tuple[ComponentSet, list[Component]]] = {}
    for s, c in todo:
        by_set.setdefault(s.id, (s, []))[1].append(c)
    for s, components in by_set.values():
        for c, f in lay_out_set(game, s, templates, BLEED_MM, components):
            out[(s.id, c.id)] = f
    return out


def changed(old: dict[str, Face], new: dict[str, Face]) -> list[str]:
    """The idents of the faces in `new` that `old` lacks or drew differently."""
    return [i for i, f in new.items() if i not in old or old[i].art.key != f.art.key]


def faces_of(s: ComponentSet, c: Component, laid: Laid) -> list[Face]:
    """The page's faces of component `c` of set `s`, from its laid-out front and back."""
    out = []
    size = {"width_mm": s.trim.width_mm, "height_mm": s.trim.height_mm, "bleed_mm": BLEED_MM}
    for side, template, keyed in zip(SIDES, (s.front, s.back), laid, strict=True):
        if keyed is None or template is None:
            continue
        _, elements, findings, cuts, key = keyed
        art = make_face_art(elements, shape=s.shape, label=f"{c.name} ({c.id})", key=key, **size)
        warnings = tuple(_legibility(f) for f in findings) + tuple(_cut(c) for c in cuts)
        out.append(Face(s.id, c.id, side, c.name, c.count, template, art, warnings))
    return out


def _legibility(f: Finding) -> str:
    problems = []
    if f.too_small:
        problems.append(f"{f.size:g} pt")
    if f.too_faint:
        problems.append(f"contrast {f.contrast:.2f}:1")
    return f"illegible text: {f.element or 'text'}: {', '.join(problems)}, e.g. {f.sample!r}"


def _cut(c: CutFinding) -> str:
    return f"near the cut: {c.edge} edge: {c.detail}"


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()
