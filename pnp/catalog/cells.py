"""What a spreadsheet's cells are, how they are named in messages and how large a sheet may be:
shared by the CSV reader (pnp.catalog.spreadsheet) and the workbook reader (pnp.catalog.workbook).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

from pnp.errors import InputError
from pnp.limits import MB, SHEET_CELLS, SHEET_COLUMNS, SHEET_ROWS, XLSX_UNPACKED_BYTES
from pnp.names import quote

Cell = str | int | float | bool | None


def column_letter(index: int) -> str:
    """A column as a spreadsheet names it: 0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_error(
    sheet_file: str, row: int, column: str | None, message: str, *, unnamed: bool = False
) -> InputError:
    """`file:row: column 'name': message` (`column F: ...` for a column with no name)."""
    where = f"column {column if unnamed else quote(column)}: " if column is not None else ""
    return InputError(f"{where}{message}", file=sheet_file, line=row)


def filled(cell: Cell) -> bool:
    """Whether a cell holds anything (text of spaces does not)."""
    return cell is not None and (not isinstance(cell, str) or bool(cell.strip()))


def check_size(path: Path | str, row: int, columns: int, total: int) -> None:
    """InputError for a sheet past SHEET_CELLS cells, SHEET_ROWS rows or SHEET_COLUMNS columns."""
    if total > SHEET_CELLS:
        raise InputError(f"more than {SHEET_CELLS:,} cells: is this the right file?",
                         file=path, line=row)  # fmt: skip
    if row > SHEET_ROWS + 1:
        raise InputError(f"more than {SHEET_ROWS:,} rows: is this the right file?",
                         file=path, line=row)  # fmt: skip
    if columns > SHEET_COLUMNS:
        raise InputError(f"more than {SHEET_COLUMNS} columns: is this the right file?",
                         file=path, line=row)  # fmt: skip


def header_name(header: list[Cell], index: int) -> str:
    """The header of column `index` as written, or "" where it has none."""
    return str(header[index]).strip() if 0 <= index < len(header) and header[index] else ""


def check_unpacked(path: Any, data: bytes, kind: str, noun: str) -> None:
    """A workbook is a zip: refuse one that is not (`kind`: "an .xlsx workbook"), or that
    unpacks to more than XLSX_UNPACKED_BYTES (`noun`: "workbook")."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        raise InputError(f"not {kind} (it is not a zip file): is this the right file?",
                         file=path) from None  # fmt: skip
    if unpacked > XLSX_UNPACKED_BYTES:
        raise InputError(f"the {noun} unpacks to {unpacked / MB:.0f} MB (at most "
                         f"{XLSX_UNPACKED_BYTES / MB:g} MB): is this the right file?",
                         file=path)  # fmt: skip
