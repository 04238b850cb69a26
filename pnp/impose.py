"""Imposition: placing faces on printable sheets. The public entry point for every sheet product.

    opts = SheetOptions(paper="a4", bleed_mm=3, duplex="long")
    doc = Document("out/cards.pdf", opts, title="My Game — Action cards", game_title="My Game")
    doc.add_grid(pieces, section="Action cards")     # cards: grid, crop marks, duplex backs
    doc.add_packed(pieces, section="Chips")          # tokens of mixed sizes and shapes
    doc.add_tiled(board, section="Board")            # a board larger than a sheet
    doc.add_standees(pawns, section="Pawns")         # fold-over standing figures
    doc.save()                                       # atomic and deterministic

Every sheet carries the game, section and sheet number, and a 50 mm scale check, in the margin.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import BuildError, InputError
from pnp.face import FaceArt
from pnp.geometry import Rect, bounding_box
from pnp.grid import grid_sheets
from pnp.margins import label_item, place_in_margins, scale_bar_item
from pnp.marks import mark_bbox
from pnp.packing import packed_sheets
from pnp.paper import Paper, parse_paper
from pnp.pdfwrite import open_pdf
from pnp.sheet import Page, render_pages
from pnp.standee import standee_sheets
from pnp.tiling import tiled_sheets

DUPLEX_MODES = ("long", "short", "none")
ORIENTATIONS = ("auto", "portrait", "landscape")


@dataclass(frozen=True)
class SheetOptions:
    """How sheets are printed. Strings from the command line are accepted and checked.

    duplex: "long" (backs mirror the columns of a portrait sheet), "short" (backs mirror the
    rows), "none" (all fronts, then all backs, for feeding the stack through again by hand).
    back_offset_mm: (x, y) shift of everything on back pages, x to the right and y up as seen on
    the back, to undo a printer's misregistration (read it off `pnp calibrate`).
    gap_mm: space between neighbouring trims; None chooses (see pnp.grid).
    """

    paper: Paper | str = "a4"
    orientation: str = "auto"
    bleed_mm: float = 3.0
    duplex: str = "long"
    gutterfold: bool = False
    back_offset_mm: tuple[float, float] | str = (0.0, 0.0)
    crop_marks: bool = True
    margin_mm: float = 4.0
    gap_mm: float | None = None
    overlap_mm: float = 10.0
    tab_mm: float = 12.0

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "paper", parse_paper(self.paper))
        set_(self, "duplex", _choice("duplex", self.duplex, DUPLEX_MODES))
        set_(self, "orientation", _choice("orientation", self.orientation, ORIENTATIONS))
        set_(self, "back_offset_mm", parse_offset(self.back_offset_mm))
        for name, low, high in (
            ("bleed_mm", 0, 20),
            ("margin_mm", 0, 50),
            ("overlap_mm", 0, 50),
            ("tab_mm", 3, 50),
        ):
            value = float(getattr(self, name))
            if not low <= value <= high:
                raise InputError(
                    f"{name.removesuffix('_mm')} must be {low} to {high} mm, not {value:g}"
                )
            set_(self, name, value)
        if self.gap_mm is not None and not 0 <= self.gap_mm <= 50:
            raise InputError(f"gap must be 0 to 50 mm, not {self.gap_mm:g}")


def _choice(name: str, value: str, allowed: tuple[str, ...]) -> str:
    text = str(value).strip().lower()
    if text not in allowed:
        raise InputError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return text


def parse_offset(value: tuple[float, float] | str) -> tuple[float, float]:
    """`"1.5,-0.5"` or `(1.5, -0.5)` -> (1.5, -0.5) millimetres."""
    try:
        parts = value.replace(" ", "").split(",") if isinstance(value, str) else list(value)
        x, y = (float(p) for p in parts)
    except (TypeError, ValueError):
        raise InputError(
            f"back offset must be two numbers in mm, X,Y (e.g. 1.5,-0.5), not {value!r}"
        ) from None
    if abs(x) > 20 or abs(y) > 20:
        raise InputError(f"back offset {x:g},{y:g} mm is implausibly large (at most 20 mm)")
    return (x, y)


@dataclass(frozen=True)
class Piece:
    """One physical copy of a component: a front face and, if two-sided, a back face."""

    front: FaceArt
    back: FaceArt | None = None

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


class Document:
    """A PDF of sheets, built section by section and written atomically by `save`."""

    def __init__(
        self,
        path: str | Path,
        options: SheetOptions | None = None,
        *,
        title: str,
        game_title: str = "",
    ) -> None:
        self.path = Path(path)
        self.options = options or SheetOptions()
        self.title = title
        self.game_title = game_title
        self._sheets: list[list[Page]] = []

    def add_grid(self, pieces: Sequence[Piece], section: str) -> None:
        """Cards (or any same-size pieces; other sizes start new sheets) in a centred grid."""
        self._add(grid_sheets(pieces, self.options, section))

    def add_packed(self, pieces: Sequence[Piece], section: str, *, fold: bool = False) -> None:
        """Tokens and chips of mixed sizes packed in rows; `fold` prints each two-sided piece
        as a strip (front, fold line, back) instead of on duplex back pages."""
        self._add(packed_sheets(pieces, self.options, section, fold=fold))

    def add_tiled(self, piece: Piece, section: str) -> None:
        """A board: tiled over several sheets if larger than one, each side its own sheet set."""
        self._add(tiled_sheets(piece, self.options, section, game=self.game_title))

    def add_standees(self, pieces: Sequence[Piece], section: str) -> None:
        """Fold-over standing figures with base tabs."""
        self._add(standee_sheets(pieces, self.options, section))

    @property
    def pages(self) -> list[Page]:
        """The pages in print order (blank backs added where duplex needs them)."""
        return _print_order(self._sheets, self.options.duplex)

    def save(self) -> Path:
        """Write the PDF (temporary file, then rename). Returns its path."""
        pages = self.pages
        if not pages:
            raise BuildError(f"nothing to print in {self.path.name}")
        with open_pdf(self.path, title=self.title, pagesize=pages[0].paper.size_pt) as canvas:
            render_pages(canvas, pages)
        return self.path

    def _add(self, sheets: list[list[Page]]) -> None:
        for number, pages in enumerate(sheets, 1):
            for page in pages:
                page.sheet, page.sheets = number, len(sheets)
                if not page.labelled:
                    label_page(page, self.game_title)
        self._sheets += sheets


def sheet_label(game: str, page: Page) -> str:
    """e.g. "My Game · Action cards · sheet 2 of 7 · front"."""
    side = {"fold": "fronts | backs, fold"}.get(page.side, page.side)
    parts = [game, page.section, f"sheet {page.sheet} of {page.sheets}", side]
    return " · ".join(p for p in parts if p)


def label_page(page: Page, game: str) -> None:
    """Put the sheet label (and on fronts the 50 mm scale bar) in free margin space."""
    page.label = sheet_label(game, page)
    W, H = page.paper.width_mm, page.paper.height_mm
    regions = page.content or [Rect(W / 2, H / 2, 0, 0)]
    content = bounding_box(regions)
    taken = [mark_bbox(m) for m in page.marks] + page.content
    items = [[label_item(page.label, size) for size in (6.5, 5.5, 4.5)]]
    if page.side != "back":
        items.append([scale_bar_item(), scale_bar_item(stacked=True)])
    page.marks += place_in_margins(W, H, content, taken, items)


def _print_order(sheets: list[list[Page]], duplex: str) -> list[Page]:
    """Fronts with their backs; in a duplex document every sheet gets a back, blank if need be."""
    needs_backs = any(len(pages) > 1 for pages in sheets)
    fronts, backs = [], []
    for pages in sheets:
        fronts.append(pages[0])
        if len(pages) > 1:
            backs.append(pages[1])
        elif needs_backs:
            backs.append(_blank_back(pages[0]))
    if not needs_backs:
        return fronts
    if duplex == "none":
        return fronts + backs
    return [p for pair in zip(fronts, backs, strict=True) for p in pair]


def _blank_back(front: Page) -> Page:
    return Page(front.paper, "back", front.section, sheet=front.sheet, sheets=front.sheets)
