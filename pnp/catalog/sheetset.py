"""A set's components from a spreadsheet: one row a component, one column a field.

The set file (YAML) still says what the set is (kind, size, templates); its components come
from the sheet it names (`sheet: cards.csv`), or from `<set-id>.csv|.tsv|.xlsx|.ods` beside it when
it has no `components:` list. Each row becomes the mapping a YAML component would be and goes
through the same loader (pnp.catalog.load), so ids, counts and sources are checked one way;
only the messages differ: they name the row and the column (`cards.csv:14: column 'count':
expected a whole number from 0 to 1000, found 'x'`).

How cells are read: `id` is optional (made from the name), `count` defaults to 1 and `source`
to the set's; empty cells are absent; a column whose header ends in `[]` (or whose default in
the set's `fields:` is a list) is a list split on `;` (an empty cell: an empty list); a number
reads as a number, `true` / `false` as true/false, anything else as text. A column `success.own`
holds the key `own` of the mapping field `success`. When the set declares
`fields:`, those (and the component keys) are the only columns it takes (`null` declares a field
without a default), and a field whose default is text, a whole number, a number or true/false
reads its cells as that type.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pnp.catalog.cells import Cell, cell_error, column_letter
from pnp.catalog.fields import Fields
from pnp.catalog.sheetcolumns import Column, read_columns
from pnp.catalog.sheetfilter import SheetClaims, filter_rows
from pnp.catalog.spreadsheet import SUFFIXES, Sheet, read_sheet
from pnp.catalog.yamlsource import SourceDict
from pnp.errors import InputError, PnpError, UnknownNameError
from pnp.limits import ID_CHARS, YAML_INT_DIGITS
from pnp.names import describe, quote

TEXT_KEYS = ("id", "name", "source", "note")  # read as the text shown, never as a number
_WHOLE = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\Z")
_DECIMAL = re.compile(r"[-+]?[0-9]+\.[0-9]+\Z")
_DECIMAL_COMMA = re.compile(r"[-+]?[0-9]+,[0-9]+\Z")
_TEXT_KEYS = frozenset(TEXT_KEYS)
_TYPES = {bool: "true or false", int: "a whole number", float: "a number"}


class RowFields(Fields):
    """A component read from one row: messages name the row and the column."""

    columns: Mapping[str, str] = MappingProxyType({})  # key -> its header, set per row
    derived_id: str | None = None

    def error(
        self,
        message: str,
        key: Any = None,
        *,
        hint: str | None = None,
        suggestions: list[str] | None = None,
        line: int | None = None,
    ) -> PnpError:
        column = self.columns.get(key) if isinstance(key, str) else None
        if column is None or self.file_of(key) != self.file:  # not a cell: an overlay's key
            return super().error(message, key, hint=hint, suggestions=suggestions, line=line)
        for prefix, replace in ((f"`{key}` should be ", "expected "), (f"`{key}` ", "")):
            if message.startswith(prefix):
                message = replace + message[len(prefix) :]
                break
        if key == "id" and self.derived_id:
            message += f" (the id {self.derived_id!r} is made from the name: add an id column)"
        text, at = f"column {quote(column)}: {message}", line or self.line
        if suggestions is not None:
            return UnknownNameError(text, file=self.file, line=at, suggestions=suggestions,
                                    hint=hint)  # fmt: skip
        return InputError(text, file=self.file, line=at, hint=hint)


def sheet_rows(
    set_file: Path,
    file: Fields,
    head: Fields,
    source: str,
    declared: dict[str, Any] | None,
    claims: SheetClaims | None = None,
) -> tuple[list[Fields], list[Column]]:
    """The components a set's sheet holds, as readers for the loader, and the columns read
    from it in the sheet's order (([], []) without a sheet). `declared`: the set's fields, each
    with a value of the type its cells read as (None: the set declares no fields). With
    `where:`, only the rows that match it; `claims` records which rows each sheet gave."""
    path, tab = _sheet_path(set_file, file, head)
    if path is None:
        for key, does in (("columns", "maps a sheet's headers to fields"),
                          ("where", "picks rows of a sheet")):  # fmt: skip
            if key in file:
                raise file.error(f"`{key}` {does}, but this set has no sheet (name one with "
                                 "`sheet: cards.xlsx`)", key)  # fmt: skip
        return [], []
    sheet = read_sheet(path, roots=[set_file.parent], tab=tab)
    if "where" in file:
        sheet = filter_rows(sheet, file, str(head.raw["id"]), claims)
    columns = read_columns(sheet, file, declared)
    headers = _Headers(columns)
    rows = [_row(sheet, columns, number, cells, source, headers) for number, cells in sheet.rows]
    if not rows:
        raise InputError("no rows under the header: one row a component", file=path, line=2)
    return rows, columns


def _sheet_path(set_file: Path, file: Fields, head: Fields) -> tuple[Path | None, str | None]:
    """The sheet a set's components are in (and the worksheet of a workbook: `game.xlsx#Cards`)."""
    folder = set_file.parent
    if "sheet" in file:
        name, _, tab = file.text("sheet").partition("#")
        if Path(name).suffix.lower() not in SUFFIXES or "/" in name or "\\" in name:
            raise file.error(f"`sheet` should name a {', '.join(SUFFIXES)} file beside the set "
                             f"file, found {quote(name)}", "sheet")  # fmt: skip
        return folder / name, tab or None
    if "components" in file:
        return None, None
    set_id = head.raw["id"]
    found = [folder / f"{set_id}{s}" for s in SUFFIXES if (folder / f"{set_id}{s}").is_file()]
    if len(found) > 1:
        names = " and ".join(p.name for p in found)
        raise head.error(f"both {names} could hold this set's components: name one with "
                         "`sheet:` in the set file", "id")  # fmt: skip
    return (found[0] if found else None), None


class _Headers:
    """A sheet's headers by the key each fills, worked out once for all its rows (read only):
    as written, and with `id` under the name's header for rows whose id is made from the name."""

    def __init__(self, columns: list[Column]) -> None:
        self.keys = [c.key for c in columns]
        self.given = {c.key: c.header for c in columns}
        self.name = self.given.get("name", "name")
        self.derived = {**self.given, "id": self.name}


def _row(
    sheet: Sheet, columns: list[Column], number: int, cells: list[Cell], source: str,
    headers: _Headers,
) -> Fields:  # fmt: skip
    row = SourceDict()
    row.file, row.line, row.key_lines = sheet.file, number, dict.fromkeys(headers.keys, number)
    width = len(cells)
    for column in columns:
        value = _value(sheet, number, column, cells[column.index] if column.index < width else None)
        if value is not None and column.sub is not None:
            row.setdefault(column.key, {})[column.sub] = value
        elif value is not None:
            row[column.key] = value
    if width > len(sheet.header):
        _check_beyond(sheet, number, cells)
    if "name" not in row:
        raise cell_error(sheet.file, number, headers.name, "empty: every row needs a name")
    derived = None
    if "id" not in row:
        derived = row["id"] = _derive_id(sheet, number, headers.name, row["name"])
    row.setdefault("count", 1)
    row.setdefault("source", source)
    fields = RowFields(row, f"row {number}", file=sheet.file, line=number)
    fields.columns, fields.derived_id = (
        headers.given if derived is None else headers.derived,
        derived,
    )
    return fields


def _check_beyond(sheet: Sheet, number: int, cells: list[Cell]) -> None:
    """No value in a row past the sheet's last named column."""
    for index in range(len(sheet.header), len(cells)):
        if _text(cells[index]):
            message = f"a value beyond the last named column ({quote(cells[index])})"
            if not sheet.typed:  # in a CSV file, most likely a comma that was not quoted
                message += "; a cell holding the delimiter needs quotes"
            raise cell_error(sheet.file, number, column_letter(index), message, unnamed=True)


def _derive_id(sheet: Sheet, number: int, header: str, name: str) -> str:
    """`Café au Lait` -> `cafe-au-lait`: letters folded to ASCII, the rest as hyphens."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")[:ID_CHARS].strip("-")
    if not slug:
        raise cell_error(sheet.file, number, header, f"cannot make an id from {quote(name)}: "
                         "add an id column (lower-case letters, digits and hyphens)")  # fmt: skip
    return slug


# --- cells -------------------------------------------------------------------------------------


def _text(cell: Cell) -> str:
    """A cell as the text it shows (3 for a whole 3.0, true/false for a boolean)."""
    if type(cell) is str:  # every cell of a CSV file
        return cell.strip()
    if cell is None:
        return ""
    if isinstance(cell, bool):
        return "true" if cell else "false"
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    return str(cell).strip()


def _value(sheet: Sheet, number: int, column: Column, cell: Cell) -> Any:
    text = _text(cell)
    if not text:
        # a list column's empty cell: no items (in a mapping's column: no such key)
        return [] if column.is_list and column.sub is None else None
    if column.key in _TEXT_KEYS:
        return text
    if column.is_list:
        items = [i.strip() for i in text.split(";")] if isinstance(cell, str) else [cell]
        return [_scalar(sheet, number, column, i) for i in items if _text(i)]
    return _scalar(sheet, number, column, cell if not isinstance(cell, str) else text)


def _scalar(sheet: Sheet, number: int, column: Column, cell: Cell) -> Any:
    if column.kind is str:
        return _text(cell)
    value = read_text_cell(cell, sheet.decimal_comma) if isinstance(cell, str) else cell
    if isinstance(value, float) and value.is_integer() and column.kind is int:
        value = int(value)  # a workbook may store a whole number as 3.0
    kind = column.kind
    ok = (
        kind is None
        or (kind is bool and isinstance(value, bool))
        or (kind is int and isinstance(value, int) and not isinstance(value, bool))
        or (kind is float and isinstance(value, int | float) and not isinstance(value, bool))
    )
    if not ok and kind is not None:
        raise cell_error(sheet.file, number, column.header,
                         f"expected {_TYPES[kind]}, found {describe(cell)}")  # fmt: skip
    return float(value) if kind is float and isinstance(value, int | float) else value


def read_text_cell(text: str, decimal_comma: bool = False) -> Cell:
    """Text as YAML would read it: a whole number, a decimal, true/false, or the text itself."""
    if _WHOLE.match(text) and len(text.lstrip("+-")) <= YAML_INT_DIGITS:
        return int(text)
    if _DECIMAL.match(text):
        return float(text)
    if decimal_comma and _DECIMAL_COMMA.match(text):
        return float(text.replace(",", "."))
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text
