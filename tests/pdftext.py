"""A page's characters as pdfplumber reports them, read with pdfium: 20-40 times faster.

pdfplumber parses every content stream and font program in Python (about 0.3 s of CPU time for
one card face, seconds for a rulebook page); pdfium does it in C. `TextPage.chars` gives each
character the keys pdfplumber gives (text, x0, x1, top, bottom, doctop, size, upright,
fontname, matrix), measured the same way: a character's box is its advance wide and its font
size tall, from the font's descent below the baseline (pdfminer's box; pdfium's own "loose"
box reaches the font's ascent instead), in points from the page's top-left corner. Text turned
by a multiple of 90 degrees is measured as pdfminer does; text at another angle (a tilted
picture) has pdfium's box, so its words may come out in another order. Words and
text are then made by pdfplumber's own `extract_words` and `extract_text` from those
characters, so a test reads the same words either way.

For text only: a test that reads shapes, colours or images keeps pdfplumber.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass, field
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pdfplumber.utils import text as plumber_text

Char = dict[str, Any]


@dataclass
class TextPage:
    """One page's characters (pdfplumber's keys) and its size in points."""

    width: float
    height: float
    chars: list[Char] = field(default_factory=list)

    def extract_words(self, **options: Any) -> list[Char]:
        """pdfplumber's `page.extract_words(**options)`."""
        return plumber_text.extract_words(self.chars, **options)

    def extract_text(self, **options: Any) -> str:
        """pdfplumber's `page.extract_text(**options)`."""
        return plumber_text.extract_text(self.chars, **options)


def text_pages(source: bytes | str | Any) -> list[TextPage]:
    """Every page of a PDF (its bytes or path) with its characters."""
    doc = pdfium.PdfDocument(source)
    try:
        pages, doctop = [], 0.0
        for page in doc:
            pages.append(read_page(page, doctop))
            doctop += pages[-1].height
            page.close()
        return pages
    finally:
        doc.close()


def text_page(source: bytes | str | Any, index: int = 0) -> TextPage:
    """Page `index` of a PDF (its bytes or path) with its characters."""
    doc = pdfium.PdfDocument(source)
    try:
        above = sum(doc.get_page_size(i)[1] for i in range(index))
        return read_page(doc[index], above)
    finally:
        doc.close()


def read_page(page: pdfium.PdfPage, doctop: float) -> TextPage:
    """One open page's characters (`doctop`: the height of the pages above it); closes it."""
    width, height = page.get_size()
    found = TextPage(width, height)
    textpage = page.get_textpage()
    raw = textpage.raw
    rect, matrix = pdfium_c.FS_RECTF(), pdfium_c.FS_MATRIX()
    ox, oy = ctypes.c_double(), ctypes.c_double()
    fonts: dict[int, tuple[str, float]] = {}
    for i in range(pdfium_c.FPDFText_CountChars(raw)):
        if pdfium_c.FPDFText_IsGenerated(raw, i):  # a space or line break pdfium inferred
            continue
        pdfium_c.FPDFText_GetLooseCharBox(raw, i, rect)
        pdfium_c.FPDFText_GetMatrix(raw, i, matrix)
        pdfium_c.FPDFText_GetCharOrigin(raw, i, ox, oy)
        m = (matrix.a, matrix.b, matrix.c, matrix.d, ox.value, oy.value)  # at the origin
        em = pdfium_c.FPDFText_GetFontSize(raw, i) * math.hypot(m[2], m[3])
        name, descent = _font(raw, i, fonts)
        x0, y0, x1, y1 = _pdfminer_box(rect, (ox.value, oy.value), m, em, descent)
        char = {
            "text": _text(pdfium_c.FPDFText_GetUnicode(raw, i)),
            "x0": x0, "x1": x1, "top": height - y1, "bottom": height - y0,
            "doctop": doctop + height - y1, "upright": m[0] * m[3] > 0 and m[1] * m[2] <= 0,
            "fontname": name, "matrix": m,
        }  # fmt: skip
        # pdfminer's size is the box's height, whichever way the text runs
        char["size"] = char["bottom"] - char["top"]
        found.chars.append(char)
    textpage.close()
    page.close()
    return found


def _text(code: int) -> str:
    """The character: pdfium reports a hyphen that ends a line as \\x02, pdfminer as itself."""
    return "-" if code == 2 else chr(code)


def _pdfminer_box(
    rect: Any, origin: tuple[float, float], m: tuple[float, ...], em: float, descent: float
) -> tuple[float, float, float, float]:
    """pdfminer's box of a character, (x0, y0, x1, y1) with y up: along the baseline from the
    origin to the end of the advance (pdfium's loose box ends there too, but may start before
    the origin), across it from `descent` ems below the baseline to 1 em above that (pdfium's
    box reaches the font's ascent instead); for text turned by a multiple of 90 degrees."""
    x0, y0, x1, y1 = rect.left, rect.bottom, rect.right, rect.top
    if abs(m[0] * m[1]) > 1e-6:  # turned by another angle: pdfium's box
        return x0, y0, x1, y1
    if abs(m[0]) >= abs(m[1]):  # the baseline runs across the page
        x0, x1 = (origin[0], x1) if m[0] > 0 else (x0, origin[0])
    else:
        y0, y1 = (origin[1], y1) if m[1] > 0 else (y0, origin[1])
    if abs(m[3]) >= abs(m[2]):  # the glyphs' tops point up or down the page
        low = origin[1] + descent * em * (1 if m[3] > 0 else -1)
        return (x0, low, x1, low + em) if m[3] > 0 else (x0, low - em, x1, low)
    low = origin[0] + descent * em * (1 if m[2] > 0 else -1)
    return (low, y0, low + em, y1) if m[2] > 0 else (low - em, y0, low, y1)


def _font(raw: Any, i: int, known: dict[int, tuple[str, float]]) -> tuple[str, float]:
    """(the font's PDF name with its subset prefix, its descent in ems: negative), as
    pdfminer reads them from the font's dictionary and descriptor."""
    font = pdfium_c.FPDFTextObj_GetFont(pdfium_c.FPDFText_GetTextObject(raw, i))
    key = ctypes.cast(font, ctypes.c_void_p).value or 0
    if key not in known:
        size = pdfium_c.FPDFFont_GetBaseFontName(font, None, 0)
        buffer = ctypes.create_string_buffer(max(size, 1))
        pdfium_c.FPDFFont_GetBaseFontName(font, buffer, size)
        descent = ctypes.c_float()
        pdfium_c.FPDFFont_GetDescent(font, 1.0, descent)
        known[key] = (buffer.value.decode("utf-8", "replace"), descent.value)
    return known[key]
