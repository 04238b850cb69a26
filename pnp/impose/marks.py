"""Everything printed that is not art: crop marks, cut and fold lines, registration crosses, the
sheet label and the 50 mm scale check.

Marks are plain records in millimetres (page coordinates) so layouts can be inspected and tested
without a PDF; `draw_mark` paints one on a reportlab canvas.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from pnp.draw.ttfont import TTFont
from pnp.impose.geometry import Rect
from pnp.memo import Memo
from pnp.resources import fonts_dir

# style -> (grey level, line width in pt, dash pattern in mm or None)
STYLES: dict[str, tuple[float, float, tuple[float, float] | None]] = {
    "crop": (0.0, 0.25, None),  # trim lines continued into the margin
    "bleedcrop": (0.0, 0.25, None),  # the same, moved into the bleed where the margin is short
    "cut": (0.25, 0.35, None),  # cut lines drawn on the piece itself (round tokens, strips)
    "fold": (0.35, 0.4, (2.0, 1.2)),
    "guide": (0.45, 0.3, (1.0, 1.0)),  # where to cut a board tile before overlapping it
    "register": (0.0, 0.3, None),  # registration crosses
    "ink": (0.0, 0.4, None),  # scale bar, calibration rulers
    "map": (0.35, 0.3, None),
}

MARK_GAP_MM = 1.0  # between the outermost art and a crop mark
MARK_LENGTH_MM = 5.0
LABEL_PT = 7.0  # sheet labels: read at the printer, counted by V1 (at most 2 % of a kit under 7 pt)
LABEL_MIN_PT = 6.0  # where a short margin makes them shrink, never under this


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: str = "crop"


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: str = "cut"


@dataclass(frozen=True)
class Box:
    rect: Rect
    style: str = "ink"
    fill: float | None = None  # grey level, or None for no fill
    stroke: bool = True


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float = LABEL_PT
    angle: int = 0
    gray: float = 0.2
    anchor: str = "start"  # "start", "middle" or "end"


@dataclass(frozen=True)
class Shape:
    """A closed outline: ("M", x, y), ("L", x, y), ("A", cx, cy, r, start_deg, extent_deg)."""

    ops: tuple[tuple, ...]
    style: str = "cut"


Mark = Line | Circle | Box | Text | Shape


# --- fonts -----------------------------------------------------------------------------------


def _ttf(name: str, file: str) -> TTFont | None:
    """The label font `name` from `file`, registered once (None when the file is not there)."""
    return _TTFS.get_or_make(name, lambda: (_load_ttf(name, file),))[0]


_TTFS: Memo[str, tuple[TTFont | None]] = Memo(4)  # in a 1-tuple, as a missing file gives None
_LABEL_FONTS: Memo[str, str] = Memo(1024)  # a page's label is measured and drawn several times


def _load_ttf(name: str, file: str) -> TTFont | None:
    path = fonts_dir() / file
    if not path.exists():
        return None
    font = TTFont(name, str(path))
    pdfmetrics.registerFont(font)
    return font


def label_font(text: str) -> str:
    """An embedded (subset) TTF that can show `text`, so labels print as they look on screen;
    Helvetica only if neither font file is there."""
    return _LABEL_FONTS.get(text) or _LABEL_FONTS.put(text, _label_font(text))


def _label_font(text: str) -> str:
    for name, file in (("PnpLabel", "Roboto-Regular.ttf"), ("PnpLabelCJK", "IPAexGothic.ttf")):
        font = _ttf(name, file)
        if font is not None and all(ord(c) in font.face.charToGlyph for c in text):
            return name
    return "PnpLabel" if _ttf("PnpLabel", "Roboto-Regular.ttf") else "Helvetica"


def text_width_mm(text: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, label_font(text), size) / mm


def shift_mark(m: Mark, dx: float, dy: float) -> Mark:
    """The same mark moved by (dx, dy) mm."""
    if isinstance(m, Line):
        return Line(m.x1 + dx, m.y1 + dy, m.x2 + dx, m.y2 + dy, m.style)
    if isinstance(m, Circle):
        return Circle(m.cx + dx, m.cy + dy, m.r, m.style)
    if isinstance(m, Box):
        return Box(m.rect.shift(dx, dy), m.style, m.fill, m.stroke)
    if isinstance(m, Shape):
        ops = tuple((op[0], op[1] + dx, op[2] + dy, *op[3:]) for op in m.ops)
        return Shape(ops, m.style)
    if isinstance(m, Text):
        return Text(m.x + dx, m.y + dy, m.text, m.size, m.angle, m.gray, m.anchor)
    raise TypeError(m)


def mark_bbox(mark: Mark) -> Rect:
    """The box a mark covers (generous for text)."""
    if isinstance(mark, Line):
        x0, x1 = sorted((mark.x1, mark.x2))
        y0, y1 = sorted((mark.y1, mark.y2))
        return Rect(x0, y0, x1 - x0, y1 - y0)
    if isinstance(mark, Circle):
        return Rect(mark.cx - mark.r, mark.cy - mark.r, 2 * mark.r, 2 * mark.r)
    if isinstance(mark, Box):
        return mark.rect
    if isinstance(mark, Shape):
        pts = [(op[1], op[2]) for op in mark.ops if op[0] in "ML"]
        pts += [(op[1] - op[3], op[2] - op[3]) for op in mark.ops if op[0] == "A"]
        pts += [(op[1] + op[3], op[2] + op[3]) for op in mark.ops if op[0] == "A"]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    length = text_width_mm(mark.text, mark.size)
    height = mark.size * 0.95 / mm * 1.0
    start = {"middle": -length / 2, "end": -length}.get(mark.anchor, 0.0)
    if mark.angle == 90:
        return Rect(mark.x - height * 0.78, mark.y + start, height, length)
    return Rect(mark.x + start, mark.y - height * 0.22, length, height)
