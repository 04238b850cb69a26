"""The studio's faces of one game, kept up to date: laid out again only where an input changed.

`FaceBook.refresh()` reloads the catalog (a fraction of a second) and lays out again only the
faces whose inputs changed: every face when the theme, an image or a font changed (their
files' sizes and times differ), the faces whose templates reach a saved template (pnp.studio.
inputs), and the components whose context changed (a catalog edit to one card lays out that
card). A face keeps its face key (pnp.draw.face), so the page is told
exactly which faces to redraw. An input error keeps the last good faces and is kept to show.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from pnp.catalog.games import resolve_game
from pnp.catalog.model import Game
from pnp.errors import PnpError
from pnp.layout.templates import TemplateSet
from pnp.memo import Memo
from pnp.names import printable, shorten
from pnp.pipeline.faces import template_set
from pnp.pipeline.inputs import Inputs, look, with_closures
from pnp.resources import templates_dir
from pnp.studio.faces import BLEED_MM, SIDES, Face, Key, Pair, Planned, changed, faces_of, lay, plan

__all__ = ["BLEED_MM", "FOCUS_MAX", "SIDES", "Face", "FaceBook", "Problem", "Snapshot"]

FIRST_FACES = 24  # components laid out and shown first when more are to do (a screenful)
FOCUS_MAX = 400  # faces the page may name as shown
CHUNK = 8  # components laid out at a time in the background: a save waits for one chunk at most
PUBLISH_S = 0.5  # the background's progress published at most this often


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
    pending: bool = True  # the catalog is loaded, its faces not (all) laid out yet
    waiting: int = 0  # components still to lay out (in the background)


@dataclass
class Job:
    """A refresh's components whose faces are still to lay out, in catalog order."""

    game: Game
    templates: TemplateSet
    plan: list[Planned]
    left: dict[tuple[str, str], tuple[Pair, Key]]

    def take(self, focus: frozenset[str], n: int) -> list[tuple[Pair, Key]]:
        """Up to `n` of the components left: those the page shows (`set/component`) first."""
        picked: list[tuple[Pair, Key]] = []
        for shown in focus:
            sid, _, cid = shown.partition("/")
            if len(picked) < n and (got := self.left.pop((sid, cid), None)) is not None:
                picked.append(got)
        while len(picked) < n and self.left:
            picked.append(self.left.pop(next(iter(self.left))))
        return picked


class FaceBook:
    """The faces of the game `ref` (a built-in id or a game folder), refreshed on demand.

    A refresh lays out first the faces the page shows (`focus`, else the first FIRST_FACES);
    the rest are laid out before it returns, or (`background`) by a thread of the book's own,
    a chunk at a time, so a save is never kept waiting behind a 10,000-card game."""

    def __init__(self, ref: str, game: Game | None = None, edition: str | None = None,
                 background: bool = False) -> None:  # fmt: skip
        """`game`: the game `ref` names, loaded already (the first refresh takes it)."""
        self.ref = ref
        self.edition = edition
        self.background = background
        self._loaded = game
        self.snapshot = Snapshot()
        self._lock = threading.Lock()
        self._inputs: Inputs | None = None
        self._templates: TemplateSet | None = None
        # the live components' faces by inputs, replaced whole (sized to them) every refresh
        self._memo: Memo[Key, tuple[Face, ...]] = Memo(1)
        self._job: Job | None = None  # what the last refresh left to lay out
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.laid = 0  # components laid out since the last refresh began (the rest were kept)
        self.focus: frozenset[str] = frozenset()  # "set/component" the page shows, laid out first
        self.notify: Callable[[Snapshot, list[str]], None] | None = None  # told each publish

    def refresh(self, announce: bool = False) -> list[str]:
        """Reload and lay out what changed; returns the idents of faces whose key changed (a
        problem, if any, is kept on the snapshot, with the last good faces). `announce`: the
        catalog alone is published first, while the faces are laid out."""
        with self._lock:
            old = self.snapshot
            self._job, self.laid = None, 0  # what the last one left is planned again
            try:
                game, self._loaded = self._loaded or resolve_game(self.ref, self.edition), None
                if announce and old.game is None:
                    self._publish(Snapshot(old.version + 1, game, {}, None, None), [])
                job = self._plan(game)
                self._lay(job, job.take(self.focus, FIRST_FACES))
                if job.left and self.background:
                    self._job = job
                    self._wake.set()
                elif job.left:
                    self._publish_job(job, old.faces)  # the first faces, while the rest are
                    self._lay(job, job.take(frozenset(), len(job.left)))
            except Exception as exc:
                kept = Snapshot(self.snapshot.version + 1, old.game, old.faces, old.templates,
                                Problem.of(exc), pending=False)  # fmt: skip
                self._publish(kept, [])
                return []
            if self._job is not None and self._thread is None:
                self._thread = threading.Thread(target=self._run, name="pnp-studio-faces",
                                                daemon=True)  # fmt: skip
                self._thread.start()
            return changed(old.faces, self._publish_job(job, old.faces))

    def quietly(self, work: Callable[[], Any]) -> Any:
        """`work()` while no layout runs (templates and fonts are not shared between threads)."""
        with self._lock:
            return work()

    def close(self) -> None:
        """Stop laying out in the background."""
        self._closed = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._closed:
            self._wake.wait()
            self._wake.clear()
            job = self._job
            if job is not None and not self._closed:
                self._fill(job)

    def _fill(self, job: Job) -> None:
        """Lay out what `job` left, a chunk at a time (the faces the page shows first), until
        done or a newer refresh replaces it; a template's error there is shown as a save's."""
        shown = time.monotonic()
        while not self._closed:
            with self._lock:
                if self._job is not job:
                    return
                try:
                    self._lay(job, job.take(self.focus, CHUNK))
                except Exception as exc:
                    self._job = None
                    snap = self.snapshot
                    self._publish(replace(snap, version=snap.version + 1, problem=Problem.of(exc),
                                          pending=False, waiting=0), [])  # fmt: skip
                    return
                if not job.left or time.monotonic() - shown >= PUBLISH_S:
                    self._publish_job(job, self.snapshot.faces)
                    shown = time.monotonic()
                if not job.left:
                    self._job = None
                    return

    def _publish(self, snapshot: Snapshot, changed: list[str]) -> None:
        self.snapshot = snapshot
        if self.notify is not None:
            self.notify(snapshot, changed)

    def _publish_job(self, job: Job, stale: dict[str, Face]) -> dict[str, Face]:
        """Publish the faces laid out so far (the others as in `stale`, until they are)."""
        faces: dict[str, Face] = {}
        for s, shown, keys in job.plan:
            for c, k in zip(shown, keys, strict=True):
                got = self._memo.get(k)
                if got is None:
                    for side in SIDES:
                        if (f := stale.get(f"{s.id}/{c.id}/{side}")) is not None:
                            faces[f.ident] = f
                    continue
                for face in got:
                    faces[face.ident] = face
        snapshot = Snapshot(self.snapshot.version + 1, job.game, faces, job.templates, None,
                            bool(job.left), len(job.left))  # fmt: skip
        self._publish(snapshot, changed(self.snapshot.faces, faces))
        return faces

    def _plan(self, game: Game) -> Job:
        """Every component keyed by its inputs; those whose faces are known kept, the others
        left to lay out."""
        templates = self._templates_for(game)
        assert self._inputs is not None
        planned = plan(game, self._inputs.closures)
        memo: Memo[Key, tuple[Face, ...]] = Memo(max(1, sum(len(p[1]) for p in planned)))
        left: dict[tuple[str, str], tuple[Pair, Key]] = {}
        for s, shown, keys in planned:
            for c, k in zip(shown, keys, strict=True):
                if (kept := self._memo.get(k)) is not None:
                    memo.put(k, kept)
                else:
                    left[(s.id, c.id)] = ((s, c), k)
        self._memo = memo
        return Job(game, templates, planned, left)

    def _lay(self, job: Job, todo: list[tuple[Pair, Key]]) -> None:
        laid = lay(job.game, job.templates, [pair for pair, _ in todo])
        for (s, c), k in todo:
            self._memo.put(k, tuple(faces_of(s, c, laid[(s.id, c.id)])))
        self.laid += len(todo)

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
