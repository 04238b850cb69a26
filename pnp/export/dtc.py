"""One-up card PDFs as DriveThruCards-style shops take them: one card per page.

Each page is the card's trim plus 1/8 in of bleed on every side; for every copy of every card
the back comes first, then the front. TrimBox and BleedBox are set on every page. Faces are
drawn once as forms (pnp.impose.render) and placed by reference, so a deck of 55 stays small.
reportlab embeds every TrueType font it draws with and writes no transparency groups.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.draw.face import FaceArt
from pnp.errors import BuildError
from pnp.export.pdf import CREATOR
from pnp.export.pieces import SetPieces
from pnp.impose.render import FormCache
from pnp.layout.fonts import load_face
from pnp.resources import fonts_dir
from pnp.units import mm_to_pt

BLEED_MM = 25.4 / 8
INITIAL_FONT = "Roboto-Regular.ttf"


def card_pages(group: SetPieces) -> Iterator[tuple[FaceArt | None, FaceArt]]:
    """(back, front) for every copy of every card, in catalog order."""
    for piece in group.pieces:
        for _ in range(piece.count):
            yield piece.back, piece.front


def write_dtc_pdf(path: Path, group: SetPieces, *, title: str) -> int:
    """Write the deck's one-up PDF to `path` (a staged file); returns its number of pages."""
    trim = group.set.trim
    bleed = mm_to_pt(BLEED_MM)
    width, height = mm_to_pt(trim.width_mm), mm_to_pt(trim.height_mm)
    page = (width + 2 * bleed, height + 2 * bleed)
    # reportlab starts every page in Helvetica, a font no PDF reader may embed: start in an
    # embedded one instead, so a preflight finds no font left out
    initial = load_face(fonts_dir() / INITIAL_FONT).name
    canvas = Canvas(
        str(path), pagesize=page, invariant=1, pageCompression=1, initialFontName=initial
    )
    canvas.setTitle(title)
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)
    canvas.setTrimBox((bleed, bleed, bleed + width, bleed + height))
    canvas.setBleedBox((0, 0, *page))
    forms = FormCache()
    pages = 0
    for back, front in card_pages(group):
        for face in (back, front):
            if face is not None:
                name = forms.name_for(canvas, face)
                canvas.saveState()
                canvas.translate(bleed, bleed)
                canvas.doForm(name)
                canvas.restoreState()
            canvas.showPage()  # a card without a back keeps a blank back page
            pages += 1
    try:
        canvas.save()
    except OSError as err:
        raise BuildError(f"cannot write {path}: {err.strerror or err}") from err
    return pages
