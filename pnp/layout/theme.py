"""A game's look as data: palette, fonts, sizes and icons, read from `templates/<game>/theme.yaml`.

Every key is optional; what a theme leaves out comes from the defaults below, so a game without a
theme still draws. Colours are `#rgb` / `#rrggbb` or the name of another palette entry.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from pnp.errors import InputError, UnknownNameError
from pnp.layout.fonts import STYLES, FontFamily, builtin_families
from pnp.resources import fonts_dir
from pnp.units import parse_font_size, parse_length

RGB = tuple[float, float, float]

DEFAULT_PALETTE = {
    "black": "#000000",
    "white": "#ffffff",
    "ink": "#1e1e1e",
    "paper": "#fdfbf6",
    "muted": "#7a7a7a",
    "accent": "#b3261e",
}
DEFAULT_FONTS = {"body": "Roboto", "title": "Roboto Black", "condensed": "Roboto Condensed"}
DEFAULT_FALLBACK = ("IPAex Gothic",)
DEFAULT_SIZES = {"title": 11.0, "body": 8.0, "small": 6.0}
DEFAULT_ICON_BOX = (24.0, 24.0)
NO_COLOR = ("none", "transparent")
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_KEYS = ("palette", "fonts", "families", "fallback_fonts", "sizes", "icons", "safe_zone")


@dataclass(frozen=True)
class IconDef:
    """A named icon: an SVG file (path as written in the theme) or elements in a `box`."""

    name: str
    svg: str | None = None
    elements: tuple[Any, ...] = ()
    box: tuple[float, float] = DEFAULT_ICON_BOX


@dataclass(frozen=True)
class Theme:
    """Palette, font roles and families, sizes (pt) and icons of one game."""

    palette: Mapping[str, str] = field(default_factory=lambda: MappingProxyType(DEFAULT_PALETTE))
    fonts: Mapping[str, str] = field(default_factory=lambda: MappingProxyType(DEFAULT_FONTS))
    families: Mapping[str, FontFamily] = field(
        default_factory=lambda: MappingProxyType(builtin_families())
    )
    fallback_fonts: tuple[str, ...] = DEFAULT_FALLBACK
    sizes: Mapping[str, float] = field(default_factory=lambda: MappingProxyType(DEFAULT_SIZES))
    icons: Mapping[str, IconDef] = field(default_factory=lambda: MappingProxyType({}))
    safe_zone_mm: float = 3.0
    source: Path | None = None

    @property
    def root(self) -> Path | None:
        """The folder the theme file lives in (icon and font paths are relative to it)."""
        return self.source.parent if self.source else None

    def color(self, value: str) -> RGB | None:
        """RGB (0..1) of a hex colour or palette name; None for `none`/`transparent`."""
        text = str(value).strip()
        for _ in range(8):  # palette names may point at other palette names
            if text.lower() in NO_COLOR:
                return None
            if _HEX.match(text):
                return _hex_rgb(text)
            if text not in self.palette:
                break
            text = self.palette[text]
        raise UnknownNameError(
            f"unknown colour {text!r}: use '#rrggbb' or a palette name",
            suggestions=difflib.get_close_matches(text, list(self.palette), n=3),
        )

    def family(self, name: str) -> FontFamily:
        """The family for a font role (`body`, `title`, ...) or a family name."""
        family_name = self.fonts.get(name, name)
        if family_name in self.families:
            return self.families[family_name]
        known = sorted(set(self.fonts) | set(self.families))
        raise UnknownNameError(
            f"unknown font {name!r}: use a font role or family name",
            suggestions=difflib.get_close_matches(name, known, n=3),
        )

    def fallback_families(self) -> list[FontFamily]:
        """Families tried, in order, for characters the element's own font lacks."""
        return [self.family(name) for name in self.fallback_fonts]

    def font_size(self, value: object) -> float:
        """Points for a size role (`body`, `title`, ...) or a length ("9pt", 9, "3mm")."""
        if isinstance(value, str) and value in self.sizes:
            return self.sizes[value]
        if isinstance(value, str) and re.fullmatch(r"[A-Za-z_][\w-]*", value):
            raise UnknownNameError(
                f"unknown font size {value!r}: use a size name or a length like '9pt'",
                suggestions=difflib.get_close_matches(value, list(self.sizes), n=3),
            )
        return parse_font_size(value)

    def as_context(self) -> dict[str, Any]:
        """What templates see as `theme`: plain, read-only data."""
        return {
            "palette": dict(self.palette),
            "fonts": dict(self.fonts),
            "sizes": dict(self.sizes),
            "icons": sorted(self.icons),
            "safe_zone": self.safe_zone_mm,
        }


def load_theme(path: Path | None) -> Theme:
    """Read a theme.yaml over the defaults; a missing file (or None) gives the default theme."""
    if path is None or not Path(path).is_file():
        return Theme()
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text) or {}
        lines = _key_lines(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputError(
            f"theme is not valid YAML: {getattr(exc, 'problem', exc)}",
            file=path,
            line=mark.line + 1 if mark else None,
        ) from None
    return _build_theme(data, path, lines)


def _build_theme(data: object, path: Path, lines: dict[str, int]) -> Theme:
    def fail(message: str, key: str, hint: str | None = None) -> InputError:
        return InputError(message, file=path, line=lines.get(key), hint=hint)

    if not isinstance(data, dict):
        raise fail("theme must be a mapping of sections (palette, fonts, ...)", "")
    for key in data:
        if key not in _KEYS:
            close = difflib.get_close_matches(str(key), _KEYS, n=1)
            raise fail(
                f"unknown theme section {key!r}",
                str(key),
                f"did you mean {close[0]!r}?" if close else "known: " + ", ".join(_KEYS),
            )
    sections = {k: _mapping(data.get(k), k, fail) for k in ("palette", "fonts", "families")}
    sections.update({k: _mapping(data.get(k), k, fail) for k in ("sizes", "icons")})

    families = builtin_families()
    for name, spec in sections["families"].items():
        families[str(name)] = _family(
            str(name), spec, path, lambda m, n=name: fail(m, f"families.{n}")
        )
    palette = {**DEFAULT_PALETTE, **{str(k): str(v) for k, v in sections["palette"].items()}}
    fallback = data.get("fallback_fonts", list(DEFAULT_FALLBACK))
    if isinstance(fallback, str):
        fallback = [fallback]
    if not isinstance(fallback, list):
        raise fail("fallback_fonts must be a list of family names", "fallback_fonts")
    sizes = dict(DEFAULT_SIZES)
    for name, value in sections["sizes"].items():
        try:
            sizes[str(name)] = parse_font_size(value, what=f"size {name!r}")
        except InputError as exc:
            raise fail(exc.message, f"sizes.{name}", exc.hint) from None
    icons = {}
    for name, spec in sections["icons"].items():
        icons[str(name)] = _icon(str(name), spec, lambda m, n=name: fail(m, f"icons.{n}"))
    try:
        safe = parse_length(data.get("safe_zone", 3.0), what="safe_zone")
    except InputError as exc:
        raise fail(exc.message, "safe_zone", exc.hint) from None

    theme = Theme(
        palette=MappingProxyType(palette),
        fonts=MappingProxyType(
            {**DEFAULT_FONTS, **{str(k): str(v) for k, v in sections["fonts"].items()}}
        ),
        families=MappingProxyType(families),
        fallback_fonts=tuple(str(f) for f in fallback),
        sizes=MappingProxyType(sizes),
        icons=MappingProxyType(icons),
        safe_zone_mm=safe,
        source=path,
    )
    _check_references(theme, fail)
    return theme


def _check_references(theme: Theme, fail) -> None:
    for name in theme.palette:
        try:
            theme.color(name)
        except UnknownNameError as exc:
            raise fail(f"palette {name!r}: {exc.message}", f"palette.{name}", exc.hint) from None
    for role in theme.fonts:
        try:
            theme.family(role)
        except UnknownNameError as exc:
            raise fail(f"font role {role!r}: {exc.message}", f"fonts.{role}", exc.hint) from None
    try:
        theme.fallback_families()
    except UnknownNameError as exc:
        raise fail(f"fallback_fonts: {exc.message}", "fallback_fonts", exc.hint) from None


def _family(name: str, spec: object, theme_path: Path, fail) -> FontFamily:
    if isinstance(spec, str):
        spec = {"regular": spec}
    if not isinstance(spec, dict) or "regular" not in spec:
        raise fail(f"family {name!r} needs at least a 'regular' TTF file")
    files: dict[str, Path] = {}
    for style, file in spec.items():
        if style not in STYLES:
            raise fail(f"family {name!r}: unknown style {style!r} (use {', '.join(STYLES)})")
        candidates = [theme_path.parent / str(file), fonts_dir() / str(file)]
        found = next((c for c in candidates if c.is_file()), None)
        if found is None:
            raise fail(
                f"family {name!r}: font file {file!r} not found next to the theme or in fonts/"
            )
        files[style] = found
    return FontFamily(name=name, **files)


def _icon(name: str, spec: object, fail) -> IconDef:
    if isinstance(spec, str):
        spec = {"svg": spec}
    if not isinstance(spec, dict):
        raise fail(f"icon {name!r}: give an SVG path or a mapping with 'elements' and 'box'")
    unknown = set(spec) - {"svg", "elements", "box"}
    if unknown:
        raise fail(f"icon {name!r}: unknown key {sorted(unknown)[0]!r} (use svg, elements, box)")
    if ("svg" in spec) == ("elements" in spec):
        raise fail(f"icon {name!r}: give exactly one of 'svg' or 'elements'")
    box = spec.get("box", list(DEFAULT_ICON_BOX))
    if (
        not isinstance(box, list)
        or len(box) != 2
        or not all(isinstance(v, int | float) and v > 0 for v in box)
    ):
        raise fail(f"icon {name!r}: box must be [width, height] in icon units")
    elements = spec.get("elements") or []
    if not isinstance(elements, list):
        raise fail(f"icon {name!r}: elements must be a list")
    svg = spec.get("svg")
    return IconDef(
        name=name,
        svg=str(svg) if svg is not None else None,
        elements=tuple(elements),
        box=(float(box[0]), float(box[1])),
    )


def _mapping(value: object, key: str, fail) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise fail(f"theme section {key!r} must be a mapping", key)
    return value


def _hex_rgb(text: str) -> RGB:
    digits = text[1:]
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return tuple(int(digits[i : i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


def _key_lines(text: str) -> dict[str, int]:
    """1-based line of each `section` and `section.key` in the theme, for messages."""
    root = yaml.compose(text)
    lines: dict[str, int] = {"": 1}
    if not isinstance(root, yaml.MappingNode):
        return lines
    for key_node, value_node in root.value:
        section = str(key_node.value)
        lines[section] = key_node.start_mark.line + 1
        if isinstance(value_node, yaml.MappingNode):
            for sub_key, _ in value_node.value:
                lines[f"{section}.{sub_key.value}"] = sub_key.start_mark.line + 1
    return lines
