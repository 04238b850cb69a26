"""`--to dtc --pdfx`: a deck's one-up PDF as PDF/X-1a:2003 in CMYK, the file DriveThruCards
asks for.

The pages are those of the plain dtc PDF (pnp.export.dtc: the shop's card plus 1/8 in bleed,
back then front for every copy, TrimBox and BleedBox). First they are drawn as vectors with
every colour converted to CMYK through pnp's output profile (pnp.export.cmyk, total ink at most
240 %); if that file is fit for X-1a (pnp.export.pdfx_vector: no transparency, no image, no
other colour) it gets the standard's keys and is done. Otherwise each face is rasterized by
PDFium at the export's dpi (default 300, the shop's), converted to CMYK through the same
profile with its ink capped, and placed as one CMYK image filling the page (pnp.export.pdfx).
Each distinct face is rasterized once, a batch at a time, on two cores when a second is ours;
the file is written as the images come.
"""

from __future__ import annotations

import io
import zlib
from pathlib import Path

from pypdf import PdfReader

from pnp.catalog.model import ComponentSet
from pnp.draw.face import FaceArt
from pnp.errors import BuildError
from pnp.export.cmyk import CONDITION, CONDITION_INFO, REGISTRY, cmyk_strips, profile_bytes
from pnp.export.dtc import BLEED_MM, card_pages, dtc_scale, write_dtc_pdf
from pnp.export.pdfx import Boxes, Intent, PdfxWriter, Placed
from pnp.export.pdfx_vector import as_pdfx, cmyk_colour, unfit
from pnp.export.pieces import FaceSource, SetPieces
from pnp.export.raster import MM_PER_INCH, Frame, PixelBudget, rasterize
from pnp.export.shops import ShopSize
from pnp.units import mm_to_pt

BATCH_PIXELS = 100_000_000  # faces rasterized before their images are written (about 100
# poker faces at 300 dpi): their compressed CMYK is what memory holds at once
FaceJob = tuple[FaceArt, Frame]


def pdfx_frame(component_set: ComponentSet, size: ShopSize, dpi: float) -> Frame:
    """A page's pixels at `dpi`: the shop's trim plus 1/8 in on every side (a landscape deck
    takes the shop's card turned)."""
    width, height = size.trim_in
    trim = component_set.trim
    if trim.width_mm > trim.height_mm:
        width, height = height, width
    bleed = BLEED_MM / MM_PER_INCH
    pixels = (round((width + 2 * bleed) * dpi), round((height + 2 * bleed) * dpi))
    return Frame(size=pixels, trim=(width * dpi, height * dpi), dpi=dpi)


def page_boxes(group: SetPieces, size: ShopSize) -> Boxes:
    """The page in points, as the plain dtc PDF's: the deck's trim scaled to the shop's."""
    across, down = dtc_scale(group.set, size)
    bleed = mm_to_pt(BLEED_MM)
    width = mm_to_pt(group.set.trim.width_mm) * across
    height = mm_to_pt(group.set.trim.height_mm) * down
    trim = (bleed, bleed, bleed + width, bleed + height)
    return Boxes(width + 2 * bleed, height + 2 * bleed, trim)


def write_dtc_pdfx(
    path: Path,
    group: SetPieces,
    size: ShopSize,
    frame: Frame,
    faces: FaceSource,
    title: str,
    budget: PixelBudget,
) -> int:
    """Write the deck's PDF/X-1a file to `path` (a staged file); returns its number of pages.
    Vector when the deck drawn in CMYK is fit for X-1a (pnp.export.pdfx_vector), else its
    faces rasterized in `frame` (drawn with at least its bleed), counted against the budget."""
    s = group.set
    intent = Intent(CONDITION, CONDITION_INFO, REGISTRY, profile_bytes())
    pages = write_dtc_pdf(path, group, size, title=title, colours=cmyk_colour)
    try:
        data = path.read_bytes()
        if unfit(PdfReader(io.BytesIO(data))) is None:
            path.write_bytes(as_pdfx(data, intent, title))
            return pages
    except OSError as err:
        raise BuildError(f"cannot write {path}: {err.strerror or err}") from err
    distinct = {art.key for p in group.pieces for art in (p.front, p.back) if art}
    budget.spend(len(distinct) * frame.pixels, f"set {s.id!r} ({s.name})")
    return write_raster_pdfx(path, group, size, frame, faces, title)


def write_raster_pdfx(
    path: Path, group: SetPieces, size: ShopSize, frame: Frame, faces: FaceSource, title: str
) -> int:
    """The deck's PDF/X-1a file with every face rasterized in `frame`, converted to CMYK and
    placed as one image filling its page; returns its number of pages."""
    jobs: dict[str, FaceJob] = {}
    for back, front in card_pages(group):
        for art in (back, front):
            if art is not None:
                jobs.setdefault(art.key, (art, frame))
    intent = Intent(CONDITION, CONDITION_INFO, REGISTRY, profile_bytes())
    placed: dict[str, Placed] = {}
    pages = 0
    try:
        with open(path, "wb") as out:
            pdf = PdfxWriter(out, page_boxes(group, size), intent, title)
            for batch in _batches(list(jobs.items())):
                images = faces.map(_cmyk_image, [job for _, job in batch])
                for (key, _), image in zip(batch, images, strict=True):
                    placed[key] = pdf.image(*frame.size, image)
            for back, front in card_pages(group):
                for art in (back, front):
                    pdf.page(placed[art.key] if art is not None else None)
                    pages += 1
            pdf.close()
    except OSError as err:
        raise BuildError(f"cannot write {path}: {err.strerror or err}") from err
    return pages


def _batches(jobs: list[tuple[str, FaceJob]]) -> list[list[tuple[str, FaceJob]]]:
    """`jobs` in runs of at most BATCH_PIXELS (and at least one face each)."""
    batches: list[list[tuple[str, FaceJob]]] = [[]]
    pixels = 0
    for job in jobs:
        if batches[-1] and pixels + job[1][1].pixels > BATCH_PIXELS:
            batches.append([])
            pixels = 0
        batches[-1].append(job)
        pixels += job[1][1].pixels
    return batches


def _cmyk_image(job: FaceJob) -> bytes:
    """A face's pixels in CMYK, ink capped, Flate-compressed (~0.2 s a poker face)."""
    art, frame = job
    compressor = zlib.compressobj(6)
    data = [compressor.compress(strip) for strip in cmyk_strips(rasterize(art, frame))]
    return b"".join(data) + compressor.flush()
