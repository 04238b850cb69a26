"""The image and icon elements, and placing theme icons (also inside running text).

A theme icon is an SVG file or a list of elements in its own box; element icons are compiled
once per face and colour, and drawn in the colour they are used in (`current`).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pnp.draw import elements as draw
from pnp.draw.elements import Element
from pnp.errors import InputError, UnknownNameError
from pnp.layout.frame import Face, Frame
from pnp.layout.output import Origin
from pnp.layout.props import Props
from pnp.layout.shapes import Box, bleed_box
from pnp.layout.theme import RGB
from pnp.layout.themeicons import CURRENT, IconDef
from pnp.names import closest, quote
from pnp.units import PT_PER_MM, mm_to_pt

FITS = ("contain", "cover", "stretch")


def image(face: Face, p: Props, frame: Frame) -> list[Element]:
    x, y, w, h = (p.length(k, positive=k in "wh") for k in ("x", "y", "w", "h"))
    if p.flag("bleed", False):
        x, y, w, h = bleed_box(face, p, frame, (x, y, w, h))
    fit = p.choice("fit", FITS, "contain")
    try:
        path = _first_found(face, p)
        kind, digest, iw, ih = face.assets.image(path)
    except InputError as exc:  # an SVG's own mistakes keep their file and line
        raise p.error(f"image: {exc.located()}", "src", hint=exc.hint) from None
    box = (mm_to_pt(x), frame.ref - mm_to_pt(y + h), mm_to_pt(w), mm_to_pt(h))
    placed = fit_image(box, iw / ih, fit, kind, digest, path, frame.opacity * p.opacity())
    tint = p.color("color", None) if "color" in p else None
    drop = p.choice("background", ("drop", "keep"), "keep") == "drop"
    if (tint is not None or drop) and kind != "svg":
        key = "color" if tint is not None else "background"
        raise p.error(f"image: `{key}` recolours a one-colour SVG; {path.name} is a raster "
                      "image", key)  # fmt: skip
    return [replace(placed, tint=tint, drop_background=drop) if kind == "svg" else placed]


def _first_found(face: Face, p: Props) -> Path:
    """`src`: a file, or a list of files tried in order (the first that exists is drawn)."""
    src = p.get("src")
    if not isinstance(src, list):
        return face.assets.resolve(p.text("src"))
    if not src or not all(isinstance(s, str) and s for s in src):
        raise p.error("`src`: expected a file or a list of files, tried in order", "src")
    for name in src[:-1]:
        try:
            return face.assets.resolve(name)
        except InputError as exc:
            if "not found" not in exc.message:
                raise  # outside the game's folder: refused, not skipped
    try:
        return face.assets.resolve(src[-1])
    except InputError as exc:
        if "not found" not in exc.message:
            raise
        raise InputError(f"none of {', '.join(map(quote, src))} found") from None


def icon(face: Face, p: Props, frame: Frame) -> list[Element]:
    name = p.text("use")
    size = p.length("size", None, positive=True)
    w = p.length("w", size, positive=True)
    h = p.length("h", size, positive=True)
    if w is None or h is None:
        raise p.error("an icon needs size (or w and h)")
    color = p.color("color", "ink")
    box = (mm_to_pt(p.length("x")), mm_to_pt(p.length("y")), mm_to_pt(w), mm_to_pt(h))
    try:
        return [place_icon(face, name, box, frame, color, frame.opacity * p.opacity())]
    except InputError as exc:
        raise p.error(exc.message, "use", hint=exc.hint) from None


def icon_aspect(face: Face, name: str) -> float:
    """Width / height of a theme icon."""
    icon = _icon_def(face, name)
    if icon.svg:
        _, _, w, h = face.assets.image(face.assets.resolve(icon.svg, face.theme.root))
        return w / h
    return icon.box[0] / icon.box[1]


def place_icon(
    face: Face, name: str, box: Box, frame: Frame, color: RGB | None, opacity: float
) -> Element:
    """A theme icon centred in `box` (x, top, w, h), in points measured down from frame.ref."""
    icon = _icon_def(face, name)
    x, top, w, h = box
    if icon.svg:
        path = face.assets.resolve(icon.svg, face.theme.root)
        kind, digest, iw, ih = face.assets.image(path)
        placed = (x, frame.ref - top - h, w, h)
        image = fit_image(placed, iw / ih, "contain", kind, digest, path, opacity)
        tint = (
            color if icon.color == CURRENT else face.theme.color(icon.color) if icon.color else None
        )
        if kind != "svg" or (tint is None and not icon.drop_background):
            return image
        return replace(image, tint=tint, drop_background=icon.drop_background)
    bw, bh = icon.box
    scale = min(w / bw, h / bh)  # points per icon unit
    elements = _icon_elements(face, icon, frame, color, opacity)
    face.count(len(elements), frame)
    return draw.Group(
        x + (w - bw * scale) / 2,
        frame.ref - top - (h - bh * scale) / 2,
        elements,
        scale_x=scale / PT_PER_MM,
        scale_y=scale / PT_PER_MM,
    )


def _icon_elements(
    face: Face, icon: IconDef, frame: Frame, color: RGB | None, opacity: float
) -> tuple[Element, ...]:
    """An element icon's elements in `color`, compiled once per face; mistakes in them are
    located in the theme file."""
    key = (icon.name, color, round(opacity, 4))
    if icon.name in frame.icons:  # an icon drawn inside itself would never end
        chain = " -> ".join((*frame.icons[frame.icons.index(icon.name) :], icon.name))
        raise InputError(f"theme icon {icon.name!r} uses itself ({chain})")
    if key not in face.icon_cache:
        source = face.theme.source
        inner = Frame(
            ref=0.0,
            top_level=False,
            origin=Origin(str(source) if source else frame.origin.file, frame.origin.label),
            opacity=opacity,
            current=color,
            prefix=f"theme icon {icon.name!r}: ",
            icons=(*frame.icons, icon.name),
        )
        face.icon_cache[key] = face.compile_list(icon.elements, inner)
    return face.icon_cache[key]


def _icon_def(face: Face, name: str) -> IconDef:
    icons = face.theme.icons
    if name not in icons:
        suggestions = closest(name, icons)
        raise UnknownNameError(
            f"unknown icon {quote(name)}",
            suggestions=suggestions,
            hint=None if suggestions else "icons are defined under `icons:` in the theme",
        )
    return icons[name]


def fit_image(
    box: Box, aspect: float, fit: str, kind: str, digest: str, path: Path, opacity: float
) -> draw.Image:
    """Place an image of `aspect` (w/h) in `box` (x, y, w, h) by contain, cover or stretch."""
    x, y, w, h = box
    clip = None
    if fit != "stretch":
        grow = max if fit == "cover" else min
        scale = grow(w / aspect, h)  # drawn height
        dw, dh = scale * aspect, scale
        if fit == "cover":
            clip = box
        x, y, w, h = x + (w - dw) / 2, y + (h - dh) / 2, dw, dh
    return draw.Image(x, y, w, h, kind, digest, str(path), opacity, clip)
