"""One card as a build sees it (`pnp show`): the YAML its face template wrote, numbered by the
template line that wrote each line, and the face rendered alone to a PNG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.catalog.context import face_context, set_face_context
from pnp.catalog.model import Component, ComponentSet, Game
from pnp.catalog.yamlsource import plain
from pnp.errors import InputError, UnknownNameError
from pnp.export.raster import dpi_frame, png_bytes, rasterize
from pnp.layout.templates import Face, TemplateSet
from pnp.layout.trace import Trace
from pnp.pipeline.faces import template_set
from pnp.rules.lookup import find_components, suggest

SHOW_DPI = 300
SHOW_BLEED_MM = 3.0


def find_card(game: Game, ref: str) -> tuple[ComponentSet, Component]:
    """The component `ref` names (its id, or its name when one component has it)."""
    everything = [c for s in game.sets.values() for c in s.components]
    found = find_components(ref, everything)
    if not found:
        raise UnknownNameError(f"no card or piece {ref!r} in {game.id}",
                               suggestions=suggest(ref, everything))  # fmt: skip
    if len(found) > 1:
        ids = ", ".join(c.id for c in found)
        raise InputError(f"{len(found)} pieces of {game.id} are called {ref!r}: name one by "
                         f"its id ({ids})")  # fmt: skip
    return game.sets[found[0].set_id], found[0]


def _template(component_set: ComponentSet, component: Component, back: bool) -> str:
    name = component_set.back if back else component_set.front
    if name is None:
        raise InputError(f"set {component_set.id!r} has no back template: {component.id} has "
                         "one face")  # fmt: skip
    return name


def _face_call(
    game: Game, ref: str, back: bool
) -> tuple[ComponentSet, Component, TemplateSet, tuple[str, dict[str, Any], Face]]:
    """What drawing or tracing one face takes: its set, the card, its template set, and the
    arguments of `TemplateSet.trace` and `render_face` (template name, context, face)."""
    component_set, component = find_card(game, ref)
    name = _template(component_set, component, back)
    context = face_context(game, component_set, component, set_face_context(game, component_set))
    trim = component_set.trim
    face = Face(
        width_mm=trim.width_mm,
        height_mm=trim.height_mm,
        bleed_mm=SHOW_BLEED_MM,
        shape=component_set.shape,
        label=f"{component.name} ({component.id})",
    )
    return component_set, component, template_set(game), (name, context, face)


def face_trace(game: Game, ref: str, back: bool = False) -> tuple[str, Component, Trace]:
    """(template name, component, the traced YAML its front or back template writes)."""
    _, component, templates, (name, context, face) = _face_call(game, ref, back)
    return name, component, templates.trace(name, context, **face)


def numbered(trace: Trace) -> str:
    """The output, each line led by its number and the template line that wrote it."""
    wrote = [str(trace.at(n) or "") for n in range(1, len(trace.lines) + 1)]
    width = max((len(w) for w in wrote), default=0)
    digits = len(str(len(trace.lines)))
    rows = zip(wrote, trace.lines, strict=True)
    return "\n".join(f"{n:>{digits}}  {w:<{width}}  | {line}"
                     for n, (w, (_, line)) in enumerate(rows, 1))  # fmt: skip


def card_fields(component: Component) -> dict[str, object]:
    """What the template sees of the card, as `pnp show` prints it."""
    return {"id": component.id, "name": component.name, "count": component.count,
            "set": component.set_id, **plain(component.fields)}  # fmt: skip


def face_png(game: Game, ref: str, path: Path, back: bool = False) -> tuple[int, int]:
    """Render one face (trim and 3 mm bleed, 300 dpi) to the PNG `path`; its pixel size."""
    component_set, _, templates, (name, context, face) = _face_call(game, ref, back)
    art = templates.render_face(name, context, **face)
    trim = component_set.trim
    frame = dpi_frame(trim.width_mm, trim.height_mm, SHOW_DPI, SHOW_BLEED_MM)
    image = rasterize(art, frame)
    data = png_bytes(image, SHOW_DPI)
    temporary = path.with_name(f".{path.name}.part")
    try:
        temporary.write_bytes(data)
        temporary.replace(path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise InputError(f"cannot write the PNG: {exc.strerror or exc}", file=path) from None
    return image.size
