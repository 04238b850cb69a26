"""Spreadsheets as set data: a `.csv`, `.tsv` or `.xlsx` file read into a header and rows of cells.

A sheet saved by Google Sheets, LibreOffice or Excel is read as it comes: a UTF-8 byte-order
mark, UTF-16 text (Excel's "Unicode text"), quoted cells holding newlines, and the semicolons
of a European CSV (the delimiter is told from the header row) are all fine. Files are read
through pnp.io.files, so a sheet lies inside the game's folder and is bounded like every input
(pnp.limits). Rows are numbered as a spreadsheet shows them, the header being row 1, so a
message `cards.csv:14: column 'cost': ...` points at the row a designer sees.

CSV that pnp writes (`manifest.csv`, `pnp inventory --csv`) goes through `csv_text`: a cell a
spreadsheet would run as a formula gets OWASP's leading `'`, and reading a CSV takes that `'` off
again (only before `= + - @`, a tab or a carriage return), so what pnp writes reads back as it was.

What the cells mean (which columns are fields, numbers, lists) is decided in
pnp.catalog.sheetset; this module only turns bytes into cells.
"""

from __future__ import annotations

import codecs
import io
import re
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.errors import InputError, UnknownNameError
from pnp.io.files import read_bytes
from pnp.limits import (
    MB,
    SHEET_BYTES,
    SHEET_CELLS,
    SHEET_COLUMNS,
    SHEET_ROWS,
    XLSX_UNPACKED_BYTES,
)
from pnp.names import closest, quote, shorten

SUFFIXES = (".csv", ".tsv", ".xlsx")
# a cell a spreadsheet would run as a formula (OWASP's list), after any `'` already before it
_ACTIVE = re.compile(r"'*[=+\-@\t\r]")
_PLAIN = (str, int, float, bool)  # cell values taken as they are
Cell = str | int | float | bool | None


@dataclass
class Sheet:
    """A spreadsheet's header and its non-empty rows, each with its row number (header: 1)."""

    file: str
    header: list[str]
    rows: list[tuple[int, list[Cell]]]
    typed: bool  # cells carry their own types (.xlsx); CSV cells are all text
    decimal_comma: bool = False  # a `;`-separated CSV, where 2,5 is a number


def column_letter(index: int) -> str:
    """A column as a spreadsheet names it: 0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def inert(text: str) -> str:
    """A cell pnp writes into a CSV, made inert: text a spreadsheet would run as a formula (it
    starts with `= + - @`, a tab or a carriage return) gets OWASP's leading `'`. So that any text
    reads back as written (`read_sheet` takes one `'` off), so does text that is already one or
    more `'` before such a character."""
    return "'" + text if _ACTIVE.match(text) else text


def csv_text(rows: Iterable[Iterable[str]]) -> str:
    """Rows as CSV text (`\\n` line ends), every cell made `inert`. A row with a carriage return
    in a cell is quoted whole: the csv module quotes only a cell holding the line end it writes,
    and a reader takes an unquoted `\\r` for the end of a row."""
    import csv

    out = io.StringIO()
    plain = csv.writer(out, lineterminator="\n")
    quoted = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    for row in rows:
        cells = [inert(cell) for cell in row]
        (quoted if any("\r" in cell for cell in cells) else plain).writerow(cells)
    return out.getvalue()


def _uninert(text: str) -> str:
    """What `inert` made of a cell, taken back: a `'` before text `inert` would mark loses it."""
    return text[1:] if text[:1] == "'" and _ACTIVE.match(text, 1) else text


def cell_error(
    sheet_file: str, row: int, column: str | None, message: str, *, unnamed: bool = False
) -> InputError:
    """`file:row: column 'name': message` (`column F: ...` for a column with no name)."""
    where = f"column {column if unnamed else quote(column)}: " if column is not None else ""
    return InputError(f"{where}{message}", file=sheet_file, line=row)


def read_sheet(path: Path, roots: Iterable[Path], tab: str | None = None) -> Sheet:
    """The header and rows of a .csv, .tsv or .xlsx file inside `roots`: of a workbook, its
    worksheet `tab` (default: the first), and messages name it `cards.xlsx#Tokens:14: ...`."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise InputError(
            f"a sheet of set data is a {', '.join(SUFFIXES)} file", file=path,
            hint="save the spreadsheet as CSV (UTF-8) or as an Excel workbook (.xlsx)",
        )  # fmt: skip
    if tab is not None and suffix != ".xlsx":
        raise InputError(f"only a workbook (.xlsx) has worksheets to name with #{tab}", file=path)
    data = read_bytes(path, limit=SHEET_BYTES, roots=list(roots), what="spreadsheet")
    label = f"{path}#{tab}" if tab is not None else str(path)
    if suffix == ".xlsx":
        grid, typed, comma = _xlsx_rows(path, data, tab), True, False
    else:
        text = _decode(path, data)
        delimiter = "\t" if suffix == ".tsv" else _delimiter(text)
        grid, typed, comma = _csv_rows(path, text, delimiter), False, delimiter == ";"
    rows = [(n, cells) for n, cells in grid if any(_filled(c) for c in cells)]
    if not rows:
        raise InputError("empty spreadsheet: expected a header row naming the columns "
                         "(name, count, and your fields), then one row a component",
                         file=label, line=1)  # fmt: skip
    header_row, header = rows[0]
    if header_row != 1:
        raise InputError("the header row (the column names) must be row 1", file=label, line=1)
    names = ["" if c is None else str(c).strip() for c in header]
    return Sheet(label, names, rows[1:], typed, comma)


def _filled(cell: Cell) -> bool:
    return cell is not None and (not isinstance(cell, str) or bool(cell.strip()))


# --- CSV and TSV -------------------------------------------------------------------------------


def _decode(path: Path, data: bytes) -> str:
    """Text of a CSV file: UTF-8 (with or without a BOM) or UTF-16 with a BOM.

    Bytes that are not UTF-8 are kept as lone surrogates so the cell holding them can be named.
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise InputError(f"not UTF-16 text (byte {exc.start})", file=path) from None
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    return data.decode("utf-8", errors="surrogateescape")


def _delimiter(text: str) -> str:
    """`,`, `;` or a tab: whichever separates the header row's cells (quotes skipped)."""
    counts = {",": 0, ";": 0, "\t": 0}
    quoted = False
    for char in text[: 64 * 1024]:
        if char == '"':
            quoted = not quoted
        elif char == "\n" and not quoted:
            break
        elif char in counts and not quoted:
            counts[char] += 1
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _csv_rows(path: Path, text: str, delimiter: str) -> list[tuple[int, list[Cell]]]:
    import csv  # imported when a sheet is read: most games have none

    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[tuple[int, list[Cell]]] = []
    header: list[str] = []
    total = 0  # cells read
    try:
        for number, cells in enumerate(reader, start=1):
            total += len(cells)
            _check_size(path, number, len(cells), total)
            for index, cell in enumerate(cells):
                if not cell.isprintable() and any(0xDC80 <= ord(c) <= 0xDCFF for c in cell):
                    _bad_encoding(path, number, header, index, cell)
            rows.append((number, [_uninert(c).replace("\r\n", "\n") for c in cells]))
            header = header or cells
    except csv.Error as exc:
        raise InputError(f"cannot read the CSV: {exc}", file=path,
                         line=len(rows) + 1) from None  # fmt: skip
    return rows


def _bad_encoding(path: Path, row: int, header: list[str], index: int, cell: str) -> None:
    byte = next(ord(c) - 0xDC00 for c in cell if 0xDC80 <= ord(c) <= 0xDCFF)
    name = header[index].strip() if index < len(header) else ""
    message = (
        f'not UTF-8 text (byte 0x{byte:02x}): save the sheet as "CSV UTF-8" '
        "(LibreOffice: Character set Unicode (UTF-8))"
    )
    raise cell_error(str(path), row, name or column_letter(index), message, unnamed=not name)


def _check_size(path: Path | str, row: int, columns: int, total: int) -> None:
    if total > SHEET_CELLS:
        raise InputError(f"more than {SHEET_CELLS:,} cells: is this the right file?",
                         file=path, line=row)  # fmt: skip
    if row > SHEET_ROWS + 1:
        raise InputError(f"more than {SHEET_ROWS:,} rows: is this the right file?",
                         file=path, line=row)  # fmt: skip
    if columns > SHEET_COLUMNS:
        raise InputError(f"more than {SHEET_COLUMNS} columns: is this the right file?",
                         file=path, line=row)  # fmt: skip


# --- XLSX --------------------------------------------------------------------------------------


def _xlsx_rows(path: Path, data: bytes, tab: str | None) -> list[tuple[int, list[Cell]]]:
    """A worksheet's rows (the first's when `tab` is None); a formula is refused (the sheet
    holds it, not its value)."""
    _check_unpacked(path, data)
    import openpyxl  # only a workbook needs it (it takes a while to import)

    with warnings.catch_warnings():  # openpyxl warns about styles and extensions it skips
        warnings.simplefilter("ignore")
        try:
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=False)
            try:
                if tab is not None and tab not in book.sheetnames:
                    raise UnknownNameError(
                        f"no worksheet {quote(tab)} in the workbook (it has: "
                        f"{', '.join(book.sheetnames)})", file=path,
                        suggestions=closest(tab, book.sheetnames),
                    )  # fmt: skip
                sheet = book[tab] if tab is not None else book.worksheets[0]
                label = f"{path}#{tab}" if tab is not None else str(path)
                return list(_xlsx_cells(label, sheet.iter_rows(max_col=SHEET_COLUMNS + 1)))
            finally:
                book.close()
        except InputError:
            raise
        except Exception as exc:  # openpyxl raises many kinds for a damaged file, some lazily
            raise InputError(f"cannot read the workbook: {shorten(str(exc), 200)}",
                             file=path) from None  # fmt: skip


def _xlsx_cells(label: str, rows: Iterator[Any]) -> Iterator[tuple[int, list[Cell]]]:
    header: list[Cell] = []
    total = 0  # cells the workbook holds (padding openpyxl adds to a row not counted)
    for row in rows:
        cells = [c for c in row if getattr(c, "row", None) is not None]
        total += len(cells)
        if not cells:
            continue
        number = cells[0].row
        values: list[Cell] = [None] * (max(c.column for c in cells))
        for cell in cells:
            values[cell.column - 1] = _xlsx_value(label, cell, header)
        _check_size(label, number, len(values) if any(map(_filled, values)) else 0, total)
        header = header or values
        yield number, values


def _xlsx_value(label: str, cell: Any, header: list[Cell]) -> Cell:
    value = cell.value
    plain = value is None or type(value) in _PLAIN
    if (
        plain
        and cell.data_type in ("n", "s", "b")
        and not (type(value) is str and value.startswith("=") and cell.data_type != "s")
    ):
        return value
    import datetime

    index = cell.column - 1
    name = str(header[index]).strip() if index < len(header) and header[index] else ""
    column, where = name or column_letter(index), f"(cell {column_letter(index)}{cell.row})"
    if cell.data_type == "f" or (isinstance(value, str) and value.startswith("=")
                                 and cell.data_type != "s"):  # fmt: skip
        raise cell_error(label, cell.row, column,
                         f"{where} holds a formula ({shorten(str(value), 60)}); "
                         "pnp reads values: paste it as values", unnamed=not name)  # fmt: skip
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        # a date stays the text it shows, as it does in YAML
        if isinstance(value, datetime.datetime) and value.time() == datetime.time():
            return value.date().isoformat()
        return value.isoformat()
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise cell_error(label, cell.row, column, f"{where} holds {type(value).__name__}, "
                     "not text or a number", unnamed=not name)  # fmt: skip


def _check_unpacked(path: Path, data: bytes) -> None:
    """An .xlsx is a zip: refuse one that unpacks to more than XLSX_UNPACKED_BYTES."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        raise InputError("not an .xlsx workbook (it is not a zip file): is this the right "
                         "file?", file=path) from None  # fmt: skip
    if unpacked > XLSX_UNPACKED_BYTES:
        raise InputError(
            f"the workbook unpacks to {unpacked / MB:.0f} MB (at most "
            f"{XLSX_UNPACKED_BYTES / MB:g} MB): is this the right file?",
            file=path,
        )
