"""Build games: draw every face once, impose each product, write its PDFs and rulebooks.

A build is whole or absent: every file goes to a staging folder (pnp.io.staging) and is
moved into place only when every game's every file is written.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

from pnp.catalog.languages import kit_language, localized, main_language
from pnp.catalog.model import ComponentSet, Game
from pnp.draw.backs import DeckBacks, check_backs
from pnp.errors import InputError
from pnp.export.pdf import PdfInfo, write_document
from pnp.impose.document import Document
from pnp.impose.kit import KitGroup, area_lower_bound
from pnp.impose.sheet import Piece
from pnp.impose.tight import tight_gutters
from pnp.io.inputs import newest_input
from pnp.io.staging import Staging
from pnp.layout.templates import TemplateSet
from pnp.pipeline.buildstore import BuildStore, before_workers
from pnp.pipeline.faces import render_set_faces, template_set
from pnp.pipeline.facestore import FaceStore
from pnp.pipeline.options import PRODUCTS, RULEBOOK, BuildOptions, output_base, output_dir
from pnp.pipeline.parallel import build_parallel, workers_for
from pnp.pipeline.plan import Faces, add_sets, copies_of, plan
from pnp.pipeline.rulebooks import editions, print_plan, rulebook_path, write_rulebooks
from pnp.pipeline.split import sets_in_two
from pnp.pipeline.workers import Later, in_background, may_fork

Progress = Callable[[str], None]


def build_games(
    games: list[Game],
    options: BuildOptions,
    progress: Progress | None = None,
    report: Progress | None = None,
) -> list[Path]:
    """Write every game's PDFs; returns their paths. They are moved into place together once
    all are written: after a failure (or Ctrl-C) the output folder is as it was. `report` hears
    one line per print kit: its pages against the area lower bound."""
    options.sheet_options()  # refuse bad options before touching the disk
    _check_distinct(games)
    for game in games:
        _check_something_to_print(game)
    with Staging(output_base(options), games=[g.root for g in games]) as stage:
        for game in games:  # a link or a file in the way is refused before anything is drawn
            stage.check(output_dir(game.id, options))
        if workers_for(games):  # two or more games on two or more cores: side by side
            before_workers()
            build_parallel(build_game, games, options, stage, progress, report)
        else:
            for game in games:
                build_game(game, options, progress, stage, report)
        return stage.commit()


def build_game(
    game: Game,
    options: BuildOptions,
    progress: Progress | None = None,
    stage: Staging | None = None,
    report: Progress | None = None,
) -> list[Path]:
    """Write the game's PDFs into `stage` (whose owner commits them); without one, the game is
    a whole build of its own. Returns the paths the files have (or will have) in place."""
    if stage is None:
        return build_games([game], options, progress, report)
    out = output_dir(game.id, options)
    folder = stage.folder(out)
    store = BuildStore(game, options, source_date(game, options))
    names = [f"{stem}-{options.paper_name}.pdf" for stem, _ in plan(game, options)]
    if RULEBOOK in options.products:
        names += [rulebook_path(out, game, lang, options).name for lang in editions(game)]
    kept = store.kept(names)
    if kept is not None:  # built before from the same inputs: the same files, the same words
        return [stage.adopt(p) for p in store.write_kept(folder, names, kept, progress, report)]
    build = partial(_build_game, game, options, stage=stage)
    return store.keeping(folder, build, progress, report)


def _build_game(
    game: Game, options: BuildOptions, progress: Progress, report: Progress, *, stage: Staging
) -> list[Path]:
    """Draw, impose and write the game's files into `stage`; their paths in place."""
    templates = template_set(game, ink_saver=options.ink_saver)
    out = output_dir(game.id, options)
    imposer = _Imposer(game, templates, options)
    kit = not options.split
    docs = [(out / f"{stem}-{options.paper_name}.pdf", sets, imposer.impose(sets, kit=kit))
            for stem, sets in plan(game, options)]  # fmt: skip
    book_job, books = None, None
    if RULEBOOK in options.products and editions(game):
        book_job = partial(_write_books, game, imposer, docs, options, stage.folder(out))
        if may_fork(nested=False):  # the books set on the other core while this one writes
            books = Later(book_job, fork=True)
    try:
        written = _write_products(game, imposer, docs, options, stage, progress, report)
    except BaseException:
        if books is not None:
            books.cancel()
        raise
    if book_job is not None:  # claimed and reported after the sheets, as they were written
        for staged in books.result() if books is not None else book_job():
            written.append(stage.adopt(staged))
            progress(f"{game.id}/{staged.stem}")
    return written


def _write_products(
    game: Game,
    imposer: _Imposer,
    docs: list[tuple[Path, list[ComponentSet], Document]],
    options: BuildOptions,
    stage: Staging,
    progress: Progress | None,
    report: Progress | None,
) -> list[Path]:
    """Write the imposed documents, each a PDF, with their decks' backs checked on the other
    core meanwhile; returns their paths in place."""
    written = []
    info = pdf_info(game, options)
    for path, sets, doc in docs:
        backs = imposer.deck_backs(sets)  # checked on the other core while the PDF is written
        check = in_background(partial(check_backs, backs, shared=not options.split))
        try:
            write_document(doc, stage.claim(path), info)
        except BaseException:
            check.cancel()
            raise
        written.append(path)
        if progress:
            progress(
                f"{game.id}/{', '.join(s.id for s in sets)}" if options.split else game.file_stem
            )
        if report and not options.split:
            report(economy(game, path, doc, imposer.groups(sets)))
        check.result()
    return written


def _write_books(
    game: Game,
    imposer: _Imposer,
    docs: list[tuple[Path, list[ComponentSet], Document]],
    options: BuildOptions,
    folder: Path,
) -> list[Path]:
    """Write the game's rulebooks into the staging `folder`; returns their staged paths."""
    # a rulebook describes every product, so it imposes those not built too
    every = plan(game, _every_product(options))
    if [s for _, s in every] != [sets for _, sets, _ in docs]:
        kit = not options.split
        out = output_dir(game.id, options)
        docs = [
            (out / f"{stem}-{options.paper_name}.pdf", sets, imposer.impose(sets, kit=kit))
            for stem, sets in every
        ]
    plan_ = print_plan(docs, options)
    return write_rulebooks(game, imposer.templates, imposer.faces, plan_, options, folder)


class _Imposer:
    """Draws each set's faces once and imposes documents of sets."""

    def __init__(self, game: Game, templates: TemplateSet, options: BuildOptions) -> None:
        self.game, self.templates, self.options = game, templates, options
        self.faces: dict[str, Faces] = {}
        self.store = FaceStore(game, templates, options.bleed_mm, options.ink_saver)

    def placed(self, sets: list[ComponentSet]) -> list[tuple[ComponentSet, list[Piece]]]:
        missing = list({s.id: s for s in sets if s.id not in self.faces}.values())
        drawn = sets_in_two(self._draw, missing, [len(s.components) for s in missing])
        self.faces.update(zip((s.id for s in missing), drawn, strict=True))
        return [(s, copies_of(self.faces[s.id], s)) for s in sets]

    def _draw(self, component_set: ComponentSet) -> Faces:
        return render_set_faces(self.game, component_set, self.templates, self.options.bleed_mm,
                                keeper=self.store.laid_out)  # fmt: skip

    def deck_backs(self, sets: list[ComponentSet]) -> list[DeckBacks]:
        """The decks among `sets` that have backs, with their distinct back faces."""
        out = []
        for s in sets:
            if s.id in self.game.decks and s.back:
                backs = {b.key: b for _, _, b in self.faces[s.id] if b is not None}
                size = (round(s.trim.width_mm, 3), round(s.trim.height_mm, 3))
                out.append(DeckBacks(s.name, s.back, size, tuple(backs.values())))
        return out

    def groups(self, sets: list[ComponentSet]) -> list[KitGroup]:
        return [KitGroup(s.name, s.imposition, tuple(p), s.is_deck) for s, p in self.placed(sets)]

    def impose(self, sets: list[ComponentSet], *, kit: bool) -> Document:
        lang = kit_language(self.game)
        meta = localized({"title": self.game.title, **self.game.meta}, self.game.lang,
                         main_language(self.game))  # fmt: skip
        what = "print kit" if kit else ", ".join(s.name for s in sets)
        title = f"{meta['title']} — {what}"
        supplies = [str(s) for s in meta.get("supplies") or []]
        options = replace(self.options.sheet_options(), lang=lang)
        doc = Document(options, title=title, game_title=meta["title"], supplies=supplies)
        # the sets as the kit's language names them (a set's `name_ja` in a Japanese kit)
        shown = [(replace(s, name=s.names.get(lang, s.name)), p) for s, p in self.placed(sets)]
        add_sets(doc, shown, fold=self.options.gutterfold, kit=kit)
        return doc


def economy(game: Game, path: Path, doc: Document, groups: list[KitGroup]) -> str:
    """e.g. "my-game-a4.pdf: 27 pages (contents + 26), area lower bound 24 (1.08x)"; a
    contents of several pages says how many ("contents 2 + 230"), a blank back of the contents
    that it has one ("contents + blank + 26"); then the sizes whose neighbours sit closer
    than two bleeds (pnp.impose.tight), so the designer knows which edges must match."""
    pages, contents, blanks = len(doc.pages), doc.contents_count, doc.blank_backs
    bound = area_lower_bound(groups, doc.options)
    sheets = pages - doc.lead_count - blanks
    ratio = f" ({sheets / bound:.2f}x)" if bound else ""
    head = "contents" if contents == 1 else f"contents {contents}"
    head += " + blank" if doc.lead_count > contents else ""
    tail = f" + {blanks} blank back{'s' if blanks > 1 else ''}" if blanks else ""
    tight = [
        f"; {axis} of {w:g} x {h:g} mm pieces "
        + (f"{gap:g} mm apart ({gap / 2:g} mm of bleed each)" if gap else "share their cuts")
        + ": neighbours should share an edge colour"
        for w, h, axis, gap in tight_gutters(doc.pages, doc.options.bleed_mm)
    ]
    return (f"{path.name}: {pages} pages ({head} + {sheets}{tail}), "
            f"area lower bound {bound}{ratio}" + "".join(tight))  # fmt: skip


def pdf_info(game: Game, options: BuildOptions) -> PdfInfo:
    """Author (the designer), subject and creation date, from the catalog and its files."""
    # PDF readers show "anonymous" for an empty author: name who made it, or say it is unknown
    designer = str(game.meta.get("designer") or game.meta.get("publisher") or "unknown")
    subject = f"Print-and-play sheets for {game.title} on {options.sheet_options().paper.name}"
    return PdfInfo(author=designer, subject=subject, created=source_date(game, options))


def source_date(game: Game, options: BuildOptions) -> int:
    """SOURCE_DATE_EPOCH when set, else when the game's newest input file last changed, so a
    rebuild of the same inputs gives the same bytes (what the build writes is no input, even
    when it writes into the game's folder)."""
    env = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if env.isdigit():
        return int(env)
    roots = [r for r in (game.root, game.templates_dir) if r.is_dir()]
    return newest_input(roots, ignore=[output_base(options)])


def _check_distinct(games: list[Game]) -> None:
    """Two games of one build may not share an id: their files would share a folder."""
    seen: dict[str, Game] = {}
    for game in games:
        if game.file_stem in seen:
            raise InputError(
                f"two games of this build have the id {game.id!r} (the other is in "
                f"{seen[game.file_stem].root}); build them one at a time",
                file=game.origin.file,
            )
        seen[game.file_stem] = game


def _check_something_to_print(game: Game) -> None:
    """A game whose every count is 0 would build a contents page and nothing else."""
    sets = list(game.sets.values())
    if any(c.count > 0 for s in sets for c in s.components):
        return
    first = sets[0].origin if sets else game.origin
    raise InputError(
        f"nothing to print: every component of {game.id!r} has a count of 0",
        file=first.file,
        line=first.line,
        hint="give the components you want printed a count (count: 1 or more)",
    )


def _every_product(options: BuildOptions) -> BuildOptions:
    return replace(options, products=PRODUCTS)


def count_steps(games: list[Game], options: BuildOptions) -> int:
    """How many progress steps a build of these games reports (one per file)."""
    steps = 0
    for game in games:
        steps += sum(1 for _, sets in plan(game, options))
        if RULEBOOK in options.products:
            steps += len(editions(game))
    return steps
