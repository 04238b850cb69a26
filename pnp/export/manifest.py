"""`manifest.csv` in every export folder: one row per component, with the files it went to."""

from __future__ import annotations

import csv
import io

from pnp.export.pieces import Piece

HEADER = ("set", "id", "name", "count", "front file", "back file")


def manifest_csv(rows: list[tuple[Piece, str, str]]) -> bytes:
    """CSV bytes (UTF-8, `\\n` line ends): set, id, name, count, front file, back file."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(HEADER)
    for piece, front, back in rows:
        c = piece.component
        writer.writerow((c.set_id, c.id, c.name, c.count, front, back))
    return buf.getvalue().encode("utf-8")
