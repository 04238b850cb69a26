"""OpenDocument spreadsheets (.ods, LibreOffice's own format) as set data, read with
python-calamine (the reader pandas uses for .ods).

A formula cell reads as the value LibreOffice saved with it, as in a workbook; numbers come back
as whole numbers when they are whole (as Excel stores them), dates as the text they show. A
damaged file says so in a designer's words.
"""

from __future__ import annotations

import datetime
import io
from typing import Any

from pnp.catalog.cells import Cell, check_size, check_unpacked
from pnp.errors import InputError, UnknownNameError
from pnp.names import closest, quote, shorten

MEND = "open it in LibreOffice and save it again (.ods), or save it as .xlsx or CSV"


def ods_rows(path: Any, data: bytes, tab: str | None) -> list[tuple[int, list[Cell]]]:
    """A sheet's rows (the first's when `tab` is None), numbered as LibreOffice shows them."""
    check_unpacked(path, data, "an .ods spreadsheet", "spreadsheet")
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
