"""Workbooks (.xlsx) as set data: a worksheet's rows of typed cells, read with openpyxl.

A formula cell reads as the value the spreadsheet saved with it, as the sheet shows it. Every
problem is said in a designer's words, at the row and column where it is: a formula saved
without its value (a workbook a script wrote) or whose value is an error (#DIV/0!) shows its
text or its error, a number cell that holds no number (`inf`, `nan`, words) is
named by its cell, a value beyond the columns a sheet may have is refused as in a CSV file, and
a damaged workbook (no `xl/workbook.xml`, no worksheet, broken XML) says so and how to mend it,
not openpyxl's own words.
"""

from __future__ import annotations

import io
import math
import re
import warnings
import zipfile
from collections.abc import Iterable, Iterator
from itertools import compress, repeat
from operator import is_not
from pathlib import Path
from typing import Any, NoReturn

from pnp.catalog.cells import (
    Cell,
    cell_error,
    check_size,
    check_unpacked,
    column_letter,
    filled,
    header_name,
)
from pnp.errors import InputError, UnknownNameError
from pnp.limits import SHEET_CELLS, SHEET_COLUMNS
from pnp.names import closest, quote, shorten

_PLAIN = (str, int, float, bool)  # cell values taken as they are
MEND = "open it in your spreadsheet and save it again as an Excel workbook (.xlsx)"
_NUMBER = re.compile(r"\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*\Z")
_CELL = re.compile(r"([A-Z]+)(\d+)\Z")
# cells openpyxl lays out, each row up to its last cell: a row whose last (empty, styled) cell
# is in column XFD is 16,384 of them
LAID_CELLS = 10 * SHEET_CELLS


def xlsx_rows(path: Path, data: bytes, tab: str | None) -> list[tuple[int, list[Cell]]]:
    """A worksheet's rows (the first's when `tab` is None). A formula cell reads as the value
    the spreadsheet saved with it; one saved without a value (a workbook written by a script
    that does not calculate) is refused, and so is a formula whose value is an error (#DIV/0!)."""
    check_unpacked(path, data, "an .xlsx workbook", "workbook")
    import openpyxl  # only a workbook needs it (it takes a while to import)

    with warnings.catch_warnings():  # openpyxl warns about styles and extensions it skips
        warnings.simplefilter("ignore")
        try:
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises many kinds for a damaged file
            raise _damaged(path, exc) from None
        try:
            sheet = _worksheet(path, book, tab)
            label = f"{path}#{tab}" if tab is not None else str(path)
            rows: list[tuple[int, list[Cell]]] = []
            try:
                sheet.reset_dimensions()  # rows as long as their last cell, not as it claims
                rows.extend(_xlsx_cells(label, sheet.iter_rows()))
            except InputError:
                raise
            except Exception as exc:  # a cell openpyxl cannot read, found as it reads
                raise _bad_cell(path, label, data, sheet, rows, exc) from None
            _check_saved_values(label, data, getattr(sheet, "_worksheet_path", ""), rows)
            return rows
        finally:
            book.close()


def _worksheet(path: Path, book: Any, tab: str | None) -> Any:
    if not book.worksheets:
        raise InputError(f"the workbook has no worksheet (it may be damaged): {MEND}", file=path)
    if tab is not None and tab not in book.sheetnames:
        raise UnknownNameError(
            f"no worksheet {quote(tab)} in the workbook (it has: "
            f"{', '.join(book.sheetnames)})", file=path,
            suggestions=closest(tab, book.sheetnames),
        )  # fmt: skip
    return book[tab] if tab is not None else book.worksheets[0]


def _damaged(path: Path, exc: Exception) -> InputError:
    """A workbook openpyxl cannot open, in words: which part is missing or broken."""
    text = str(exc)
    missing = re.search(r"no item named '([^']+)'", text)
    if missing:
        what = f"it has no {missing[1]}"
    elif isinstance(exc, SyntaxError) or type(exc).__name__ in ("ParseError", "XMLSyntaxError"):
        what = f"a part of it is not well-formed XML ({shorten(text, 80)})"
    else:
        what = f"openpyxl cannot read it ({type(exc).__name__}: {shorten(text, 80)})"
    return InputError(f"the workbook is damaged: {what}; {MEND}", file=path)


def _xlsx_cells(label: str, rows: Iterator[Any]) -> Iterator[tuple[int, list[Cell]]]:
    from openpyxl.cell.read_only import EMPTY_CELL

    header: list[Cell] = []
    total = 0  # cells the workbook holds (padding openpyxl adds to a row not counted)
    laid = 0  # cells openpyxl laid out, the empty ones before a row's last cell counted
    for row in rows:
        laid += len(row)
        if laid > LAID_CELLS:
            raise InputError(f"rows reaching far to the right (column "
                             f"{column_letter(len(row) - 1)}): is this the right file?",
                             file=label)  # fmt: skip
        if len(row) > SHEET_COLUMNS:  # sifted in C: a row reaching column XFD stays quick
            tail = row[SHEET_COLUMNS:]
            _refuse_wide(label, compress(tail, map(is_not, tail, repeat(EMPTY_CELL))))
            row = row[:SHEET_COLUMNS]
        cells = [c for c in row if getattr(c, "row", None) is not None]
        total += len(cells)
        if not cells:
            continue
        number = cells[0].row
        values: list[Cell] = [None] * (max(c.column for c in cells))
        for cell in cells:
            values[cell.column - 1] = _xlsx_value(label, cell, header)
        check_size(label, number, len(values) if any(map(filled, values)) else 0, total)
        header = header or values
        yield number, values


def _refuse_wide(label: str, cells: Iterable[Any]) -> None:
    """A value beyond the last column a sheet may have is refused, as a CSV row that wide is."""
    for cell in cells:
        if cell.value is not None and (not isinstance(cell.value, str) or cell.value.strip()):
            where = f"{column_letter(cell.column - 1)}{cell.row}"
            raise cell_error(label, cell.row, column_letter(cell.column - 1),
                             f"(cell {where}) a value beyond the {SHEET_COLUMNS} columns a sheet "
                             f"may have ({shorten(repr(cell.value), 40)}): is this the right "
                             "file?", unnamed=True)  # fmt: skip


def _xlsx_value(label: str, cell: Any, header: list[Cell]) -> Cell:
    """A cell's value (a formula cell's: the value saved with it)."""
    value = cell.value
    if cell.data_type == "e":  # an error a formula gave: #DIV/0!, #REF!, #N/A, ...
        _refuse(label, cell, header, f"shows the error {value}: mend the formula that gives it "
                "(pnp reads the values the spreadsheet saved)")  # fmt: skip
    if value is None or type(value) in _PLAIN:
        if isinstance(value, float) and not math.isfinite(value):
            _refuse(label, cell, header, f"holds {value!r}, not a number a sheet can hold")
        return value
    import datetime

    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        # a date stays the text it shows, as it does in YAML
        if isinstance(value, datetime.datetime) and value.time() == datetime.time():
            return value.date().isoformat()
        return value.isoformat()
    _refuse(label, cell, header, f"holds {type(value).__name__}, not text or a number")


def _check_saved_values(label: str, data: bytes, part: str, rows: list[Any]) -> None:
    """Refuse a formula saved without its value: a spreadsheet saves each formula's value
    beside it, a script writing a workbook (openpyxl, say) does not, and pnp would read it as
    empty."""
    found = _formula_without_value(data, part)
    if found is None:
        return
    ref, formula = found
    match = _CELL.match(ref)
    row, letters = (int(match[2]), match[1]) if match else (0, "?")
    header = rows[0][1] if rows else []
    index = _column_index(letters) if match else -1
    name = header_name(header, index)
    message = (
        f"(cell {ref}) holds {formula} with no saved value: the workbook was written by a "
        "program that does not calculate formulas; open it in Excel, LibreOffice or Google "
        "Sheets and save it once (or paste the column as values)"
    )
    raise cell_error(label, row, name or letters, message, unnamed=not name)


def _formula_without_value(data: bytes, part: str) -> tuple[str, str] | None:
    """(cell, `a formula (=B2+1)`) of the first formula cell of a worksheet part with no `<v>`."""
    for element in _cell_elements(data, part):
        tags = {e.tag.rsplit("}", 1)[-1]: e for e in element}
        formula, value = tags.get("f"), tags.get("v")
        # Excel saves an empty text result as `t="str"` and `<v></v>`; openpyxl writes every
        # formula with an empty `<v>` and no type
        saved = value is not None and (bool(value.text) or element.get("t") == "str")
        if formula is not None and not saved:
            kind = "an array formula" if formula.get("t") == "array" else "a formula"
            text = shorten("=" + formula.text, 60) if formula.text else "shared"
            return element.get("r", "?"), f"{kind} ({text})"
    return None


def _cell_elements(data: bytes, part: str) -> Iterator[Any]:
    """The `<c>` elements of a worksheet part of the workbook, in order (each cleared once
    looked at); none more from where the part cannot be read."""
    from xml.etree import ElementTree

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive, archive.open(part) as source:
            for _, element in ElementTree.iterparse(source):
                if element.tag.rsplit("}", 1)[-1] == "c":
                    yield element
                    element.clear()
    except (KeyError, OSError, zipfile.BadZipFile, ElementTree.ParseError):
        return


def _refuse(label: str, cell: Any, header: list[Cell], message: str) -> NoReturn:
    index = cell.column - 1
    name = header_name(header, index)
    where = f"(cell {column_letter(index)}{cell.row})"
    raise cell_error(label, cell.row, name or column_letter(index), f"{where} {message}",
                     unnamed=not name)  # fmt: skip


def _bad_cell(
    path: Path, label: str, data: bytes, sheet: Any, rows: list[Any], exc: Exception
) -> InputError:
    """The cell openpyxl could not read, found in the worksheet's XML: a number cell that holds
    no number (`inf`, `nan`, a word); else the row after the last one read."""
    found = _find_bad_number(data, getattr(sheet, "_worksheet_path", ""))
    header = rows[0][1] if rows else []
    if found is not None:
        ref, text = found
        match = _CELL.match(ref)
        if match:
            letters, row = match[1], int(match[2])
            index = _column_index(letters)
            name = header_name(header, index)
            message = (f"(cell {ref}) is a number cell holding {quote(text)}, which is not a "
                       "number: type the number again, or make the cell text")  # fmt: skip
            return cell_error(label, row, name or letters, message, unnamed=not name)
    after = rows[-1][0] if rows else 0
    where = f"after row {after}" if after else "before its first row"
    if isinstance(exc, SyntaxError) or type(exc).__name__ in ("ParseError", "XMLSyntaxError"):
        what = f"its worksheet breaks off {where} ({shorten(str(exc), 60)})"
    else:
        what = f"a cell {where} cannot be read ({type(exc).__name__}: {shorten(str(exc), 60)})"
    return InputError(f"the workbook is damaged: {what}; {MEND}", file=label, line=after + 1)


def _find_bad_number(data: bytes, part: str) -> tuple[str, str] | None:
    """(cell, text) of the first number cell of the worksheet part whose value is no number."""
    for element in _cell_elements(data, part):
        value = next((e.text for e in element if e.tag.endswith("}v")), None)
        if element.get("t", "n") == "n" and value is not None and not _NUMBER.match(value):
            return element.get("r", "?"), value
    return None


def _column_index(letters: str) -> int:
    """`A` -> 0, `AA` -> 26."""
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1
