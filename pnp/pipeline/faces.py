"""Faces as a build draws them: a game's template set, and every component's front and back."""

from __future__ import annotations

import logging

from pnp.catalog.context import face_context, set_face_context
from pnp.catalog.model import Component, ComponentSet, Game
from pnp.draw.elements import Element
from pnp.draw.face import FaceArt, face_key, make_face_art
from pnp.draw.legibility import Finding, Survey, check_face
from pnp.io.files import confine
from pnp.layout.templates import FittedKey, TemplateSet
from pnp.layout.theme import load_theme
from pnp.pipeline.split import faces_in_two
from pnp.resources import templates_dir


def template_set(game: Game, ink_saver: bool = False) -> TemplateSet:
    """The template environment for a game: its own templates first, then the shared ones
    (with `ink_saver`, its theme's light ink-saver colours). Every file it reads lies inside
    the game's folder or the project's shared templates and fonts, links resolved."""
    roots = [game.root]
    confine(game.templates_dir, [*roots, templates_dir()], what="templates folder")
    theme = load_theme(game.templates_dir / "theme.yaml", roots, ink_saver=ink_saver)
    search = [game.templates_dir, templates_dir()]
    assets = [game.root, game.templates_dir, templates_dir()]
    return TemplateSet(search_paths=search, asset_roots=assets, theme=theme, roots=roots)


# a component's front and back: fitted key, elements, legibility findings, face key
Laid = list[tuple[FittedKey, tuple[Element, ...], list[Finding], str] | None]


def render_set_faces(
    game: Game, component_set: ComponentSet, templates: TemplateSet, bleed_mm: float
) -> list[tuple[int, FaceArt, FaceArt | None]]:
    """(count, front, back) for every component of a set with at least one copy (a large
    set's laid out on two cores: pnp.pipeline.split)."""
    w, h = component_set.trim.width_mm, component_set.trim.height_mm
    base = set_face_context(game, component_set)
    size = {"width_mm": w, "height_mm": h, "bleed_mm": bleed_mm}
    names = (component_set.front, component_set.back)
    shape = component_set.shape
    # by id, face held: judged and keyed where laid out (in a worker, for half a large set)
    judged: dict[int, tuple[tuple[Element, ...], list[Finding], str]] = {}

    def lay_out(component: Component) -> Laid:
        context = face_context(game, component_set, component, base)
        label = f"{component.name} ({component.id})"
        laid: Laid = []
        for name in names:
            if not name:
                laid.append(None)
                continue
            key, elements = templates.layout_keyed(name, context, shape=shape, label=label, **size)
            if id(elements) not in judged:
                art_key = face_key(elements, w, h, bleed_mm, shape)
                judged[id(elements)] = (elements, check_face(elements), art_key)
            _, findings, art_key = judged[id(elements)]
            laid.append((key, elements, findings, art_key))
        return laid

    def adopt(laid: Laid) -> Laid:  # a worker's faces, taken as if laid out here
        return [None if f is None else (f[0], templates.adopt(f[0], f[1]), *f[2:]) for f in laid]

    shown = [c for c in component_set.components if c.count]
    faces: list[tuple[int, FaceArt, FaceArt | None]] = []
    survey = Survey()
    for component, laid in zip(shown, faces_in_two(lay_out, shown, adopt), strict=True):
        label = f"{component.name} ({component.id})"
        drawn: list[FaceArt | None] = []
        for name, keyed in zip(names, laid, strict=True):
            if keyed is None or name is None:
                drawn.append(None)
                continue
            survey.add(name, keyed[1], keyed[2])
            art = make_face_art(keyed[1], shape=shape, label=label, key=keyed[3], **size)
            drawn.append(art)
        front, back = drawn
        assert front is not None  # every set has a front template
        faces.append((component.count, front, back))
    warn_illegible(survey, f"{game.id}/{component_set.id}")
    return faces


def warn_illegible(survey: Survey, where: str) -> None:
    """One warning (stderr, through logging) per text box that prints too small or too faint."""
    for line in survey.lines(where):
        logging.getLogger("pnp.legibility").warning("warning: illegible text: %s", line)


def draw_every_face(game: Game, bleed_mm: float = 3.0) -> int | None:
    """Render and fit every face a build of the game would draw, writing nothing: what
    `pnp validate GAME` runs so template errors show there. Returns how many faces it drew, or
    None for a catalog without a templates folder (a game still being written)."""
    if not game.templates_dir.is_dir():
        return None
    templates = template_set(game)
    drawn = 0
    for component_set in game.sets.values():
        w, h = component_set.trim.width_mm, component_set.trim.height_mm
        base = set_face_context(game, component_set)
        survey = Survey()
        for component in component_set.components:
            if component.count == 0:
                continue
            context = face_context(game, component_set, component, base)
            for name in (component_set.front, component_set.back):
                if name:
                    elements = templates.layout(
                        name, context, width_mm=w, height_mm=h, bleed_mm=bleed_mm,
                        shape=component_set.shape, label=f"{component.name} ({component.id})",
                    )  # fmt: skip
                    survey.add(name, elements)
                    drawn += 1
        warn_illegible(survey, f"{game.id}/{component_set.id}")
    return drawn
