"""The first page of a print kit, the builder's page: the guide (pnp.impose.guide), then one
line per sheet: its pages, its sides and the decks or sets on it, so a person can reprint one
sheet or sort the cut pieces without guessing. Lines starting "# " are headings; long lines wrap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.impose.margins import scale_bar_item
from pnp.impose.marks import Line, Mark, Text, shift_mark, text_width_mm
from pnp.impose.paper import Paper
from pnp.impose.sheet import Page
from pnp.impose.words import KitWords, kit_words


@dataclass(frozen=True)
class SheetEntry:
    """One sheet of the kit as the contents lists it."""

    number: int
    pages: tuple[int, ...]  # 1-based page numbers in the PDF, front first (a blank back too)
    what: str
    groups: tuple[str, ...] = ()  # the sets on the sheet, by name
    two_sided: bool = True


def sheet_lines(entries: list[SheetEntry], words: KitWords) -> list[str]:
    """The sheet list: one line per run of alike sheets (plain text, also what tests read)."""
    w = words.say
    lines = [f"# {w('sheets')}"]
    for run in _runs(entries):
        head, tail = run[0], run[-1]
        first, last = head.pages[0], tail.pages[-1 if head.two_sided else 0]
        pages = w("range", a=first, b=last) if first != last else str(first)
        if not head.two_sided and len(run) > 1:
            pages = w("pages_sep").join(str(e.pages[0]) for e in run)
        sides = w("both_sides") if head.two_sided else w("one_side")
        sheets = w("list_sheets", a=head.number, b=tail.number) if len(run) > 1 else (
            w("list_sheet", a=head.number)
        )  # fmt: skip
        noun = w("list_pages" if pages != str(first) else "list_page", pages=pages)
        lines.append(w("sep").join((sheets, noun, sides, head.what)))
    return lines


def _runs(entries: list[SheetEntry]) -> list[list[SheetEntry]]:
    """Entries in runs of alike sheets on consecutive pages: a large deck's 111 full sheets
    are one line ("Sheets 1-111 · pages 2-223 · both sides · Deck (9)"), not 111."""
    runs: list[list[SheetEntry]] = []
    for e in entries:
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and (e.what, e.two_sided) == (last.what, last.two_sided)
            and e.pages[0] == last.pages[-1] + 1
        ):
            runs[-1].append(e)
        else:
            runs.append([e])
    return runs


STEP_MM, SIZE_PT = 4.2, 8.0  # a contents line as it reads best
TIGHT_STEP_MM = 3.2  # closer, to keep a few lines more on one page (6.5 pt type)
_TOP_MM, _BOTTOM_MM = 30.0, 18.0  # the title above, the footer below


def contents_page_count(paper: Paper, lines: list[str], margin_mm: float) -> int:
    """How many pages `lines` take (wrapped): one while they fit at TIGHT_STEP_MM, else as
    many as they fill at STEP_MM (never type too small to read)."""
    lines = wrapped(paper, lines, margin_mm)
    room = paper.portrait().height_mm - _TOP_MM - _BOTTOM_MM
    if len(lines) * TIGHT_STEP_MM <= room:
        return 1
    return -(-len(lines) // int(room // STEP_MM))


def _left(paper: Paper, margin_mm: float) -> tuple[float, float]:
    """(left edge, width) of the text on a portrait page of `paper`."""
    left = max(15.0, margin_mm + 5)
    return left, paper.portrait().width_mm - 2 * left


# a line breaks between words, and inside a run of CJK text after any character but before
# closing punctuation (so 「、」「。」「）」 never start a line)
_CJK = "\u3000-\u9fff\uff00-\uffef"
_UNITS = re.compile(f"[{_CJK}][、。）」』，．：]*|[^{_CJK}]+")


def wrapped(paper: Paper, lines: list[str], margin_mm: float) -> list[str]:
    """`lines` broken between words (or CJK characters) to the page's width at SIZE_PT; a list
    item's ("- ") further lines indented under its text."""
    width = _left(paper, margin_mm)[1]
    out: list[str] = []
    for line in lines:
        indent = "   " if line.startswith("- ") else ""
        current = ""
        for word in line.split(" "):
            for k, unit in enumerate(_UNITS.findall(word) or [word]):
                gap = " " if k == 0 and current else ""
                trial = f"{current}{gap}{unit}"
                if current and text_width_mm(trial, SIZE_PT) > width:
                    out.append(current)
                    current = indent + unit
                else:
                    current = trial
        out.append(current)
    return out


def contents_pages(
    paper: Paper, title: str, lines: list[str], margin_mm: float, words: KitWords | None = None
) -> list[Page]:
    """Portrait pages of text: the title, then `lines` (as many pages as
    contents_page_count says; each labels itself "contents · page i of k"); the first page
    carries the 50 mm scale bar."""
    words = words or kit_words()
    count = contents_page_count(paper, lines, margin_mm)
    paper = paper.portrait()
    lines = wrapped(paper, lines, margin_mm)
    room = paper.height_mm - _TOP_MM - _BOTTOM_MM
    if count == 1:
        step = min(STEP_MM, room / max(1, len(lines)))
        chunks = [lines]
    else:
        step = STEP_MM
        per_page = int(room // STEP_MM)
        chunks = [lines[i : i + per_page] for i in range(0, len(lines), per_page)]
    size = min(SIZE_PT, step * 2.2) if count == 1 else SIZE_PT
    pages = []
    for i, chunk in enumerate(chunks, 1):
        number = words.say("page_of", i=i, n=count) if count > 1 else words.say("page_one")
        page = _page(paper, (title, words), i > 1, chunk, margin_mm, step, size, number)
        pages.append(page)
    left = _left(paper, margin_mm)[0]
    pages[0].marks += [shift_mark(m, left, 14.0) for m in scale_bar_item().marks]
    return pages


MIN_PT = 6.0  # nothing on the page is smaller


def _page(
    paper: Paper, titled: tuple[str, KitWords], continued: bool, lines: list[str],
    margin_mm: float, step: float,
    size: float, number: str,
) -> Page:  # fmt: skip
    W, H = paper.width_mm, paper.height_mm
    left, width = _left(paper, margin_mm)
    title, words = titled
    sep, contents = words.say("sep"), words.say("contents")
    page = Page(paper, "front", "contents", labelled=True, label=f"{title}{sep}{contents}")
    heading = words.say("continued", title=title) if continued else title
    marks: list[Mark] = [Text(left, H - 20, heading, 13, gray=0)]
    marks.append(Line(left, H - 23, W - left, H - 23, "map"))
    for i, line in enumerate(lines):
        head = line.startswith("# ")
        text = line.removeprefix("# ")
        fit = size + 1.0 if head else size
        while fit > MIN_PT and text_width_mm(text, fit) > width:
            fit -= 0.25
        marks.append(Text(left, H - _TOP_MM - i * step, text, fit, gray=0 if head else 0.15))
    marks.append(Text(left, 10, sep.join((title, contents, number)), 6.5))
    page.marks = marks
    return page
