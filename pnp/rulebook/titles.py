"""A title broken by phrase, as a designer sets a cover: never between "Salt &" and "Pepper",
nor after a little word ("for", "of the") or inside a parenthesis, and the lines balanced
rather than the first filled to the edge."""

from __future__ import annotations

import itertools
import re

from reportlab.pdfbase.pdfmetrics import stringWidth

# words that lean on the next word: a line never ends in one
LEANING = {"a", "an", "the", "of", "for", "to", "in", "on", "at", "by", "with", "from", "and",
           "or", "&", "de", "du", "des", "la", "le", "les", "der", "die", "das", "von"}  # fmt: skip
JOINING = {"&", "and", "+", "vs", "vs."}  # and on the word before: "Salt & Pepper" is one name
_CJK = re.compile(r"[\u3000-\u9fff\uf900-\uffef]")
MOST_LINES = 4  # past this many phrases a title is set as the paragraph breaks it


def phrases(title: str) -> list[str]:
    """The title's unbreakable runs of words."""
    units: list[str] = []
    glue = False  # the previous word leans on this one
    depth = 0  # inside a parenthesis
    for word in title.split():
        if units and (glue or depth > 0 or word.casefold() in JOINING):
            units[-1] += " " + word
        else:
            units.append(word)
        depth += word.count("(") - word.count(")")
        glue = word.casefold() in LEANING
    return units


def title_lines(title: str, font: str, size: float, width: float) -> list[str]:
    """The title's lines: the fewest that hold its phrases within `width`, the longest line
    as short as can be. A title in CJK script, or one whose phrases will not fit, is one
    line, for the paragraph to break."""
    units = phrases(title)
    if _CJK.search(title) or len(units) > 12:
        return [title]
    measure = lambda text: stringWidth(text, font, size)  # noqa: E731
    for count in range(1, MOST_LINES + 1):
        best: tuple[float, list[str]] | None = None
        for cuts in itertools.combinations(range(1, len(units)), count - 1):
            bounds = [0, *cuts, len(units)]
            lines = [" ".join(units[a:b]) for a, b in itertools.pairwise(bounds)]
            longest = max(measure(line) for line in lines)
            if longest <= width and (best is None or longest < best[0]):
                best = (longest, lines)
        if best is not None:
            return best[1]
    return [title]
