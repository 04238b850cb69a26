"""Faces as a build draws them: a game's template set, and every component's front and back."""

from __future__ import annotations

import logging
from collections.abc import Callable

from pnp.catalog.context import face_context, set_face_context
from pnp.catalog.model import Component, ComponentSet, Game
from pnp.draw.colourblind import CLOSE_DE, LookAlike, look, look_alikes
from pnp.draw.cut_safety import CutFinding, CutSurvey, check_cuts
from pnp.draw.elements import RGB, Element
from pnp.draw.face import FaceArt, face_key, make_face_art
from pnp.draw.legibility import Finding, Survey, check_face
from pnp.io.files import confine
from pnp.layout.templates import FittedKey, TemplateSet
from pnp.layout.theme import load_theme
from pnp.pipeline.split import faces_in_two
from pnp.resources import templates_dir


def template_set(game: Game, ink_saver: bool = False) -> TemplateSet:
    """The template environment for a game: its own templates first, then the shared ones
    (with `ink_saver`, its theme's light ink-saver colours; in the fonts of the kit's
    language). Every file it reads lies inside the game's folder or the project's shared
    templates and fonts, links resolved."""
    roots = [game.root]
    confine(game.templates_dir, [*roots, templates_dir()], what="templates folder")
    theme = load_theme(game.templates_dir / "theme.yaml", roots, ink_saver=ink_saver,
                       lang=game.lang)  # fmt: skip
    search = [game.templates_dir, templates_dir()]
    assets = [game.root, game.templates_dir, templates_dir()]
    return TemplateSet(search_paths=search, asset_roots=assets, theme=theme, roots=roots)


# components of a set from which a side that reads no card is laid out once: below, reading
# its template (and what it imports) to find out costs more than laying it out for each card
ONCE_FROM = 200
# a component's front and back: fitted key, elements, legibility and cut findings, face key
Judged = tuple[tuple[Element, ...], list[Finding], list[CutFinding], str]
Laid = list[tuple[FittedKey, tuple[Element, ...], list[Finding], list[CutFinding], str] | None]
# lays out the components given (those of a set with a copy): pnp.pipeline.facestore takes one
LayOut = Callable[[list[Component]], list[tuple[Component, Laid]]]
Keeper = Callable[[ComponentSet, LayOut], list[tuple[Component, Laid]]]


def lay_out_set(
    game: Game,
    component_set: ComponentSet,
    templates: TemplateSet,
    bleed_mm: float,
    components: list[Component] | None = None,
) -> list[tuple[Component, Laid]]:
    """Every component of a set with at least one copy (or those of `components`), with its
    front and back laid out, judged and keyed (a large set's laid out on two cores:
    pnp.pipeline.split)."""
    w, h = component_set.trim.width_mm, component_set.trim.height_mm
    base = set_face_context(game, component_set)
    size = {"width_mm": w, "height_mm": h, "bleed_mm": bleed_mm}
    names = (component_set.front, component_set.back)
    shape, deck = component_set.shape, component_set.is_deck
    # by id, face held: judged and keyed where laid out (in a worker, for half a large set)
    judged: dict[int, Judged] = {}
    many = len(component_set.components) >= ONCE_FROM
    same = [many and name is not None and _same_for_every_card(templates, name) for name in names]
    once: dict[int, tuple[FittedKey, tuple[Element, ...]]] = {}  # a side that reads no card

    def lay_out(component: Component) -> Laid:
        context = face_context(game, component_set, component, base)
        label = f"{component.name} ({component.id})"
        laid: Laid = []
        for side, name in enumerate(names):
            if not name:
                laid.append(None)
                continue
            if side in once:  # laid out for the first card: taken as layout_keyed takes it
                key, elements = once[side][0], templates.adopt(*once[side])
            else:
                key, elements = templates.layout_keyed(name, context, shape=shape, label=label,
                                                       **size)  # fmt: skip
                if same[side]:
                    once[side] = (key, elements)
            if id(elements) not in judged:
                judged[id(elements)] = _judge(elements, w, h, bleed_mm, shape, side == 1 and deck)
            _, findings, cuts, art_key = judged[id(elements)]
            laid.append((key, elements, findings, cuts, art_key))
        return laid

    def adopt(laid: Laid) -> Laid:  # a worker's faces, taken as if laid out here
        return [None if f is None else (f[0], templates.adopt(f[0], f[1]), *f[2:]) for f in laid]

    shown = [c for c in (component_set.components if components is None else components)
             if c.count]  # fmt: skip
    return list(zip(shown, faces_in_two(lay_out, shown, adopt), strict=True))


def render_set_faces(
    game: Game,
    component_set: ComponentSet,
    templates: TemplateSet,
    bleed_mm: float,
    why: str | None = None,
    keeper: Keeper | None = None,
) -> list[tuple[int, FaceArt, FaceArt | None]]:
    """(count, front, back) for every component of a set with at least one copy; the set's
    legibility and cut warnings logged once per template and problem (`why`: the reason the
    faces have this bleed, said with each cut warning; `keeper`: takes the faces it kept from
    an earlier build and lays out the others with the function it is given)."""
    w, h = component_set.trim.width_mm, component_set.trim.height_mm
    size = {"width_mm": w, "height_mm": h, "bleed_mm": bleed_mm}
    names = (component_set.front, component_set.back)
    faces: list[tuple[int, FaceArt, FaceArt | None]] = []
    survey, cut_survey = Survey(), CutSurvey()

    def lay_out(components: list[Component]) -> list[tuple[Component, Laid]]:
        return lay_out_set(game, component_set, templates, bleed_mm, components)

    shown = [c for c in component_set.components if c.count]
    for component, laid in keeper(component_set, lay_out) if keeper else lay_out(shown):
        label = f"{component.name} ({component.id})"
        drawn: list[FaceArt | None] = []
        for name, keyed in zip(names, laid, strict=True):
            if keyed is None or name is None:
                drawn.append(None)
                continue
            survey.add(name, keyed[1], keyed[2])
            cut_survey.add(name, keyed[1], keyed[3], label)
            drawn.append(make_face_art(keyed[1], shape=component_set.shape, label=label,
                                       key=keyed[4], **size))  # fmt: skip
        assert drawn[0] is not None  # every set has a front template
        faces.append((component.count, drawn[0], drawn[1]))
    warn_illegible(survey, f"{game.id}/{component_set.id}")
    warn_near_cut(cut_survey, f"{game.id}/{component_set.id}" + (f" ({why})" if why else ""))
    return faces


def _same_for_every_card(templates: TemplateSet, name: str) -> bool:
    """Whether template `name` reads no per-card name (`card`, `component`): then its face is
    the same for every card of a set (templates are pure: no random, no clock)."""
    reads = templates.reads(name)
    return reads is not None and not reads & {"card", "component"}


def _judge(
    elements: tuple[Element, ...], w: float, h: float, bleed_mm: float, shape: str, hidden: bool
) -> Judged:
    """A face's legibility and cut findings and its key, worked out once per distinct face
    (`hidden`: the back of a deck, which must be one colour at its edges)."""
    cuts = check_cuts(elements, w, h, bleed_mm, back=hidden, shape=shape)
    return elements, check_face(elements), cuts, face_key(elements, w, h, bleed_mm, shape)


def warn_illegible(survey: Survey, where: str) -> None:
    """One warning (stderr, through logging) per text box that prints too small or too faint."""
    for line in survey.lines(where):
        logging.getLogger("pnp.legibility").warning("warning: illegible text: %s", line)


def warn_near_cut(survey: CutSurvey, where: str) -> None:
    """One warning per template, edge and problem that a miscut or duplex drift would show."""
    for line in survey.lines(where):
        logging.getLogger("pnp.cut").warning("warning: near the cut: %s", line)


def draw_every_face(
    game: Game,
    bleed_mm: float = 3.0,
    bleeds: dict[str, tuple[float, str]] | None = None,
) -> int | None:
    """Render and fit every face a build of the game would draw, writing nothing: what
    `pnp validate GAME` runs so template errors show there. Returns how many faces it drew, or
    None for a catalog without a templates folder (a game still being written). `bleeds`: only
    these sets, each with its own bleed and the reason for it (a shop's), said in warnings."""
    if not game.templates_dir.is_dir():
        return None
    templates = template_set(game)
    drawn = 0
    for component_set in game.sets.values():
        if bleeds is not None and component_set.id not in bleeds:
            continue
        bleed_mm, why = bleeds[component_set.id] if bleeds is not None else (bleed_mm, "")
        w, h = component_set.trim.width_mm, component_set.trim.height_mm
        base = set_face_context(game, component_set)
        survey, cut_survey = Survey(), CutSurvey()
        looks = []
        for component in component_set.components:
            if component.count == 0:
                continue
            context = face_context(game, component_set, component, base)
            label = f"{component.name} ({component.id})"
            for side, name in enumerate((component_set.front, component_set.back)):
                if name:
                    elements = templates.layout(
                        name, context, width_mm=w, height_mm=h, bleed_mm=bleed_mm,
                        shape=component_set.shape, label=label,
                    )  # fmt: skip
                    survey.add(name, elements)
                    back = side == 1 and component_set.is_deck  # a hidden face: one colour
                    cuts = check_cuts(elements, w, h, bleed_mm, back=back,
                                      shape=component_set.shape)  # fmt: skip
                    cut_survey.add(name, elements, cuts, label)
                    drawn += 1
                    if side == 0:
                        looks.append((component.fields, look(elements)))
        warn_illegible(survey, f"{game.id}/{component_set.id}")
        warn_near_cut(cut_survey, f"{game.id}/{component_set.id}" + (f" ({why})" if why else ""))
        warn_look_alikes(look_alikes(looks), f"{game.id}/{component_set.id}")
    return drawn


def warn_look_alikes(found: list[LookAlike], where: str) -> None:
    """One warning per pair of groups of faces told apart only by a colour some players lose."""
    for pair in found:
        a, b = pair.values
        logging.getLogger("pnp.colourblind").warning(
            "warning: colour only: %s: faces with %s %r and %r differ by colour alone, and "
            "under %s their colours (%s, %s) are %.1f apart (ΔE; under %g is hard to tell at "
            "a glance): add an icon, a letter or a shape that differs",
            where, pair.field, a, b, pair.vision, _hex(pair.colours[0]), _hex(pair.colours[1]),
            pair.delta_e, CLOSE_DE,
        )  # fmt: skip


def _hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb[:3])
