"""The first page of a print kit: how to print it, and what is on every sheet.

It lists the page ranges to print double-sided (and on which edge to flip) and single-sided,
then one line per sheet: its pages, its sides and the decks or sets on it, so a person can
reprint one sheet or sort the cut pieces without guessing.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.impose.marks import Line, Mark, Text, text_width_mm
from pnp.impose.paper import Paper
from pnp.impose.sheet import Page

FLIP = {"long": "flip on the long edge", "short": "flip on the short edge"}


@dataclass(frozen=True)
class SheetEntry:
    """One sheet of the kit as the contents lists it."""

    number: int
    pages: tuple[int, ...]  # 1-based page numbers in the PDF, front first
    what: str
    groups: tuple[str, ...] = ()  # the sets on the sheet, by name


PRINTER_NOTES = (
    "pnp calibrate: a test sheet that measures how far your printer shifts the backs.",
    "pnp build GAME --back-offset X,Y: moves the backs by that reading, onto their fronts.",
)
INK_NOTE = "pnp build GAME --ink-saver: light backs and backgrounds, far less ink, same cards."


def contents_lines(
    entries: list[SheetEntry], duplex: str, paper: str, *, blank: bool = False
) -> list[str]:
    """The instructions and one line per sheet (plain text, also what tests read). `blank`:
    the contents' back is a blank page, so the whole file prints double-sided."""
    two = [e for e in entries if len(e.pages) > 1]
    one = [e for e in entries if len(e.pages) == 1]
    lines = [f"Print at actual size (100 %, no 'fit to page') on {paper}; check the 50 mm bar."]
    if two:
        first, last = min(min(e.pages) for e in two), max(max(e.pages) for e in two)
        if duplex == "none":
            lines.append(
                f"Pages {first}-{last} (sheets {two[0].number}-{two[-1].number}): print the fronts "
                "first, put the stack back in the tray, then print the backs."
            )
        else:
            whole = f" (page {first - 1} is blank: the whole file prints so)" if blank else ""
            lines.append(
                f"Pages {first}-{last} (sheets {two[0].number}-{two[-1].number}): "
                f"print double-sided, {FLIP[duplex]}{whole}."
            )
    if one:
        first, last = one[0].pages[0], one[-1].pages[0]
        span = f"Page {first}" if first == last else f"Pages {first}-{last}"
        numbers = f"sheet {one[0].number}" if first == last else (
            f"sheets {one[0].number}-{one[-1].number}"
        )  # fmt: skip
        lines.append(f"{span} ({numbers}): print single-sided.")
    lines += [*(PRINTER_NOTES if two else ()), INK_NOTE, ""]
    for run in _runs(entries):
        head, tail = run[0], run[-1]
        pages = f"{head.pages[0]}-{tail.pages[-1]}" if head.pages[0] != tail.pages[-1] else (
            str(head.pages[0])
        )  # fmt: skip
        sides = "both sides" if len(head.pages) > 1 else "one side"
        sheets = f"Sheets {head.number}-{tail.number}" if len(run) > 1 else (
            f"Sheet {head.number}"
        )  # fmt: skip
        noun = "pages" if "-" in pages else "page"
        lines.append(f"{sheets} · {noun} {pages} · {sides} · {head.what}")
    return lines


def _runs(entries: list[SheetEntry]) -> list[list[SheetEntry]]:
    """Entries in runs of alike sheets on consecutive pages: a large deck's 111 full sheets
    are one line ("Sheets 1-111 · pages 2-223 · both sides · Deck ×9"), not 111."""
    runs: list[list[SheetEntry]] = []
    for e in entries:
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and (e.what, len(e.pages)) == (last.what, len(last.pages))
            and e.pages[0] == last.pages[-1] + 1
        ):
            runs[-1].append(e)
        else:
            runs.append([e])
    return runs


STEP_MM, SIZE_PT = 4.2, 8.0  # a contents line as it reads best
TIGHT_STEP_MM = 3.2  # closer, to keep a few lines more on one page (6.5 pt type)
_TOP_MM, _BOTTOM_MM = 30.0, 18.0  # the title above, the footer below


def contents_page_count(paper: Paper, lines: int) -> int:
    """How many pages `lines` take: one while they fit at TIGHT_STEP_MM, else as many as
    they fill at STEP_MM (never type too small to read)."""
    room = paper.portrait().height_mm - _TOP_MM - _BOTTOM_MM
    if lines * TIGHT_STEP_MM <= room:
        return 1
    return -(-lines // int(room // STEP_MM))


def contents_pages(paper: Paper, title: str, lines: list[str], margin_mm: float) -> list[Page]:
    """Portrait pages of text: the title, then `lines` (as many pages as
    contents_page_count says; each labels itself "contents · page i of k")."""
    paper = paper.portrait()
    count = contents_page_count(paper, len(lines))
    room = paper.height_mm - _TOP_MM - _BOTTOM_MM
    if count == 1:
        step = min(STEP_MM, room / max(1, len(lines)))
        chunks = [lines]
    else:
        step = STEP_MM
        per_page = int(room // STEP_MM)
        chunks = [lines[i : i + per_page] for i in range(0, len(lines), per_page)]
    size = min(SIZE_PT, step * 2.2) if count == 1 else SIZE_PT
    return [
        _page(
            paper,
            title,
            i > 1,
            chunk,
            margin_mm,
            step,
            size,
            f"page {i} of {count}" if count > 1 else "page 1",
        )
        for i, chunk in enumerate(chunks, 1)
    ]


def _page(
    paper: Paper, title: str, continued: bool, lines: list[str], margin_mm: float, step: float,
    size: float, number: str,
) -> Page:  # fmt: skip
    W, H = paper.width_mm, paper.height_mm
    left = max(15.0, margin_mm + 5)
    page = Page(paper, "front", "contents", labelled=True, label=f"{title} · contents")
    heading = f"{title} (continued)" if continued else title
    marks: list[Mark] = [Text(left, H - 20, heading, 13, gray=0)]
    marks.append(Line(left, H - 23, W - left, H - 23, "map"))
    width = W - 2 * left
    for i, line in enumerate(lines):
        fit = size
        while fit > 3.5 and text_width_mm(line, fit) > width:
            fit -= 0.25
        marks.append(Text(left, H - _TOP_MM - i * step, line, fit, gray=0))
    marks.append(Text(left, 10, f"{title} · contents · {number}", 6.5))
    page.marks = marks
    return page
