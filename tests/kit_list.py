"""A print kit's sheet list as its builder's page prints it (pypdfium2): each sheet's number,
its pages and how many pieces of each set it holds ("Sheet 9 · pages 19-20 · both sides ·
Crisis cards: Russia (3), International Incident cards (6)"). Page 1 lists every sheet's
pieces; a sheet's own label may say less where its margin is short."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium

LINE = re.compile(
    r"Sheets? (\d+)(?:-(\d+))? · pages? ([\d, -]+) · (both sides|one side) · (.+?)"
    r"(?= Sheets? \d+(?:-\d+)? · pages? |$)"
)
ITEM = re.compile(r"(.+?) \((\d+)\)(?:, |$)")


@dataclass(frozen=True)
class ListedSheet:
    number: int
    pages: tuple[int, ...]  # 1-based page numbers: front (and back) of this sheet
    pieces: dict[str, int]  # what the list says on the sheet (see pieces_of) -> count


def pieces_of(text: str) -> dict[str, int]:
    """{name: count} from a list such as "Crisis cards: China (6), Germany (3)" (the parts
    after a shared kind by their own names, as the list says them)."""
    return {name: int(n) for name, n in ITEM.findall(text)}


def sheet_list(path: Path) -> list[ListedSheet]:
    """Every sheet of the kit at `path` as page 1 (and any contents page after it) lists it,
    an entry wrapped over two lines read as one."""
    document = pdfium.PdfDocument(path)
    texts = [document[i].get_textpage().get_text_range() for i in range(min(3, len(document)))]
    document.close()
    title = texts[0].splitlines()[0].strip()  # the kit's title, also its pages' footer
    sheets = []
    for text in texts:
        flat = " ".join(text.split())
        flat = flat.split(f" {title} · ")[0]  # the footer: "<title> · contents · page 1"
        for m in LINE.finditer(flat):
            first, last = int(m.group(1)), int(m.group(2) or m.group(1))
            pages = _pages(m.group(3))
            per = len(pages) // (last - first + 1)
            for k, number in enumerate(range(first, last + 1)):
                span = pages[k * per : (k + 1) * per]
                sheets.append(ListedSheet(number, tuple(span), pieces_of(m.group(5))))
    return sheets


def _pages(text: str) -> list[int]:
    """ "3-14" or "17, 19, 21" as the page numbers they say."""
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.strip().partition("-")
        out += range(int(a), int(b or a) + 1)
    return out
