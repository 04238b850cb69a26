"""The duplex alignment test sheet: measure how far a printer shifts the back of a sheet.

The front carries two long lines through the centre of the page. The centre is the one point a
long-edge and a short-edge flip both leave in place, so the sheet works for either. The back
carries rulers centred on those lines. Held against a window, the front's lines show through and
cross each ruler at the shift to enter as `--back-offset X,Y` (x to the right, y up, as seen on
the back). Readings of 0 mean front and back already line up.
"""

from __future__ import annotations

from pnp.impose.geometry import Rect
from pnp.impose.margins import scale_bar_item
from pnp.impose.marks import Box, Line, Mark, Text, label_font, shift_mark
from pnp.impose.options import SheetOptions
from pnp.impose.paper import Paper
from pnp.impose.sheet import Page, back_flip

RULER_HALF_MM = 10.0
SPOT_MM = 20.0  # from the paper edge to the reading spots at the middle of each edge
ARM_MM = 25.0  # half the length of the cross on the front at each spot
INK = "ink"

FRONT_TEXT = (
    "Duplex alignment test · FRONT",
    "1. Print this page double-sided at actual size (100 %, no 'fit to page'), with the same",
    "    paper and duplex setting (flip on {flip} edge) you will use for your cards.",
    "2. Check that the 50 mm bar measures 50 mm.",
    "3. Hold the sheet against a window or a lamp with the BACK facing you: the lines and",
    "    crosses printed here show through.",
    "4. At each edge read where the lines cross the rulers (ticks 1 mm, long ticks every 5 mm):",
    "    horizontal rulers give X, vertical rulers give Y; average the four of each.",
    "5. Note X and Y in the box on the back, then build with  --back-offset X,Y :",
    "        {command}",
    "    Printed with an offset already? Add the readings to it.",
    "6. Each big number should show through behind the same number on the back. If they are",
    "    swapped, your printer flips the other way: build with  --duplex {other}  instead.",
)
BACK_TEXT = (
    "Duplex alignment test · BACK (this side towards you, sheet against the light)",
    "Where the front's vertical lines cross a horizontal ruler: X.  Where the front's",
    "horizontal lines cross a vertical ruler: Y.  Then build with  --back-offset X,Y",
    "This back was printed with back offset {dx:g},{dy:g} mm; 0,0 readings mean it lines up.",
    "Each big number here should sit right behind the same number on the front.",
)


def calibration_pages(opts: SheetOptions) -> list[Page]:
    """Front and back page of the alignment test on `opts.paper` (portrait)."""
    paper = opts.paper.portrait()
    W, H = paper.width_mm, paper.height_mm
    flip = "short" if opts.duplex == "short" else "long"
    other = "long" if flip == "short" else "short"
    command = f"pnp build GAME --paper {paper.name.lower()} --duplex {flip} --back-offset X,Y"
    label = f"Duplex alignment test · {paper.name} · flip on {flip} edge"
    front = Page(paper, "front", "Duplex alignment test", labelled=True, sheet=1, sheets=1)
    front.label = f"{label} · front"
    front.marks += [
        Line(W / 2, SPOT_MM - 8, W / 2, H - 100, INK),
        Line(SPOT_MM - 8, H / 2, W - SPOT_MM + 8, H / 2, INK),
        *_text_block(FRONT_TEXT, 15, H - 50, flip=flip, other=other, command=command),
        *_corner_numbers(paper, None),
        *[shift_mark(m, 15, 6) for m in scale_bar_item().marks],
        Text(W - 15, 7, front.label, 6.5, anchor="end"),
    ]
    for x, y in _spots(paper):  # a cross at each spot: both lines show against both rulers
        front.marks += [
            Line(max(x - ARM_MM, 8), y, min(x + ARM_MM, W - 8), y, INK),
            Line(x, max(y - ARM_MM, 8), x, min(y + ARM_MM, H - 8), INK),
        ]
    x_off, y_off = opts.back_offset_mm
    back = Page(paper, "back", "Duplex alignment test", labelled=True, sheet=1, sheets=1)
    back.label = f"{label} · back"
    back.offset_mm = opts.back_offset_mm
    back.marks += _text_block(BACK_TEXT, 15, H - 50, dx=x_off, dy=y_off)
    back.marks += _corner_numbers(paper, back_flip(paper, opts.duplex))
    for x, y in _spots(paper):  # each ruler a little towards the middle, crossing one arm
        toward_x = 1 if x <= W / 2 else -1
        toward_y = 1 if y < H / 2 else -1
        back.marks += ruler(x, y + 15 * toward_y, horizontal=True, name="X")
        back.marks += ruler(x + 20 * toward_x, y, horizontal=False, name="Y")
    back.marks += _note_box(W, H, command)
    back.marks.append(Text(W - 15, 7, back.label, 6.5, anchor="end"))
    return [front, back]


def _spots(paper: Paper) -> list[tuple[float, float]]:
    """Where readings are taken: the middle of each edge (a flip swaps them among themselves)."""
    W, H = paper.width_mm, paper.height_mm
    return [(W / 2, H - SPOT_MM), (W / 2, SPOT_MM), (SPOT_MM, H / 2), (W - SPOT_MM, H / 2)]


def _note_box(W: float, H: float, command: str) -> list[Mark]:
    """A box to write the readings in, with the command they go into."""
    box = Rect(W / 2 + 25, 40, W / 2 - 40, 34)
    x, top = box.x + 3, box.top - 5
    return [
        Box(box, INK),
        Text(x, top, "Measured back offset", 8, gray=0),
        Text(x, top - 8, "X = ________ mm    Y = ________ mm", 8, gray=0),
        Text(x, top - 15, "printer / paper / date: ____________________", 6.5, gray=0),
        Text(x, top - 22, "Then build with:", 6.5, gray=0),
        Text(x, top - 26.5, command, 5.5, gray=0),
    ]


def _corner_numbers(paper: Paper, flip: str | None) -> list[Mark]:
    """Big numbers 1-4 in the quadrants; on the back at the positions the flip brings them to.
    Each is centred on its point (glyph box), so front and back numbers line up either way."""
    W, H = paper.width_mm, paper.height_mm
    out: list[Mark] = []
    size = 32.0
    drop = _middle_mm(size)
    for n, (fx, fy) in enumerate(((0.28, 0.62), (0.72, 0.62), (0.28, 0.3), (0.72, 0.3)), 1):
        x, y = fx * W, fy * H
        if flip == "x":
            x = W - x
        elif flip == "y":
            y = H - y
        out.append(Text(x, y - drop, str(n), size, anchor="middle", gray=0.55))
    return out


def _middle_mm(size: float) -> float:
    """From the baseline to the middle of a digit (half the label font's cap height), in mm."""
    from reportlab.pdfbase import pdfmetrics

    face = getattr(pdfmetrics.getFont(label_font("1")), "face", None)
    cap = getattr(face, "capHeight", 718) or 718  # per 1000 units of the font size
    return cap / 1000 * size / 2 / 72 * 25.4


def ruler(cx: float, cy: float, *, horizontal: bool, name: str) -> list[Mark]:
    """A scale from -10 to +10 mm centred on (cx, cy): 1 mm ticks, long ticks and numbers every
    5 mm, and "X +" or "Y +" at the + end."""
    marks: list[Mark] = []
    half = int(RULER_HALF_MM)
    for t in range(-half, half + 1):
        length = 4.0 if t % 5 == 0 else 2.2
        if horizontal:
            marks.append(Line(cx + t, cy, cx + t, cy + length, INK))
        else:
            marks.append(Line(cx, cy + t, cx + length, cy + t, INK))
        if t % 5 == 0 and t:
            text = f"{t:+d}"
            if horizontal:
                marks.append(Text(cx + t, cy + 5, text, 5.5, anchor="middle", gray=0))
            else:
                marks.append(Text(cx + 5, cy + t - 0.8, text, 5.5, gray=0))
    if horizontal:
        marks.append(Line(cx - RULER_HALF_MM, cy, cx + RULER_HALF_MM, cy, INK))
        marks.append(Text(cx + RULER_HALF_MM + 1.5, cy + 0.5, f"{name} +", 6.5, gray=0))
    else:
        marks.append(Line(cx, cy - RULER_HALF_MM, cx, cy + RULER_HALF_MM, INK))
        marks.append(Text(cx - 1.5, cy + RULER_HALF_MM + 1.5, f"{name} +", 6.5, gray=0))
    # A light box behind the zero: where the line falls when front and back line up.
    zero = Rect(cx - 0.25, cy - 1, 0.5, 6) if horizontal else Rect(cx - 1, cy - 0.25, 6, 0.5)
    marks.insert(0, Box(zero, INK, fill=0.85, stroke=False))
    return marks


def _text_block(lines: tuple[str, ...], x: float, top: float, **values: object) -> list[Mark]:
    out: list[Mark] = []
    for i, line in enumerate(lines):
        size = 9.0 if i == 0 else 7.5
        out.append(Text(x, top - i * 3.6 - (1.2 if i else 0), line.format(**values), size, gray=0))
    return out
