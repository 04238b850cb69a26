"""The studio's faces of one game, kept up to date: laid out again only where an input changed.

`FaceBook.refresh()` reloads the catalog (a fraction of a second) and lays out again only the
faces whose inputs changed: every face when the theme, an image or a font changed (their
files' sizes and times differ), the faces whose templates reach a saved template (pnp.studio.
inputs), and the components whose context changed (a catalog edit to one card lays out that
card). A face keeps its face key (pnp.draw.face), so the page is told
exactly which faces to redraw. An input error keeps the last good faces and is kept to show.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pnp.catalog.context import component_context, set_face_context
from pnp.catalog.games import resolve_game
from pnp.catalog.model import Component, ComponentSet, Game
from pnp.draw.cut_safety import CutFinding
from pnp.draw.face import FaceArt, make_face_art
from pnp.draw.legibility import Finding
from pnp.errors import PnpError
from pnp.layout.templates import TemplateSet
from pnp.memo import Memo
from pnp.names import printable, shorten
from pnp.pipeline.faces import Laid, lay_out_set, template_set
from pnp.resources import templates_dir
from pnp.studio.inputs import Inputs, look, with_closures

BLEED_MM = 3.0
FIRST_FACES = 24  # components laid out and shown first when more are to do (a screenful)
FOCUS_MAX = 400  # faces the page may name as shown
SIDES = ("front", "back")


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


@dataclass(frozen=True)
class Problem:
    """What stops the faces from being drawn: pnp's message, with its file and line."""

    message: str
    file: str | None = None
    line: int | None = None

    @classmethod
    def of(cls, exc: Exception) -> Problem:
        if isinstance(exc, PnpError):
            return cls(printable(exc.format()), exc.file, exc.line)
        detail = printable(shorten(f"{type(exc).__name__}: {exc}"))
        return cls(f"internal error: {detail} (a bug in pnp)")


@dataclass
class Snapshot:
    """What the page shows at one moment: the game, its faces, the error if the last refresh
    failed. Replaced whole on every refresh, never changed in place."""

    version: int = 0
    game: Game | None = None
    faces: dict[str, Face] = field(default_factory=dict)  # by Face.ident, in catalog order
    templates: TemplateSet | None = None
    problem: Problem | None = None
    pending: bool = True  # the catalog is loaded, its faces not yet laid out


class FaceBook:
    """The faces of the game `ref` (a built-in id or a game folder), refreshed on demand."""

    def __init__(self, ref: str, game: Game | None = None, edition: str | None = None) -> None:
        """`game`: the game `ref` names, loaded already (the first refresh takes it)."""
        self.ref = ref
        self.edition = edition
        self._loaded = game
        self.snapshot = Snapshot()
        self._lock = threading.Lock()
        self._inputs: Inputs | None = None
        self._templates: TemplateSet | None = None
        # the live components' faces by inputs, replaced whole (sized to them) every refresh
        self._memo: Memo[tuple[str, ...], Laid] = Memo(1)
        self.laid = 0  # components laid out by the last refresh (the rest were kept)
        self.focus: frozenset[str] = frozenset()  # "set/component" the page shows, laid out first
        self.notify: Callable[[Snapshot, list[str]], None] | None = None  # told each publish

    def refresh(self, announce: bool = False) -> list[str]:
        """Reload and lay out what changed; returns the idents of faces whose key changed (a
        problem, if any, is kept on the snapshot, with the last good faces). `announce`: the
        catalog alone is published first, while the faces are laid out."""
        with self._lock:
            old = self.snapshot
            try:
                game, self._loaded = self._loaded or resolve_game(self.ref, self.edition), None
                if announce and old.game is None:
                    self._publish(Snapshot(old.version + 1, game, {}, None, None), [])
                faces, templates = self._lay_out(game, old)
            except Exception as exc:
                kept = Snapshot(self.snapshot.version + 1, old.game, old.faces, old.templates,
                                Problem.of(exc), pending=False)  # fmt: skip
                self._publish(kept, [])
                return []
            changed = _changed(old.faces, faces)
            self._publish(Snapshot(self.snapshot.version + 1, game, faces, templates, None, False),
                          _changed(self.snapshot.faces, faces))  # fmt: skip
            return changed

    def quietly(self, work: Callable[[], Any]) -> Any:
        """`work()` while no refresh runs (templates and fonts are not shared between threads)."""
        with self._lock:
            return work()

    def _publish(self, snapshot: Snapshot, changed: list[str]) -> None:
        self.snapshot = snapshot
        if self.notify is not None:
            self.notify(snapshot, changed)

    def _lay_out(self, game: Game, old: Snapshot) -> tuple[dict[str, Face], TemplateSet]:
        """Every face, laid out where its inputs changed: the faces the page shows first (or
        the first FIRST_FACES), published, when there are more to do, before the rest."""
        templates = self._templates_for(game)
        assert self._inputs is not None
        closures = self._inputs.closures
        plan: list[Planned] = []
        for s in game.sets.values():
            shown = [c for c in s.components if c.count]
            uses = "".join(closures[t] for t in (s.front, s.back) if t)
            base = _digest(repr((set_face_context(game, s), s.front, s.back, s.shape, uses)))
            keys: list[tuple[str, ...]] = [
                (s.id, c.id, base, _digest(repr(component_context(c)))) for c in shown
            ]
            plan.append((s, shown, keys))
        todo = [(s, c) for s, shown, keys in plan for c, k in zip(shown, keys, strict=True)
                if k not in self._memo]  # fmt: skip
        laid: dict[tuple[str, str], Laid] = {}
        if len(todo) > FIRST_FACES:
            urgent = [(s, c) for s, c in todo if f"{s.id}/{c.id}" in self.focus]
            urgent = urgent or todo[:FIRST_FACES]
            laid.update(_lay(game, templates, urgent))
            faces = self._faces(plan, laid, old.faces)
            interim = Snapshot(self.snapshot.version + 1, game, faces, templates, None, True)
            self._publish(interim, _changed(self.snapshot.faces, faces))
        laid.update(_lay(game, templates, [t for t in todo if (t[0].id, t[1].id) not in laid]))
        faces = self._faces(plan, laid, {})
        pairs = [(s, c, k) for s, shown, keys in plan for c, k in zip(shown, keys, strict=True)]
        memo: Memo[tuple[str, ...], Laid] = Memo(max(1, len(pairs)))
        for s, c, k in pairs:
            memo.put(k, self._memo.get(k) or laid[(s.id, c.id)])
        self._memo, self.laid = memo, len(todo)
        return faces, templates

    def _templates_for(self, game: Game) -> TemplateSet:
        """The template set, made afresh when a file faces read changed: with the theme read
        again (and every face laid out again) when anything but a template changed."""
        inputs = look(game)
        if inputs == self._inputs and self._templates is not None:
            return self._templates
        old = self._templates
        if old is None or self._inputs is None or inputs.shared != self._inputs.shared:
            templates = template_set(game)  # theme, fonts, images read afresh
            self._memo = Memo(1)
        else:  # templates alone: faces whose templates reach no changed one are kept
            templates = TemplateSet(old.search_paths, [game.root, game.templates_dir,
                                    templates_dir()], old.theme, roots=[game.root])  # fmt: skip
        names = [t for s in game.sets.values() for t in (s.front, s.back) if t]
        self._inputs = with_closures(inputs, templates, names)
        self._templates = templates
        return templates

    def _faces(self, plan: list[Planned], laid: dict[tuple[str, str], Laid],
               stale: dict[str, Face]) -> dict[str, Face]:  # fmt: skip
        """The faces in catalog order: laid out now, kept, or (not yet laid out) as before."""
        faces: dict[str, Face] = {}
        for s, shown, keys in plan:
            for c, k in zip(shown, keys, strict=True):
                got = laid.get((s.id, c.id)) or self._memo.get(k)
                if got is None:
                    for side in SIDES:
                        if (f := stale.get(f"{s.id}/{c.id}/{side}")) is not None:
                            faces[f.ident] = f
                    continue
                for face in _faces(s, c.id, c.name, c.count, got):
                    faces[face.ident] = face
        return faces


Planned = tuple[ComponentSet, list[Component], list[tuple[str, ...]]]


def _lay(game: Game, templates: TemplateSet, todo: list[tuple[ComponentSet, Component]]
         ) -> dict[tuple[str, str], Laid]:  # fmt: skip
    """The faces of `todo`'s components laid out, set by set."""
    out: dict[tuple[str, str], Laid] = {}
    by_set: dict[str, tuple[ComponentSet, list[Component]]] = {}
    for s, c in todo:
        by_set.setdefault(s.id, (s, []))[1].append(c)
    for s, components in by_set.values():
        for c, f in lay_out_set(game, s, templates, BLEED_MM, components):
            out[(s.id, c.id)] = f
    return out


def _changed(old: dict[str, Face], new: dict[str, Face]) -> list[str]:
    return [i for i, f in new.items() if i not in old or old[i].art.key != f.art.key]


def _faces(s: ComponentSet, cid: str, name: str, count: int, laid: Laid) -> list[Face]:
    out = []
    size = {"width_mm": s.trim.width_mm, "height_mm": s.trim.height_mm, "bleed_mm": BLEED_MM}
    for side, template, keyed in zip(SIDES, (s.front, s.back), laid, strict=True):
        if keyed is None or template is None:
            continue
        _, elements, findings, cuts, key = keyed
        art = make_face_art(elements, shape=s.shape, label=f"{name} ({cid})", key=key, **size)
        warnings = tuple(_legibility(f) for f in findings) + tuple(_cut(c) for c in cuts)
        out.append(Face(s.id, cid, side, name, count, template, art, warnings))
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
