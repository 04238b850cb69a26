"""Built PDFs read with pdfplumber once per test worker, for the tests that only read them.

pdfplumber takes as long to read a rulebook's characters and shapes as pnp takes to lay the book
out (about 5 s of CPU time for twenty pages): a test file that opened the same book afresh in
each of its tests spent most of its time reading it again. `opened(path)` hands every test the
same `pdfplumber.PDF`, whose pages keep what they have read; `page_texts(path)` the pages' text
as pdfplumber lays it out, from characters pdfium reads (tests/pdftext.py: a third of the time).
Only for files that never change once written (the session's shared products): the key is the
path, and the pages' text is kept beside the PDF for the session's other workers.

A few books stay open at a time; the test files ask for one book's tests together (their
parameters are grouped by book), so the oldest one is not asked for again.

`read(path)` gives the same pages read with pdfium (tests/pdfpage.py: pdfplumber's characters,
lines, rects, curves and images at a fraction of its CPU time), for tests that read only those.

`straight_lines(page)` finds a page's stroked lines with pdfium, for tests that look at the lines
of whole print kits and need neither the characters nor pdfplumber's other objects.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pdfpage import Matrix, PdfiumPage, matrix, read_pages, times, walk
from pdftext import text_pages
from products import locked

from pnp.memo import Memo

_open: Memo[Path, pdfplumber.PDF] = Memo(4)
_texts: Memo[Path, list[str]] = Memo(32)
_read: Memo[Path, Pages] = Memo(8)


def _pdf(path: Path) -> pdfplumber.PDF:
    return _open.get_or_make(path, lambda: pdfplumber.open(path))


@contextlib.contextmanager
def opened(path: Path) -> Iterator[pdfplumber.PDF]:
    """`with opened(path) as pdf:` as `with pdfplumber.open(path) as pdf:`, but the PDF (and
    what its pages have read) stays open for the next test that reads the same file."""
    yield _pdf(path)


@dataclass(frozen=True)
class Pages:
    """A PDF's pages read with pdfium, as `pdfplumber.open(path).pages` presents them."""

    pages: list[PdfiumPage]


@contextlib.contextmanager
def read(path: Path) -> Iterator[Pages]:
    """`with read(path) as pdf:` as `with opened(path) as pdf:`, the pages read with pdfium
    (see tests/pdfpage.py for what they hold): read once per worker."""
    yield _read.get_or_make(path, lambda: Pages(read_pages(path)))


def page_texts(path: Path) -> list[str]:
    """Each page's text, whitespace collapsed to single spaces."""
    texts = _texts.get_or_make(path, lambda: _shared_texts(path))
    return list(texts)  # the test's own list: what it changes is not the next test's


def _shared_texts(path: Path) -> list[str]:
    """The pages' text, read once per session: the first worker to ask writes it beside the
    PDF (`<name>.texts.json`), the others read that file instead of the PDF."""
    store = path.with_name(path.name + ".texts.json")
    with locked(path.with_name(path.name + ".texts.lock")):
        if not store.exists():
            texts = [" ".join(page.extract_text().split()) for page in text_pages(path)]
            store.write_text(json.dumps(texts), encoding="utf-8")
    return json.loads(store.read_text(encoding="utf-8"))


# -- straight lines of a page, read with pdfium -------------------------------------------------
# pdfplumber reads every character of a page to find its lines: over the five print kits (a few
# thousand faces) that took a minute of CPU per paper size. pdfium walks the page's drawing
# objects without laying out text, in a few hundredths of that.


@dataclass(frozen=True)
class Line:
    """A stroked straight segment (a path of one `m` and one `l`) in page points, measured from
    the top-left as pdfplumber does; `width` the graphics state's line width, untransformed."""

    x0: float
    top: float
    x1: float
    bottom: float
    width: float
    dashed: bool
    rgb: tuple[int, int, int]  # the stroke colour as pdfium resolves it, 0-255


def straight_lines(page: pdfium.PdfPage) -> list[Line]:
    """Every stroked straight segment on `page`, those inside form XObjects included (placed by
    the forms' matrices), as pdfplumber's `page.lines` finds them."""
    height = page.get_size()[1]
    found = []
    for obj, ctm in walk(page, lambda obj, kind: kind == pdfium_c.FPDF_PAGEOBJ_PATH):
        if pdfium_c.FPDFPath_CountSegments(obj) != 2 or not _stroked(obj):
            continue
        place = times(matrix(obj), ctm)
        (ax, ay), (bx, by) = (_point(place, obj, k) for k in (0, 1))
        dashed = pdfium_c.FPDFPageObj_GetDashCount(obj) > 0
        box = (min(ax, bx), height - max(ay, by), max(ax, bx), height - min(ay, by))
        found.append(Line(*box, _width(obj), dashed, _rgb(obj)))
    return found


def _point(m: Matrix, obj, k: int) -> tuple[float, float]:
    x, y = ctypes.c_float(), ctypes.c_float()
    assert pdfium_c.FPDFPathSegment_GetPoint(pdfium_c.FPDFPath_GetPathSegment(obj, k), x, y)
    return (x.value * m[0] + y.value * m[2] + m[4], x.value * m[1] + y.value * m[3] + m[5])


def _stroked(obj) -> bool:
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDFPath_GetDrawMode(obj, fill, stroke)
    return bool(stroke.value)


def _width(obj) -> float:
    width = ctypes.c_float()
    pdfium_c.FPDFPageObj_GetStrokeWidth(obj, width)
    return width.value


def _rgb(obj) -> tuple[int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    pdfium_c.FPDFPageObj_GetStrokeColor(obj, r, g, b, a)
    return (r.value, g.value, b.value)
