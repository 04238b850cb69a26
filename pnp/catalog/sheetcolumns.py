"""Which column of a sheet fills which field: the header row read against the set file.

A designer's sheet keeps its own column names and columns only the designer uses (art notes,
a formula that sums costs). The set file says how to read it:

- `columns: {Qty: count, "Card Name": name, Notes: null}` maps a header to a component key or
  field (`tags[]` and `success.own` as in a header) or, with `null`, leaves the column out;
- a header that names a field or a component key is that field (`Cost` is `cost` when the set
  declares `cost` and no `Cost`);
- when the set declares `fields:`, any other column is the designer's own and is left out,
  unless its header is a near miss of a declared field no column fills (`cots` for `cost`),
  which is refused with the closest field, as a typo would otherwise lose the column silently;
- a header that says "how many copies" (Qty, Quantity, Copies, Amount, #, ...) when no column
  gives `count` is refused with the `columns:` line to write: left alone it would print one copy
  of every card.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from pnp.catalog.cells import cell_error, column_letter
from pnp.catalog.fields import Fields
from pnp.catalog.model import RESERVED_COMPONENT_KEYS
from pnp.catalog.spreadsheet import Sheet
from pnp.errors import InputError, UnknownNameError
from pnp.names import closest, quote

SUB_KEY = re.compile(r"([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\Z")
# headers a designer gives the number of copies of a row (compared lower-case, without spaces,
# dots and colons)
QUANTITY_HEADERS = frozenset(
    ["qty", "quantity", "quantities", "copies", "copy", "amount", "#", "cnt", "howmany",
     "ncopies", "nbcopies", "#copies", "qté", "quantité", "anzahl", "menge", "cantidad"]
)  # fmt: skip
_TYPO = 0.75  # how alike a header and a declared field must be to be taken for a typo


@dataclass
class Column:
    """A column that fills a key: the key, the header as written, and how its cells read."""

    key: str
    header: str
    index: int
    is_list: bool = False
    kind: type | None = None  # the declared default's type (for a list, its items' type)
    sub: str | None = None  # `success.own`: the key `own` of the mapping field `success`


def read_columns(sheet: Sheet, file: Fields, declared: dict[str, Any] | None) -> list[Column]:
    """The columns of `sheet` that fill keys, in the sheet's order; the rest are left out."""
    mapping = _mapping(sheet, file, declared)
    wanted: list[tuple[int, str, str]] = []  # (index, header, key text as a header writes it)
    for index, header in enumerate(sheet.header):
        if not header:
            _check_unnamed(sheet, index)
        elif header in mapping:
            if mapping[header] is not None:
                wanted.append((index, header, mapping[header]))
        else:
            wanted.append((index, header, header))
    resolved = [(i, h, *_parse(text, declared)) for i, h, text in wanted]
    filled = {key for _, _, key, _, _ in resolved}
    named = [h for _, h, key, _, _ in resolved if not (declared and key in declared)]
    _check_quantity(sheet, file, named, filled, mapping)
    columns: list[Column] = []
    seen: dict[str, int] = {}
    for index, header, key, is_list, sub in resolved:
        if not _is_known(key, declared):
            _check_typo(sheet, header, key, declared or {}, filled, mapping is not None)
            continue  # a column of the designer's own
        for name in (f"{key}.{sub}" if sub else key, key if sub else f"{key}."):
            if name in seen:  # `success` and `success.own` would both fill `success`
                both = f"{column_letter(seen[name])} and {column_letter(index)}"
                what = "named twice" if header == text_of(key, sub) else f"fills {quote(key)} twice"
                raise cell_error(sheet.file, 1, header, f"{what} (columns {both})")
        seen[f"{key}.{sub}" if sub else key] = seen[f"{key}." if sub else key] = index
        columns.append(_column(key, header, index, is_list, declared, sub))
    if not any(c.key in ("id", "name") for c in columns):
        raise InputError("no `name` column: the header row names the columns (name, count, "
                         "and your fields); a column of another name gives the name with "
                         '`columns: {"Card Name": name}` in the set file', file=sheet.file,
                         line=1)  # fmt: skip
    return columns


def _mapping(sheet: Sheet, file: Fields, declared: dict[str, Any] | None) -> dict[str, Any]:
    """The set file's `columns:` (header -> key text or None), each header found in the sheet."""
    if "columns" not in file:
        return {}
    columns = file.mapping("columns", "set file columns")
    mapping: dict[str, Any] = {}
    for header in columns.raw:
        target = columns.get(header)
        if not isinstance(header, str | int) or (target is not None and not isinstance(
                target, str)):  # fmt: skip
            raise columns.error(f"{quote(header)}: expected `Header: field` (or `Header: null` "
                                "to leave the column out)", header)  # fmt: skip
        text = str(header).strip()
        if text not in sheet.header:
            raise columns.error(
                f"no column {quote(text)} in {sheet.file} (its columns: "
                f"{', '.join(quote(h) for h in sheet.header if h)})", header,
                suggestions=closest(text, [h for h in sheet.header if h]),
            )  # fmt: skip
        if target is not None:
            key, _, _ = _parse(target.strip(), declared)
            if not _is_known(key, declared):
                known = [*RESERVED_COMPONENT_KEYS, *(declared or {})]
                raise columns.error(f"{quote(text)}: {quote(target)} is not a field of this "
                                    f"set (its fields: {', '.join(known)})", header,
                                    suggestions=closest(key, known))  # fmt: skip
        mapping[text] = target.strip() if isinstance(target, str) else None
    return mapping


def _parse(text: str, declared: dict[str, Any] | None) -> tuple[str, bool, str | None]:
    """Header text -> (key, is a list, key of a mapping field): `tags[]`, `success.own`,
    `Name` (a component key), `Cost` (the declared field `cost`)."""
    key, is_list = text, text.endswith("[]")
    if is_list:
        key = text[:-2].strip()
    match = SUB_KEY.match(key)
    key, sub = (match[1], match[2]) if match else (key, None)
    if key.lower() in RESERVED_COMPONENT_KEYS:
        return key.lower(), is_list, sub
    if declared is not None and key not in declared:
        same = [k for k in declared if isinstance(k, str) and k.lower() == key.lower()]
        key = same[0] if len(same) == 1 else key
    return key, is_list, sub


def text_of(key: str, sub: str | None) -> str:
    """The header a key is read from by default: `cost`, `success.own`."""
    return f"{key}.{sub}" if sub else key


def _is_known(key: str, declared: dict[str, Any] | None) -> bool:
    return declared is None or key in RESERVED_COMPONENT_KEYS or key in declared


def _check_quantity(
    sheet: Sheet,
    file: Fields,
    headers: list[str],
    filled: set[str],
    mapping: dict[str, Any],
) -> None:
    """A `Qty` column with no `count` column would print one copy of each card: refuse it."""
    if "count" in filled:
        return
    for header in headers:
        if header in mapping or re.sub(r"[\s.:]", "", header.lower()) not in QUANTITY_HEADERS:
            continue
        raise cell_error(
            sheet.file, 1, header,
            "looks like the number of copies of each row, which pnp reads from `count`: add "
            f"`columns: {{{_yaml_key(header)}: count}}` to {file.file} (or "
            f"`{_yaml_key(header)}: null` to leave it out, `{_yaml_key(header)}: "
            f"{_slug(header)}` to keep it as a field); as it is, every row would print once",
        )  # fmt: skip


def _check_typo(
    sheet: Sheet,
    header: str,
    key: str,
    declared: dict[str, Any],
    filled: set[str],
    mapped: bool,
) -> None:
    """A left-out column that looks like a misspelt field no column fills is refused."""
    open_fields = [k for k in declared if isinstance(k, str) and k not in filled]
    near = [k for k in open_fields
            if difflib.SequenceMatcher(None, key.lower(), k.lower()).ratio() >= _TYPO]  # fmt: skip
    if not near:
        return
    raise UnknownNameError(
        f"column {quote(header)}: not a field of this set (its fields: "
        f"{', '.join(map(str, declared))}; and {', '.join(RESERVED_COMPONENT_KEYS)}); a column "
        f"only you use is left out, but this one is close to {quote(near[0])}, which no column "
        f"fills: rename it, map it (`columns: {{{_yaml_key(header)}: {near[0]}}}`) or leave it "
        f"out (`{_yaml_key(header)}: null`)",
        file=sheet.file, line=1, suggestions=closest(key, open_fields),
    )  # fmt: skip


def _yaml_key(header: str) -> str:
    return header if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_ -]*", header) else f'"{header}"'


def _slug(header: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", header.lower()).strip("_") or "copies"


def _column(
    key: str,
    header: str,
    index: int,
    is_list: bool,
    declared: dict[str, Any] | None,
    sub: str | None,
) -> Column:
    if key in RESERVED_COMPONENT_KEYS:
        return Column(key, header, index, False, int if key == "count" else str)
    default = declared.get(key) if declared else None
    if sub is not None:
        default = default.get(sub) if isinstance(default, dict) else None
    if isinstance(default, list):
        items = {type(v) for v in default}
        return Column(key, header, index, True, items.pop() if len(items) == 1 else None, sub)
    kind = type(default) if isinstance(default, str | int | float | bool) else None
    return Column(key, header, index, is_list, kind, sub)


def _check_unnamed(sheet: Sheet, index: int) -> None:
    for number, cells in sheet.rows:
        if index < len(cells) and cells[index] is not None and str(cells[index]).strip():
            message = "a value in a column with no name in the header row"
            raise cell_error(sheet.file, number, column_letter(index), message, unnamed=True)
