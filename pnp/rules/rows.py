"""Rows as facts and cross-checks read them: a table's rows and a set's components, alike.

A `Source` is a reference table, or a deck or set, optionally filtered with `where:`. Its
`rows()` answer `value(field)` and say where a person finds them (`row 3, line 25` in a table,
`at cards.yaml:40` for a component). A text cell that holds several values (`rolls: 4 11`) is
read as a list when the source says how to `split` it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any

from pnp.catalog.model import ComponentSet, Table
from pnp.catalog.yamlsource import where as where_of
from pnp.names import describe
from pnp.rules.params import RuleParams, known_fields
from pnp.rules.values import Where, items, label

SOURCE_KEYS = ("table", "deck", "set")


@dataclass(frozen=True)
class Row:
    """One table row or one component: its values and where it is written."""

    get: Callable[[str], Any]
    place: str  # `row 3, line 25` or `at cards.yaml:40`

    def value(self, key: str) -> Any:
        return self.get(key)

    def key(self, fields: tuple[str, ...]) -> list[str]:
        """The labels of `fields` joined with ` / `, one per combination of list items."""
        values = [[label(v) for v in items(self.get(f))] for f in fields]
        return [" / ".join(combo) for combo in product(*values)]


@dataclass(frozen=True)
class Source:
    """A table, or the components of a deck or set, filtered by `where`."""

    table: Table | None
    target: ComponentSet | None
    where: Where = Where()
    split: tuple[tuple[str, str], ...] = ()  # (field, separator) for text cells holding lists

    @property
    def id(self) -> str:
        return self.table.id if self.table is not None else self._set.id

    @property
    def kind(self) -> str:
        """`table`, `deck` or `set`."""
        if self.table is not None:
            return "table"
        return "deck" if self._set.is_deck else "set"

    @property
    def _set(self) -> ComponentSet:
        assert self.target is not None  # a source is a table or a set
        return self.target

    def fields(self) -> list[str]:
        """The columns of the table, or the fields the set's components have."""
        return self.table.columns if self.table is not None else known_fields(self._set)

    def owner(self) -> str:
        """Whose fields, for messages: `row of table 'events'`, `component of 'action'`."""
        if self.table is not None:
            return f"row of table {self.table.id!r}"
        return f"component of {self._set.id!r}"

    def rows(self) -> list[Row]:
        """The rows `where:` picks, in file order."""
        if self.table is not None:
            lines = self.table.row_lines
            rows = []
            for i, row in enumerate(self.table.rows):
                at = f", line {lines[i]}" if i < len(lines) else ""
                rows.append(Row(self._reader(row.get), f"row {i + 1}{at}"))
        else:
            rows = [Row(self._reader(c.value), f"at {c.origin}") for c in self._set.components]
        return [r for r in rows if self.where.matches(r)]

    def _reader(self, get: Callable[[str], Any]) -> Callable[[str], Any]:
        if not self.split:
            return get
        seps = dict(self.split)

        def read(key: str) -> Any:
            value = get(key)
            if key in seps and isinstance(value, str):
                sep = seps[key]
                parts = value.split() if not sep.strip() else value.split(sep)
                return [p.strip() for p in parts if p.strip()]
            return value

        return read


def read_source(p: RuleParams, raw: Mapping[str, Any], at: str | None = None) -> Source:
    """`table: ID` or `deck:`/`set: ID`, plus `where` and `split`, from the rule's own keys
    (`at` None) or from the mapping under the rule key `at`."""

    def line(key: str) -> int | None:
        return p.line_of(key) if at is None else p.line_in(raw, key, at)

    if not any(k in raw for k in SOURCE_KEYS):
        inside = "" if at is None else f"`{at}`: "
        raise p.error(f"{inside}name a `table:`, a `deck:` or a `set:`", line=line(at or "check"))
    if "table" in raw and ("deck" in raw or "set" in raw):
        raise p.error("give `table:` or `deck:`/`set:`, not both", line=line("table"))
    if "table" in raw:
        source = Source(p.table("table", raw["table"], line("table")), None)
    else:
        source = Source(None, p.target(raw if at else None, at))
    split = _split(p, raw.get("split"), source, at or "split", line("split"))
    source = Source(source.table, source.target, Where(), split)
    chosen = p.conditions(raw.get("where"), source.fields(), source.owner(), at=at or "where")
    return Source(source.table, source.target, chosen, split)


def _split(
    p: RuleParams, raw: object, source: Source, at: str, line: int | None
) -> tuple[tuple[str, str], ...]:
    """`split: {field: separator}`: text cells of those fields are lists."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping) or not raw:
        raise p.error(
            f"`split` should map fields to a separator, e.g. {{rolls: ' '}}, found {describe(raw)}",
            line=line,
        )
    pairs = []
    for f, sep in raw.items():
        at_line = p.line_in(raw, f, at)
        name = p.known_name("split", source.fields(), source.owner(), f, at_line)
        if not isinstance(sep, str) or sep == "":
            raise p.error(
                f"`split` {name}: the separator should be text such as ' ' or ';', "
                f"found {describe(sep)}",
                line=at_line,
            )
        pairs.append((name, sep))
    return tuple(pairs)


def fields_list(
    p: RuleParams, key: str, raw: object, source: Source, line: int | None
) -> tuple[str, ...]:
    """A field name or a list of field names of `source` (`raw` is written at `line`)."""
    names = raw if isinstance(raw, list) else [raw]
    if not names:
        raise p.error(f"`{key}` should name a field or a list of fields", line=line)
    known, owner = source.fields(), source.owner()
    return tuple(
        p.known_name(key, known, owner, f, (where_of(raw, i)[1] if raw is names else None) or line)
        for i, f in enumerate(names)
    )
