"""The duplex alignment sheet as a file."""

from __future__ import annotations

from pathlib import Path

from pnp.export.pdf import write_pages
from pnp.impose.calibration import calibration_pages
from pnp.impose.options import SheetOptions


def write_calibration(path: str | Path, opts: SheetOptions | None = None) -> Path:
    """Write the two-page duplex alignment test (see pnp.impose.calibration) to `path`."""
    return write_pages(
        path, calibration_pages(opts or SheetOptions()), title="pnp duplex alignment test"
    )
