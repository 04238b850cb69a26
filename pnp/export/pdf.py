"""Atomic, deterministic PDF writing: the same input gives the same bytes, a failure leaves nothing.

reportlab's `invariant=1` pins the creation date and document id. The PDF is written to a hidden
temporary file next to the target and renamed over it only once complete, so a build that fails
half-way leaves neither a truncated PDF nor a stray temporary file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.errors import BuildError
from pnp.export.staging import remove_stale
from pnp.impose.document import Document
from pnp.impose.render import render_pages
from pnp.impose.sheet import Page

CREATOR = "pnp"


@contextmanager
def open_pdf(
    path: str | Path,
    *,
    title: str,
    subject: str = "",
    pagesize: tuple[float, float] = (595.2756, 841.8898),
) -> Iterator[Canvas]:
    """Yield a Canvas; on a clean exit the finished PDF replaces `path` in one rename."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BuildError(f"cannot create folder {target.parent}: {err.strerror}") from err
    remove_stale(target.parent)  # what a killed process left: SIGKILL runs no cleanup
    temp = target.parent / f".{target.name}.{os.getpid()}.tmp"
    canvas = Canvas(str(temp), pagesize=pagesize, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)
    if subject:
        canvas.setSubject(subject)
    try:
        yield canvas
    except BaseException:
        temp.unlink(missing_ok=True)  # reportlab writes only on save(), but be sure
        raise
    try:
        canvas.save()
        os.replace(temp, target)
    except BaseException as err:
        temp.unlink(missing_ok=True)
        if isinstance(err, OSError):
            raise BuildError(f"cannot write {target}: {err.strerror or err}") from err
        raise


def write_pages(path: str | Path, pages: list[Page], *, title: str) -> Path:
    """Paint `pages` into a PDF at `path` (atomically). Returns the path."""
    if not pages:
        raise BuildError(f"nothing to print in {Path(path).name}")
    with open_pdf(path, title=title, pagesize=pages[0].paper.size_pt) as canvas:
        render_pages(canvas, pages)
    return Path(path)


def write_document(doc: Document, path: str | Path) -> Path:
    """Write an imposed document's pages, in print order, to `path`."""
    return write_pages(path, doc.pages, title=doc.title)


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
