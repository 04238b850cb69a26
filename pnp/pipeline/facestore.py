"""Faces a build laid out before, kept in pnp's cache folder: a rebuild lays out what changed.

Laying out faces (templates, text fitting, the legibility and cut checks) is half of a build's
work. A face is a pure function of its component's fields, its set's context and templates,
what every face reads besides the catalog (theme, images, icons, fonts: pnp.pipeline.inputs),
the bleed, and pnp and the libraries it runs on. So each set's laid-out faces are kept in one
file of the cache folder (pnp.io.caches), under a digest of all that but the components, each
component's faces under a digest of its own fields. A rebuild takes the faces whose digests it
finds and lays out the rest: a designer who edits one card lays out that card again; an edit of
a template, the theme, an icon or a font lays out the faces that read it (every face of the
sets concerned); an edit of pnp itself, everything.

Nothing a user sees changes: the faces kept are the values the layout gave (the cut and
legibility findings with them, so the warnings are said again), and the PDFs are the same
bytes. A file that cannot be read, is damaged or is someone else's counts as empty; one that
cannot be written leaves the next build to lay out again. Sets of more than `MOST_FACES`
components (a 10,000-card deck) are not kept: their file would be tens of megabytes, made in
memory at the top of the build's peak (and read back, it would cost about what it saves).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path

from pnp.catalog.context import component_context, set_face_context
from pnp.catalog.model import Component, ComponentSet, Game
from pnp.draw.elements import Element, Group, Text, TextRun
from pnp.io.caches import private_folder, read_private, write_private
from pnp.layout.templates import TemplateSet
from pnp.layout.text.fonts import load_face, loaded_fonts
from pnp.pipeline.buildstore import code_digest, digest, prune
from pnp.pipeline.faces import Laid
from pnp.pipeline.inputs import look, with_closures

LARGEST = 8 << 20  # bytes of one set's file (what pnp.io.caches reads back)
MOST_FACES = 2000  # components of a set kept

LayOut = Callable[[list[Component]], list[tuple[Component, Laid]]]
Kept = dict[str, Laid]  # a component's digest -> its faces
Fonts = list[tuple[str, str]]  # (reportlab name, file) of the fonts faces use, as registered


class FaceStore:
    """The faces of one game's sets kept between builds, at one bleed and ink."""

    def __init__(self, game: Game, templates: TemplateSet, bleed_mm: float, ink_saver: bool):
        self.game, self.folder = game, private_folder("faces")
        # one file per set of each edition, language, bleed and ink: a build of each in turn
        # (a kit and its Japanese twin) takes its own, not the other's
        self.where = (str(game.root), game.file_stem, bleed_mm, ink_saver)
        self.closures: dict[str, str] = {}
        self.shared = ""
        if self.folder is None:
            return
        names = {n for s in game.sets.values() for n in (s.front, s.back) if n}
        inputs = with_closures(look(game), templates, names)
        self.closures = inputs.closures
        self.shared = digest(repr((code_digest(), inputs.shared,
                                    bleed_mm, ink_saver)))  # fmt: skip

    def laid_out(
        self, component_set: ComponentSet, lay_out: LayOut
    ) -> list[tuple[Component, Laid]]:
        """Every component of the set with a copy, with its faces: those kept, and the others
        laid out with `lay_out` (and kept for the next build)."""
        shown = [c for c in component_set.components if c.count]
        if self.folder is None or len(shown) > MOST_FACES:
            return lay_out(shown)
        path = self.folder / f"{digest(repr((self.where, component_set.id)))}.pickle"
        key = self._set_key(component_set)
        kept = _read(path, key)
        digests = [digest(repr(component_context(c))) for c in shown]
        missing = [c for c, d in zip(shown, digests, strict=True) if d not in kept]
        fresh = dict(zip((c.id for c in missing), (f for _, f in lay_out(missing)), strict=True))
        pairs = list(zip(shown, digests, strict=True))
        faces = [fresh[c.id] if c.id in fresh else kept[d] for c, d in pairs]
        if missing or len(kept) != len(set(digests)):
            _write(path, key, {d: _slim(f) for d, f in zip(digests, faces, strict=True)})
        return list(zip(shown, faces, strict=True))

    def _set_key(self, s: ComponentSet) -> str:
        uses = "".join(self.closures[t] for t in (s.front, s.back) if t)
        context = set_face_context(self.game, s)
        return digest(repr((self.shared, context, s.front, s.back, s.shape, uses)))


def _read(path: Path, key: str) -> Kept:
    """The faces kept in `path` under `key`; none when it is missing, damaged or other."""
    data = read_private(path)
    if not data:
        return {}
    try:
        kept_key, kept, fonts = pickle.loads(data)
    except Exception:  # noqa: BLE001 - damaged, truncated or another Python's: lay out again
        return {}
    if kept_key != key or not isinstance(kept, dict) or not _registered(fonts):
        return {}
    return kept


def _registered(fonts: Fonts) -> bool:
    """Register the fonts kept faces draw with, in the order their layout did; False when
    one gets another name here (two files of one name, met in another order): then the
    faces are laid out again, as a build that kept none would."""
    try:
        return all(load_face(Path(path)).name == name for name, path in fonts)
    except Exception:  # noqa: BLE001 - a font gone or damaged: the layout says what is wrong
        return False


def _fonts(kept: Kept) -> Fonts:
    """The fonts the faces of `kept` draw text in, in the order they were registered."""
    names: set[str] = set()
    todo: list[Element] = [e for laid in kept.values() for f in laid if f for e in f[1]]
    while todo:
        element = todo.pop()
        if isinstance(element, TextRun):
            names.add(element.font)
        elif isinstance(element, Group | Text):
            todo += element.children
    return [(name, str(path)) for name, path in loaded_fonts().items() if name in names]


def _write(path: Path, key: str, kept: Kept) -> None:
    """Keep `kept` under `key` in `path` (nothing when too large or not writable)."""
    data = pickle.dumps((key, kept, _fonts(kept)), pickle.HIGHEST_PROTOCOL)
    if len(data) > LARGEST:
        return
    try:
        write_private(path, data)
        prune(path.parent)
    except OSError:  # full, gone or read-only: the next build lays out again
        pass


def _slim(laid: Laid) -> Laid:
    """Faces as kept: the template's output in their key (the YAML it wrote, what told
    identical faces apart in this process) as its digest."""
    return [None if f is None else ((f[0][0], digest(f[0][1]), *f[0][2:]), *f[1:]) for f in laid]
