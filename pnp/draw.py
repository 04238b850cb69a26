"""Paint fitted elements on a reportlab canvas and wrap them as FaceArt.

Fitted elements are final: PDF points, origin at the trim box's bottom-left, y up, colours as
RGB, text already broken into runs. Painting them makes the same canvas calls in the same order
every time, and a face's key is a hash of its elements, so identical faces share one key.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from pnp.errors import InputError
from pnp.face import FaceArt
from pnp.units import mm_to_pt

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
class Rect:
    x: float
    y: float
    w: float
    h: float
    paint: Paint
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint


@dataclass(frozen=True)
class Polyline:
    """A polyline (`closed=False`) or polygon."""

    points: tuple[Point, ...]
    closed: bool
    paint: Paint


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


@dataclass(frozen=True)
class Group:
    """Children drawn after translate(x, y), rotate (degrees, counter-clockwise), scale."""

    x: float
    y: float
    children: tuple[Element, ...]
    rotate: float = 0.0
    scale_x: float = 1.0
    scale_y: float = 1.0


@dataclass(frozen=True)
class Text:
    """A fitted text box: the size chosen and its runs and inline icons."""

    size: float
    line_count: int
    children: tuple[Element, ...]
    name: str = ""


Element = Rect | Circle | Polyline | Image | TextRun | Group | Text


def paint(canvas: Canvas, elements: tuple[Element, ...] | list[Element]) -> None:
    """Draw `elements` in order on `canvas` (in its current coordinate system)."""
    for element in elements:
        _PAINTERS[type(element)](canvas, element)


def face_key(
    elements: tuple[Element, ...], width_mm: float, height_mm: float, bleed_mm: float, shape: str
) -> str:
    """A stable hash of what a face paints: same art, same key, in any process."""
    text = repr((_canonical(elements), round(width_mm, 4), round(height_mm, 4), bleed_mm, shape))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def make_face_art(
    elements: tuple[Element, ...],
    *,
    width_mm: float,
    height_mm: float,
    bleed_mm: float,
    shape: str = "rect",
    label: str = "",
) -> FaceArt:
    """Wrap fitted elements as FaceArt; drawing is clipped to the bleed box."""
    bleed = mm_to_pt(bleed_mm)
    box = (-bleed, -bleed, mm_to_pt(width_mm) + 2 * bleed, mm_to_pt(height_mm) + 2 * bleed)

    def draw(canvas: Canvas) -> None:
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(*box)
        canvas.clipPath(clip, stroke=0, fill=0)
        paint(canvas, elements)
        canvas.restoreState()

    return FaceArt(
        key=face_key(elements, width_mm, height_mm, bleed_mm, shape),
        width_mm=width_mm,
        height_mm=height_mm,
        bleed_mm=bleed_mm,
        draw=draw,
        shape=shape,
        label=label,
    )


# ---------------------------------------------------------------------------------------------


def _apply(canvas: Canvas, p: Paint) -> tuple[int, int]:
    """Set colours and line style; returns the (stroke, fill) flags for a drawing call."""
    if p.fill is not None:
        canvas.setFillColorRGB(*p.fill)
    if p.stroke is not None:
        canvas.setStrokeColorRGB(*p.stroke)
        canvas.setLineWidth(p.stroke_width)
        canvas.setLineCap(p.cap)
        if p.dash:
            canvas.setDash(list(p.dash))
    if p.opacity < 1:
        canvas.setFillAlpha(p.opacity)
        canvas.setStrokeAlpha(p.opacity)
    return int(p.stroke is not None and p.stroke_width > 0), int(p.fill is not None)


def _rect(canvas: Canvas, e: Rect) -> None:
    canvas.saveState()
    stroke, fill = _apply(canvas, e.paint)
    if e.radius > 0:
        canvas.roundRect(e.x, e.y, e.w, e.h, e.radius, stroke=stroke, fill=fill)
    else:
        canvas.rect(e.x, e.y, e.w, e.h, stroke=stroke, fill=fill)
    canvas.restoreState()


def _circle(canvas: Canvas, e: Circle) -> None:
    canvas.saveState()
    stroke, fill = _apply(canvas, e.paint)
    canvas.circle(e.cx, e.cy, e.r, stroke=stroke, fill=fill)
    canvas.restoreState()


def _path(canvas: Canvas, e: Polyline) -> None:
    canvas.saveState()
    stroke, fill = _apply(canvas, e.paint)
    path = canvas.beginPath()
    path.moveTo(*e.points[0])
    for point in e.points[1:]:
        path.lineTo(*point)
    if e.closed:
        path.close()
    canvas.drawPath(path, stroke=stroke, fill=fill if e.closed else 0, fillMode=0)
    canvas.restoreState()


def _image(canvas: Canvas, e: Image) -> None:
    canvas.saveState()
    if e.clip:
        clip = canvas.beginPath()
        clip.rect(*e.clip)
        canvas.clipPath(clip, stroke=0, fill=0)
    if e.opacity < 1:
        canvas.setFillAlpha(e.opacity)
    if e.kind == "svg":
        drawing = load_svg(Path(e.path), e.digest)
        canvas.translate(e.x, e.y)
        canvas.scale(e.w / drawing.width, e.h / drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0)
    else:
        canvas.drawImage(e.path, e.x, e.y, e.w, e.h, mask="auto")
    canvas.restoreState()


def _text_run(canvas: Canvas, e: TextRun) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(*e.color)
    if e.opacity < 1:
        canvas.setFillAlpha(e.opacity)
    canvas.setFont(e.font, e.size)
    canvas.drawString(e.x, e.y, e.text)
    canvas.restoreState()


def _group(canvas: Canvas, e: Group) -> None:
    canvas.saveState()
    canvas.translate(e.x, e.y)
    if e.rotate:
        canvas.rotate(e.rotate)
    if (e.scale_x, e.scale_y) != (1.0, 1.0):
        canvas.scale(e.scale_x, e.scale_y)
    paint(canvas, e.children)
    canvas.restoreState()


def _text(canvas: Canvas, e: Text) -> None:
    paint(canvas, e.children)


_PAINTERS = {
    Rect: _rect,
    Circle: _circle,
    Polyline: _path,
    Image: _image,
    TextRun: _text_run,
    Group: _group,
    Text: _text,
}

_svg_lock = threading.Lock()
_svg_cache: dict[str, Drawing] = {}


def load_svg(path: Path, digest: str) -> Drawing:
    """Parse an SVG once per process (by content digest) into a reportlab Drawing."""
    with _svg_lock:
        drawing = _svg_cache.get(digest)
        if drawing is None:
            try:
                drawing = svg2rlg(str(path))
            except Exception as exc:  # svglib raises many kinds on bad files
                raise InputError(f"cannot read SVG {path}: {exc}") from None
            if drawing is None or not drawing.width or not drawing.height:
                raise InputError(f"cannot read SVG {path}: no drawing or zero size")
            _svg_cache[digest] = drawing
        return drawing


def _canonical(value: object) -> object:
    if is_dataclass(value):
        return (type(value).__name__,) + tuple(
            _canonical(getattr(value, f.name)) for f in fields(value) if f.metadata.get("key", True)
        )
    if isinstance(value, tuple | list):
        return tuple(_canonical(v) for v in value)
    if isinstance(value, float):
        return round(value, 4) + 0.0  # + 0.0 folds -0.0 into 0.0
    return value
