"""Exports of faces as files: per-face PNGs (`png`, and the shops `tgc`, `mpc`), one-up PDFs
(`dtc`), and proofs (`proof`: contact sheets and a gallery). Each writes `manifest.csv`."""

from __future__ import annotations

from collections.abc import Callable

from pnp.build.export_options import ExportOptions, Output, bleed_to_draw, set_pieces
from pnp.build.facepool import map_in_two
from pnp.build.faces import template_set
from pnp.build.parallel import may_fork
from pnp.catalog.model import ComponentSet, Game
from pnp.draw.face import FaceArt
from pnp.export.dtc import BLEED_MM, write_dtc_pdf
from pnp.export.manifest import manifest_csv
from pnp.export.pieces import Piece, face_files
from pnp.export.proof import contact_sheet, proof_faces
from pnp.export.proof_html import index_html
from pnp.export.raster import FaceImages, Frame, dpi_frame, png_bytes, rasterize, trim_frame
from pnp.export.shops import shop_frame, shop_size

PNG_BLEED_MM = 3.0
Rows = list[tuple[Piece, str, str]]


def export_png(game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output) -> None:
    """One PNG per distinct face: trim plus 3 mm bleed at --dpi (default 300)."""
    dpi = options.dpi_for("png")

    def frame(s: ComponentSet) -> Frame:
        return dpi_frame(s.trim.width_mm, s.trim.height_mm, dpi, PNG_BLEED_MM)

    _write_faces(game, sets, frame, out)


def shop_exporter(shop: str) -> Callable[[Game, list[ComponentSet], ExportOptions, Output], None]:
    """The export for a print shop: one PNG per distinct face at the shop's exact pixels."""

    def export(game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output) -> None:
        # every set's size is checked before anything is drawn
        sizes = {
            s.id: shop_size(shop, f"set {s.id!r} ({s.name})", *_trim(s),
                            origin=(s.origin.file, s.origin.line))
            for s in sets
        }  # fmt: skip
        _write_faces(game, sets, lambda s: shop_frame(sizes[s.id], *_trim(s)), out)

    return export


def _trim(s: ComponentSet) -> tuple[float, float]:
    return s.trim.width_mm, s.trim.height_mm


def _write_faces(
    game: Game, sets: list[ComponentSet], frame_of: Callable[[ComponentSet], Frame], out: Output
) -> None:
    """Each distinct face as a PNG (rasterized on two cores when a second is ours), written
    under every name that shows it, then the manifest."""
    templates = template_set(game)
    rows: Rows = []
    files: list[tuple[str, FaceJob]] = []  # file name, the face it shows
    jobs: dict[tuple[str, Frame], FaceJob] = {}  # distinct faces: shared backs, repeats
    for s in sets:
        frame = frame_of(s)
        group = set_pieces(game, s, templates, bleed_to_draw(frame.bleed_mm(*_trim(s))))
        for piece, front, back in face_files(group):
            for name, art in ((front, piece.front), (back, piece.back)):
                if art is not None:
                    job = jobs.setdefault((art.key, frame), (art, frame))
                    files.append((name, job))
            rows.append((piece, front, back))
    pngs = dict(zip(map(id, jobs.values()), face_pngs(list(jobs.values())), strict=True))
    for name, job in files:
        out.write(name, pngs[id(job)])
    out.write("manifest.csv", manifest_csv(rows))


FaceJob = tuple[FaceArt, Frame]


def face_pngs(jobs: list[FaceJob]) -> list[bytes]:
    """PNG bytes of each face in its frame, in order: half of them in a forked worker when
    there are a few and a second core is ours (each face costs ~0.1 s: its PDF, PDFium, the
    PNG encoder)."""
    if len(jobs) < 4 or not may_fork(nested=False):
        return [_png(job) for job in jobs]
    return map_in_two(_png, jobs, lambda png: png, len(jobs) // 2)


def _png(job: FaceJob) -> bytes:
    art, frame = job
    return png_bytes(rasterize(art, frame), frame.dpi)


def export_dtc(game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output) -> None:
    """One PDF per deck, one card per page with 1/8 in bleed, back then front."""
    templates = template_set(game)
    rows: Rows = []
    for s in sets:
        group = set_pieces(game, s, templates, BLEED_MM)
        name = f"{s.id}.pdf"
        write_dtc_pdf(out.claim(name), group, title=f"{game.title} — {s.name}")
        rows += [(piece, name, name if piece.back else "") for piece in group.pieces]
    out.write("manifest.csv", manifest_csv(rows))


def export_proof(game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output) -> None:
    """Every distinct face as a PNG of its trim, a contact sheet per set, and `index.html`."""
    dpi = options.dpi_for("proof")
    templates = template_set(game)
    images = FaceImages()
    rows: Rows = []
    gallery, sizes = [], {}
    for s in sets:
        group = set_pieces(game, s, templates, PNG_BLEED_MM)
        frame = trim_frame(*_trim(s), dpi)
        faces = proof_faces(group)
        cells = [images.image(face.art, frame) for face in faces]
        for face in faces:
            out.write(face.file, images.png(face.art, frame))
            sizes[face.file] = frame.size
        out.write(f"{s.id}-contact.png", png_bytes(contact_sheet(faces, cells), frame.dpi))
        gallery += faces
        file_of = {face.art.key: face.file for face in faces}
        rows += [
            (p, file_of[p.front.key], file_of[p.back.key] if p.back else "") for p in group.pieces
        ]
    out.write("index.html", index_html(game.title, gallery, sizes))
    out.write("manifest.csv", manifest_csv(rows))
