"""OpenDocument spreadsheets (.ods, LibreOffice's own format) as set data, read with
python-calamine (the reader pandas uses for .ods).

A formula cell reads as the value LibreOffice saved with it, as in a workbook; numbers come back
as whole numbers when they are whole (as Excel stores them), dates as the text they show. A
damaged file says so in a designer's words.
"""

from __future__ import annotations

import datetime
import io
import zipfile
from typing import Any

from pnp.catalog.cells import Cell, check_size
from pnp.errors import InputError, UnknownNameError
from pnp.limits import MB, XLSX_UNPACKED_BYTES
from pnp.names import closest, quote, shorten

MEND = "open it in LibreOffice and save it again (.ods), or save it as .xlsx or CSV"


def ods_rows(path: Any, data: bytes, tab: str | None) -> list[tuple[int, list[Cell]]]:
    """A sheet's rows (the first's when `tab` is None), numbered as LibreOffice shows them."""
    _check_unpacked(path, data)
    import python_calamine  # only an .ods needs it

    try:
        book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    except Exception as exc:  # calamine raises its own kinds for a damaged file
        raise InputError(f"the spreadsheet is damaged ({shorten(str(exc), 80)}): {MEND}",
                         file=path) from None  # fmt: skip
    names = list(book.sheet_names)
    if not names:
        raise InputError(f"the spreadsheet has no sheet: {MEND}", file=path)
    if tab is not None and tab not in names:
        raise UnknownNameError(f"no sheet {quote(tab)} in the spreadsheet (it has: "
                               f"{', '.join(names)})", file=path,
                               suggestions=closest(tab, names))  # fmt: skip
    label = f"{path}#{tab}" if tab is not None else str(path)
    try:
        grid = book.get_sheet_by_name(tab or names[0]).to_python(skip_empty_area=False)
    except Exception as exc:
        raise InputError(f"the spreadsheet is damaged ({shorten(str(exc), 80)}): {MEND}",
                         file=label) from None  # fmt: skip
    rows: list[tuple[int, list[Cell]]] = []
    total = 0
    for number, cells in enumerate(grid, start=1):
        values = [_value(c) for c in cells]
        while values and values[-1] is None:
            values.pop()
        total += len(values)
        check_size(label, number, len(values), total)
        rows.append((number, values))
    return rows


def _value(cell: Any) -> Cell:
    if cell == "" or cell is None:
        return None
    if isinstance(cell, float) and cell.is_integer() and abs(cell) < 2**53:
        return int(cell)
    if isinstance(cell, datetime.datetime) and cell.time() == datetime.time():
        return cell.date().isoformat()
    if isinstance(cell, datetime.date | datetime.time | datetime.timedelta):
        return str(cell) if isinstance(cell, datetime.timedelta) else cell.isoformat()
    if isinstance(cell, str | int | float | bool):
        return cell
    return str(cell)


def _check_unpacked(path: Any, data: bytes) -> None:
    """An .ods is a zip: refuse one that is not, or unpacks to more than XLSX_UNPACKED_BYTES."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        raise InputError("not an .ods spreadsheet (it is not a zip file): is this the right "
                         "file?", file=path) from None  # fmt: skip
    if unpacked > XLSX_UNPACKED_BYTES:
        raise InputError(f"the spreadsheet unpacks to {unpacked / MB:.0f} MB (at most "
                         f"{XLSX_UNPACKED_BYTES / MB:g} MB): is this the right file?",
                         file=path)  # fmt: skip
