"""Checks on reference tables: `table_covers` and `table_values`, with their parsers.

`table_covers` wants each of some values exactly once in a column (seats 1..4, a row per player
count); `table_values` wants a column to hold only allowed values. Table rules are about the
catalog, so a deck list skips them (see `TableCheck`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.rules.check import Check, Outcome, TableCheck
from pnp.rules.params import RuleParams
from pnp.rules.values import items, label, outside, plural, same, show_values
from pnp.rules.verdict import Counts

# table_covers with from/to enumerates the range; a bigger span is surely a typo.
MAX_SPAN = 100_000

# --- table_covers: each value exactly once in a column -------------------------------------------


@dataclass
class TableCovers(TableCheck):
    values: tuple[object, ...]

    def rows_of(self) -> list[list[int]]:
        """For each value, the indexes of the rows whose column holds it."""
        rows_of: list[list[int]] = [[] for _ in self.values]
        for i, row in enumerate(self.table.rows):
            for cell in items(row.get(self.column)):
                for j, v in enumerate(self.values):
                    if same(cell, v):
                        rows_of[j].append(i)
        return rows_of

    def outcome(self, counts: Counts) -> Outcome:
        rows_of = self.rows_of()
        missing = [label(v) for v, rows in zip(self.values, rows_of, strict=True) if not rows]
        problems = []
        if missing:
            problems.append("missing: " + ", ".join(missing))
        for v, rows in zip(self.values, rows_of, strict=True):
            if len(rows) > 1:
                where = "; ".join(self.row_at(i) for i in rows)
                problems.append(f"{label(v)} appears {len(rows)} times ({where})")
        where = f"{self.table.id}.{self.column}"
        expected = f"each of {show_values(self.values)} exactly once in {where}"
        found = plural(len(problems), "problem") if problems else "each once"
        return Outcome(not problems, expected, found, problems)


def parse_table_covers(p: RuleParams) -> Check:
    p.check_keys(["table", "column", "from", "to", "values"], required=["table", "column"])
    table = p.table()
    column = p.column(table)
    if "values" in p:
        if "from" in p or "to" in p:
            raise p.error("give `from` and `to`, or `values`, not both", "values")
        return TableCovers(p.spec, table, column, p.values())
    if "from" not in p or "to" not in p:
        raise p.error("needs `from` and `to` (or `values`)")
    low: int = p.whole("from", low=None)
    high: int = p.whole("to", low=None)
    if low > high:
        raise p.error(f"`from` ({low}) is more than `to` ({high})", "from")
    if high - low > MAX_SPAN:
        raise p.error(f"`from`..`to` spans more than {MAX_SPAN} values", "to")
    return TableCovers(p.spec, table, column, tuple(range(low, high + 1)))


# --- table_values: a column holds only allowed values --------------------------------------------


@dataclass
class TableValues(TableCheck):
    values: tuple[object, ...]

    def outcome(self, counts: Counts) -> Outcome:
        problems = []
        for i, row in enumerate(self.table.rows):
            bad = outside(row.get(self.column), self.values)
            if bad:
                problems.append(f"{self.row_at(i)}: {', '.join(repr(v) for v in bad)}")
        expected = f"{self.table.id}.{self.column} one of {show_values(self.values)}"
        found = f"{plural(len(problems), 'row')} with another value" if problems else "all allowed"
        return Outcome(not problems, expected, found, problems)


def parse_table_values(p: RuleParams) -> Check:
    p.check_keys(["table", "column", "values"], required=["table", "column", "values"])
    table = p.table()
    return TableValues(p.spec, table, p.column(table), p.values())
