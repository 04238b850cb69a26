"""Reading one rule's parameters: the catalog's `Fields` reader plus what rules name in a game.

`RuleParams` words every error `rule 'id' (check): ...` at the line of the key it is about, and
adds the lookups rule parameters make against the loaded game: the set a rule is about
(`deck:`/`set:`), component fields, `where:` filters, count ranges, tables and their columns, and
lists of allowed values (written out, or taken from a table column or a set's field).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pnp.catalog.fields import Fields
from pnp.catalog.model import ComponentSet, Game, RuleSpec, Table
from pnp.catalog.yamlsource import where as where_of
from pnp.names import closest, describe, quote
from pnp.rules.values import Between, Range, Where, items

# Keys any rule may carry besides its check's own: free text for people, and `scope`: what the
# rule is about (the box, a deck list, or each player's share of the box; see SCOPES).
COMMON_KEYS = ("note", "source", "scope")
# `both` (the default): the box and any deck list; `box`: the catalog's own counts only;
# `decklist`: deck lists only; `per_player`: one player's share: a deck list as it is, and the
# box split into as many equal shares as the game has players at most.
SCOPES = ("both", "box", "decklist", "per_player")
# Keys every rule has, read by the catalog before the check sees its parameters.
RULE_KEYS = ("id", "text", "check")
# Component attributes a `where`, `field` or `group_by` may name besides the set's own fields.
BUILTIN_FIELDS = ("id", "name", "source", "kind", "deck", "set", "count")
_KEY = object()  # "read the value from the rule's own key"


class RuleParams(Fields):
    """A rule's parameters, read and resolved against `game`; errors at the key's line."""

    def __init__(self, spec: RuleSpec, game: Game) -> None:
        what = f"rule {spec.id!r} ({spec.check})"
        super().__init__(spec.params, what, file=spec.origin.file, line=spec.origin.line)
        self.spec = spec
        self.game = game

    def line_of(self, key: Any = None) -> int | None:
        # the parameters are a plain copy without the rule's id/text/check; the rule's own
        # mapping remembers the line of every key
        if key is None:
            return self.line
        _, line = where_of(self.spec.raw, key)
        return line or self.line

    def line_in(self, value: object, key: object, fallback: str) -> int | None:
        """Line of `key` inside a nested mapping or list value, else of the rule key."""
        _, line = where_of(value, key)
        return line or self.line_of(fallback)

    def check_keys(self, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
        """Refuse keys the check does not take, listing what it does take."""
        allowed = tuple(allowed)
        for key in self.raw:
            if key not in allowed + COMMON_KEYS:
                known = ", ".join(RULE_KEYS + allowed)
                raise self.error(
                    f"unknown key {describe(key)} (a {self.spec.check} rule takes: {known})",
                    key,
                    suggestions=closest(key, allowed + COMMON_KEYS),
                )
        super().check_keys(allowed + COMMON_KEYS, required)

    def name(self, key: str, value: object = _KEY, line: int | None = None) -> str:
        """An id: text, or a number YAML read as one (`2023`)."""
        value = self.raw.get(key) if value is _KEY else value
        if isinstance(value, bool) or not isinstance(value, str | int) or value == "":
            raise self.error(f"`{key}` should be an id, found {describe(value)}", key, line=line)
        return str(value)

    def target(self, raw: Mapping[str, Any] | None = None, at: str | None = None) -> ComponentSet:
        """The set a rule is about: `deck:` (a set of cards) or `set:` (any set).

        Read from the rule's own keys, or from `raw`, a mapping under the rule's key `at`."""
        raw = self.raw if raw is None else raw

        def line(key: str | None = None) -> int | None:
            if at is None:
                return self.line_of(key)
            return self.line_in(raw, key, at) if key else self.line_of(at)

        has_deck, has_set = "deck" in raw, "set" in raw
        if has_deck and has_set:
            raise self.error("give `deck:` or `set:`, not both", line=line("set"))
        if not has_deck and not has_set:
            raise self.error(
                "name what it checks with `deck:` (a deck) or `set:` (any set)", line=line()
            )
        key = "deck" if has_deck else "set"
        ref = self.name(key, raw[key], line(key))
        sets = self.game.decks if has_deck else self.game.sets
        if ref in sets:
            return sets[ref]
        other = self.game.sets.get(ref)
        if has_deck and other is not None:
            raise self.error(
                f"`deck: {ref}` names a set of {other.kind}s, not a deck of cards "
                "(write `set:` instead)",
                line=line(key),
            )
        raise self.error(
            f"no {key} {quote(ref)} in {self.game.id} (known: {', '.join(sets) or 'none'})",
            line=line(key),
            suggestions=closest(ref, sets),
        )

    def field_name(
        self, key: str, target: ComponentSet, value: object = _KEY, line: int | None = None
    ) -> str:
        """A field some component of `target` has (or id/name/...)."""
        owner = f"component of {target.id!r}"
        return self.known_name(key, known_fields(target), owner, value, line)

    def known_name(
        self, key: str, known: list[str], owner: str, value: object = _KEY, line: int | None = None
    ) -> str:
        """One of `known` field names; `owner` says whose (`component of 'action'`)."""
        name = self.name(key, value, line)
        if name not in known:
            names = [str(k) for k in known]  # a YAML key may be a number (`0:`)
            raise self.error(
                f"no {owner} has a field {quote(name)} (fields: {', '.join(names)})",
                key,
                line=line,
                suggestions=closest(name, names),
            )
        return name

    def scalars(self, value: object, key: str, line: int | None = None) -> tuple[object, ...]:
        """A scalar or list of scalars (as a tuple)."""
        values = list(value) if isinstance(value, list) else [value]
        for item in values:
            if item is None or isinstance(item, dict | list):
                raise self.error(
                    f"`{key}` should be a value or a list of values, found {describe(item)}",
                    key,
                    line=line,
                )
        return tuple(values)

    def where(self, target: ComponentSet, *, required: bool = False) -> Where:
        """`where: {field: value or [values]}`, every field one of `target`'s."""
        owner = f"component of {target.id!r}"
        return self.conditions(
            self.raw.get("where"), known_fields(target), owner, required=required
        )

    def conditions(
        self,
        raw: object,
        known: list[str],
        owner: str,
        *,
        required: bool = False,
        at: str = "where",
    ) -> Where:
        """A `where:` mapping (`raw`, under the rule key `at`) over the fields in `known`."""
        if raw is None and not required:
            return Where()
        if not isinstance(raw, Mapping) or not raw:
            raise self.error(
                "`where` should map fields to values, e.g. {faction: red}",
                line=self.line_in(raw, None, at),
            )
        conditions: list[tuple[str, tuple[object, ...] | Between]] = []
        for f, wanted in raw.items():
            line = self.line_in(raw, f, at)
            name = self.known_name("where", known, owner, f, line)
            if isinstance(wanted, Mapping):
                conditions.append((name, self._comparison(name, wanted, line)))
                continue
            values = self.scalars(wanted, "where", line)
            if not values:
                raise self.error(f"`where` {name}: give at least one value", "where", line=line)
            conditions.append((name, values))
        return Where(tuple(conditions))

    def _comparison(
        self, name: str, wanted: Mapping[Any, Any], line: int | None
    ) -> tuple[object, ...] | Between:
        """`{min: 5}`, `{max: 3}`, `{min: 2, max: 4}` or `{one_of: [a, b]}`."""
        keys = set(wanted)
        usage = "{min: 5}, {max: 3}, {min: 2, max: 4} or {one_of: [a, b]}"
        if keys == {"one_of"}:
            values = self.scalars(wanted["one_of"], "where", line)
            if values:
                return values
        elif keys and keys <= {"min", "max"}:
            bounds = [wanted.get(k) for k in ("min", "max")]
            if all(b is None or (isinstance(b, int | float) and not isinstance(b, bool))
                   for b in bounds) and any(b is not None for b in bounds):  # fmt: skip
                low, high = bounds
                if low is not None and high is not None and low > high:
                    raise self.error(f"`where` {name}: `min` ({low}) is more than `max` "
                                     f"({high})", "where", line=line)  # fmt: skip
                return Between(low, high)
        raise self.error(f"`where` {name}: expected a value or a list of values, or {usage}; "
                         f"found {describe(dict(wanted))}", "where", line=line)  # fmt: skip

    def range(self) -> Range:
        """`equals`, or `min` and/or `max`, one of which must be given."""
        r = self.range_if_given()
        if r is None:
            raise self.error("needs `equals`, or `min` and/or `max`")
        return r

    def range_if_given(self) -> Range | None:
        """`equals`, or `min` and/or `max`; None when none is given."""
        given = [k for k in ("equals", "min", "max") if k in self]
        if not given:
            return None
        if "equals" in given and len(given) > 1:
            raise self.error("give `equals` alone, or `min` and/or `max`", given[1])
        r = Range(**{k: self.whole(k) for k in given})
        if r.min is not None and r.max is not None and r.min > r.max:
            raise self.error(f"`min` ({r.min}) is more than `max` ({r.max})", "min")
        return r

    def table(self, key: str = "table", value: object = _KEY, line: int | None = None) -> Table:
        """A table of the game, by id."""
        ref = self.name(key, value)
        tables = self.game.tables
        if ref not in tables:
            raise self.error(
                f"no table {quote(ref)} in {self.game.id} (known: {', '.join(tables) or 'none'})",
                key,
                line=line,
                suggestions=closest(ref, tables),
            )
        return tables[ref]

    def column(
        self, table: Table, key: str = "column", value: object = _KEY, line: int | None = None
    ) -> str:
        """A column some row of `table` has."""
        name = self.name(key, value)
        if name not in table.columns:
            raise self.error(
                f"table {table.id!r} has no column {quote(name)} "
                f"(columns: {', '.join(table.columns)})",
                key,
                line=line,
                suggestions=closest(name, table.columns),
            )
        return name

    def values(self, key: str = "values") -> tuple[object, ...]:
        """A list of allowed values, or `{table, column}` / `{set or deck, field}` to take them
        from the catalog (e.g. every value a table names is an id some set defines)."""
        raw = self.raw.get(key)
        if isinstance(raw, list):
            if not raw:
                raise self.error(f"`{key}` should list at least one value", key)
            return self.scalars(raw, key)
        if isinstance(raw, Mapping):
            if set(raw) == {"table", "column"}:
                return self._column_values(raw, key)
            if set(raw) in ({"set"}, {"deck"}, {"set", "field"}, {"deck", "field"}):
                return self._field_values(raw, key)
        raise self.error(
            f"`{key}` should be a list of values, {{table: ID, column: NAME}} or "
            f"{{set: ID, field: NAME}}, found {describe(raw)}",
            key,
        )

    def _column_values(self, raw: Mapping[str, object], key: str) -> tuple[object, ...]:
        """Every value in a table column (`{table, column}`), once each."""
        table = self.table("table", raw["table"], self.line_in(raw, "table", key))
        line = self.line_in(raw, "column", key)
        column = self.column(table, "column", raw["column"], line)
        return _scalars_once(v for row in table.rows for v in items(row.get(column)))

    def _field_values(self, raw: Mapping[str, object], key: str) -> tuple[object, ...]:
        """Every value of a field (default: the id) in a set (`{set or deck, field}`)."""
        kind = "deck" if "deck" in raw else "set"
        ref = self.name(kind, raw[kind])
        sets = self.game.decks if kind == "deck" else self.game.sets
        if ref not in sets:
            raise self.error(
                f"`{key}`: no {kind} {quote(ref)} in {self.game.id}",
                key,
                line=self.line_in(raw, kind, key),
                suggestions=closest(ref, sets),
            )
        fname = "id"
        if "field" in raw:
            line = self.line_in(raw, "field", key)
            fname = self.field_name("field", sets[ref], raw["field"], line)
        return _scalars_once(v for c in sets[ref].components for v in items(c.value(fname)))


def known_fields(target: ComponentSet) -> list[str]:
    """The built-in attributes, then every field some component of `target` has."""
    names: dict[str, None] = dict.fromkeys(BUILTIN_FIELDS)
    for c in target.components:
        names.update(dict.fromkeys(str(k) for k in c.fields))
    return list(names)


def _scalars_once(values: Iterable[object]) -> tuple[object, ...]:
    """The scalar values, first occurrence of each, in order."""
    return tuple(dict.fromkeys(v for v in values if not isinstance(v, dict | list)))
