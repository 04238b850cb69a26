"""Sets cut from one shared sheet: `where:` picks a set's rows, and no row is left unclaimed.

A designer keeps starter, early and late cards on one tab with a `Stage` column; each set file
names the same sheet and the rows it takes (`sheet: deck.xlsx#Deck`, `where: {stage: start}`),
so each stage is a deck of its own, with its own back, TTS deck and rules. A `where:` key is a
column (its header as written, or the header's words joined by `_` in lower case, or the key
`columns:` maps it to); its value is one value or a list of values a cell may hold. A row that
no set of the sheet takes (a typo in its stage, say) is reported rather than silently dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from pnp.catalog.cells import Cell
from pnp.catalog.fields import Fields
from pnp.catalog.spreadsheet import Sheet
from pnp.errors import InputError
from pnp.names import closest, describe, quote

SHOWN_ROWS = 8


@dataclass
class Claim:
    """One sheet's rows, and the sets that took some of them."""

    sheet: Sheet
    taken: dict[int, str] = field(default_factory=dict)  # row number -> the set that took it
    sets: list[str] = field(default_factory=list)


SheetClaims = dict[str, Claim]  # keyed by `file#tab`


def filter_rows(sheet: Sheet, file: Fields, set_id: str, claims: SheetClaims | None) -> Sheet:
    """`sheet` with only the rows the set file's `where:` takes; the claim is recorded."""
    where = file.mapping("where", "`where`")
    if not where.raw:
        raise where.error("`where` is empty: name a column and the value its rows hold")
    tests = [(_column(sheet, file, where, key), _wanted(where, key)) for key in where.raw]
    rows = [(n, cells) for n, cells in sheet.rows
            if all(_cell_text(cells, i) in wanted for i, wanted in tests)]  # fmt: skip
    if not rows:
        raise where.error(f"no row of {sheet.file} matches `where` ({_shown(where.raw)})")
    if claims is not None:
        claim = claims.setdefault(sheet.file, Claim(sheet))
        claim.sets.append(set_id)
        for number, _ in rows:
            if number in claim.taken:
                raise where.error(f"row {number} of {sheet.file} is taken by the sets "
                                  f"{claim.taken[number]!r} and {set_id!r}: a row is one "
                                  "component of one set")  # fmt: skip
            claim.taken[number] = set_id
    return replace(sheet, rows=rows)


def check_claims(claims: SheetClaims) -> None:
    """Every row of a shared sheet is taken by one of its sets."""
    for claim in claims.values():
        left = [n for n, _ in claim.sheet.rows if n not in claim.taken]
        if not left:
            continue
        shown = ", ".join(map(str, left[:SHOWN_ROWS])) + (" ..." if len(left) > SHOWN_ROWS else "")
        rows = f"rows {shown} are" if len(left) > 1 else f"row {shown} is"
        raise InputError(
            f"{rows} taken by none of the sets that share this sheet ({', '.join(claim.sets)}): "
            "widen a set's `where`, or delete the row",
            file=claim.sheet.file, line=left[0],
        )  # fmt: skip


def _column(sheet: Sheet, file: Fields, where: Fields, key: Any) -> int:
    """The index of the column a `where:` key names."""
    mapped = file.get("columns") or {}
    for index, header in enumerate(sheet.header):
        if key in (header, _words(header)) or mapped.get(header) == key:
            return index
    headers = [h for h in sheet.header if h]
    raise where.error(f"no column {quote(key)} in {sheet.file} (columns: {', '.join(headers)})",
                      key, suggestions=closest(str(key), headers))  # fmt: skip


def _wanted(where: Fields, key: Any) -> set[str]:
    value = where.raw[key]
    values = value if isinstance(value, list) else [value]
    if not values or any(isinstance(v, dict | list) or v is None for v in values):
        raise where.error(f"`{key}`: expected a value or a list of values, found "
                          f"{describe(value)}", key)  # fmt: skip
    return {_plain(v) for v in values}


def _cell_text(cells: list[Cell], index: int) -> str:
    return _plain(cells[index]) if index < len(cells) else ""


def _plain(value: Any) -> str:
    """A cell or a YAML value as text, as the sheet shows it (3 for 3.0, true for TRUE)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value).strip().casefold()  # `Start` is `start`


def _words(header: str) -> str:
    """`Card Stage` -> `card_stage`."""
    return re.sub(r"[^0-9a-z]+", "_", header.strip().lower()).strip("_")


def _shown(raw: Any) -> str:
    return ", ".join(f"{k}: {v}" for k, v in raw.items())
