"""Exports of faces as files: per-face PNGs (`png`, and the shops `tgc`, `mpc`), one-up PDFs
(`dtc`), and proofs (`proof`: contact sheets and a gallery). Each writes `manifest.csv`."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from pnp.catalog.model import ComponentSet, Game
from pnp.draw.face import FaceArt
from pnp.export.dtc import BLEED_MM, dtc_scale, dtc_size, write_dtc_pdf
from pnp.export.dtc_pdfx import pdfx_frame, write_dtc_pdfx
from pnp.export.manifest import manifest_csv
from pnp.export.pieces import FaceSource, Piece, face_files
from pnp.export.proof import (
    ProofFace,
    contact_names,
    contact_scale,
    contact_sheet,
    proof_faces,
)
from pnp.export.proof_html import index_html
from pnp.export.raster import Frame, dpi_frame, png_bytes, rasterize, scaled, trim_frame
from pnp.export.shops import shop_frame, shop_size
from pnp.export.targets import ExportOptions, Output, bleed_to_draw
from pnp.limits import CONTACT_FACES

PNG_BLEED_MM = 3.0
BATCH_PIXELS = 100_000_000  # faces rasterized before their PNGs are written (about 50 poker
# faces at 300 dpi): their PNG bytes are what memory holds at once
Rows = list[tuple[Piece, str, str]]


def export_png(
    game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output, faces: FaceSource
) -> None:
    """One PNG per distinct face: trim plus 3 mm bleed at --dpi (default 300)."""
    dpi = options.dpi_for("png")

    def frame(s: ComponentSet) -> Frame:
        return dpi_frame(s.trim.width_mm, s.trim.height_mm, dpi, PNG_BLEED_MM)

    _write_faces(sets, frame, out, faces)


Exporter = Callable[[Game, list[ComponentSet], ExportOptions, Output, FaceSource], None]


def shop_exporter(shop: str) -> Exporter:
    """The export for a print shop: one PNG per distinct face at the shop's exact pixels."""

    def export(
        game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output, faces: FaceSource
    ) -> None:
        # every set's size is checked before anything is drawn
        sizes = {
            s.id: shop_size(shop, f"set {s.id!r} ({s.name})", *_trim(s),
                            origin=(s.origin.file, s.origin.line))
            for s in sets
        }  # fmt: skip
        _write_faces(sets, lambda s: shop_frame(sizes[s.id], *_trim(s)), out, faces)

    return export


def _trim(s: ComponentSet) -> tuple[float, float]:
    return s.trim.width_mm, s.trim.height_mm


def _write_faces(
    sets: list[ComponentSet],
    frame_of: Callable[[ComponentSet], Frame],
    out: Output,
    faces: FaceSource,
) -> None:
    """Each distinct face as a PNG (rasterized with `faces.map`: on two cores when a second is
    ours), written once, under the first name that shows it, then the manifest, which points
    every piece at the file of its face (54 cards with 3 kinds of back: 3 back files). The
    pixels are counted against the export's budget before any is drawn; faces are rasterized
    and written a batch at a time, so memory holds a batch's PNGs, not the whole export's."""
    rows: Rows = []
    files: dict[int, list[str]] = {}  # a distinct face (by its job's id) -> its file names
    jobs: dict[tuple[str, Frame], FaceJob] = {}  # distinct faces: shared backs, repeats
    for s in sets:
        frame = frame_of(s)
        group = faces.draw(s, bleed_to_draw(frame.bleed_mm(*_trim(s))))
        before = len(jobs)
        for piece, front, back in face_files(group):
            for name, art in ((front, piece.front), (back, piece.back)):
                if art is not None:
                    job = jobs.setdefault((art.key, frame), (art, frame))
                    files.setdefault(id(job), []).append(name)
            rows.append((piece, front, back))
        out.budget.spend((len(jobs) - before) * frame.pixels, f"set {s.id!r} ({s.name})")
    first = {name: names[0] for names in files.values() for name in names}
    for batch in _batches(list(jobs.values())):
        for job, png in zip(batch, faces.map(_png, batch), strict=True):
            out.write(files[id(job)][0], png)
    rows = [(piece, first[front], first.get(back, back)) for piece, front, back in rows]
    out.write("manifest.csv", manifest_csv(rows))


def _batches(jobs: list[FaceJob]) -> list[list[FaceJob]]:
    """`jobs` in runs of at most BATCH_PIXELS (and at least one face each)."""
    batches: list[list[FaceJob]] = [[]]
    pixels = 0
    for job in jobs:
        if batches[-1] and pixels + job[1].pixels > BATCH_PIXELS:
            batches.append([])
            pixels = 0
        batches[-1].append(job)
        pixels += job[1].pixels
    return batches


FaceJob = tuple[FaceArt, Frame]


def _png(job: FaceJob) -> bytes:
    """A face's PNG in its frame (~0.1 s: its PDF, PDFium, the PNG encoder)."""
    art, frame = job
    return png_bytes(rasterize(art, frame), frame.dpi)


def export_dtc(
    game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output, faces: FaceSource
) -> None:
    """One PDF per deck at the shop's card size, one card per page with 1/8 in bleed, back then
    front: PDF/X-1a in CMYK (vector where the deck allows, else rasterized at --dpi), or RGB
    with --rgb. Every deck's size and
    length is checked before any is drawn."""
    sizes = {s.id: dtc_size(s) for s in sets}
    rows: Rows = []
    for s in sets:
        # drawn with the bleed the page needs once the trim is scaled to the shop's (and its
        # pixels, rounded, need)
        needed = BLEED_MM / min(dtc_scale(s, sizes[s.id]))
        frame = pdfx_frame(s, sizes[s.id], options.dpi_for("dtc"))
        if options.x1a:
            needed = max(needed, frame.bleed_mm(*_trim(s)))
        group = faces.draw(s, bleed_to_draw(needed))
        name = f"{s.id}.pdf"
        title = f"{game.title} — {s.name}"
        if options.x1a:
            write_dtc_pdfx(out.claim(name), group, sizes[s.id], frame, faces, title, out.budget)
        else:
            write_dtc_pdf(out.claim(name), group, sizes[s.id], title=title)
        rows += [(piece, name, name if piece.back else "") for piece in group.pieces]
    out.write("manifest.csv", manifest_csv(rows))


def export_proof(
    game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output, faces: FaceSource
) -> None:
    """Every distinct face as a PNG of its trim, contact sheets per set (CONTACT_FACES faces
    each, shrunk to stay within IMAGE_PIXELS), and `index.html`. A sheet's faces at a time are
    held in memory, shrunk to the sheet's scale."""
    dpi = options.dpi_for("proof")
    rows: Rows = []
    gallery: list[ProofFace] = []
    sizes: dict[str, tuple[int, int]] = {}
    contacts: dict[str, list[str]] = {}
    for s in sets:
        group = faces.draw(s, PNG_BLEED_MM)
        frame = trim_frame(*_trim(s), dpi)
        shown = proof_faces(group)
        out.budget.spend(len(shown) * frame.pixels, f"set {s.id!r} ({s.name})")
        scale = contact_scale(frame.size, len(shown))
        contacts[s.id] = contact_names(s.id, len(shown))
        for n, name in enumerate(contacts[s.id]):
            chunk = shown[n * CONTACT_FACES : (n + 1) * CONTACT_FACES]
            cells = [_proof_face(face, frame, scale, out) for face in chunk]
            sheet = contact_sheet(chunk, cells)
            out.budget.spend(sheet.width * sheet.height, f"contact sheet {name}")
            out.write(name, png_bytes(sheet, frame.dpi * scale))
        sizes.update((face.file, frame.size) for face in shown)
        gallery += shown
        file_of = {face.art.key: face.file for face in shown}
        rows += [
            (p, file_of[p.front.key], file_of[p.back.key] if p.back else "") for p in group.pieces
        ]
    out.write("index.html", index_html(game.title, gallery, sizes, contacts))
    out.write("manifest.csv", manifest_csv(rows))


def _proof_face(face: ProofFace, frame: Frame, scale: float, out: Output) -> Image.Image:
    """The face's PNG written; its pixels returned at the contact sheet's scale."""
    image = rasterize(face.art, frame)
    out.write(face.file, png_bytes(image, frame.dpi))
    return scaled(image, scale)
