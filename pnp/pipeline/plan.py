"""Sheets of a game: which PDFs a build writes (the plan) and the sets imposed in each."""

from __future__ import annotations

from pnp.catalog.model import ComponentSet, Game
from pnp.draw.face import FaceArt
from pnp.errors import BuildError
from pnp.impose.document import Document
from pnp.impose.geometry import Rect
from pnp.impose.kit import KitGroup, KitTooLong
from pnp.impose.seams import KeepClear, SeamHints
from pnp.impose.sheet import Piece
from pnp.limits import PAGES
from pnp.pipeline.options import BuildOptions

Faces = list[tuple[int, FaceArt, FaceArt | None]]  # (copies, front, back) per component


def copies_of(faces: Faces, component_set: ComponentSet | None = None) -> list[Piece]:
    """One Piece per physical copy (of `component_set`, whose seams a board's pieces carry)."""
    hints = seam_hints(component_set) if component_set else SeamHints()
    return [Piece(front, back, hints) for count, front, back in faces for _ in range(count)]


def seam_hints(component_set: ComponentSet) -> SeamHints:
    """A set's `seams:` as imposition reads them: zones measured from the trim's bottom-left."""
    spec, height = component_set.seams, component_set.trim.height_mm
    zones = tuple(
        KeepClear(Rect(z.x, height - z.y - z.h, z.w, z.h), z.side) for z in spec.keep_clear
    )
    return SeamHints(spec.derive, zones)


def add_sets(
    doc: Document,
    placed: list[tuple[ComponentSet, list[Piece]]],
    *,
    fold: bool = False,
    kit: bool = False,
) -> None:
    """Lay each set on sheets by its imposition; packed sets share sheets to save paper.

    With `fold`, two-sided tokens print as fold-over strips instead of on duplex back pages.
    With `kit`, every set shares the kit's sheets (see pnp.impose.kit).
    """
    if kit and placed:
        groups = [KitGroup(s.name, s.imposition, tuple(pieces), s.is_deck) for s, pieces in placed]
        try:
            doc.add_kit(groups, limit=PAGES)
        except KitTooLong as err:
            check_pages(doc, next(s for s, _ in placed if s.name == err.group), too_long=True)
        check_pages(doc, placed[-1][0])
        return
    packed = [(s, pieces) for s, pieces in placed if s.imposition == "packed"]
    for component_set, pieces in placed:
        section = component_set.name
        if component_set.imposition == "grid":
            doc.add_grid(pieces, section=section)
        elif component_set.imposition == "standee":
            doc.add_standees(pieces, section=section)
        elif component_set.imposition == "tiled":  # each physical board is its own page set
            for piece in pieces:
                doc.add_tiled(piece, section=section)
                check_pages(doc, component_set)
        elif packed and component_set is packed[0][0]:
            doc.add_packed(
                [piece for _, pieces in packed for piece in pieces],
                section=" · ".join(s.name for s, _ in packed),
                fold=fold,
            )
        check_pages(doc, component_set)


def check_pages(doc: Document, component_set: ComponentSet, *, too_long: bool = False) -> None:
    """Refuse a PDF of more than PAGES pages (a large board many times over, say)."""
    if too_long or len(doc.pages) > PAGES:
        raise BuildError(
            f"set {component_set.id!r} makes a PDF of more than {PAGES} pages: "
            "check its counts and size",
            file=component_set.origin.file,
            line=component_set.origin.line,
        )


def plan(game: Game, options: BuildOptions) -> list[tuple[str, list[ComponentSet]]]:
    """(file stem, sets) for every PDF this build writes, in order: one print kit holding every
    chosen set, or with `split` one PDF per deck and one per other product."""
    chosen = [
        s
        for s in game.sets.values()
        if s.product in options.products and (not options.sets or s.id in options.sets)
    ]
    if not options.split:
        return [(game.file_stem, chosen)] if chosen else []
    jobs: list[tuple[str, list[ComponentSet]]] = []
    for product in options.products:
        sets = [s for s in chosen if s.product == product]
        if product == "cards":
            jobs.extend((f"{game.file_stem}-{s.id}", [s]) for s in sets)
        elif sets:
            jobs.append((f"{game.file_stem}-{product}", sets))
    return jobs
