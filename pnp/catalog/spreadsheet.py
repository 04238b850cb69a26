"""Spreadsheets as set data: a `.csv`, `.tsv`, `.xlsx` or `.ods` file read into a header and
rows of cells.

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
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pnp.catalog.cells import Cell, cell_error, check_size, column_letter, filled
from pnp.catalog.opendoc import ods_rows
from pnp.catalog.workbook import xlsx_rows
from pnp.errors import InputError
from pnp.io.files import read_bytes
from pnp.io.inputs import SHEET_SUFFIXES, WORKBOOK_SUFFIXES
from pnp.limits import SHEET_BYTES

SUFFIXES = SHEET_SUFFIXES
BOOKS = WORKBOOK_SUFFIXES  # files holding several sheets, each named with #Name
log = logging.getLogger("pnp.sheets")
# a cell a spreadsheet would run as a formula (OWASP's list), after any `'` already before it
_UNDECODED = re.compile("[\udc80-\udcff]")  # bytes that were not UTF-8, as decoding kept them
_ACTIVE = re.compile(r"'*[=+\-@\t\r]")


@dataclass
class Sheet:
    """A spreadsheet's header and its non-empty rows, each with its row number (header: 1)."""

    file: str
    header: list[str]
    rows: list[tuple[int, list[Cell]]]
    typed: bool  # cells carry their own types (.xlsx); CSV cells are all text
    decimal_comma: bool = False  # a `;`-separated CSV, where 2,5 is a number


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


def read_sheet(path: Path, roots: Iterable[Path], tab: str | None = None) -> Sheet:
    """The header and rows of a .csv, .tsv, .xlsx or .ods file inside `roots`: of a workbook, its
    worksheet `tab` (default: the first), and messages name it `cards.xlsx#Tokens:14: ...`."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise InputError(
            f"a sheet of set data is a {', '.join(SUFFIXES)} file", file=path,
            hint="save the spreadsheet as CSV (UTF-8), as an Excel workbook (.xlsx) or as .ods",
        )  # fmt: skip
    if tab is not None and suffix not in BOOKS:
        raise InputError(f"only a workbook (.xlsx, .ods) has worksheets to name with #{tab}",
                         file=path)  # fmt: skip
    data = read_bytes(path, limit=SHEET_BYTES, roots=list(roots), what="spreadsheet")
    label = f"{path}#{tab}" if tab is not None else str(path)
    if suffix == ".xlsx":
        grid, typed, comma = xlsx_rows(path, data, tab), True, False
    elif suffix == ".ods":
        grid, typed, comma = ods_rows(path, data, tab), True, False
    else:
        text = _decode(path, data)
        delimiter = "\t" if suffix == ".tsv" else _delimiter(text)
        grid, typed, comma = _csv_rows(path, text, delimiter), False, delimiter == ";"
    rows = [(n, cells) for n, cells in grid if any(filled(c) for c in cells)]
    if not rows:
        raise InputError("empty spreadsheet: expected a header row naming the columns "
                         "(name, count, and your fields), then one row a component",
                         file=label, line=1)  # fmt: skip
    header_row, header = rows[0]
    if header_row != 1:
        raise InputError("the header row (the column names) must be row 1", file=label, line=1)
    names = ["" if c is None else str(c).strip() for c in header]
    return Sheet(label, names, rows[1:], typed, comma)


# --- CSV and TSV -------------------------------------------------------------------------------


def _decode(path: Path, data: bytes) -> str:
    """Text of a CSV file: UTF-8 (with or without a BOM), or UTF-16 with a BOM or without one
    (told by its zero bytes: every other byte of Latin text; said in a warning).

    Bytes that are not UTF-8 are kept as lone surrogates so the cell holding them can be named.
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _utf16(path, data, "utf-16", "UTF-16")
    guessed = _utf16_guess(data)
    if guessed is not None:
        codec, name = guessed
        text = _utf16(path, data, codec, f"{name} (no byte-order mark: guessed from its bytes)")
        log.warning("warning: %s: read as %s without a byte-order mark; save it as CSV UTF-8 "
                    "to be sure", path, name)  # fmt: skip
        return text
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    return data.decode("utf-8", errors="surrogateescape")


def _utf16_guess(data: bytes) -> tuple[str, str] | None:
    """("utf-16-le", "UTF-16 little-endian") when many odd bytes of the start are zero and
    hardly any even one (the other way round: big-endian), as in UTF-16 text of Latin letters;
    None otherwise."""
    start = data[:4096]
    pairs = len(start) // 2
    if pairs < 2:
        return None
    odd, even = start[1::2].count(0), start[0::2].count(0)
    if odd >= 0.4 * pairs and even <= odd / 10:
        return "utf-16-le", "UTF-16 little-endian"
    if even >= 0.4 * pairs and odd <= even / 10:
        return "utf-16-be", "UTF-16 big-endian"
    return None


def _utf16(path: Path, data: bytes, codec: str, name: str) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        raise InputError(f"read as {name}, but byte {exc.start} is not: save the sheet as "
                         '"CSV UTF-8"', file=path) from None  # fmt: skip


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
    undecoded = _UNDECODED.search(text) is not None  # else no cell need be looked into
    try:
        for number, cells in enumerate(reader, start=1):
            total += len(cells)
            check_size(path, number, len(cells), total)
            for index, cell in enumerate(cells) if undecoded else ():
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
