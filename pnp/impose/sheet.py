"""The sheet model every imposition produces: pages of placed faces and marks, in millimetres.

A layout (grid, packing, tiling, standees, calibration) decides where things go, measured from the
bottom-left corner of the paper; `pnp.impose.render` paints those decisions on a canvas.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.draw.face import FaceArt
from pnp.errors import BuildError
from pnp.impose.geometry import Rect
from pnp.impose.marks import Mark
from pnp.impose.paper import Paper
from pnp.impose.seams import SeamHints


@dataclass(frozen=True)
class Piece:
    """One physical copy of a component: a front face and, if two-sided, a back face."""

    front: FaceArt
    back: FaceArt | None = None
    seams: SeamHints = SeamHints()  # a board's: where the seams of its tiles may run

    def __post_init__(self) -> None:
        b = self.back
        if b is not None and (
            abs(b.width_mm - self.front.width_mm) > 0.01
            or abs(b.height_mm - self.front.height_mm) > 0.01
        ):
            raise BuildError(
                f"front {self.front.label or self.front.key!r} is {self.front.width_mm:g} x "
                f"{self.front.height_mm:g} mm but its back is {b.width_mm:g} x {b.height_mm:g} mm"
            )

    @property
    def width_mm(self) -> float:
        return self.front.width_mm

    @property
    def height_mm(self) -> float:
        return self.front.height_mm

    @property
    def shape(self) -> str:
        return self.front.shape


@dataclass(frozen=True)
class Placement:
    """One face on a page: its trim box on the page, the region its art may paint, a rotation.

    With rotation 180 the face is turned upside down inside the same trim box; with 90 (or
    270) it is turned a quarter anticlockwise (or clockwise), the trim box then being the face's
    height wide and its width tall.
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


def check_bleed(face: FaceArt, bleed_mm: float) -> None:
    """A face must carry at least the bleed the sheet gives it, or white edges would show."""
    if face.bleed_mm + 1e-6 < bleed_mm:
        raise BuildError(
            f"face {face.label or face.key!r} was drawn with {face.bleed_mm:g} mm bleed "
            f"but the sheet needs {bleed_mm:g} mm",
            hint="draw the faces with the sheet's bleed, or lower the sheet's bleed",
        )
