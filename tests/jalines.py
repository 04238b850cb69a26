"""Lines of Japanese text as printed, read back from a PDF, and the line-breaking rules they
break: kinsoku (a line starting with a closing bracket, a stop or a small kana, or ending with
an opening bracket), a number parted from its counter, a word or compound split between lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from pdftext import TextPage, text_pages

NO_START = "、。，．）」』】〕〉》・ゃゅょっぁぃぅぇぉャュョッァィゥェォー：；！？"
NO_END = "（「『【〔〈《"
COUNTERS = "枚点人分回個ターン"


@dataclass
class Line:
    """One run of characters on a line, between wide gaps (a column, a table cell)."""

    page: int
    top: float
    x0: float
    size: float
    text: str


def lines_of(path: Path, skip: int = 0) -> list[Line]:
    """Every upright run of text of the PDF (after the first `skip` pages), in reading order;
    its characters as pdfplumber measures them, read with pdfium (tests/pdftext.py: the same
    lines from the Japanese books, in an eighth of the time)."""
    return lines_in(text_pages(path)[skip:], skip)


def lines_in(pages: Sequence[TextPage | pdfplumber.page.Page], skip: int = 0) -> list[Line]:
    """`lines_of` for pages already read (their numbers start after the `skip` before them)."""
    found: list[Line] = []
    for number, page in enumerate(pages, start=skip + 1):
        rows: dict[int, list[dict]] = {}
        for char in page.chars:
            # pictured miniatures (a fanned hand at 1:4) are pictures, not text to read
            if char.get("upright", True) and char["text"].strip() and char["size"] >= 5:
                rows.setdefault(round(char["top"]), []).append(char)
        for top in sorted(rows):
            chars = _unstacked(sorted(rows[top], key=lambda c: c["x0"]))
            found += _runs(number, chars) if chars else []
    return found


def _unstacked(chars: list[dict]) -> list[dict]:
    """The characters not drawn over one another (a pictured pile of cards prints the text of
    the cards under the top one too: it is hidden, not read)."""
    hidden = set()
    for k, (before, char) in enumerate(zip(chars, chars[1:], strict=False)):
        if before["x1"] - char["x0"] > 0.3 * (char["x1"] - char["x0"]):
            hidden |= {k, k + 1}
    return [c for k, c in enumerate(chars) if k not in hidden]


def _runs(page: int, chars: list[dict]) -> list[Line]:
    """The row's characters in runs split at gaps wider than an icon and a space."""
    runs: list[list[dict]] = [[chars[0]]]
    for before, char in zip(chars, chars[1:], strict=False):
        if char["x0"] - before["x1"] < char["size"] * 2.5:
            runs[-1].append(char)
        else:
            runs.append([char])
    return [Line(page, run[0]["top"], run[0]["x0"], run[0]["size"],
                 "".join(c["text"] for c in run)) for run in runs]  # fmt: skip


def _next_line(lines: list[Line], k: int) -> Line | None:
    """The line a paragraph wraps onto from lines[k]: next below, starting at its left."""
    here = lines[k]
    for other in lines[k + 1 : k + 40]:
        if other.page != here.page or other.top > here.top + 2.2 * here.size:
            continue
        if other.top > here.top + 0.5 * here.size and abs(other.x0 - here.x0) < 3 * here.size:
            return other
    return None


def broken_rules(lines: list[Line], words: list[str]) -> list[str]:
    """Each place a line breaks a rule, said with its page and text."""
    bad = []
    for k, line in enumerate(lines):
        if not any(ord(c) > 0x3000 for c in line.text):
            continue
        if line.text[0] in NO_START:
            bad.append(f"p{line.page} starts with {line.text[0]}: {line.text}")
        if line.text[-1] in NO_END:
            bad.append(f"p{line.page} ends with {line.text[-1]}: {line.text}")
        after = _next_line(lines, k)
        if after is None or "...." in line.text:  # a contents line: its page number ends it
            continue
        if line.text[-1].isdigit() and after.text.startswith(tuple(COUNTERS)):
            bad.append(f"p{line.page} parts a number from its counter: {line.text}|{after.text}")
        for word in words:
            for cut in range(1, len(word)):
                if line.text.endswith(word[:cut]) and after.text.startswith(word[cut:]):
                    bad.append(f"p{line.page} splits {word}: {line.text}|{after.text}")
    return bad
