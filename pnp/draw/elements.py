"""Fitted elements: what a face paints, final and plain.

PDF points, origin at the trim box's bottom-left, y up, colours as RGB (0..1), text already
broken into runs. Layout produces them (pnp.layout); pnp.draw.paint paints them. An element keeps
the `name` its template gave it (not part of what it paints), so a rulebook figure can find it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RGB = tuple[float, float, float]
Point = tuple[float, float]
CAPS = {"butt": 0, "round": 1, "square": 2}


@dataclass(frozen=True)
class Paint:
    """Fill, stroke and their look; None means not painted."""

    fill: RGB | None = None
    stroke: RGB | None = None
    stroke_width: float = 0.0
    opacity: float = 1.0
    dash: tuple[float, ...] = ()
    cap: int = 0


@dataclass(frozen=True)
class Rectangle:
    """A rectangle, optionally with rounded corners."""

    x: float
    y: float
    w: float
    h: float
    paint: Paint
    radius: float = 0.0
    name: str = field(default="", compare=False, metadata={"key": False})  # the template's name


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint
    name: str = field(default="", compare=False, metadata={"key": False})  # the template's name


@dataclass(frozen=True)
class Polyline:
    """A polyline (`closed=False`) or polygon."""

    points: tuple[Point, ...]
    closed: bool
    paint: Paint
    name: str = field(default="", compare=False, metadata={"key": False})  # the template's name


@dataclass(frozen=True)
class Image:
    """A raster or SVG image drawn into (x, y, w, h), optionally clipped to `clip`."""

    x: float
    y: float
    w: float
    h: float
    kind: str  # "raster" | "svg"
    digest: str  # of the file's bytes: the face key follows the content, not the path
    path: str = field(metadata={"key": False})
    opacity: float = 1.0
    clip: tuple[float, float, float, float] | None = None
    name: str = field(default="", compare=False, metadata={"key": False})  # the template's name
    tint: RGB | None = None  # an SVG drawn all in this colour (a one-colour icon recoloured)
    drop_background: bool = False  # an SVG's full-size background square left out


@dataclass(frozen=True)
class TextRun:
    """One string on one baseline in one font."""

    x: float
    y: float
    text: str
    font: str
    size: float
    color: RGB
    opacity: float = 1.0
    # points: stroked as well as filled (synthetic bold) when above 0; `late`: in a face's
    # key only when set, so the faces drawn before it existed keep their keys
    stroke: float = field(default=0.0, metadata={"late": True})


@dataclass(frozen=True)
class Group:
    """Children drawn after translate(x, y), rotate (degrees, counter-clockwise), scale."""

    x: float
    y: float
    children: tuple[Element, ...]
    rotate: float = 0.0
    scale_x: float = 1.0
    scale_y: float = 1.0
    name: str = field(default="", compare=False, metadata={"key": False})  # the template's name


@dataclass(frozen=True)
class Text:
    """A fitted text box: the size chosen and its runs and inline icons."""

    size: float
    line_count: int
    children: tuple[Element, ...]
    name: str = ""
    where: str = field(default="", metadata={"key": False})  # `element 3 (text)`, for reports


Element = Rectangle | Circle | Polyline | Image | TextRun | Group | Text
