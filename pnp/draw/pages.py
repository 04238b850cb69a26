"""Page streams compressed as each page is finished instead of all at the save, and the save
written to the file as it is made.

reportlab keeps every finished page's drawing commands as text until `save()` and compresses
them there: a 10,000-card deck held about 30 MB of page text at its peak. `compress_pages`
makes a canvas compress each page's commands when the page is finished, with the very call
the save would make (zlib over the same text, the same stream dictionary), so the file is the
same bytes and memory no longer grows with the uncompressed text.

At the save, reportlab formats every object into a list of byte strings and joins them into
one: the file was in memory twice over (6 MB at the top of a 10,000-card deck's build).
`streamed_save` has the save's collector (`pdfdoc.PDFFile`, which only counts offsets and
keeps what it is given) write each object to the open file as it is formatted: the same bytes
in the same order, none of them kept. Outside `streamed_save` (and in other threads) the
collector keeps its strings as reportlab's does.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import PDFPage, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.rl_private import pdf_document


class _Compressed:
    """A Flate filter over content compressed already: names the filter, changes nothing."""

    pdfname = PDFZCompress.pdfname

    @staticmethod
    def encode(content: bytes) -> bytes:
        return content


_COMPRESSED = _Compressed()


def compress_pages(canvas: Canvas) -> None:
    """From now on, each page `canvas` finishes is compressed at once (when its canvas
    compresses pages at all, and without ASCII85, which the save would add on top)."""
    document: Any = pdf_document(canvas)
    add = document.addPage

    def add_page(page: PDFPage) -> None:
        plain = page.compression and not rl_config.useA85 and not page.Contents
        if plain and page.stream and not page.Override_default_compilation:
            stream = PDFStream(content=PDFZCompress.encode(page.stream), filters=[_COMPRESSED])
            stream.__Comment__ = "page stream"
            page.Contents, page.stream = stream, None
        add(page)

    document.addPage = add_page


_sink = threading.local()  # the file this thread's save writes to, while `streamed_save` runs


class _StreamedFile(pdfdoc.PDFFile):
    """reportlab's collector of a save's bytes; in `streamed_save`, one that writes them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # the header, kept in `strings`
        self._out: IO[bytes] | None = getattr(_sink, "file", None)
        if self._out is not None:
            self._out.write(b"".join(self.strings))
            self.strings.clear()
            self.write = self._out.write

    def format(self, document: Any) -> bytes:
        return b"" if self._out is not None else bytes(super().format(document))


pdfdoc.PDFFile = _StreamedFile  # what PDFDocument.format makes its collector from


@contextmanager
def streamed_save(file: IO[bytes]) -> Iterator[None]:
    """While it runs, a canvas saved in this thread writes its PDF to `file` as it formats
    it (the canvas must write to `file` too: `Canvas(file, ...)`)."""
    _sink.file = file
    try:
        yield
    finally:
        _sink.file = None
