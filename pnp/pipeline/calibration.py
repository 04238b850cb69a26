"""The duplex alignment sheet as a file."""

from __future__ import annotations

from pathlib import Path

from pnp.export.pdf import PdfInfo, write_pages
from pnp.impose.calibration import calibration_pages
from pnp.impose.options import SheetOptions


def write_calibration(path: str | Path, opts: SheetOptions | None = None) -> Path:
    """Write the two-page duplex alignment test (see pnp.impose.calibration) to `path`; viewers
    are told to print it at 100 % and double-sided the way asked."""
    opts = opts or SheetOptions()
    info = PdfInfo(subject="measure a printer's duplex back offset", duplex=opts.duplex)
    return write_pages(path, calibration_pages(opts), title="pnp duplex alignment test", info=info)
