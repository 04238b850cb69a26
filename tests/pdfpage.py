"""A PDF page as pdfplumber presents it, read with pdfium: several times less CPU time.

pdfplumber parses every content stream and font program in Python: reading a rulebook's pages
(characters, rectangles, curves, images) took as long as laying the book out. `PdfiumPage` gives
the same objects with the keys the tests read, measured as pdfplumber measures them, in points
from the page's top-left corner:
- `chars`: tests/pdftext.py (text, x0, x1, top, bottom, size, fontname, matrix, ...);
- `lines`, `rects`, `curves`: each painted subpath (pdfminer splits a path at each move), sorted
  by its shape as pdfminer sorts it (one straight segment: a line; four corners of an upright
  rectangle: a rect; anything else: a curve), boxed by its on-path points (a Bézier's control
  points are not on it: pdfminer leaves them out too), with `pts` and `linewidth`;
- `images`: each image's placed unit square;
drawings inside form XObjects included, placed by the forms' matrices. `crop(bbox)` keeps what
overlaps the box, cut to it, as pdfplumber's `crop` does; `extract_text` and `extract_words` are
pdfplumber's own, run on the characters.

For what pdfplumber's other keys say (colours, dashes, annotations), tests keep pdfplumber.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pdfplumber.utils import text as plumber_text
from pdftext import read_page as read_chars

Obj = dict[str, Any]
Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_UNIT = ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0))


@dataclass
class PdfiumPage:
    """One page's characters and drawn objects, pdfplumber's keys; `bbox` (x0, top, x1,
    bottom) the part of the page it shows (the whole page unless cropped)."""

    bbox: tuple[float, float, float, float]
    page_number: int = 1
    chars: list[Obj] = field(default_factory=list)
    lines: list[Obj] = field(default_factory=list)
    rects: list[Obj] = field(default_factory=list)
    curves: list[Obj] = field(default_factory=list)
    images: list[Obj] = field(default_factory=list)

    @property
    def width(self) -> float:
        return self.bbox[2] - self.bbox[0]

    @property
    def height(self) -> float:
        return self.bbox[3] - self.bbox[1]

    def crop(self, bbox: tuple[float, float, float, float]) -> PdfiumPage:
        """What overlaps `bbox` (in the page's own points), each object's box cut to it."""
        kinds = ("chars", "lines", "rects", "curves", "images")
        cut = {kind: [c for o in getattr(self, kind) if (c := _clip(o, bbox))] for kind in kinds}
        return PdfiumPage(bbox, self.page_number, **cut)

    def filter(self, keep: Callable[[Obj], bool]) -> PdfiumPage:
        """Only the objects `keep` says yes to (pdfplumber's `page.filter`)."""
        kinds = ("chars", "lines", "rects", "curves", "images")
        kept = {k: [o for o in getattr(self, k) if keep(o)] for k in kinds}
        return PdfiumPage(self.bbox, self.page_number, **kept)

    def extract_words(self, **options: Any) -> list[Obj]:
        return plumber_text.extract_words(self.chars, **options)

    def extract_text(self, **options: Any) -> str:
        return plumber_text.extract_text(self.chars, **options)

    def search(self, pattern: Any, regex: bool = True, case: bool = True) -> list[Obj]:
        """pdfplumber's `page.search`: each match's text, box and characters."""
        return self._textmap().search(pattern, regex=regex, case=case)

    def extract_text_lines(self, strip: bool = True, return_chars: bool = True) -> list[Obj]:
        """pdfplumber's `page.extract_text_lines`: each line's text, box and characters."""
        return self._textmap().extract_text_lines(strip=strip, return_chars=return_chars)

    def _textmap(self) -> Any:
        return plumber_text.chars_to_textmap(self.chars, layout_bbox=self.bbox,
                                             layout_width=self.width,
                                             layout_height=self.height)  # fmt: skip


def read_pages(source: Any) -> list[PdfiumPage]:
    """Every page of a PDF (its path or bytes)."""
    doc = pdfium.PdfDocument(source)
    try:
        pages, doctop = [], 0.0
        for number, page in enumerate(doc, start=1):
            pages.append(_page(page, doctop, number))
            doctop += pages[-1].height
        return pages
    finally:
        doc.close()


def _page(page: pdfium.PdfPage, doctop: float, number: int) -> PdfiumPage:
    width, height = page.get_size()
    found = PdfiumPage((0.0, 0.0, width, height), number)
    for obj, ctm in walk(page, _shown):
        place = times(matrix(obj), ctm)
        if pdfium_c.FPDFPageObj_GetType(obj) == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            corners = [_apply(place, p) for p in _UNIT]
            found.images.append(_boxed({"object_type": "image"}, corners, height))
        else:
            paint = _paint(obj, place)
            for kind, pts in _subpaths(obj, place):
                if kind == "rect":  # pdfminer's: four corners from the first and third
                    (x0, y0), (x1, y1) = pts[0], pts[2]
                    pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                shape = {"object_type": kind, "pts": [(x, height - y) for x, y in pts], **paint}
                getattr(found, kind + "s").append(_boxed(shape, pts, height))
    found.chars = read_chars(page, doctop).chars  # closes the page
    for char in found.chars:
        char["object_type"] = "char"
    return found


def walk(page: pdfium.PdfPage, wanted: Callable[[Any, int], bool]) -> Iterator[tuple[Any, Matrix]]:
    """Every object on `page` that `wanted(object, its pdfium type)` takes, those inside form
    XObjects included, with the matrix of the forms around it."""
    return _walk(pdfium_c.FPDFPage_CountObjects, pdfium_c.FPDFPage_GetObject, page.raw,
                 _IDENTITY, wanted)  # fmt: skip


def _walk(count, get, parent, ctm: Matrix, wanted) -> Iterator[tuple[Any, Matrix]]:
    for i in range(count(parent)):
        obj = get(parent, i)
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            inner = times(matrix(obj), ctm)
            yield from _walk(pdfium_c.FPDFFormObj_CountObjects, pdfium_c.FPDFFormObj_GetObject,
                             obj, inner, wanted)  # fmt: skip
        elif wanted(obj, kind):
            yield obj, ctm


def _shown(obj: Any, kind: int) -> bool:
    """An image or a painted path: what pdfplumber lists as images, rects, lines, curves."""
    return kind == pdfium_c.FPDF_PAGEOBJ_IMAGE or (kind == pdfium_c.FPDF_PAGEOBJ_PATH
                                                   and _painted(obj))  # fmt: skip


def _subpaths(obj: Any, place: Matrix) -> Iterator[tuple[str, list[tuple[float, float]]]]:
    """(line, rect or curve, its on-path points with y up) for each subpath of a path, as
    pdfminer's `paint_path` sorts them."""
    ops, pts, bezier = "", [], 0
    for k in range(pdfium_c.FPDFPath_CountSegments(obj)):
        segment = pdfium_c.FPDFPath_GetPathSegment(obj, k)
        kind = pdfium_c.FPDFPathSegment_GetType(segment)
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO and ops:
            yield _sorted(ops, pts)
            ops, pts = "", []
        x, y = ctypes.c_float(), ctypes.c_float()
        pdfium_c.FPDFPathSegment_GetPoint(segment, x, y)
        if kind == pdfium_c.FPDF_SEGMENT_BEZIERTO:  # two control points, then its end
            bezier = (bezier + 1) % 3
            if bezier:
                continue
            ops += "c"
        else:
            ops += "m" if kind == pdfium_c.FPDF_SEGMENT_MOVETO else "l"
        pts.append(_apply(place, (x.value, y.value)))
        if pdfium_c.FPDFPathSegment_GetClose(segment):
            ops += "h"
            pts.append(pts[0])
    if ops:
        yield _sorted(ops, pts)


def _sorted(ops: str, pts: list[tuple[float, float]]) -> tuple[str, list[tuple[float, float]]]:
    if len(ops) > 3 and ops[-2:] == "lh" and pts[-2] == pts[0]:  # a redundant closing line
        ops, pts = ops[:-2] + "h", pts[:-2] + pts[-1:]
    if ops in ("ml", "mlh"):
        return "line", pts[:2]
    if ops in ("mlllh", "mllll"):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3), end = pts
        square = (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (
            y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0
        )
        if end == pts[0] and square:
            return "rect", pts
    return "curve", pts


def _boxed(obj: Obj, pts: list[tuple[float, float]], height: float) -> Obj:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    obj.update(x0=min(xs), x1=max(xs), top=height - max(ys), bottom=height - min(ys))
    obj.update(width=obj["x1"] - obj["x0"], height=obj["bottom"] - obj["top"])
    return obj


def _clip(obj: Obj, bbox: tuple[float, float, float, float]) -> Obj | None:
    """pdfplumber's `clip_obj`: the object cut to `bbox`, None when they do not overlap."""
    x0, top = max(obj["x0"], bbox[0]), max(obj["top"], bbox[1])
    x1, bottom = min(obj["x1"], bbox[2]), min(obj["bottom"], bbox[3])
    w, h = x1 - x0, bottom - top
    if w < 0 or h < 0 or w + h <= 0:
        return None
    return {**obj, "x0": x0, "top": top, "x1": x1, "bottom": bottom, "width": w, "height": h}


def _painted(obj: Any) -> bool:
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDFPath_GetDrawMode(obj, fill, stroke)
    return bool(fill.value or stroke.value)


def _paint(obj: Any, place: Matrix) -> Obj:
    """pdfplumber's `stroke`, `fill` and `linewidth`: the width scaled as the path is across
    (pdfminer scales it by the matrix in force when it is set; pdfium keeps the one in force
    when the path is painted, the same unless a drawing scales between the two), 0 unstroked."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDFPath_GetDrawMode(obj, fill, stroke)
    width = ctypes.c_float()
    pdfium_c.FPDFPageObj_GetStrokeWidth(obj, width)
    scale = (place[0] ** 2 + place[1] ** 2) ** 0.5
    linewidth = width.value * scale if stroke.value else 0.0
    return {"stroke": bool(stroke.value), "fill": bool(fill.value), "linewidth": linewidth}


def times(a: Matrix, b: Matrix) -> Matrix:
    """`a` then `b` (PDF's row-vector matrices: a point p goes to p·a·b)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])  # fmt: skip


def _apply(m: Matrix, p: tuple[float, float]) -> tuple[float, float]:
    return (p[0] * m[0] + p[1] * m[2] + m[4], p[0] * m[1] + p[1] * m[3] + m[5])


def matrix(obj: Any) -> Matrix:
    m = pdfium_c.FS_MATRIX()
    assert pdfium_c.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)
