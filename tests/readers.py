"""Built PDFs read with pdfplumber once per test worker, for the tests that only read them.

pdfplumber takes as long to read a rulebook's characters and shapes as pnp takes to lay the book
out (about 5 s of CPU time for twenty pages): a test file that opened the same book afresh in
each of its tests spent most of its time reading it again. `opened(path)` hands every test the
same `pdfplumber.PDF`, whose pages keep what they have read; `page_texts(path)` the pages' text.
Only for files that never change once written (the session's shared products): the key is the
path.

A few books stay open at a time; the test files ask for one book's tests together (their
parameters are grouped by book), so the oldest one is not asked for again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pdfplumber

from pnp.memo import Memo

_open: Memo[Path, pdfplumber.PDF] = Memo(4)
_texts: Memo[Path, list[str]] = Memo(32)


def _pdf(path: Path) -> pdfplumber.PDF:
    return _open.get_or_make(path, lambda: pdfplumber.open(path))


@contextlib.contextmanager
def opened(path: Path) -> Iterator[pdfplumber.PDF]:
    """`with opened(path) as pdf:` as `with pdfplumber.open(path) as pdf:`, but the PDF (and
    what its pages have read) stays open for the next test that reads the same file."""
    yield _pdf(path)


def page_texts(path: Path) -> list[str]:
    """Each page's text, whitespace collapsed to single spaces."""
    texts = _texts.get_or_make(
        path, lambda: [" ".join((p.extract_text() or "").split()) for p in _pdf(path).pages]
    )
    return list(texts)  # the test's own list: what it changes is not the next test's
