"""The layout vocabulary: check each element a template produced and turn it into fitted elements.

Templates speak millimetres from the top-left trim corner with y growing downwards; fitted
elements (pnp.draw.elements) are PDF points from the bottom-left with y up. The flip happens
here, once: a y measured down from a reference line `ref` becomes `ref - y` (the card's height
at the top level, 0 inside a group, whose own origin was already flipped).
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PIL import Image as PILImage

from pnp.draw import elements as draw
from pnp.draw.elements import Element, Paint
from pnp.draw.svg import load_svg
from pnp.errors import InputError, PnpError, TemplateError
from pnp.layout.shapes import regular_polygon, star_points
from pnp.layout.textfit import TextStyle, fit_text
from pnp.layout.theme import RGB, Theme
from pnp.units import PT_PER_MM, mm_to_pt, parse_length

_PAINT = {"fill", "stroke", "stroke_width", "dash", "cap"}
_COMMON = {"name", "opacity"}
# element type -> (required keys, optional keys)
SCHEMA: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {
    "rect": (("x", "y", "w", "h"), frozenset({"radius", "bleed"} | _PAINT | _COMMON)),
    "line": ((), frozenset({"x1", "y1", "x2", "y2", "points"} | _PAINT | _COMMON)),
    "circle": (("cx", "cy", "r"), frozenset({"bleed"} | _PAINT | _COMMON)),
    "polygon": ((), frozenset({"points", "sides", "cx", "cy", "r", "rotate"} | _PAINT | _COMMON)),
    "star": (("cx", "cy", "r"), frozenset({"points", "inner", "rotate"} | _PAINT | _COMMON)),
    "image": (("x", "y", "w", "h", "src"), frozenset({"fit", "bleed"} | _COMMON)),
    "icon": (("use", "x", "y"), frozenset({"size", "w", "h", "color"} | _COMMON)),
    "text": (
        ("x", "y", "w", "h", "text"),
        frozenset(
            {"font", "size", "min_size", "color", "align", "valign", "leading", "style"}
            | {"icon_scale"}
            | _COMMON
        ),
    ),
    "group": (("elements",), frozenset({"x", "y", "rotate", "scale"} | _COMMON)),
}
STROKE_DEFAULT_MM = 0.25
DASHES = {"dashed": (1.5, 1.0), "dotted": (0.3, 0.7)}
_RASTER = {".png", ".jpg", ".jpeg"}
_EDGE = 0.01  # mm: an edge this close to the trim counts as on it (for bleed)


@dataclass(frozen=True)
class Frame:
    """Where elements are being placed: the y reference and inherited look."""

    ref: float  # points; a template y of 0 lands here
    top_level: bool
    opacity: float = 1.0
    current: RGB | None = None  # what `current` means as a colour (icons drawn in a colour)
    path: str = ""  # element number prefix for messages, e.g. "3." inside element 3
    prefix: str = ""  # what the elements belong to, for messages, e.g. "icon 'eye': "


class Assets:
    """Files templates may use: only those inside the asset roots, by content digest."""

    def __init__(self, roots: list[Path]) -> None:
        self.roots = [Path(r).resolve() for r in roots]
        self._digests: dict[tuple[Path, int, int], str] = {}
        self._sizes: dict[str, tuple[float, float]] = {}

    def resolve(self, src: str, first: Path | None = None) -> Path:
        """The file `src` names, looked up in `first` then each root; InputError when it is
        outside them or missing."""
        roots = ([first.resolve()] if first else []) + self.roots
        raw = Path(src)
        candidates = [raw.resolve()] if raw.is_absolute() else [(r / raw).resolve() for r in roots]
        for candidate in candidates:
            if not any(candidate.is_relative_to(r) for r in roots):
                raise InputError(
                    f"{src!r} is outside the game's folder and the project",
                    hint="name files inside the game's folder, without '..'",
                )
        for candidate in candidates:
            if candidate.is_file():
                return candidate
        raise InputError(f"file {src!r} not found (looked in {', '.join(map(str, roots))})")

    def digest(self, path: Path) -> str:
        stat = path.stat()
        key = (path, stat.st_mtime_ns, stat.st_size)
        if key not in self._digests:
            self._digests[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:20]
        return self._digests[key]

    def image(self, path: Path) -> tuple[str, str, float, float]:
        """(kind, digest, width, height) of an image file; width/height only as a ratio."""
        suffix = path.suffix.lower()
        if suffix not in _RASTER | {".svg"}:
            raise InputError(f"{path.name}: images must be PNG, JPEG or SVG")
        digest = self.digest(path)
        if digest not in self._sizes:
            if suffix == ".svg":
                drawing = load_svg(path, digest)
                self._sizes[digest] = (float(drawing.width), float(drawing.height))
            else:
                try:
                    with PILImage.open(path) as im:
                        self._sizes[digest] = (float(im.width), float(im.height))
                except OSError:
                    raise InputError(f"{path.name}: not a readable image") from None
        w, h = self._sizes[digest]
        return ("svg" if suffix == ".svg" else "raster"), digest, w, h


@dataclass
class Compiler:
    """Turns one face's raw element mappings into fitted elements."""

    theme: Theme
    assets: Assets
    width_mm: float
    height_mm: float
    bleed_mm: float
    template: str  # template path, for messages
    label: str = ""
    output_lines: list[str] | None = None

    def __post_init__(self) -> None:
        self._icon_cache: dict[tuple, tuple[Element, ...]] = {}

    def compile(self, items: list[Any]) -> tuple[Element, ...]:
        """Fitted elements for a face (the top-level list)."""
        frame = Frame(ref=mm_to_pt(self.height_mm), top_level=True)
        return self._compile_list(items, frame)

    # -- structure ------------------------------------------------------------------------

    def _compile_list(self, items: list[Any], frame: Frame) -> tuple[Element, ...]:
        out: list[Element] = []
        for index, item in enumerate(items, start=1):
            if item is None:  # an empty list item, e.g. from a skipped macro
                continue
            number = f"{frame.path}{index}"
            where = f"{frame.prefix}element {number}"
            kind, raw = self._split_item(item, where)
            props = Props(self, kind, raw, where, getattr(item, "line", None))
            props.number_path = number
            out.extend(getattr(self, f"_{kind}")(props, frame))
        return tuple(out)

    def _split_item(self, item: Any, where: str) -> tuple[str, dict]:
        line = getattr(item, "line", None)
        if not isinstance(item, dict) or len(item) != 1:
            keys = ", ".join(map(str, item)) if isinstance(item, dict) else type(item).__name__
            raise self.error(
                f"{where}: expected one element type as its key (like `- text: {{...}}`), "
                f"got {keys}",
                line,
                hint="element types: " + ", ".join(SCHEMA),
            )
        kind, raw = next(iter(item.items()))
        if kind not in SCHEMA:
            close = difflib.get_close_matches(str(kind), SCHEMA, n=1)
            raise self.error(
                f"{where}: unknown element type {kind!r}",
                line,
                hint=f"did you mean {close[0]!r}?" if close else "known: " + ", ".join(SCHEMA),
            )
        if not isinstance(raw, dict):
            raise self.error(f"{where} ({kind}): its properties must be a mapping", line)
        return str(kind), raw

    def error(self, message: str, line: int | None, hint: str | None = None) -> TemplateError:
        """A TemplateError naming the card and, when known, the line of the template's output."""
        text = (f"{self.label}: " if self.label else "") + message
        if line and self.output_lines and 0 < line <= len(self.output_lines):
            text += f" [output line {line}: {self.output_lines[line - 1].strip()[:80]}]"
        return TemplateError(text, file=self.template, hint=hint)

    # -- shapes ---------------------------------------------------------------------------

    def _rect(self, p: Props, frame: Frame) -> list[Element]:
        x, y, w, h = (p.length(k) for k in ("x", "y", "w", "h"))
        if p.flag("bleed", False):
            x, y, w, h = self._bleed_box(p, frame, x, y, w, h)
        radius = mm_to_pt(p.length("radius", 0.0))
        return [
            draw.Rectangle(
                mm_to_pt(x),
                frame.ref - mm_to_pt(y + h),
                mm_to_pt(w),
                mm_to_pt(h),
                p.paint(frame),
                radius,
            )
        ]

    def _circle(self, p: Props, frame: Frame) -> list[Element]:
        r = p.length("r", positive=True)
        if p.flag("bleed", False):
            self._top_level_only(p, frame)
            r += self.bleed_mm
        cx, cy = p.length("cx"), p.length("cy")
        return [draw.Circle(mm_to_pt(cx), frame.ref - mm_to_pt(cy), mm_to_pt(r), p.paint(frame))]

    def _line(self, p: Props, frame: Frame) -> list[Element]:
        if "points" in p.raw:
            points = p.points("points", minimum=2)
        else:
            missing = [k for k in ("x1", "y1", "x2", "y2") if k not in p.raw]
            if missing:
                raise p.fail(f"needs x1, y1, x2, y2 or points (missing {', '.join(missing)})")
            points = [(p.length("x1"), p.length("y1")), (p.length("x2"), p.length("y2"))]
        return [draw.Polyline(self._flip(points, frame), False, p.paint(frame, line=True))]

    def _polygon(self, p: Props, frame: Frame) -> list[Element]:
        if "points" in p.raw:
            points = p.points("points", minimum=3)
        elif all(k in p.raw for k in ("sides", "cx", "cy", "r")):
            sides = int(p.number("sides"))
            if sides < 3:
                raise p.fail("sides must be 3 or more")
            points = regular_polygon(
                p.length("cx"),
                p.length("cy"),
                p.length("r", positive=True),
                sides,
                p.number("rotate", 0.0),
            )
        else:
            raise p.fail("needs points: [[x, y], ...] or sides, cx, cy and r")
        return [draw.Polyline(self._flip(points, frame), True, p.paint(frame))]

    def _star(self, p: Props, frame: Frame) -> list[Element]:
        count = int(p.number("points", 5))
        if count < 3:
            raise p.fail("a star needs 3 or more points")
        inner = p.number("inner", None)
        if inner is not None and not 0 < inner < 1:
            raise p.fail("inner is the inner radius as a share of r: between 0 and 1")
        points = star_points(
            p.length("cx"),
            p.length("cy"),
            p.length("r", positive=True),
            count,
            inner,
            p.number("rotate", 0.0),
        )
        return [draw.Polyline(self._flip(points, frame), True, p.paint(frame))]

    def _flip(self, points: list[tuple[float, float]], frame: Frame) -> tuple:
        return tuple((mm_to_pt(x), frame.ref - mm_to_pt(y)) for x, y in points)

    def _bleed_box(self, p: Props, frame: Frame, x, y, w, h) -> tuple[float, ...]:
        """Push every edge lying on (or past) the trim out to the bleed edge."""
        self._top_level_only(p, frame)
        b = self.bleed_mm
        left, top, right, bottom = x, y, x + w, y + h
        left = left - b if left <= _EDGE else left
        top = top - b if top <= _EDGE else top
        right = right + b if right >= self.width_mm - _EDGE else right
        bottom = bottom + b if bottom >= self.height_mm - _EDGE else bottom
        return left, top, right - left, bottom - top

    def _top_level_only(self, p: Props, frame: Frame) -> None:
        if not frame.top_level:
            raise p.fail("bleed: true works only on top-level elements, not inside a group")

    # -- images and icons -----------------------------------------------------------------

    def _image(self, p: Props, frame: Frame) -> list[Element]:
        x, y, w, h = (p.length(k, positive=k in "wh") for k in ("x", "y", "w", "h"))
        if p.flag("bleed", False):
            x, y, w, h = self._bleed_box(p, frame, x, y, w, h)
        fit = p.choice("fit", ("contain", "cover", "stretch"), "contain")
        src = p.string("src")
        try:
            path = self.assets.resolve(src)
            kind, digest, iw, ih = self.assets.image(path)
        except InputError as exc:
            raise p.fail(f"image: {exc.message}", exc.hint) from None
        box = (mm_to_pt(x), frame.ref - mm_to_pt(y + h), mm_to_pt(w), mm_to_pt(h))
        return [_fit_image(box, iw / ih, fit, kind, digest, path, frame.opacity * p.opacity())]

    def _icon(self, p: Props, frame: Frame) -> list[Element]:
        name = p.string("use")
        size = p.length("size", None, positive=True)
        w = p.length("w", size, positive=True)
        h = p.length("h", size, positive=True)
        if w is None or h is None:
            raise p.fail("an icon needs size (or w and h)")
        color = p.color("color", "ink", frame)
        try:
            return [
                self.place_icon(
                    name,
                    mm_to_pt(p.length("x")),
                    mm_to_pt(p.length("y")),
                    mm_to_pt(w),
                    mm_to_pt(h),
                    frame,
                    color,
                    frame.opacity * p.opacity(),
                )
            ]
        except InputError as exc:
            raise p.fail(exc.message, exc.hint) from None

    def icon_aspect(self, name: str) -> float:
        """Width / height of a theme icon."""
        icon = self._icon_def(name)
        if icon.svg:
            _, _, w, h = self.assets.image(self.assets.resolve(icon.svg, self.theme.root))
            return w / h
        return icon.box[0] / icon.box[1]

    def place_icon(
        self,
        name: str,
        x: float,
        top: float,
        w: float,
        h: float,
        frame: Frame,
        color: RGB | None,
        opacity: float,
    ) -> Element:
        """A theme icon centred in the box (x, top, w, h), in points measured down from ref."""
        icon = self._icon_def(name)
        if icon.svg:
            path = self.assets.resolve(icon.svg, self.theme.root)
            kind, digest, iw, ih = self.assets.image(path)
            box = (x, frame.ref - top - h, w, h)
            return _fit_image(box, iw / ih, "contain", kind, digest, path, opacity)
        bw, bh = icon.box
        scale = min(w / bw, h / bh)  # points per icon unit
        key = (name, color, round(opacity, 4))
        if key not in self._icon_cache:
            inner = Frame(
                ref=0.0,
                top_level=False,
                opacity=opacity,
                current=color,
                prefix=f"theme icon {name!r}: ",
            )
            self._icon_cache[key] = self._compile_list(list(icon.elements), inner)
        return draw.Group(
            x + (w - bw * scale) / 2,
            frame.ref - top - (h - bh * scale) / 2,
            self._icon_cache[key],
            scale_x=scale / PT_PER_MM,
            scale_y=scale / PT_PER_MM,
        )

    def _icon_def(self, name: str):
        if name not in self.theme.icons:
            close = difflib.get_close_matches(name, list(self.theme.icons), n=3)
            raise InputError(
                f"unknown icon {name!r}",
                hint=("did you mean: " + ", ".join(close) + "?")
                if close
                else "icons are defined under `icons:` in the game's theme.yaml",
            )
        return self.theme.icons[name]

    # -- text and groups ------------------------------------------------------------------

    def _text(self, p: Props, frame: Frame) -> list[Element]:
        x, y = p.length("x"), p.length("y")
        w, h = p.length("w", positive=True), p.length("h", positive=True)
        size = p.font_size("size", "body")
        min_size = p.font_size("min_size", None)
        if min_size is None:
            min_size = min(size, max(5.0, round(size * 0.7, 1)))
        if min_size > size:
            raise p.fail(f"min_size ({min_size:g}pt) is larger than size ({size:g}pt)")
        style_name = p.choice("style", ("regular", "bold", "italic", "bold_italic"), "regular")
        try:
            family = self.theme.family(p.string("font", "body"))
            fallback = self.theme.fallback_families()
        except InputError as exc:
            raise p.fail(exc.message, exc.hint) from None
        style = TextStyle(
            family=family,
            fallback=fallback,
            size=size,
            min_size=min_size,
            leading=p.number("leading", 1.2, positive=True),
            align=p.choice("align", ("left", "center", "right", "justify"), "left"),
            valign=p.choice("valign", ("top", "middle", "bottom"), "top"),
            bold="bold" in style_name,
            italic="italic" in style_name,
            icon_scale=p.number("icon_scale", 1.0, positive=True),
        )
        color = p.color("color", "ink", frame) or (0.0, 0.0, 0.0)
        opacity = frame.opacity * p.opacity()
        text = p.raw.get("text")
        text = "" if text is None else text
        if isinstance(text, list | dict):
            raise p.fail("text must be a string")
        where = (f"{self.label}: " if self.label else "") + p.where

        def aspect(name: str) -> float:
            try:
                return self.icon_aspect(name)
            except InputError as exc:
                raise p.fail(f"inline :{name}: {exc.message}", exc.hint) from None

        fitted = fit_text(
            str(text),
            style,
            mm_to_pt(w),
            mm_to_pt(h),
            icon_aspect=aspect,
            where=where,
            file=self.template,
        )
        left, top = mm_to_pt(x), mm_to_pt(y)
        children: list[Element] = [
            draw.TextRun(left + r.x, frame.ref - top - r.y, r.text, r.font, r.size, color, opacity)
            for r in fitted.runs
        ]
        for icon in fitted.icons:
            children.append(
                self.place_icon(
                    icon.name, left + icon.x, top + icon.y, icon.w, icon.h, frame, color, opacity
                )
            )
        return [draw.Text(fitted.size, fitted.line_count, tuple(children), p.string("name", ""))]

    def _group(self, p: Props, frame: Frame) -> list[Element]:
        items = p.raw.get("elements") or []
        if not isinstance(items, list):
            raise p.fail("elements must be a list")
        scale = p.raw.get("scale", 1.0)
        sx, sy = (scale, scale) if not isinstance(scale, list) else tuple(scale + [None])[:2]
        if not all(isinstance(v, int | float) and v > 0 for v in (sx, sy)):
            raise p.fail(f"scale must be a positive number or [sx, sy], got {scale!r}")
        inner = replace(
            frame,
            ref=0.0,
            top_level=False,
            opacity=frame.opacity * p.opacity(),
            path=f"{p.number_path}.",
        )
        return [
            draw.Group(
                mm_to_pt(p.length("x", 0.0)),
                frame.ref - mm_to_pt(p.length("y", 0.0)),
                self._compile_list(items, inner),
                rotate=-p.number("rotate", 0.0),  # designers turn clockwise on a y-down card
                scale_x=float(sx),
                scale_y=float(sy),
            )
        ]


def _fit_image(box, aspect, fit, kind, digest, path, opacity) -> draw.Image:
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


_REQUIRED = object()


class Props:
    """Typed, checked access to one element's properties; errors name the element."""

    def __init__(
        self, compiler: Compiler, kind: str, raw: dict, where: str, line: int | None
    ) -> None:
        self.compiler = compiler
        self.kind = kind
        self.raw = raw
        self.number_path = where
        self.line = line
        name = raw.get("name")
        self.where = f"{where} ({kind}" + (f" {str(name)!r})" if name else ")")
        required, optional = SCHEMA[kind]
        for key in raw:
            if key not in required and key not in optional:
                close = difflib.get_close_matches(str(key), [*required, *optional], n=1)
                raise self.fail(
                    f"unknown key {key!r}",
                    f"did you mean {close[0]!r}?"
                    if close
                    else f"{kind} takes: " + ", ".join(sorted({*required, *optional})),
                )
        missing = [k for k in required if k not in raw]
        if missing:
            raise self.fail("missing " + ", ".join(repr(k) for k in missing))

    def fail(self, message: str, hint: str | None = None) -> TemplateError:
        return self.compiler.error(f"{self.where}: {message}", self.line, hint)

    def _get(self, key: str, default: Any) -> Any:
        value = self.raw.get(key, default)
        if value is _REQUIRED:
            raise self.fail(f"missing {key!r}")
        return value

    def length(self, key: str, default: Any = _REQUIRED, positive: bool = False) -> Any:
        value = self._get(key, default)
        if value is None:
            return None
        mm = self._convert(key, lambda v: parse_length(v, what=key), value)
        if positive and mm <= 0:
            raise self.fail(f"{key} must be more than 0, got {value!r}")
        return mm

    def font_size(self, key: str, default: Any) -> Any:
        value = self._get(key, default)
        return None if value is None else self._convert(key, self.compiler.theme.font_size, value)

    def number(self, key: str, default: Any = _REQUIRED, positive: bool = False) -> Any:
        value = self._get(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(f"{key} must be a number, got {value!r}")
        if positive and value <= 0:
            raise self.fail(f"{key} must be more than 0, got {value!r}")
        return float(value)

    def opacity(self) -> float:
        value = self.number("opacity", 1.0)
        if not 0 <= value <= 1:
            raise self.fail(f"opacity must be between 0 and 1, got {value:g}")
        return value

    def string(self, key: str, default: Any = _REQUIRED) -> str:
        value = self._get(key, default)
        if isinstance(value, list | dict):
            raise self.fail(f"{key} must be a single value, got {value!r}")
        return str(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.fail(f"{key} must be true or false, got {value!r}")
        return value

    def choice(self, key: str, options: tuple[str, ...], default: str) -> str:
        value = str(self._get(key, default))
        if value not in options:
            close = difflib.get_close_matches(value, options, n=1)
            raise self.fail(
                f"{key} must be one of {', '.join(options)}, got {value!r}",
                f"did you mean {close[0]!r}?" if close else None,
            )
        return value

    def color(self, key: str, default: str | None, frame: Frame) -> RGB | None:
        value = self._get(key, default)
        if value is None and key in self.raw:
            raise self.fail(
                f"{key} is empty",
                f"quote hex colours: {key}: '#8b2e2e' (an unquoted # starts a YAML comment)",
            )
        if value is None:
            return None
        if str(value) == "current":
            return frame.current if frame.current is not None else self.color(key, "ink", frame)
        return self._convert(key, self.compiler.theme.color, value)

    def points(self, key: str, minimum: int) -> list[tuple[float, float]]:
        value = self._get(key, _REQUIRED)
        if (
            not isinstance(value, list)
            or len(value) < minimum
            or not all(isinstance(pt, list) and len(pt) == 2 for pt in value)
        ):
            raise self.fail(f"{key} must be a list of at least {minimum} [x, y] pairs")
        return [
            (self._convert(key, parse_length, a), self._convert(key, parse_length, b))
            for a, b in value
        ]

    def paint(self, frame: Frame, line: bool = False) -> Paint:
        """Fill and stroke; a shape given neither is filled with ink, a line is stroked."""
        given = "fill" in self.raw or "stroke" in self.raw
        fill = None if line else self.color("fill", None if given else "ink", frame)
        stroke = self.color("stroke", "ink" if line else None, frame)
        width = self.length("stroke_width", STROKE_DEFAULT_MM)
        dash = self.raw.get("dash")
        if isinstance(dash, str) and dash in DASHES:
            dash = list(DASHES[dash])
        elif dash is not None and not isinstance(dash, list):
            dash = [dash]
        dashes = tuple(mm_to_pt(self._convert("dash", parse_length, d)) for d in dash or [])
        cap = self.choice("cap", ("butt", "round", "square"), "butt")
        return Paint(
            fill=fill,
            stroke=stroke,
            stroke_width=mm_to_pt(width),
            opacity=frame.opacity * self.opacity(),
            dash=dashes,
            cap=draw.CAPS[cap],
        )

    def _convert(self, key: str, convert: Callable[[Any], Any], value: Any) -> Any:
        try:
            return convert(value)
        except PnpError as exc:
            message = exc.message if exc.message.startswith(key) else f"{key}: {exc.message}"
            raise self.fail(message, exc.hint) from None
