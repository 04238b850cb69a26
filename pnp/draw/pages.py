"""Page streams compressed as each page is finished instead of all at the save.

reportlab keeps every finished page's drawing commands as text until `save()` and compresses
them there: a 10,000-card deck held about 30 MB of page text at its peak. `compress_pages`
makes a canvas compress each page's commands when the page is finished, with the very call
the save would make (zlib over the same text, the same stream dictionary), so the file is the
same bytes and memory no longer grows with the uncompressed text.
"""

from __future__ import annotations

from typing import Any

from reportlab import rl_config
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
