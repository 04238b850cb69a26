"""One-up card PDFs as DriveThruCards-style shops take them: one card per page.

Each page is the shop's card (pnp.export.shops: a poker card is 2.5 x 3.5 in) plus 1/8 in of
bleed on every side, 2.75 x 3.75 in as the shop's template; a deck's own trim is scaled that
little to fill the shop's (63 x 88 mm to 2.5 x 3.5 in), as for tgc and mpc. For every copy of
every card the back comes first, then the front. TrimBox and BleedBox are set on every page.
Faces are drawn once as forms (pnp.impose.render) and placed by reference, so a deck of 55 stays
small. reportlab embeds every TrueType font it draws with and writes no transparency groups. A
deck whose PDF would be longer than a build's (PAGES) is refused before anything is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.model import ComponentSet
from pnp.draw.face import FaceArt
from pnp.errors import BuildError, InputError
from pnp.export.pdf import CREATOR
from pnp.export.pieces import SetPieces
from pnp.export.shops import ShopSize, shop_size
from pnp.impose.render import FormCache
from pnp.layout.text.fonts import load_face
from pnp.limits import PAGES
from pnp.resources import fonts_dir
from pnp.units import mm_to_pt

BLEED_MM = 25.4 / 8
Colours = Callable[[Any], Any]
INITIAL_FONT = "Roboto-Regular.ttf"


def dtc_size(component_set: ComponentSet) -> ShopSize:
    """The shop's card for the deck; InputError for a size it does not print or a deck whose
    PDF would have more than PAGES pages (a back and a front for every copy)."""
    s = component_set
    trim = s.trim
    origin = (s.origin.file, s.origin.line)
    size = shop_size("dtc", f"set {s.id!r} ({s.name})", trim.width_mm, trim.height_mm, origin)
    pages = 2 * sum(c.count for c in s.components)
    if pages > PAGES:
        raise InputError(f"set {s.id!r} makes a PDF of more than {PAGES} pages ({pages}: a "
                         "back and a front for every copy): check its counts",
                         file=origin[0], line=origin[1])  # fmt: skip
    return size


def dtc_scale(component_set: ComponentSet, size: ShopSize) -> tuple[float, float]:
    """How much the deck's trim is stretched across and down to fill the shop's trim (a
    landscape deck takes the shop's card turned)."""
    width, height = size.trim_mm
    trim = component_set.trim
    if trim.width_mm > trim.height_mm:
        width, height = height, width
    return width / trim.width_mm, height / trim.height_mm


def card_pages(group: SetPieces) -> Iterator[tuple[FaceArt | None, FaceArt]]:
    """(back, front) for every copy of every card, in catalog order."""
    for piece in group.pieces:
        for _ in range(piece.count):
            yield piece.back, piece.front


def write_dtc_pdf(
    path: Path, group: SetPieces, size: ShopSize, *, title: str, colours: Colours | None = None
) -> int:
    """Write the deck's one-up PDF to `path` (a staged file) at the shop's `size`; returns its
    number of pages. `colours` is reportlab's colour hook (`enforceColorSpace`): every colour
    the faces set goes through it (CMYK for PDF/X)."""
    across, down = dtc_scale(group.set, size)
    bleed = mm_to_pt(BLEED_MM)
    width = mm_to_pt(group.set.trim.width_mm) * across
    height = mm_to_pt(group.set.trim.height_mm) * down
    page = (width + 2 * bleed, height + 2 * bleed)
    # reportlab starts every page in Helvetica, a font no PDF reader may embed: start in an
    # embedded one instead, so a preflight finds no font left out
    initial = load_face(fonts_dir() / INITIAL_FONT).name
    canvas = Canvas(
        str(path),
        pagesize=page,
        invariant=1,
        pageCompression=1,
        initialFontName=initial,
        enforceColorSpace=colours,
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
                canvas.scale(across, down)
                canvas.doForm(name)
                canvas.restoreState()
            canvas.showPage()  # a card without a back keeps a blank back page
            pages += 1
    try:
        canvas.save()
    except OSError as err:
        raise BuildError(f"cannot write {path}: {err.strerror or err}") from err
    return pages
