"""`manifest.csv` in every export folder: one row per component, with the files it went to.

Names and ids come from the catalog, which may come from anyone: a cell a spreadsheet would run
as a formula (`=HYPERLINK(...)`, `@SUM(1)`, `+1`) is written inert, with OWASP's leading `'`.
"""

from __future__ import annotations

from pnp.catalog.spreadsheet import csv_text
from pnp.export.pieces import Piece

HEADER = ("set", "id", "name", "count", "front file", "back file")


def manifest_csv(rows: list[tuple[Piece, str, str]]) -> bytes:
    """CSV bytes (UTF-8, `\\n` line ends): set, id, name, count, front file, back file."""
    table = [HEADER]
    for piece, front, back in rows:
        c = piece.component
        table.append((c.set_id, c.id, c.name, str(c.count), front, back))
    return csv_text(table).encode("utf-8")
