"""Paint pages on a reportlab canvas: faces as reusable forms, then the marks over them.

Faces are painted once per key as PDF form XObjects and placed by reference (a face placed once
is painted in the page), each clipped to its
own region; marks (crop marks, cut and fold lines, crosses, labels) are drawn in millimetres.
"""

from __future__ import annotations

from collections import Counter

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from pnp.draw.face import FaceArt
from pnp.draw.rl_private import current_matrix, form_xobject, page_code, set_current_matrix
from pnp.impose.marks import STYLES, Box, Circle, Line, Mark, Shape, Text, label_font
from pnp.impose.sheet import Page, Placement


class FormCache:
    """Draws each distinct face once as a PDF form XObject; later uses refer to it."""

    def __init__(self, prefix: str = "Face") -> None:
        self._names: dict[tuple, str] = {}
        self.prefix = prefix

    def name_for(self, canvas: Canvas, face: FaceArt) -> str:
        ident = _ident(face)
        name = self._names.get(ident)
        if name is None:
            name = f"{self.prefix}{len(self._names) + 1}"
            b = face.bleed_mm * mm
            canvas.beginForm(name, -b, -b, face.width_mm * mm + b, face.height_mm * mm + b)
            face.draw(canvas)
            canvas.endForm()
            _give_form_its_resources(canvas, name)
            self._names[ident] = name
        return name


def _ident(face: FaceArt) -> tuple[str, float, float, float]:
    """What makes two faces one form: the same art at the same size."""
    return (face.key, round(face.width_mm, 4), round(face.height_mm, 4), face.bleed_mm)


def _give_form_its_resources(canvas: Canvas, name: str) -> None:
    """List the form's transparency states among its resources.

    reportlab records a form's ExtGState (fill/stroke alpha) but leaves it out of the form's
    resource dictionary, so viewers and printers draw translucent shapes solid. Build the
    resources as reportlab would, plus the ExtGState.
    """
    form = form_xobject(canvas, name)
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    if form.hasImages:
        resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if form.ExtGState:
        resources.ExtGState = form.ExtGState
    form.Resources = resources


def render_pages(canvas: Canvas, pages: list[Page], *, inline_once: bool = True) -> None:
    """Paint every page in order; forms are defined just before their first use.

    A face placed only once is painted in the page itself (with `inline_once`): a form would
    only add an object, its resources and a stream of its own. The pages look the same.
    """
    forms = FormCache()
    drawn: dict[Mark, list[str]] = {}
    uses = Counter(_ident(p.face) for page in pages for p in page.placements)
    for page in pages:
        canvas.setPageSize(page.paper.size_pt)
        names = [
            None if inline_once and uses[_ident(p.face)] == 1 else forms.name_for(canvas, p.face)
            for p in page.placements
        ]
        canvas.saveState()
        dx, dy = page.offset_mm
        if dx or dy:
            canvas.translate(dx * mm, dy * mm)
        for placement, name in zip(page.placements, names, strict=True):
            _place(canvas, placement, name)
        for mark in page.marks:
            _draw_mark_once(canvas, mark, drawn)
        canvas.restoreState()
        canvas.showPage()


def _draw_mark_once(canvas: Canvas, mark: Mark, drawn: dict[Mark, list[str]]) -> None:
    """Paint `mark`, repeating the drawing commands it gave on an earlier page.

    A mark draws in its own saved state, so its commands depend on the mark alone; pages of
    one layout repeat the same crop marks. Labels are drawn each time: which font subset
    their characters land in depends on the text drawn before them.
    """
    if isinstance(mark, Text):
        draw_mark(canvas, mark)
        return
    code = page_code(canvas)
    kept = drawn.get(mark)
    if kept is None:
        start = len(code)
        draw_mark(canvas, mark)
        drawn[mark] = code[start:]
    else:
        code.extend(kept)


def _place(canvas: Canvas, placement: Placement, name: str | None) -> None:
    """Place a face by its form `name`, or paint it here when it has none."""
    clip, trim = placement.clip, placement.trim
    # q/Q by hand: a face paints in a saved state of its own and a form changes no state, so
    # of reportlab's record of the state (what canvas.saveState copies) only the matrix moves
    matrix = current_matrix(canvas)
    code = page_code(canvas)
    code.append("q")
    code.append(f"n {fp_str(clip.x * mm, clip.y * mm, clip.w * mm, clip.h * mm)} re W* n")
    # the corner of the trim box the face's own origin lands on, turned anticlockwise
    corner = {90: (trim.right, trim.y), 180: (trim.right, trim.top), 270: (trim.x, trim.top)}
    x, y = corner.get(placement.rotation, (trim.x, trim.y))
    canvas.translate(x * mm, y * mm)
    if placement.rotation in corner:
        canvas.rotate(placement.rotation)
    if name is None:
        placement.face.draw(canvas)
    else:
        canvas.doForm(name)
    code.append("Q")
    set_current_matrix(canvas, matrix)


def draw_mark(canvas: Canvas, mark: Mark) -> None:
    """Paint one mark."""
    canvas.saveState()
    if isinstance(mark, Text):
        canvas.setFillGray(mark.gray)
        canvas.setFont(label_font(mark.text), mark.size)
        canvas.translate(mark.x * mm, mark.y * mm)
        canvas.rotate(mark.angle)
        if mark.anchor == "middle":
            canvas.drawCentredString(0, 0, mark.text)
        elif mark.anchor == "end":
            canvas.drawRightString(0, 0, mark.text)
        else:
            canvas.drawString(0, 0, mark.text)
        canvas.restoreState()
        return
    gray, width, dash = STYLES[mark.style]
    if mark.style in ("register", "cut", "bleedcrop") and not isinstance(mark, Box | Shape):
        _halo(canvas, mark)  # a white edge keeps crosses and cut lines visible on dark art
    canvas.setStrokeGray(gray)
    canvas.setLineWidth(width)
    if dash:
        canvas.setDash([dash[0] * mm, dash[1] * mm])
    if isinstance(mark, Line):
        canvas.line(mark.x1 * mm, mark.y1 * mm, mark.x2 * mm, mark.y2 * mm)
    elif isinstance(mark, Circle):
        canvas.circle(mark.cx * mm, mark.cy * mm, mark.r * mm, stroke=1, fill=0)
    elif isinstance(mark, Box):
        r = mark.rect
        if mark.fill is not None:
            canvas.setFillGray(mark.fill)
        canvas.rect(
            r.x * mm,
            r.y * mm,
            r.w * mm,
            r.h * mm,
            stroke=int(mark.stroke),
            fill=int(mark.fill is not None),
        )
    elif isinstance(mark, Shape):
        canvas.drawPath(_shape_path(canvas, mark), stroke=1, fill=0)
    canvas.restoreState()


def _halo(canvas: Canvas, mark: Line | Circle) -> None:
    canvas.setStrokeGray(1)
    canvas.setLineWidth(1.2)
    if isinstance(mark, Line):
        canvas.line(mark.x1 * mm, mark.y1 * mm, mark.x2 * mm, mark.y2 * mm)
    else:
        canvas.circle(mark.cx * mm, mark.cy * mm, mark.r * mm, stroke=1, fill=0)


def _shape_path(canvas: Canvas, shape: Shape) -> PDFPathObject:
    path = canvas.beginPath()
    for op in shape.ops:
        if op[0] == "M":
            path.moveTo(op[1] * mm, op[2] * mm)
        elif op[0] == "L":
            path.lineTo(op[1] * mm, op[2] * mm)
        elif op[0] == "A":
            _, cx, cy, r, start, extent = op
            path.arcTo((cx - r) * mm, (cy - r) * mm, (cx + r) * mm, (cy + r) * mm, start, extent)
    path.close()
    return path
