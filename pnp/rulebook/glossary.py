"""The glossary: the catalog's `glossary` table with the page each term is explained on.

A term is "explained" where the text first sets it in bold (the usual way to introduce a term):
bold on its own before bold inside a longer phrase ("**round**" before "**round marker**");
failing that, where it first appears at all. Pages are known only once the book is laid out, so
the glossary takes part in Platypus' multi-pass build, like the table of contents.
"""

from __future__ import annotations

import re
from typing import Any

from reportlab.platypus import Flowable

from pnp.catalog.model import Table as CatalogTable
from pnp.rulebook.para import Paragraph
from pnp.rulebook.words import Words


class TermPages:
    """Where each term was first explained (bold) and first mentioned, page by page."""

    def __init__(self, terms: list[str]) -> None:
        self.terms = terms
        self._patterns = {t: _pattern(t) for t in terms}
        self.alone: dict[str, int] = {}  # bold as the whole phrase: where it is defined
        self.bold: dict[str, int] = {}
        self.seen: dict[str, int] = {}
        self.marked: dict[str, int] = {}  # a call-out's topic -> the page it stands on

    def reset(self) -> None:
        self.alone, self.bold, self.seen, self.marked = {}, {}, {}, {}

    def mark(self, topic: str, page: int) -> None:
        """Record where a marked call-out (a reading) was drawn."""
        self.marked.setdefault(topic, page)

    def note(self, text: str, bold: set[str], page: int) -> None:
        """Record the terms in a paragraph drawn on `page` (`bold`: its bold phrases)."""
        folded = text.casefold()
        for term, pattern in self._patterns.items():
            if term not in self.seen and pattern.search(folded):
                self.seen[term] = page
            if term not in self.bold and any(pattern.search(b) for b in bold):
                self.bold[term] = page
            if term not in self.alone and any(pattern.fullmatch(b.strip()) for b in bold):
                self.alone[term] = page

    def page(self, term: str) -> int | None:
        return self.alone.get(term) or self.bold.get(term) or self.seen.get(term)


class Glossary(Flowable):
    """The glossary table; an indexing flowable, rebuilt until its page numbers settle."""

    def __init__(self, rows: list[tuple[str, str]], pages: TermPages, make_table: Any,
                 words: Words, style: Any) -> None:  # fmt: skip
        """`rows`: (term, definition) in the edition's language (see `glossary_rows`)."""
        super().__init__()
        self.rows = rows
        self.pages = pages
        self.make_table = make_table  # (header, rows) -> a Table flowable
        self.words = words
        self.style = style
        self._last: dict[str, int | None] = {}
        self._guess: dict[str, int | None] | None = None
        self._inner: Flowable | None = None

    def isIndexing(self) -> int:  # noqa: N802 - Platypus' name
        return 1

    def isSatisfied(self) -> int:  # noqa: N802 - Platypus' name
        return int(self._last == self._current())

    def beforeBuild(self) -> None:  # noqa: N802 - Platypus' name
        self._last = self._current() if self._guess is None else self._guess
        self._guess = None  # the document resets the pages as each pass begins

    def guess(self, pages: dict[str, int | None]) -> None:
        """Start the next build from these pages (where they settled last time)."""
        self._guess = {term: pages.get(term) for term, _ in self.rows}

    def settled(self) -> dict[str, int | None]:
        """The pages of the last pass."""
        return dict(self._last)

    def afterBuild(self) -> None:  # noqa: N802 - Platypus' name
        return None

    def notify(self, kind: str, stuff: object) -> None:
        """Platypus tells every indexing flowable of each entry; the glossary tracks terms
        itself (TermPages), so it needs none."""
        return None

    def _current(self) -> dict[str, int | None]:
        return {term: self.pages.page(term) for term, _ in self.rows}

    def _table(self) -> Flowable:
        header = [self.words.glossary_term, self.words.glossary_definition,
                  self.words.glossary_page]  # fmt: skip
        rows = [[term, definition, str(self._last.get(term) or "–")]
                for term, definition in self.rows]  # fmt: skip
        return self.make_table(header, rows)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self._inner = self._table()
        return self._inner.wrap(avail_width, avail_height)

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        inner = self._inner or self._table()
        return inner.split(avail_width, avail_height)

    def draw(self) -> None:
        assert self._inner is not None
        self._inner.drawOn(self.canv, 0, 0)


def glossary_rows(table: CatalogTable, lang: str) -> list[tuple[str, str]]:
    """The catalog's glossary as (term, definition) in `lang`, English where it has none."""
    return [
        (str(r.get(f"term_{lang}") or r.get("term", "")),
         str(r.get(f"definition_{lang}") or r.get("definition", "")))
        for r in table.rows
    ]  # fmt: skip


class ReadingIndex(Glossary):
    """Every *Reading* call-out of the book by its topic, with the page it stands on: where
    the readings are gathered, they are pointed at, not printed twice."""

    def __init__(self, topics: list[str], pages: TermPages, make_table: Any, words: Words,
                 style: Any) -> None:  # fmt: skip
        super().__init__([(t, "") for t in topics], pages, make_table, words, style)

    def _current(self) -> dict[str, int | None]:
        return {topic: self.pages.marked.get(topic) for topic, _ in self.rows}

    def _table(self) -> Flowable:
        header = [self.words.reading_topic, self.words.glossary_page]
        return self.make_table(header, [[t, str(self._last.get(t) or "–")] for t, _ in self.rows])


def bold_phrases(paragraph: Paragraph) -> set[str]:
    """The bold phrases of a paragraph, case-folded (set by the rulebook's story)."""
    return set(getattr(paragraph, "pnp_bold", set()))


def _pattern(term: str) -> re.Pattern[str]:
    """A term as a whole word, or its plural ("arrival chits" explains "Arrival chit");
    Japanese has no spaces between words, so a term in its script is found anywhere."""
    if re.search(r"[\u3000-\u9fff\uf900-\uffef]", term):
        return re.compile(re.escape(term.casefold()))
    return re.compile(rf"(?<!\w){re.escape(term.casefold())}(?:e?s)?(?!\w)")
