"""Atomic, deterministic PDF writing: the same input gives the same bytes, a failure leaves nothing.

reportlab's `invariant=1` pins the document id; the creation date is the one the caller gives
(from the build's inputs or SOURCE_DATE_EPOCH), else reportlab's fixed one. The PDF is written
to a hidden temporary file next to the target and renamed over it only once complete, so a build
that fails half-way leaves neither a truncated PDF nor a stray temporary file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfbase.pdfdoc import PDFName
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.pages import compress_pages, streamed_save
from pnp.draw.rl_private import set_creation_time
from pnp.errors import BuildError
from pnp.impose.document import Document
from pnp.impose.marks import label_font
from pnp.impose.render import render_pages
from pnp.impose.sheet import Page
from pnp.io.outputs import why
from pnp.io.staging import remove_stale

CREATOR = "pnp"
DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}


@dataclass(frozen=True)
class PdfInfo:
    """What a PDF tells viewers and printers about itself.

    duplex: "long", "short" or "none" sets the viewer's duplex preference (None: no hint);
    created: seconds since 1970 (UTC) to record as the creation date (None: reportlab's fixed
    date, or SOURCE_DATE_EPOCH when set).
    """

    author: str = ""
    subject: str = ""
    duplex: str | None = None
    created: int | None = None


def _describe(canvas: Canvas, info: PdfInfo) -> None:
    """Metadata and viewer preferences: print at 100 % (PrintScaling None), the duplex flip."""
    if info.author:
        canvas.setAuthor(info.author)
    if info.subject:
        canvas.setSubject(info.subject)
    canvas.setViewerPreference("PrintScaling", PDFName("None"))
    if info.duplex in DUPLEX:
        canvas.setViewerPreference("Duplex", PDFName(DUPLEX[info.duplex]))
    if info.created is not None:
        set_creation_time(canvas, info.created)


@contextmanager
def open_pdf(
    path: str | Path,
    *,
    title: str,
    subject: str = "",
    pagesize: tuple[float, float] = (595.2756, 841.8898),
    info: PdfInfo | None = None,
) -> Iterator[Canvas]:
    """Yield a Canvas; on a clean exit the finished PDF replaces `path` in one rename."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BuildError(f"cannot create folder {target.parent}: {why(err)}") from None
    remove_stale(target.parent)  # what a killed process left: SIGKILL runs no cleanup
    temp = target.parent / f".{target.name}.{os.getpid()}.tmp"
    try:
        out = open(temp, "wb")  # noqa: SIM115 - closed below, on every path
    except OSError as err:
        raise BuildError(f"cannot write {target}: {err.strerror or err}") from err
    try:
        canvas = _canvas(out, title, subject, pagesize, info)
        yield canvas
    except BaseException:
        out.close()
        _remove(temp)
        raise
    try:
        with streamed_save(out):  # written as it is made: the file is not held in memory
            canvas.save()
        out.close()
        os.replace(temp, target)
    except BaseException as err:
        out.close()
        _remove(temp)
        if isinstance(err, OSError):
            raise BuildError(f"cannot write {target}: {err.strerror or err}") from err
        raise


def _canvas(
    out: BinaryIO, title: str, subject: str, pagesize: tuple[float, float], info: PdfInfo | None
) -> Canvas:
    """A canvas drawing into `out`, its pages compressed as they are finished."""
    # the embedded label font from the start, so no page lists the unembedded Helvetica
    canvas = Canvas(
        out, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=label_font("")
    )
    compress_pages(canvas)  # each page as it is finished: memory stays flat
    canvas.setTitle(title)
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)
    if subject:
        canvas.setSubject(subject)
    if info is not None:
        _describe(canvas, info)
    return canvas


def _remove(temp: Path) -> None:
    """Remove a temporary file, if it is there and can be (a read-only disk holds none)."""
    with suppress(OSError):
        temp.unlink(missing_ok=True)


def write_pages(
    path: str | Path, pages: list[Page], *, title: str, info: PdfInfo | None = None
) -> Path:
    """Paint `pages` into a PDF at `path` (atomically). Returns the path."""
    if not pages:
        raise BuildError(f"nothing to print in {Path(path).name}")
    with open_pdf(path, title=title, pagesize=pages[0].paper.size_pt, info=info) as canvas:
        render_pages(canvas, pages)
    return Path(path)


def write_document(doc: Document, path: str | Path, info: PdfInfo | None = None) -> Path:
    """Write an imposed document's pages, in print order, to `path`; viewers are told to print
    at 100 % and, when the document has backs, how the sheets flip."""
    pages = doc.pages
    duplex = doc.options.duplex if any(p.side == "back" for p in pages) else "none"
    info = info or PdfInfo()
    if info.duplex is None:
        info = PdfInfo(info.author, info.subject, duplex, info.created)
    return write_pages(path, pages, title=doc.title, info=info)


def write_bytes(path: str | Path, data: bytes) -> Path:
    """Write finished PDF bytes to `path` through a temporary file and one rename."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = target.parent / f".{target.name}.{os.getpid()}.tmp"
        temp.write_bytes(data)
        os.replace(temp, target)
    except OSError as err:
        raise BuildError(f"cannot write {target}: {err.strerror or err}") from err
    return target
