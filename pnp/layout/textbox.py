"""The text element: a box of marked-up text, set by pnp.layout.text.fit, with inline icons."""

from __future__ import annotations

import re

from pnp.draw import elements as draw
from pnp.draw.elements import Element
from pnp.errors import InputError
from pnp.layout.frame import Face, Frame
from pnp.layout.images import icon_aspect, place_icon
from pnp.layout.props import Props
from pnp.layout.text.fit import fit_text
from pnp.layout.text.fonts import STYLES
from pnp.layout.text.words import TextStyle
from pnp.limits import TEXT_CHARS
from pnp.memo import Memo
from pnp.names import describe
from pnp.units import mm_to_pt

ALIGNS = ("left", "center", "right", "justify")
# characters no font draws: C0 and C1 controls (but tab and newline), DEL, lone surrogates
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
VALIGNS = ("top", "middle", "bottom")


def text(face: Face, p: Props, frame: Frame) -> list[Element]:
    x, y = p.length("x"), p.length("y")
    w, h = p.length("w", positive=True), p.length("h", positive=True)
    style = text_style(face, p)
    color = p.color("color", "ink") or (0.0, 0.0, 0.0)
    opacity = frame.opacity * p.opacity()
    value = p.get("text")
    if isinstance(value, list | dict):
        raise p.error(f"`text` should be text, found {describe(value)}", "text")
    if isinstance(value, str) and len(value) > TEXT_CHARS:
        raise p.error(f"`text` is {len(value):,} characters long (at most {TEXT_CHARS:,})", "text")
    control = _CONTROL.search(str(value or ""))
    if control:
        raise p.error(f"`text` holds the control character U+{ord(control.group()):04X}; "
                      "remove it", "text")  # fmt: skip
    where = f"{frame.origin.label}: {p.what}" if frame.origin.label else p.what

    def aspect(name: str) -> float:
        try:
            return icon_aspect(face, name)
        except InputError as exc:
            raise p.error(f"inline :{name}: {exc.message}", "text", hint=exc.hint) from None

    fitted = fit_text(
        "" if value is None else str(value),
        style,
        mm_to_pt(w),
        mm_to_pt(h),
        icon_aspect=aspect,
        where=where,
        file=frame.origin.file,
    )
    left, top = mm_to_pt(x), mm_to_pt(y)
    children: list[Element] = [
        draw.TextRun(
            left + r.x, frame.ref - top - r.y, r.text, r.font, r.size, color, opacity, r.stroke
        )
        for r in fitted.runs
    ]
    for icon in fitted.icons:
        box = (left + icon.x, top + icon.y, icon.w, icon.h)
        children.append(place_icon(face, icon.name, box, frame, color, opacity))
    name = p.text("name", "")
    return [draw.Text(fitted.size, fitted.line_count, tuple(children), name, where=p.what)]


# the keys a text box's style is read from, and styles already read, by the theme and the
# values of those keys (each with its type: 9, 9.0 and "9" read differently)
_STYLE_KEYS = ("size", "min_size", "style", "font", "leading", "align", "valign", "icon_scale")
_styles: Memo[tuple[object, ...], TextStyle] = Memo(1024)


def text_style(face: Face, p: Props) -> TextStyle:
    """Font, sizes and alignment of a text box; `min_size` defaults to 70% of `size` (read
    once per theme and set of values: the text boxes of a deck share a few)."""
    values = [p.get(k) for k in _STYLE_KEYS]
    key = (id(face.theme), *[(type(v), v) for v in values])
    try:
        known = _styles.get(key)
    except TypeError:  # a list or mapping where a value should be: read (and refused) below
        return _read_style(face, p)
    if known is not None:
        return known
    return _styles.put(key, _read_style(face, p), held=face.theme)


def _read_style(face: Face, p: Props) -> TextStyle:
    size = p.font_size("size", "body")
    min_size = p.font_size("min_size", None)
    if min_size is None:
        min_size = min(size, max(5.0, round(size * 0.7, 1)))
    if min_size > size:
        raise p.error(f"min_size ({min_size:g}pt) is larger than size ({size:g}pt)", "min_size")
    style = p.choice("style", STYLES, "regular")
    try:
        family = face.theme.family(p.text("font", "body"))
        fallback = face.theme.fallback_families()
    except InputError as exc:
        raise p.error(exc.message, "font", hint=exc.hint) from None
    return TextStyle(
        family=family,
        fallback=fallback,
        size=size,
        min_size=min_size,
        leading=p.number("leading", 1.2, positive=True),
        align=p.choice("align", ALIGNS, "left"),
        valign=p.choice("valign", VALIGNS, "top"),
        bold="bold" in style,
        italic="italic" in style,
        icon_scale=p.number("icon_scale", 1.0, positive=True),
    )
