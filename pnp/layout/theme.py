"""A game's look as data: palette, fonts, sizes and icons, read from `templates/<game>/theme.yaml`.

Every key is optional; what a theme leaves out comes from the defaults below, so a game without a
theme still draws. Colours are `#rgb` / `#rrggbb` or the name of another palette entry.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pnp.catalog.fields import Fields
from pnp.catalog.yamlsource import load_yaml
from pnp.errors import InputError, UnknownNameError
from pnp.layout.text.fontnames import COMMON, metric_twin
from pnp.layout.text.fonts import STYLES, FontFamily, builtin_families, check_font_file
from pnp.layout.themeicons import CURRENT, IconDef, read_icons, read_keywords
from pnp.names import closest, describe, quote
from pnp.resources import fonts_dir, templates_dir
from pnp.units import parse_font_size

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
NO_COLOR = ("none", "transparent")
QUOTE_HEX = "quote hex colours, e.g. fill: '#8b2e2e' (a bare # starts a YAML comment)"
SECTIONS = (
    "palette", "fonts", "families", "fallback_fonts", "sizes", "icons", "keywords", "safe_zone",
    "ink_saver",
)  # fmt: skip
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})\Z")
_LANG_FONTS = re.compile(r"fonts_[a-z]{2,3}(?:-[a-z]+)?")  # `fonts_ja:` a language's roles
_SIZE_NAME = re.compile(r"[A-Za-z_][\w-]*")


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
    keywords: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # word: icon
    safe_zone_mm: float = 3.0
    source: Path | None = None
    ink_saver: bool = False  # drawn for home printers: the theme's `ink_saver:` palette applies

    @property
    def root(self) -> Path | None:
        """The folder the theme file lives in (icon and font paths are relative to it)."""
        return self.source.parent if self.source else None

    def color(self, value: object) -> RGB | None:
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
        else:
            raise InputError(f"colour {quote(value)}: palette names refer to each other in a loop")
        raise UnknownNameError(
            f"unknown colour {quote(text)}: use '#rrggbb' or a palette name",
            suggestions=closest(text, self.palette),
        )

    def family(self, name: str) -> FontFamily:
        """The family for a font role (`body`, `title`, ...) or a family name."""
        family_name = self.fonts.get(name, name)
        if family_name in self.families:
            return self.families[family_name]
        raise UnknownNameError(
            f"unknown font {quote(name)}: use a font role or family name",
            suggestions=closest(name, sorted(set(self.fonts) | set(self.families))),
        )

    def fallback_families(self) -> list[FontFamily]:
        """Families tried, in order, for characters the element's own font lacks."""
        return [self.family(name) for name in self.fallback_fonts]

    def font_size(self, value: object) -> float:
        """Points for a size role (`body`, `title`, ...) or a length ("9pt", 9, "3mm")."""
        if isinstance(value, str) and value in self.sizes:
            return self.sizes[value]
        if isinstance(value, str) and _SIZE_NAME.fullmatch(value):
            raise UnknownNameError(
                f"unknown font size {quote(value)}: use a size name or a length like '9pt'",
                suggestions=closest(value, self.sizes),
            )
        return parse_font_size(value)

    def as_context(self) -> dict[str, Any]:
        """What templates see as `theme`: plain, read-only data."""
        return {
            "palette": dict(self.palette),
            "fonts": dict(self.fonts),
            "sizes": dict(self.sizes),
            "icons": sorted(self.icons),
            "keywords": dict(self.keywords),
            "safe_zone": self.safe_zone_mm,
            "ink_saver": self.ink_saver,
        }


def _ink_saver(theme: Fields, path: Path, ink_saver: bool) -> tuple[Fields, dict[str, str]]:
    """The theme's `ink_saver: {palette: ...}` block, and the colours it puts in the palette
    (none unless `ink_saver`; asked for on a theme without one, the user is told)."""
    saver = theme.mapping("ink_saver", default={})
    saver.check_keys(("palette",))
    saver_palette = saver.mapping("palette", default={})
    if ink_saver and not saver_palette.raw:
        _note_no_ink_saver(path)
    return saver_palette, (_colours(saver_palette) if ink_saver else {})


def load_theme(
    path: Path | None,
    roots: list[Path] | None = None,
    ink_saver: bool = False,
    lang: str | None = None,
) -> Theme:
    """Read a theme.yaml over the defaults; a missing file (or None) gives the default theme.
    With `ink_saver`, the colours of the theme's `ink_saver: {palette: ...}` block replace the
    palette's (light backs and backgrounds for home printers; templates see theme.ink_saver).

    The theme, and the font files it names, are read only from inside `roots` (default: the
    theme's folder) or the project's shared templates and fonts. With `lang`, the roles of a
    `fonts_LANG:` section replace the `fonts:` ones (a kit built in another script)."""
    if path is None or not os.path.lexists(path):
        return Theme(ink_saver=ink_saver)
    path = Path(path)
    allowed = [*(roots or [path.parent]), templates_dir(), fonts_dir()]
    data = load_yaml(path, allowed, what="theme file")
    theme = Fields({} if data is None else data, "theme", file=str(path))
    sections = _sections(theme, lang, path)
    saver_palette, lighter = _ink_saver(theme, path, ink_saver)
    result = Theme(
        palette=MappingProxyType({**DEFAULT_PALETTE, **_colours(sections["palette"]), **lighter}),
        fonts=MappingProxyType({**DEFAULT_FONTS, **_texts(sections["fonts"])}),
        families=MappingProxyType(
            _with_twins(
                {**builtin_families(), **_families(sections["families"], path.parent, allowed)},
                _texts(sections["fonts"]),
                path,
            )
        ),  # fmt: skip
        fallback_fonts=_fallback(theme),
        sizes=MappingProxyType({**DEFAULT_SIZES, **_sizes(sections["sizes"])}),
        icons=MappingProxyType(icons := read_icons(sections["icons"])),
        keywords=MappingProxyType(read_keywords(sections["keywords"], icons)),
        safe_zone_mm=theme.length("safe_zone", 3.0),
        source=path,
        ink_saver=ink_saver,
    )
    _check_references(result, theme, sections)
    for icon in result.icons.values():  # a recoloured icon's colour must be one
        if icon.color and icon.color != CURRENT:
            icon_spec = sections["icons"].mapping(icon.name)
            icon_spec.convert("color", result.color, icon.color)
    for name in saver_palette.raw:  # an ink-saver colour must replace one the palette has
        if name not in result.palette:
            raise saver_palette.error(f"`{name}` is not in the palette", name,
                                      suggestions=closest(str(name), result.palette))  # fmt: skip
        saver_palette.convert(name, result.color, name)
    return result


def _with_twins(
    families: dict[str, FontFamily], roles: dict[str, str], path: Path
) -> dict[str, FontFamily]:
    """`families` and, for each common family a role names (Times New Roman, Arial, ...), its
    open metric twin under that name; said once per theme on stderr."""
    for family in dict.fromkeys(roles.values()):
        twin = metric_twin(family) if family not in families else None
        if twin is not None:
            families[family] = replace(families[twin], name=family)
            logging.getLogger("pnp.theme").warning(
                "note: %s: %r is set in %s, an open font with the same metrics (SIL OFL)",
                path, family, twin,
            )  # fmt: skip
    return families


def _sections(theme: Fields, lang: str | None, path: Path) -> dict[str, Fields]:
    """The theme's mapping sections; with `lang`, its `fonts_LANG` roles over `fonts`."""
    theme.check_keys([*SECTIONS, *(k for k in theme.raw if _LANG_FONTS.fullmatch(str(k)))])
    sections = {
        key: theme.mapping(key, default={})
        for key in ("palette", "fonts", "families", "sizes", "icons", "keywords")
    }
    if lang:  # checked as the main roles are
        ours = theme.mapping(f"fonts_{lang}", default={}).raw
        sections["fonts"] = Fields({**sections["fonts"].raw, **ours}, "fonts", file=str(path))
    return sections


def _texts(section: Fields) -> dict[str, str]:
    return {str(name): section.text(name) for name in section.raw}


def _colours(section: Fields) -> dict[str, str]:
    for name in section.raw:
        if section.get(name) is None:  # what an unquoted `#8b2e2e` reads as
            raise section.error(f"`{name}` is empty", name, hint=QUOTE_HEX)
    return _texts(section)


def _sizes(section: Fields) -> dict[str, float]:
    return {
        str(name): section.convert(
            name, lambda v, n=name: parse_font_size(v, what=f"`{n}`"), section.get(name)
        )
        for name in section.raw
    }


def _fallback(theme: Fields) -> tuple[str, ...]:
    value = theme.get("fallback_fonts")
    if value is None:
        return DEFAULT_FALLBACK
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise theme.error(
            f"`fallback_fonts` should be a list of family names, found {describe(value)}",
            "fallback_fonts",
        )
    return tuple(names)


def _families(section: Fields, root: Path, allowed: list[Path]) -> dict[str, FontFamily]:
    """Families the theme adds: `Name: file.ttf` or `Name: {regular: ..., bold: ...}`."""
    families = {}
    for name in section.raw:
        value = section.get(name)
        if isinstance(value, str):
            spec = section.sub({"regular": value}, f"{section.what}.{name}", name)
        else:
            spec = section.mapping(name)
        spec.check_keys(STYLES, required=("regular",))
        files = {style: _font_file(spec, style, root, allowed) for style in STYLES if style in spec}
        families[str(name)] = FontFamily(name=str(name), **files)
    return families


def _font_file(spec: Fields, style: str, root: Path, allowed: list[Path]) -> Path:
    """A family's font file, beside the theme or in the project's fonts/, checked to be a
    TrueType file inside the game's folder or fonts/ (errors at the theme's line)."""
    file = spec.text(style)
    for candidate in (root / file, fonts_dir() / file):
        if os.path.lexists(candidate):
            return spec.convert(style, lambda p: check_font_file(p, allowed), candidate)
    raise spec.error(f"font file {quote(file)} not found next to the theme or in fonts/", style)


def _check_references(theme: Theme, top: Fields, sections: dict[str, Fields]) -> None:
    """Every palette name, font role and fallback font must lead somewhere."""
    for name in theme.palette:
        if name in sections["palette"]:
            sections["palette"].convert(name, theme.color, name)
    for role, family in theme.fonts.items():
        if role in sections["fonts"] and family not in theme.families:
            raise sections["fonts"].error(
                f"`{role}`: unknown font family {quote(family)} (families: "
                f"{', '.join(theme.families)}; common ones with an open twin: "
                f"{', '.join(COMMON)}; or your own TTF files under `families:`)",
                role,
                suggestions=closest(family, [*theme.families, *COMMON]),
            )
    top.convert("fallback_fonts", lambda _: theme.fallback_families(), None)


def _note_no_ink_saver(path: Path) -> None:
    """`--ink-saver` that would change nothing is said, not silently ignored: the theme has no
    ink-saver palette and no template of the game asks for `theme.ink_saver`."""
    asks = any("ink_saver" in p.read_text(encoding="utf-8", errors="replace")
               for p in sorted(path.parent.glob("*.j2")) if p.is_file())  # fmt: skip
    if not asks:
        logging.getLogger("pnp.theme").warning(
            "warning: --ink-saver changes nothing: %s has no `ink_saver:` palette (light "
            "colours for the dark ones, e.g. `ink_saver: {palette: {back: '#e8eef2'}}`) and "
            "no template asks for `theme.ink_saver`",
            path,
        )


def _hex_rgb(text: str) -> RGB:
    digits = text[1:]
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    r, g, b = (int(digits[i : i + 2], 16) / 255.0 for i in (0, 2, 4))
    return r, g, b
