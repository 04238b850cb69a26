"""The page model every layout produces, and the one function that paints it.

A layout (grid, packing, tiling, standees, calibration) decides where things go, in millimetres
from the bottom-left corner of the paper; `render_pages` turns those decisions into PDF. Faces are
painted once per key as reusable forms and placed by reference, each clipped to its own region.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.errors import BuildError
from pnp.face import FaceArt
from pnp.geometry import Rect
from pnp.marks import Mark, draw_mark
from pnp.paper import Paper


@dataclass(frozen=True)
class Placement:
    """One face on a page: its trim box on the page, the region its art may paint, a rotation.

    With rotation 180 the face is turned upside down inside the same trim box.
    """

    face: FaceArt
    trim: Rect
    clip: Rect
    rotation: int = 0


@dataclass
class Page:
    """One printed side of one sheet."""

    paper: Paper
    side: str  # "front", "back" or "fold" (fronts and backs on one side)
    section: str
    placements: list[Placement] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    offset_mm: tuple[float, float] = (0.0, 0.0)  # shifts everything (printer back offset)
    sheet: int = 0  # 1-based number of the physical sheet within its section
    sheets: int = 0
    label: str = ""
    labelled: bool = False  # the layout drew its own label, scale bar and guides
    body: list[Rect] = field(default_factory=list)  # piece regions beyond the art (e.g. tabs)

    @property
    def is_blank(self) -> bool:
        return not self.placements

    @property
    def content(self) -> list[Rect]:
        """Every region that belongs to a piece: its art, and any blank parts such as tabs."""
        return [p.clip for p in self.placements] + self.body


def back_flip(paper: Paper, duplex: str) -> str:
    """What a duplex flip mirrors on the back page: "x" (the columns) or "y" (the rows).

    Flipping over the long edge mirrors columns on portrait paper but rows on landscape paper;
    flipping over the short edge does the opposite. Manual duplex ("none") is taken as long edge.
    """
    long_edge = duplex != "short"
    return "x" if long_edge != paper.is_landscape else "y"


def mirror(rect: Rect, paper: Paper, flip: str) -> Rect:
    """`rect` reflected across the page's vertical ("x") or horizontal ("y") centre line."""
    return rect.mirror_x(paper.width_mm) if flip == "x" else rect.mirror_y(paper.height_mm)


class FormCache:
    """Draws each distinct face once as a PDF form XObject; later uses refer to it."""

    def __init__(self) -> None:
        self._names: dict[tuple, str] = {}

    def name_for(self, canvas: Canvas, face: FaceArt) -> str:
        ident = (face.key, round(face.width_mm, 4), round(face.height_mm, 4), face.bleed_mm)
        name = self._names.get(ident)
        if name is None:
            name = f"Face{len(self._names) + 1}"
            b = face.bleed_mm * mm
            canvas.beginForm(name, -b, -b, face.width_mm * mm + b, face.height_mm * mm + b)
            face.draw(canvas)
            canvas.endForm()
            _give_form_its_resources(canvas, name)
            self._names[ident] = name
        return name


def _give_form_its_resources(canvas: Canvas, name: str) -> None:
    """List the form's transparency states among its resources.

    reportlab records a form's ExtGState (fill/stroke alpha) but leaves it out of the form's
    resource dictionary, so viewers and printers draw translucent shapes solid. Build the
    resources as reportlab would, plus the ExtGState.
    """
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    if form.hasImages:
        resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if form.ExtGState:
        resources.ExtGState = form.ExtGState
    form.Resources = resources


def check_bleed(face: FaceArt, bleed_mm: float) -> None:
    """A face must carry at least the bleed the sheet gives it, or white edges would show."""
    if face.bleed_mm + 1e-6 < bleed_mm:
        raise BuildError(
            f"face {face.label or face.key!r} was drawn with {face.bleed_mm:g} mm bleed "
            f"but the sheet needs {bleed_mm:g} mm",
            hint="draw the faces with the sheet's bleed, or lower the sheet's bleed",
        )


def render_pages(canvas: Canvas, pages: list[Page]) -> None:
    """Paint every page in order; forms are defined just before their first use."""
    forms = FormCache()
    for page in pages:
        canvas.setPageSize(page.paper.size_pt)
        names = [forms.name_for(canvas, p.face) for p in page.placements]
        canvas.saveState()
        dx, dy = page.offset_mm
        if dx or dy:
            canvas.translate(dx * mm, dy * mm)
        for placement, name in zip(page.placements, names, strict=True):
            _place(canvas, placement, name)
        for mark in page.marks:
            draw_mark(canvas, mark)
        canvas.restoreState()
        canvas.showPage()


def _place(canvas: Canvas, placement: Placement, name: str) -> None:
    clip, trim = placement.clip, placement.trim
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(clip.x * mm, clip.y * mm, clip.w * mm, clip.h * mm)
    canvas.clipPath(path, stroke=0, fill=0)
    if placement.rotation == 180:
        canvas.translate(trim.right * mm, trim.top * mm)
        canvas.rotate(180)
    else:
        canvas.translate(trim.x * mm, trim.y * mm)
    canvas.doForm(name)
    canvas.restoreState()
