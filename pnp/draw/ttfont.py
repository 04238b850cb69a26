"""reportlab's TrueType font: each file parsed once; text of known characters encoded at once.

A font file is read and parsed (~7 ms for Roboto) once per process: a second font made from
the same file (the sheet labels' "PnpLabel" is the cards' Roboto) shares the parsed file and
keeps its own name and subsets.

Drawing a string in an embedded (subset) TrueType font asks the font for the string's bytes in
its subsets: reportlab looks each character up in Python (~7 µs for 60 characters), for every
line of every card. Once a document has given every character of a string a code in the first
subset (after the first few cards, nearly every string), those bytes are one `translate` over
a table of the codes given so far (~2 µs). Characters not met yet, or living in a later subset,
take reportlab's own path, which gives them their codes in the same order as before: the PDF is
the same bytes.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTFont as _ReportlabTTFont
from reportlab.pdfbase.ttfonts import TTFontFace

from pnp.draw.rl_private import first_subset_memo, keep_first_subset_memo
from pnp.memo import Memo

_NBSP = 0xA0  # reportlab draws a no-break space as the space


class TTFont(_ReportlabTTFont):
    """A TrueType font whose `splitString` skips reportlab's per-character loop for text
    whose every character has its code in the first subset already, and which shares the
    parsed file with any other font made from it."""

    def __init__(
        self,
        name: str,
        filename: str,
        validate: int = 0,
        subfontIndex: int = 0,  # noqa: N803 - reportlab's name
        asciiReadable: bool | None = None,  # noqa: N803
        shapable: bool = True,
    ) -> None:
        key = (os.path.realpath(filename), subfontIndex, bool(validate))
        with _lock, _parsed_once(key):
            super().__init__(name, filename, validate, subfontIndex, asciiReadable, shapable)

    def splitString(self, text: Any, doc: Any, encoding: str = "utf-8") -> list[tuple[int, bytes]]:
        state = self.state.get(doc)
        if state is not None and type(text) is str and text:
            fast = first_subset_memo(state)
            if fast is None or fast[0] != len(state.assignments):
                fast = _first_subset(state.assignments)
                keep_first_subset_memo(state, fast)
            _, table, known = fast
            if known.issuperset(text):
                return [(0, text.translate(table).encode("latin-1"))]
        result: list[tuple[int, bytes]] = super().splitString(text, doc, encoding)
        return result


def _first_subset(assignments: dict[int, int]) -> tuple[int, dict[int, int], frozenset[str]]:
    """(how many codes there were, code of each character in subset 0, those characters)."""
    table = {char: code for char, code in assignments.items() if code < 256}
    if 32 in table:
        table[_NBSP] = table[32]
    return len(assignments), table, frozenset(map(chr, table))


_lock = threading.Lock()
_faces: Memo[tuple[str, int, bool], TTFontFace] = Memo(64)  # parsed by (real path, index, checked)


@contextmanager
def _parsed_once(key: tuple[str, int, bool]) -> Iterator[None]:
    """While reportlab makes a font: its file parsed as before, or the parse kept for `key`."""
    known = _faces.get(key)
    made = ttfonts.TTFontFace

    def face(*args: Any, **kwargs: Any) -> TTFontFace:
        if known is not None:
            return known
        return _faces.put(key, made(*args, **kwargs))

    ttfonts.TTFontFace = face
    try:
        yield
    finally:
        ttfonts.TTFontFace = made
