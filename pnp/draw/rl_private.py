"""Every private name of reportlab (and svglib) that pnp uses, and nowhere else.

pnp reaches past reportlab's public API in a few places, for speed on the hot paths of a build
(every face, every text run) and to keep the PDF the same bytes as reportlab's own calls would
make. Each accessor below says which private name it reads or writes and why. They were checked
against the source of reportlab 5.1.0 and svglib 2.3.2 (the versions in uv.lock); pyproject.toml
caps reportlab at the tested range for this reason, and tests/test_rl_private.py fails when an
upgrade renames or drops one of them (and when a module outside this one touches them).

- `Canvas._code`: the operators of the page or form being drawn, a list of strings that
  `showPage`, `beginForm` and `endForm` replace. Appending to it writes exactly what
  `saveState`, `clipPath` and friends write, without their bookkeeping (a saved state copies
  ~20 attributes), and a slice of it replays a shape's or a mark's commands.
- `Canvas._doc`: the PDFDocument; pnp compresses pages as they finish (pnp.draw.pages), gives
  forms their transparency resources, and sets the creation date.
- `Canvas._currentMatrix`: the transform reportlab tracks; put back by hand after a hand-made
  q/Q pair, as `restoreState` would.
- `Canvas._fontname`, `Canvas._fontsize`: the current font, which reportlab keeps no getter for.
- `Canvas._fillColorObj`, `PDFTextObject._setFont`: the fill colour a text object starts with,
  and how Platypus changes fonts between the fragments of a line; `StrokingText` strokes text
  in a book's emboldened fonts (synthetic bold) in the colour it fills it with.
- `pdfmetrics._fonts`: the registered fonts by name; an alias name of a registered font (a
  book's synthetic bold) is one more entry for the same font object, embedded once.
- `PDFTextObject._code`, `PDFTextObject._formatText`: the operators of a text object, and what
  `textOut` appends for a string without moving the cursor by its width.
- `PDFDocument._timeStamp`: the creation date (reportlab's public choices are the current time,
  a fixed one, or SOURCE_DATE_EPOCH for the whole process).
- `svglib.fonts._font_map`: svglib's global font map, replaced by one without system lookups.
- pnp's own `_pnp_first_subset` on a TTFont subset state (pnp.draw.ttfont's quick encoding),
  and `_pnp_face_forms` on a rulebook's canvas (the faces it drew once as forms).
- `Frame._atTop`, `Frame._y`, `Frame._y1p`, `Frame._aH`, `Frame._getAvailableWidth`: where a
  Platypus frame stands, for a rulebook figure deciding whether to wait for the next page.
- `reportlab.platypus.paragraph.ord`: a name of that module's globals (its CJK line breaker
  calls `ord` on the character that overflows a line, which is "" for an inline picture).

Public names used in unusual ways stay where they are used, guarded by the byte-identity tests:
pnp.draw.pages replaces `PDFDocument.addPage` and fills `PDFPage.Contents`; pnp.draw.ttfont
swaps `ttfonts.TTFontFace` while a font is made and reads `TTFont.state[doc].assignments`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import xObjectName
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

Matrix = tuple[float, float, float, float, float, float]

_FIRST_SUBSET = "_pnp_first_subset"
_FACE_FORMS = "_pnp_face_forms"


def page_code(canvas: Canvas) -> list[str]:
    """The operators of the page or form `canvas` is drawing (`Canvas._code`), to append to.
    The list is replaced at `showPage`, `beginForm` and `endForm`: fetch it after those."""
    code: list[str] = canvas._code
    return code


def pdf_document(canvas: Canvas) -> Any:
    """The `PDFDocument` `canvas` writes (`Canvas._doc`)."""
    return canvas._doc


def current_matrix(canvas: Canvas) -> Matrix:
    """The transform `canvas` tracks (`Canvas._currentMatrix`), as `saveState` saves it."""
    matrix: Matrix = canvas._currentMatrix
    return matrix


def set_current_matrix(canvas: Canvas, matrix: Matrix) -> None:
    """Put back the transform after a hand-made q/Q pair, as `restoreState` would."""
    canvas._currentMatrix = matrix


def font_state(canvas: Canvas) -> tuple[str, float]:
    """The font name and size `canvas` is set to (`Canvas._fontname`, `Canvas._fontsize`)."""
    return canvas._fontname, canvas._fontsize


def alias_font(alias: str, name: str) -> None:
    """Make `alias` another name of the registered font `name` (`pdfmetrics._fonts`): text set
    in either is measured and embedded as the one font."""
    pdfmetrics._fonts.setdefault(alias, pdfmetrics.getFont(name))


def text_stroke(width: float) -> str:
    """The operators after which text is filled and stroked `width` points wide (synthetic
    bold), or only filled for 0."""
    return f"2 Tr {fp_str(width)} w" if width else "0 Tr"


class StrokingText(PDFTextObject):
    """A text object that fills and strokes the text of the fonts `stroke(name, size)` gives a
    width for, the stroke in the fill's colour; other text only filled."""

    def __init__(
        self,
        canvas: Canvas,
        x: float,
        y: float,
        direction: Any,
        stroke: Callable[[str, float], float],
    ) -> None:
        self._pnp_stroke_of = stroke
        self._pnp_stroke = 0.0
        self._pnp_colour = canvas._fillColorObj
        super().__init__(canvas, x, y, direction=direction)
        self._pnp_watch(canvas._fontname, canvas._fontsize)  # drawString's font is the canvas's

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:  # noqa: N802, N803
        super().setFont(psfontname, size, leading)
        self._pnp_watch(psfontname, size)

    def _setFont(self, psfontname: str, size: float) -> None:  # noqa: N802, N803
        super()._setFont(psfontname, size)
        self._pnp_watch(psfontname, size)

    def setFillColor(self, aColor: Any, alpha: Any = None) -> None:  # noqa: N802, N803
        super().setFillColor(aColor, alpha)
        self._pnp_colour = aColor
        if self._pnp_stroke:
            self.setStrokeColor(aColor, alpha)

    def _pnp_watch(self, font: str, size: float) -> None:
        stroke = self._pnp_stroke_of(font, size)
        if stroke != self._pnp_stroke:
            self._pnp_stroke = stroke
            self._code.append(text_stroke(stroke))
            if stroke:
                self.setStrokeColor(self._pnp_colour)


def text_code(text: PDFTextObject) -> list[str]:
    """The operators of text object `text` (`PDFTextObject._code`), to append to; the same
    list for the object's life (`_formatText` swaps it only while it runs)."""
    code: list[str] = text._code
    return code


def text_formatter(text: PDFTextObject) -> Callable[[str], str]:
    """`PDFTextObject._formatText` of `text`: a string's show operators in the current font
    and subset (what `textOut` appends, without moving the cursor by the string's width)."""
    formatter: Callable[[str], str] = text._formatText
    return formatter


def form_xobject(canvas: Canvas, name: str) -> Any:
    """The `PDFFormXObject` form `name` of `canvas` became at its `endForm`."""
    return canvas._doc.idToObject[xObjectName(name)]


def set_creation_time(canvas: Canvas, seconds: int) -> None:
    """Record `seconds` since 1970 (UTC) as the document's creation and modification date
    (`PDFDocument._timeStamp`, which the info dictionary formats at the save)."""
    stamp = canvas._doc._timeStamp
    stamp.t, stamp.lt = seconds, time.gmtime(seconds)
    stamp.YMDhms, stamp.dhh, stamp.dmm = tuple(stamp.lt)[:6], 0, 0


def first_subset_memo(state: Any) -> Any:
    """What pnp.draw.ttfont kept on a TTFont subset state (None: nothing yet)."""
    return state.__dict__.get(_FIRST_SUBSET)


def keep_first_subset_memo(state: Any, memo: Any) -> None:
    """Keep `memo` on a TTFont subset state: it lives and dies with the document's subsets."""
    setattr(state, _FIRST_SUBSET, memo)


def use_svglib_fonts(font_map: Any) -> None:
    """Make `font_map` svglib's global font map (`svglib.fonts._font_map`), the one every
    SvgRenderer asks when it is given none."""
    import svglib.fonts  # imported here: svglib costs time and most builds draw no SVG

    svglib.fonts._font_map = font_map


def canvas_memo(canvas: Canvas, make: Callable[[], Any]) -> Any:
    """What the rulebook keeps on `canvas` (its faces drawn as forms), made on first use: it
    lives and dies with the canvas (each pass of a Platypus build draws a new one)."""
    memo = canvas.__dict__.get(_FACE_FORMS)
    if memo is None:
        memo = make()
        setattr(canvas, _FACE_FORMS, memo)
    return memo


def keeps_with_next(flowable: Any) -> bool:
    """Whether Platypus lets `flowable` join a keep-with-next group (its `_ktAllow`: not a
    page break, a list, ... — the kinds its own grouping leaves out)."""
    from reportlab.platypus.doctemplate import _ktAllow  # here: a card build loads no Platypus

    return bool(flowable.getKeepWithNext() and _ktAllow(flowable))


def frame_room(frame: Any) -> tuple[bool, float, float, float]:
    """(at its top, height left, whole height, width) of a Platypus `Frame`: `_atTop`, `_y`
    less `_y1p`, `_aH` and `_getAvailableWidth()`."""
    return bool(frame._atTop), frame._y - frame._y1p, frame._aH, frame._getAvailableWidth()


def cjk_lines_break_beside_pictures() -> None:
    """Let reportlab's CJK line breaker break a line at an inline picture (a rulebook's icon).

    `paragraph.cjkFragSplit` (reportlab 5.1) calls `ord` on the character that overflows a
    line to tell Latin text from CJK; a picture is an empty string there, and `ord("")`
    raises. A module global `ord` that counts a picture as CJK (a place a line may break)
    shadows the builtin for that module alone."""
    from reportlab.platypus import paragraph

    def ord_or_picture(char: str) -> int:
        return ord(char) if char else 0x3000

    paragraph.ord = ord_or_picture
    # reportlab's list of what may not start a line lacks the full-width colon and semicolon
    # (JIS X 4051 puts them with the closing punctuation): add them, once
    missing = "".join(c for c in "\uff1a\uff1b" if c not in paragraph.ALL_CANNOT_START)
    paragraph.ALL_CANNOT_START += missing
