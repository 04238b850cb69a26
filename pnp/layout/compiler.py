"""The element compiler: each element item a template wrote -> fitted elements (pnp.draw).

`KINDS` is the vocabulary: every element type with the keys it takes and the function that
builds it. Groups live here because they compile their children.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pnp.catalog.yamlsource import where
from pnp.draw import elements as draw
from pnp.draw.elements import Element
from pnp.layout import images, shapes, textbox
from pnp.layout.assets import Assets
from pnp.layout.frame import Face, Frame, IconKey
from pnp.layout.output import Origin
from pnp.layout.props import Props
from pnp.layout.theme import Theme
from pnp.limits import FACE_ELEMENTS, SCALE
from pnp.names import closest, describe, did_you_mean, quote
from pnp.units import mm_to_pt

Build = Callable[[Face, Props, Frame], list[Element]]


@dataclass(frozen=True)
class Kind:
    """An element type: the keys it must and may have, and what builds it."""

    required: tuple[str, ...]
    optional: tuple[str, ...]
    build: Build

    @property
    def keys(self) -> tuple[str, ...]:
        return self.required + self.optional


def _group(face: Face, p: Props, frame: Frame) -> list[Element]:
    items = p.get("elements") or []
    if not isinstance(items, list):
        raise p.error(f"`elements` should be a list, found {describe(items)}", "elements")
    sx, sy = _scale(p)
    inner = replace(
        frame,
        ref=0.0,
        top_level=False,
        opacity=frame.opacity * p.opacity(),
        path=f"{p.place}.",
    )
    return [
        draw.Group(
            mm_to_pt(p.length("x", 0.0)),
            frame.ref - mm_to_pt(p.length("y", 0.0)),
            face.compile_list(items, inner),
            rotate=-p.number("rotate", 0.0),  # designers turn clockwise on a y-down card
            scale_x=sx,
            scale_y=sy,
        )
    ]


def _scale(p: Props) -> tuple[float, float]:
    scale = p.get("scale", 1.0)
    sx, sy = (scale, scale) if not isinstance(scale, list) else tuple(scale + [None])[:2]
    low, high = SCALE
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and low <= v <= high
               for v in (sx, sy)):  # fmt: skip
        raise p.error(f"`scale` should be a number from {low:g} to {high:g} or [sx, sy], found "
                      f"{describe(scale)}", "scale")  # fmt: skip
    return float(sx), float(sy)


_PAINT = ("fill", "stroke", "stroke_width", "dash", "cap")
_COMMON = ("name", "opacity")
_TEXT = ("font", "size", "min_size", "color", "align", "valign", "leading", "style", "icon_scale")
KINDS: dict[str, Kind] = {
    "rect": Kind(("x", "y", "w", "h"), ("radius", "bleed", *_PAINT, *_COMMON), shapes.rect),
    "line": Kind((), ("x1", "y1", "x2", "y2", "points", *_PAINT, *_COMMON), shapes.line),
    "circle": Kind(("cx", "cy", "r"), ("bleed", *_PAINT, *_COMMON), shapes.circle),
    "polygon": Kind(
        (), ("points", "sides", "cx", "cy", "r", "rotate", *_PAINT, *_COMMON), shapes.polygon
    ),
    "star": Kind(("cx", "cy", "r"), ("points", "inner", "rotate", *_PAINT, *_COMMON), shapes.star),
    "image": Kind(
        ("x", "y", "w", "h", "src"), ("fit", "bleed", "color", "background", *_COMMON), images.image
    ),  # fmt: skip
    "icon": Kind(("use", "x", "y"), ("size", "w", "h", "color", *_COMMON), images.icon),
    "text": Kind(("x", "y", "w", "h", "text"), (*_TEXT, *_COMMON), textbox.text),
    "group": Kind(("elements",), ("x", "y", "rotate", "scale", *_COMMON), _group),
}


@dataclass
class Compiler:
    """Turns one face's element items into fitted elements (a `Face` for the builders)."""

    theme: Theme
    assets: Assets
    width_mm: float
    height_mm: float
    bleed_mm: float
    origin: Origin  # the template's output, for messages
    icon_cache: dict[IconKey, tuple[Element, ...]] = field(default_factory=dict)
    drawn: int = 0  # elements drawn so far, an icon's each time it is placed

    def count(self, elements: int, frame: Frame) -> None:
        """Count `elements` more toward FACE_ELEMENTS, which one face may not pass."""
        self.drawn += elements
        if self.drawn > FACE_ELEMENTS:
            raise frame.origin.error(
                f"more than {FACE_ELEMENTS:,} elements on one face (icons counted each time)"
            )

    def compile(self, items: Sequence[object], first: int = 0) -> tuple[Element, ...]:
        """Fitted elements for a face (the top-level list, or the part of it from item number
        `first + 1` on)."""
        frame = Frame(ref=mm_to_pt(self.height_mm), top_level=True, origin=self.origin)
        return self.compile_list(items, frame, first)

    def compile_list(
        self, items: Sequence[object], frame: Frame, first: int = 0
    ) -> tuple[Element, ...]:
        """Fitted elements for element items placed in `frame`, numbered from `first + 1`."""
        out: list[Element] = []
        self.count(len(items), frame)
        for index, item in enumerate(items):
            if item is not None:  # None: an empty list item, e.g. from a skipped macro
                out.extend(self._item(items, index, frame, first).elements)
        return tuple(out)

    def traced(self, items: Sequence[object]) -> list[Item]:
        """The top-level items, each with its output line and the elements it built (what the
        studio traces to template lines, named or not)."""
        frame = Frame(ref=mm_to_pt(self.height_mm), top_level=True, origin=self.origin)
        self.count(len(items), frame)
        return [self._item(items, i, frame, 0) for i, item in enumerate(items) if item is not None]

    def _item(self, items: Sequence[object], index: int, frame: Frame, first: int) -> Item:
        item = items[index]
        number = f"{frame.path}{first + index + 1}"
        line = where(items, index)[1] or where(item)[1]
        kind, raw = _split_item(item, f"{frame.prefix}element {number}", line, frame)
        what = _describe_element(kind, raw, frame, number)
        props = Props(raw, what, face=self, frame=frame, place=number, line=line)
        props.check_keys(KINDS[kind].keys, KINDS[kind].required)
        built = KINDS[kind].build(self, props, frame)
        name = props.text("name", "") if kind != "text" else ""  # a text names itself
        elements = tuple(_named(built, name) if name else built)
        return Item(number, line, kind, raw if isinstance(raw, Mapping) else {}, elements)


@dataclass(frozen=True)
class Item:
    """One element item of a template's output: its number, output line, type, properties as
    written and the elements it built."""

    number: str
    line: int | None
    kind: str
    raw: Mapping[str, Any]
    elements: tuple[Element, ...]


def _named(built: list[Element], name: str) -> list[Element]:
    """The elements an item built, carrying the item's name (a rulebook figure finds them by
    it; it is no part of what they paint)."""
    return [replace(e, name=name) if not isinstance(e, draw.TextRun | draw.Text) else e
            for e in built]  # fmt: skip


def _split_item(item: object, element: str, line: int | None, frame: Frame) -> tuple[str, object]:
    """(element type, its properties) of a one-key mapping like `- text: {...}`."""
    if not isinstance(item, Mapping) or len(item) != 1:
        found = f"keys {', '.join(map(str, item))}" if isinstance(item, Mapping) else describe(item)
        raise frame.origin.error(
            f"{element}: expected one element type as its key (like `- text: {{...}}`), "
            f"found {found}",
            line,
            hint="element types: " + ", ".join(KINDS),
        )
    kind, raw = next(iter(item.items()))
    if kind not in KINDS:
        hint = did_you_mean(closest(kind, KINDS)) or "element types: " + ", ".join(KINDS)
        raise frame.origin.error(f"{element}: unknown element type {describe(kind)}", line, hint)
    return str(kind), raw


def _describe_element(kind: str, raw: object, frame: Frame, number: str) -> str:
    """`element 3 (text 'rules')`, as messages name it."""
    name = raw.get("name") if isinstance(raw, Mapping) else None
    named = f" {quote(str(name))}" if name else ""
    return f"{frame.prefix}element {number} ({kind}{named})"
