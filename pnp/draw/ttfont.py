"""reportlab's TrueType font, encoding text of characters it has met before in one step.

Drawing a string in an embedded (subset) TrueType font asks the font for the string's bytes in
its subsets: reportlab looks each character up in Python, ~10 µs a string, about a third of
writing a deck's pages. Once a document has given every character of a string a code in the
first subset (after the first few cards, nearly every string), those bytes are one `translate`
over a table of the codes given so far. Characters not met yet, or living in a later subset,
take reportlab's own path, which gives them their codes in the same order as before: the PDF is
the same bytes.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase.ttfonts import TTFont as _ReportlabTTFont

_NBSP = 0xA0  # reportlab draws a no-break space as the space


class TTFont(_ReportlabTTFont):
    """A TrueType font whose `splitString` skips reportlab's per-character loop for text
    whose every character has its code in the first subset already."""

    def splitString(self, text: Any, doc: Any, encoding: str = "utf-8") -> list[tuple[int, bytes]]:
        state = self.state.get(doc)
        if state is not None and type(text) is str and text:
            fast = state.__dict__.get("_pnp_first_subset")
            if fast is None or fast[0] != len(state.assignments):
                fast = state._pnp_first_subset = _first_subset(state.assignments)
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
