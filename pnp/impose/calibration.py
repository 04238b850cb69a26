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
from pnp.impose.marks import Box, Line, Mark, Text, shift_mark
from pnp.impose.options import SheetOptions
from pnp.impose.paper import Paper
from pnp.impose.sheet import Page, back_flip

RULER_HALF_MM = 12.0
INK = "ink"

FRONT_TEXT = (
    "Duplex alignment test · FRONT",
    "1. Print this page double-sided at actual size (100 %, no 'fit to page'), with the same",
    "    paper and duplex setting (flip on {flip} edge) you will use for your cards.",
    "2. Check that the 50 mm bar measures 50 mm.",
    "3. Hold the sheet against a window or a lamp with the BACK facing you: the long lines",
    "    printed here show through.",
    "4. Read the number where a line crosses each ruler (small ticks are 0.5 mm apart).",
    "    Horizontal rulers give X, vertical rulers give Y; average them if they differ.",
    "5. Build with  --back-offset X,Y . Printed with an offset already? Add the readings to it.",
    "6. Each big number should show through behind the same number on the back. If they are",
    "    swapped, your printer flips the other way: build with  --duplex {other}  instead.",
)
BACK_TEXT = (
    "Duplex alignment test · BACK (this side towards you, sheet against the light)",
    "Where the front's vertical line crosses a horizontal ruler: X.  Where the front's",
    "horizontal line crosses a vertical ruler: Y.  Then build with  --back-offset X,Y",
    "This back was printed with back offset {dx:g},{dy:g} mm; 0,0 readings mean it lines up.",
    "Each big number here should sit right behind the same number on the front.",
)


def calibration_pages(opts: SheetOptions) -> list[Page]:
    """Front and back page of the alignment test on `opts.paper` (portrait)."""
    paper = opts.paper.portrait()
    W, H = paper.width_mm, paper.height_mm
    flip = "short" if opts.duplex == "short" else "long"
    other = "long" if flip == "short" else "short"
    front = Page(paper, "front", "Duplex alignment test", labelled=True, sheet=1, sheets=1)
    front.marks += [
        Line(W / 2, 25, W / 2, H - 66, INK),
        Line(12, H / 2, W - 12, H / 2, INK),
        *_text_block(FRONT_TEXT, 15, H - 18, flip=flip, other=other),
        *_corner_numbers(paper, None),
        *[shift_mark(m, 15, 12) for m in scale_bar_item().marks],
    ]
    x_off, y_off = opts.back_offset_mm
    back = Page(paper, "back", "Duplex alignment test", labelled=True, sheet=1, sheets=1)
    back.offset_mm = opts.back_offset_mm
    back.marks += _text_block(BACK_TEXT, 15, H - 18, dx=x_off, dy=y_off)
    back.marks += _corner_numbers(paper, back_flip(paper, opts.duplex))
    for y in (H * 0.22, H / 2 + 40, H * 0.72):
        back.marks += ruler(W / 2, y, horizontal=True, name="X")
    for x in (W * 0.18, W / 2 + 40, W * 0.82):
        back.marks += ruler(x, H / 2, horizontal=False, name="Y")
    return [front, back]


def _corner_numbers(paper: Paper, flip: str | None) -> list[Mark]:
    """Big numbers 1-4 in the quadrants; on the back at the positions the flip brings them to."""
    W, H = paper.width_mm, paper.height_mm
    out: list[Mark] = []
    for n, (fx, fy) in enumerate(((0.25, 0.68), (0.75, 0.68), (0.25, 0.3), (0.75, 0.3)), 1):
        x, y = fx * W, fy * H
        if flip == "x":
            x = W - x
        elif flip == "y":
            y = H - y
        out.append(Text(x, y - 4, str(n), 32, anchor="middle", gray=0.55))
    return out


def ruler(cx: float, cy: float, *, horizontal: bool, name: str) -> list[Mark]:
    """A scale from -12 to +12 mm centred on (cx, cy): 0.5 mm ticks, numbers every 5 mm."""
    marks: list[Mark] = []
    steps = int(RULER_HALF_MM * 2)
    for i in range(-steps, steps + 1):
        t = i / 2
        length = 4.0 if i % 10 == 0 else 2.6 if i % 2 == 0 else 1.6
        if horizontal:
            marks.append(Line(cx + t, cy, cx + t, cy + length, INK))
        else:
            marks.append(Line(cx, cy + t, cx + length, cy + t, INK))
        if i % 10 == 0:
            text = f"{t:+g}" if t else "0"
            if horizontal:
                marks.append(Text(cx + t, cy + 5, text, 6, anchor="middle", gray=0))
            else:
                marks.append(Text(cx + 5, cy + t - 0.8, text, 6, gray=0))
    if horizontal:
        marks.append(Line(cx - RULER_HALF_MM, cy, cx + RULER_HALF_MM, cy, INK))
        marks.append(Text(cx + RULER_HALF_MM + 2, cy + 0.5, f"{name} +", 7, gray=0))
        marks.append(Text(cx - RULER_HALF_MM - 2.5, cy + 0.5, "-", 7, gray=0))
    else:
        marks.append(Line(cx, cy - RULER_HALF_MM, cx, cy + RULER_HALF_MM, INK))
        marks.append(Text(cx - 1.5, cy + RULER_HALF_MM + 2, f"{name} +", 7, gray=0))
        marks.append(Text(cx - 0.8, cy - RULER_HALF_MM - 4.5, "-", 7, gray=0))
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
