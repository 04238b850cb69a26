"""Exports of faces as files: per-face PNGs (`png`, and the shops `tgc`, `mpc`), one-up PDFs
(`dtc`), and proofs (`proof`: contact sheets and a gallery). Each writes `manifest.csv`."""

from __future__ import annotations

from collections.abc import Callable

from pnp.catalog.model import ComponentSet, Game
from pnp.draw.face import FaceArt
from pnp.export.dtc import BLEED_MM, write_dtc_pdf
from pnp.export.manifest import manifest_csv
from pnp.export.pieces import FaceSource, Piece, face_files
from pnp.export.proof import contact_sheet, proof_faces
from pnp.export.proof_html import index_html
from pnp.export.raster import FaceImages, Frame, dpi_frame, png_bytes, rasterize, trim_frame
from pnp.export.shops import shop_frame, shop_size
from pnp.export.targets import ExportOptions, Output, bleed_to_draw

PNG_BLEED_MM = 3.0
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
    ours), written under every name that shows it, then the manifest."""
    rows: Rows = []
    files: list[tuple[str, FaceJob]] = []  # file name, the face it shows
    jobs: dict[tuple[str, Frame], FaceJob] = {}  # distinct faces: shared backs, repeats
    for s in sets:
        frame = frame_of(s)
        group = faces.draw(s, bleed_to_draw(frame.bleed_mm(*_trim(s))))
        for piece, front, back in face_files(group):
            for name, art in ((front, piece.front), (back, piece.back)):
                if art is not None:
                    job = jobs.setdefault((art.key, frame), (art, frame))
                    files.append((name, job))
            rows.append((piece, front, back))
    pngs = dict(zip(map(id, jobs.values()), faces.map(_png, list(jobs.values())), strict=True))
    for name, job in files:
        out.write(name, pngs[id(job)])
    out.write("manifest.csv", manifest_csv(rows))


FaceJob = tuple[FaceArt, Frame]


def _png(job: FaceJob) -> bytes:
    """A face's PNG in its frame (~0.1 s: its PDF, PDFium, the PNG encoder)."""
    art, frame = job
    return png_bytes(rasterize(art, frame), frame.dpi)


def export_dtc(
    game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output, faces: FaceSource
) -> None:
    """One PDF per deck, one card per page with 1/8 in bleed, back then front."""
    rows: Rows = []
    for s in sets:
        group = faces.draw(s, BLEED_MM)
        name = f"{s.id}.pdf"
        write_dtc_pdf(out.claim(name), group, title=f"{game.title} — {s.name}")
        rows += [(piece, name, name if piece.back else "") for piece in group.pieces]
    out.write("manifest.csv", manifest_csv(rows))


def export_proof(
    game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output, faces: FaceSource
) -> None:
    """Every distinct face as a PNG of its trim, a contact sheet per set, and `index.html`."""
    dpi = options.dpi_for("proof")
    images = FaceImages()
    rows: Rows = []
    gallery, sizes = [], {}
    for s in sets:
        group = faces.draw(s, PNG_BLEED_MM)
        frame = trim_frame(*_trim(s), dpi)
        shown = proof_faces(group)
        cells = [images.image(face.art, frame) for face in shown]
        for face in shown:
            out.write(face.file, images.png(face.art, frame))
            sizes[face.file] = frame.size
        out.write(f"{s.id}-contact.png", png_bytes(contact_sheet(shown, cells), frame.dpi))
        gallery += shown
        file_of = {face.art.key: face.file for face in shown}
        rows += [
            (p, file_of[p.front.key], file_of[p.back.key] if p.back else "") for p in group.pieces
        ]
    out.write("index.html", index_html(game.title, gallery, sizes))
    out.write("manifest.csv", manifest_csv(rows))
