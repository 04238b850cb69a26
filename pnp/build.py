"""Build printable PDFs for a game: faces from templates, imposed on sheets, one PDF per product.

The pipeline, once per set: every component's front and back are rendered from the set's
templates (pnp.layout) into FaceArt; the copies become Pieces; imposition (pnp.impose) lays
them on sheets by the set's imposition (grid, packed, tiled, standee). Card decks get one PDF each;
boards, tokens and aids get one PDF per product holding all of a game's sets of that product.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnp.catalog.context import face_context, set_face_context
from pnp.catalog.model import PRODUCTS, ComponentSet, Game
from pnp.draw.face import FaceArt
from pnp.errors import BuildError, InputError
from pnp.export.pdf import write_document, write_pages
from pnp.impose.calibration import calibration_pages
from pnp.impose.document import Document
from pnp.impose.options import SheetOptions
from pnp.impose.paper import parse_paper
from pnp.impose.sheet import Piece
from pnp.layout.templates import TemplateSet
from pnp.layout.theme import load_theme
from pnp.names import closest, did_you_mean
from pnp.resources import data_root, templates_dir

Progress = Callable[[str], None]


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for on the command line."""

    products: tuple[str, ...] = PRODUCTS
    paper: str = "a4"
    bleed_mm: float = 3.0
    duplex: str = "long"
    gutterfold: bool = False
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    out_dir: Path | None = None
    sets: tuple[str, ...] = field(default=())  # restrict to these set ids (empty: all)

    def sheet_options(self) -> SheetOptions:
        return SheetOptions(
            paper=parse_paper(self.paper),
            bleed_mm=self.bleed_mm,
            duplex=self.duplex,
            gutterfold=self.gutterfold,
            back_offset_mm=self.back_offset_mm,
        )


def parse_products(text: str) -> tuple[str, ...]:
    """`cards,boards` -> ("cards", "boards"); unknown names are an InputError with suggestions."""
    wanted = [w.strip() for w in text.split(",") if w.strip()]
    if not wanted or "all" in wanted:
        return PRODUCTS
    for word in wanted:
        if word not in PRODUCTS:
            raise InputError(
                f"unknown product {word!r} (known: {', '.join(PRODUCTS)}, all)",
                hint=did_you_mean(closest(word, [*PRODUCTS, "all"])),
            )
    return tuple(p for p in PRODUCTS if p in wanted)


def template_set(game: Game) -> TemplateSet:
    """The template environment for a game: its own templates first, then the shared ones."""
    theme = load_theme(game.templates_dir / "theme.yaml")
    search = [game.templates_dir, templates_dir()]
    assets = [game.root, game.templates_dir, data_root()]
    return TemplateSet(search_paths=search, asset_roots=assets, theme=theme)


def render_set_faces(
    game: Game, component_set: ComponentSet, templates: TemplateSet, bleed_mm: float
) -> list[tuple[int, FaceArt, FaceArt | None]]:
    """(count, front, back) for every component of a set with at least one copy."""
    w, h = component_set.trim.width_mm, component_set.trim.height_mm
    base = set_face_context(game, component_set)
    faces = []
    for component in component_set.components:
        if component.count == 0:
            continue
        context = face_context(game, component_set, component, base)
        sides = [component_set.front, component_set.back]
        front, back = (
            templates.render_face(
                name, context, width_mm=w, height_mm=h, bleed_mm=bleed_mm,
                shape=component_set.shape, label=f"{component.name} ({component.id})",
            ) if name else None
            for name in sides
        )  # fmt: skip
        assert front is not None  # every set has a front template
        faces.append((component.count, front, back))
    return faces


def _pieces(faces: list[tuple[int, FaceArt, FaceArt | None]]) -> list[Piece]:
    return [Piece(front, back) for count, front, back in faces for _ in range(count)]


def _add_sets(
    doc: Document, placed: list[tuple[ComponentSet, list[Piece]]], *, fold: bool = False
) -> None:
    """Lay each set on sheets by its imposition; packed sets share sheets to save paper.

    With `fold`, two-sided tokens print as fold-over strips instead of on duplex back pages.
    """
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
        elif packed and component_set is packed[0][0]:
            doc.add_packed(
                [piece for _, pieces in packed for piece in pieces],
                section=" · ".join(s.name for s, _ in packed),
                fold=fold,
            )


def output_dir(game: Game, options: BuildOptions) -> Path:
    base = options.out_dir if options.out_dir is not None else Path("output")
    return Path(base) / game.id


def plan(game: Game, options: BuildOptions) -> list[tuple[str, list[ComponentSet]]]:
    """(file stem, sets) for every PDF this build writes, in order."""
    chosen = [
        s
        for s in game.sets.values()
        if s.product in options.products and (not options.sets or s.id in options.sets)
    ]
    jobs: list[tuple[str, list[ComponentSet]]] = []
    for product in options.products:
        sets = [s for s in chosen if s.product == product]
        if product == "cards":
            jobs.extend((f"{game.id}-{s.id}", [s]) for s in sets)
        elif sets:
            jobs.append((f"{game.id}-{product}", sets))
    return jobs


def build_game(game: Game, options: BuildOptions, progress: Progress | None = None) -> list[Path]:
    """Write the game's PDFs; returns their paths. Nothing half-written is left on failure."""
    sheet_options = options.sheet_options()  # refuse bad options before touching the disk
    templates = template_set(game)
    out = output_dir(game, options)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"cannot create the output folder: {exc.strerror}", file=out) from None
    written = []
    for stem, sets in plan(game, options):
        path = out / f"{stem}-{options.paper.lower()}.pdf"
        title = f"{game.title} — {', '.join(s.name for s in sets)}"
        doc = Document(sheet_options, title=title, game_title=game.title)
        placed = []
        for component_set in sets:
            faces = render_set_faces(game, component_set, templates, options.bleed_mm)
            placed.append((component_set, _pieces(faces)))
            if progress:
                progress(f"{game.id}/{component_set.id}")
        _add_sets(doc, placed, fold=options.gutterfold)
        write_document(doc, path)
        written.append(path)
    return written


def count_steps(games: list[Game], options: BuildOptions) -> int:
    """How many progress steps a build of these games reports (one per set)."""
    return sum(len(sets) for game in games for _, sets in plan(game, options))


def write_calibration(path: str | Path, opts: SheetOptions | None = None) -> Path:
    """Write the two-page duplex alignment test (see pnp.impose.calibration) to `path`."""
    return write_pages(
        path, calibration_pages(opts or SheetOptions()), title="pnp duplex alignment test"
    )
