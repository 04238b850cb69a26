"""A theme's icons and keywords: `icons:` (an SVG file, or elements in a box) and `keywords:`
(a word of running text drawn as an icon), read from theme.yaml.

```yaml
icons:
  star: {elements: [...], box: [24, 24]}
  wood: {svg: icons/wood.svg, color: wood}      # a one-colour SVG recoloured (palette or hex)
  coin: {svg: icons/coin.svg, color: current}   # in the colour of the text or icon element
  seal: icons/seal.svg                          # drawn as it is
keywords: {Wood: wood, Stone: stone}            # `{{ card.text | icons }}` draws them
```

A recoloured SVG drops a background square that fills its whole picture (game-icons.net's
icons are white on black): `background: keep` keeps it, `background: drop` drops it from an
SVG drawn in its own colours too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from pnp.catalog.fields import Fields
from pnp.names import closest, describe, quote

DEFAULT_ICON_BOX = (24.0, 24.0)
CURRENT = "current"  # an icon's colour: the text's or the icon element's
_KEYWORD = re.compile(r"[^\W_][\w' -]*\Z")


@dataclass(frozen=True)
class IconDef:
    """A named icon: an SVG file (path as written in the theme) or elements in a `box`."""

    name: str
    svg: str | None = None
    elements: tuple[object, ...] = ()  # element items as read from the theme file
    box: tuple[float, float] = DEFAULT_ICON_BOX
    color: str | None = None  # an SVG drawn in one colour: a palette name, hex, or `current`
    drop_background: bool = False  # an SVG's full-size background square left out


def read_icons(section: Fields) -> dict[str, IconDef]:
    """Icons: `name: file.svg` or `name: {svg: file.svg, color?, background?}` or
    `name: {elements: [...], box: [w, h]}`."""
    icons = {}
    for name in section.raw:
        value = section.get(name)
        if isinstance(value, str):
            icons[str(name)] = IconDef(str(name), svg=value)
            continue
        if not isinstance(value, Mapping):
            raise section.error(
                f"`{name}` should be an SVG path or a mapping with `elements` and `box`, "
                f"found {describe(value)}",
                name,
            )
        icons[str(name)] = _icon(str(name), section.mapping(name))
    return icons


def _icon(name: str, spec: Fields) -> IconDef:
    spec.check_keys(("svg", "elements", "box", "color", "background"))
    if ("svg" in spec) == ("elements" in spec):
        raise spec.error("give exactly one of `svg` or `elements`")
    box = spec.get("box", list(DEFAULT_ICON_BOX))
    if not (
        isinstance(box, list)
        and len(box) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) and v > 0 for v in box)
    ):
        raise spec.error(
            f"`box` should be [width, height] in icon units, found {describe(box)}", "box"
        )
    elements = spec.get("elements") or []
    if not isinstance(elements, list):
        raise spec.error(f"`elements` should be a list, found {describe(elements)}", "elements")
    svg = spec.get("svg")
    if svg is None and ("color" in spec or "background" in spec):
        raise spec.error("`color` and `background` recolour an SVG icon: an icon of elements "
                         "gives each element its colour", "color" if "color" in spec else
                         "background")  # fmt: skip
    color = spec.text("color", None)
    background = spec.choice("background", ("keep", "drop"), "drop" if color else "keep")
    return IconDef(
        name=name,
        svg=None if svg is None else spec.text("svg"),
        elements=tuple(elements),
        box=(float(box[0]), float(box[1])),
        color=color,
        drop_background=background == "drop",
    )


def read_keywords(section: Fields, icons: Mapping[str, IconDef]) -> dict[str, str]:
    """`keywords: {Wood: wood}`: a word (or words) of running text -> the icon drawn for it."""
    keywords = {}
    for word in section.raw:
        icon = section.get(word)
        text = str(word)
        if not isinstance(word, str) or not _KEYWORD.match(text):
            raise section.error(f"keyword {quote(text)}: a word (letters, digits, spaces, "
                                "hyphens)", word)  # fmt: skip
        if not isinstance(icon, str) or icon not in icons:
            raise section.error(f"`{text}`: {describe(icon)} is not an icon of this theme",
                                word, suggestions=closest(str(icon), icons))  # fmt: skip
        keywords[text] = icon
    return keywords
