"""Imposition: placing faces on printable sheets. The public entry point for every sheet product.

    opts = SheetOptions(paper="a4", bleed_mm=3, duplex="long")
    doc = Document(opts, title="My Game — Action cards", game_title="My Game")
    doc.add_grid(pieces, section="Action cards")     # cards: grid, crop marks, duplex backs
    doc.add_packed(pieces, section="Chips")          # tokens of mixed sizes and shapes
    doc.add_tiled(board, section="Board")            # a board larger than a sheet
    doc.add_standees(pawns, section="Pawns")         # fold-over standing figures
    doc.pages                                        # in print order, blank backs added

or, for a whole game's print kit on the fewest sheets (see pnp.impose.kit):

    doc.add_kit([KitGroup("Action cards", "grid", pieces), ...])
    doc.pages                                        # contents, duplex sheets, one-sided sheets

`pnp.export.pdf.write_document` writes the pages to a file.

Every sheet carries the game, section and sheet number, and a 50 mm scale check, in the margin.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pnp.impose.contents import SheetEntry, contents_page_count, contents_pages, sheet_lines
from pnp.impose.geometry import Rect, bounding_box
from pnp.impose.grid import grid_sheets
from pnp.impose.guide import KitGuide, Printing, guide_lines
from pnp.impose.kit import KitGroup, kit_sheets
from pnp.impose.margins import label_item, place_in_margins, scale_bar_item
from pnp.impose.marks import LABEL_MIN_PT, LABEL_PT, mark_bbox
from pnp.impose.options import SheetOptions
from pnp.impose.packing import packed_sheets
from pnp.impose.sheet import Page, Piece
from pnp.impose.standee import standee_sheets
from pnp.impose.tiling import tiled_sheets
from pnp.impose.words import KitWords, kit_words


class Document:
    """The sheets of one printed file, built section by section, pages in print order."""

    def __init__(
        self, options: SheetOptions | None = None, *, title: str, game_title: str = "",
        supplies: Sequence[str] = (),
    ) -> None:  # fmt: skip
        self.options = options or SheetOptions()
        self.title = title
        self.game_title = game_title
        self.supplies = tuple(supplies)  # what the game needs beyond the kit, for page 1
        self.words = kit_words(self.options.lang)
        self._sheets: list[list[Page]] = []
        self._kit = False
        self._guide = KitGuide()
        self._groups: list[tuple[str, ...]] = []  # a kit's group names on each sheet

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

    def add_kit(self, groups: Sequence[KitGroup], limit: int | None = None) -> None:
        """Every group on the fewest sheets, numbered through the kit, after a contents page.
        Raises KitTooLong (naming the group) when the kit would pass `limit` pages."""
        sheets = kit_sheets(groups, self.options, self.game_title, limit)
        sheets_of = Counter(names[0] for _, names, _ in sheets if len(names) == 1)
        tiled = frozenset(g.name for g in groups if g.imposition == "tiled"
                          and sheets_of[g.name] > len(g.pieces))  # fmt: skip
        self._guide = KitGuide.of(
            groups, self.supplies, square=self.options.square_tokens, tiled=tiled
        )
        for number, (section, names, pages) in enumerate(sheets, 1):
            for page in pages:
                page.sheet, page.sheets = number, len(sheets)
                if not page.labelled:  # board tiles keep their set's name and their own label
                    page.section = section
                    label_page(page, self.game_title, self.options.margin_mm, self.words)
            self._sheets.append(pages)
            self._groups.append(names)
        self._kit = True

    @property
    def is_kit(self) -> bool:
        return self._kit

    @property
    def pages(self) -> list[Page]:
        """The pages in print order (blank backs added where duplex needs them); a kit starts
        with its contents pages and ends with its one-sided sheets."""
        margin = self.options.margin_mm
        if not self._kit:
            return _print_order(self._sheets, self.options.duplex, margin, self.words)
        lines = self._contents_lines(self.entries())
        title = self.words.say("kit_title", game=self.game_title or self.title)
        first = contents_pages(self.options.paper, title, lines, margin, self.words)
        if self.lead_count > len(first):
            blank = self.words.say("blank_contents")
            first.append(_blank_page(first[-1], blank, margin))
        order = _kit_order(self._sheets, self.options.duplex, margin, self._whole, self.words)
        return [*first, *order]

    @property
    def contents_count(self) -> int:
        """How many pages a kit's contents take (0 for a document that is not a kit): their
        lines do not depend on where the sheets' pages start."""
        if not self._kit:
            return 0
        lines = self._contents_lines(self._entries(first_page=2))
        return contents_page_count(self.options.paper, lines, self.options.margin_mm)

    @property
    def _whole(self) -> bool:
        """Whether the whole kit prints double-sided: some sheet has a back and the printer
        turns the paper itself. Then the contents (if odd) and every one-sided sheet get a
        blank back, so page 2k+1 is always a front and page 2k+2 its back."""
        return self.options.duplex != "none" and any(len(p) > 1 for p in self._sheets)

    @property
    def lead_count(self) -> int:
        """The pages before a kit's first sheet: its contents, and a blank page after an odd
        count of them when the whole file prints double-sided."""
        count = self.contents_count
        return count + 1 if self._kit and self._whole and count % 2 else count

    @property
    def blank_backs(self) -> int:
        """How many one-sided sheets of a kit have a blank back page (when it prints whole)."""
        return sum(1 for p in self._sheets if len(p) == 1) if self._kit and self._whole else 0

    def entries(self) -> list[SheetEntry]:
        """What a kit's contents list: each sheet's number, pages (after every contents
        page, and the blank back of the contents if there is one) and contents."""
        return self._entries(first_page=self.lead_count + 1)

    def _contents_lines(self, entries: list[SheetEntry]) -> list[str]:
        """The builder's page: the guide, then the sheet list."""
        two = [p for e in entries if e.two_sided for p in e.pages]
        printing = Printing(
            self.options.paper.name,
            self.options.duplex,
            (min(two), max(two)) if two else None,
            tuple(e.pages[0] for e in entries if not e.two_sided),
            self._whole,
        )
        return [*guide_lines(self._guide, printing, self.words), *sheet_lines(entries, self.words)]

    def _entries(self, first_page: int) -> list[SheetEntry]:
        order = _kit_order(self._sheets, self.options.duplex, 0.0, self._whole, self.words)
        numbers: dict[int, list[int]] = {}
        for i, page in enumerate(order, first_page):
            numbers.setdefault(page.sheet, []).append(i)
        return [
            SheetEntry(
                n, tuple(sorted(numbers.get(n, []))), pages[0].section, names, len(pages) > 1
            )  # fmt: skip
            for n, (pages, names) in enumerate(zip(self._sheets, self._groups, strict=True), 1)
        ]

    def _add(self, sheets: list[list[Page]]) -> None:
        for number, pages in enumerate(sheets, 1):
            for page in pages:
                page.sheet, page.sheets = number, len(sheets)
                if not page.labelled:
                    label_page(page, self.game_title, self.options.margin_mm, self.words)
        self._sheets += sheets


def sheet_label(
    game: str, page: Page, words: KitWords | None = None, *, pieces: bool = True
) -> str:
    """e.g. "My Game · Action cards · sheet 2 of 7 · front", in the kit's `words` (without
    what the sheet holds unless `pieces`)."""
    w = (words or kit_words()).say
    side = w(f"side_{page.side}") if page.side else ""
    sheet = w("sheet_of", sheet=page.sheet, sheets=page.sheets)
    parts = [game, page.section if pieces else "", sheet, side]
    return w("sep").join(p for p in parts if p)


def label_page(page: Page, game: str, margin: float = 3.0, words: KitWords | None = None) -> None:
    """Put the sheet label (and on fronts the 50 mm scale bar) in free margin space, `margin`
    mm or more from the paper's edge where there is room."""
    page.label = sheet_label(game, page, words)
    W, H = page.paper.width_mm, page.paper.height_mm
    regions = page.content or [Rect(W / 2, H / 2, 0, 0)]
    content = bounding_box(regions)
    taken = [mark_bbox(m) for m in page.marks] + page.content
    # where the margin is short the label says less rather than printing smaller (V1): it leaves
    # out the pieces (page 1 lists every sheet's), then the game; 6 pt only if nothing else fits
    short = sheet_label("", page, words, pieces=False)
    texts = [page.label, sheet_label(game, page, words, pieces=False), short]
    items = [[label_item(text, LABEL_PT) for text in texts] + [label_item(short, LABEL_MIN_PT)]]
    if page.side != "back":
        items.append([scale_bar_item(), scale_bar_item(stacked=True)])
    page.marks += place_in_margins(W, H, content, taken, items, printable=margin)


def _print_order(
    sheets: list[list[Page]], duplex: str, margin: float, words: KitWords
) -> list[Page]:
    """Fronts with their backs; in a duplex document every sheet gets a back, blank if need be."""
    needs_backs = any(len(pages) > 1 for pages in sheets)
    fronts, backs = [], []
    for pages in sheets:
        fronts.append(pages[0])
        if len(pages) > 1:
            backs.append(pages[1])
        elif needs_backs:
            backs.append(_blank_back(pages[0], margin, words))
    if not needs_backs:
        return fronts
    if duplex == "none":
        return fronts + backs
    return [p for pair in zip(fronts, backs, strict=True) for p in pair]


def _kit_order(
    sheets: list[list[Page]], duplex: str, margin: float, whole: bool, words: KitWords
) -> list[Page]:
    """Two-sided sheets front then back (or all fronts, then all backs), then one-sided ones,
    each with a blank back when the `whole` file prints double-sided."""
    two = [pages for pages in sheets if len(pages) > 1]
    one = [pages[0] for pages in sheets if len(pages) == 1]
    if duplex == "none":
        return [p[0] for p in two] + [p[1] for p in two] + one
    if whole:
        one = [page for front in one for page in (front, _blank_back(front, margin, words))]
    return [page for pages in two for page in pages] + one


def _blank_back(front: Page, margin: float, words: KitWords) -> Page:
    label = words.say("blank_back", sheet=front.sheet, sheets=front.sheets)
    return _blank_page(front, label, margin)


def _blank_page(front: Page, label: str, margin: float) -> Page:
    """The back of `front`, with nothing on it but `label`."""
    page = Page(front.paper, "back", front.section, sheet=front.sheet, sheets=front.sheets)
    page.label = label
    W, H = page.paper.width_mm, page.paper.height_mm
    items = [[label_item(page.label)]]
    page.marks = place_in_margins(W, H, Rect(W / 2, H / 2, 0, 0), [], items, printable=margin)
    page.labelled = True
    return page
