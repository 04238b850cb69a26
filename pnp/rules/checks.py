"""The composition-rule engine: a game's `rules:` parsed into typed checks, then evaluated.

Nothing here knows a game: every rule comes from the game's YAML (docs/catalog-format.md).
A rule is parsed once against the loaded catalog, so a slip in a rule (unknown check, key, deck,
field, table, column or card) is an InputError at its file and line, and evaluating cannot fail.
Checks read copies through `Counts`: the catalog's own, or those of a user's deck list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Literal

from pnp.catalog.model import Component, ComponentSet, Game, Origin, RuleSpec, Table
from pnp.catalog.yamlsource import where as where_of
from pnp.errors import InputError, UnknownNameError
from pnp.names import closest, describe

Status = Literal["pass", "fail", "skip"]
# Keys any rule may carry besides its check's own: free text for people.
COMMON_KEYS = ("note", "source")
# Component attributes a `where`, `field` or `group_by` may name besides the set's own fields.
BUILTIN_FIELDS = ("id", "name", "source", "kind", "deck", "set", "count")
# table_covers with from/to enumerates the range; a bigger span is surely a typo.
MAX_SPAN = 100_000
MAX_PROBLEM_LINES = 20
_KEY = object()  # "read the value from the rule's own key"


# --- results -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The outcome of one rule: pass, fail or skip, with what was expected and what was found."""

    rule_id: str
    text: str
    status: Status
    expected: str = ""
    found: str = ""
    problems: tuple[str, ...] = ()  # one line per offending group, card, value or row
    origin: Origin | None = None

    @property
    def passed(self) -> bool:
        return self.status == "pass"

    @property
    def failed(self) -> bool:
        return self.status == "fail"

    @property
    def skipped(self) -> bool:
        return self.status == "skip"


class Counts:
    """The copies a rule sees per set: the catalog's own counts, or a deck list's.

    `listed` maps set id -> component id -> copies for the sets a deck list mentions; sets it
    does not mention are not covered (their rules are skipped). None means the catalog.
    """

    def __init__(self, game: Game, listed: dict[str, dict[str, int]] | None = None) -> None:
        self.game = game
        self.listed = listed

    @property
    def is_catalog(self) -> bool:
        return self.listed is None

    def covers(self, set_id: str) -> bool:
        return self.listed is None or set_id in self.listed

    def entries(self, set_id: str) -> list[tuple[Component, int]]:
        """(component, copies) in catalog order; a deck list gives only the cards it names."""
        components = self.game.sets[set_id].components
        if self.listed is None:
            return [(c, c.count) for c in components]
        chosen = self.listed.get(set_id, {})
        return [(c, chosen[c.id]) for c in components if c.id in chosen]


# --- small typed pieces --------------------------------------------------------------------


def _same(a: Any, b: Any) -> bool:
    """Equality that keeps YAML's true/false apart from 1/0."""
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    return a == b


def _items(value: Any) -> list[Any]:
    """A list-valued field's items; a scalar as a one-item list; None as no items."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def label(value: Any) -> str:
    """A value as the YAML author wrote it: true/false lower-case, numbers plain."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _outside(value: Any, allowed: tuple[Any, ...]) -> list[Any]:
    """The items of a (list-valued) field that are not among `allowed`."""
    return [v for v in _items(value) if not any(_same(v, ok) for ok in allowed)]


def _plural(n: int, unit: str) -> str:
    return f"{n} {unit if n == 1 else unit + 's'}"


@dataclass(frozen=True)
class Where:
    """`where:` conditions, all of which must hold; a list-valued field matches by any item."""

    conditions: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    def matches(self, component: Component) -> bool:
        for key, wanted in self.conditions:
            have = _items(component.value(key))
            if not any(_same(h, w) for h in have for w in wanted):
                return False
        return True

    def describe(self) -> str:
        parts = []
        for key, wanted in self.conditions:
            shown = ", ".join(map(label, wanted))
            parts.append(f"{key}: {shown if len(wanted) == 1 else '[' + shown + ']'}")
        return ", ".join(parts)


@dataclass(frozen=True)
class Range:
    """`equals`, or `min` and/or `max`, on a whole number."""

    equals: int | None = None
    min: int | None = None
    max: int | None = None

    def holds(self, n: int) -> bool:
        if self.equals is not None:
            return n == self.equals
        return (self.min is None or n >= self.min) and (self.max is None or n <= self.max)

    def describe(self, unit: str = "") -> str:
        u = (lambda n: _plural(n, unit)) if unit else str
        if self.equals is not None:
            return f"exactly {u(self.equals)}"
        if self.min is not None and self.max is not None:
            return f"between {self.min} and {u(self.max)}"
        if self.min is not None:
            return f"at least {u(self.min)}"
        return f"at most {u(self.max or 0)}"

    def gap(self, n: int) -> str:
        """`3 short`, `2 too many` or '' when in range."""
        low = self.equals if self.equals is not None else self.min
        high = self.equals if self.equals is not None else self.max
        if low is not None and n < low:
            return f"{low - n} short"
        if high is not None and n > high:
            return f"{n - high} too many"
        return ""


# --- checks --------------------------------------------------------------------------------


@dataclass
class Check:
    """A parsed rule. Subclasses compute (passed, expected, found, problems) from counts."""

    spec: RuleSpec

    def skip_reason(self, counts: Counts) -> str | None:
        return None

    def outcome(self, counts: Counts) -> tuple[bool, str, str, list[str]]:
        raise NotImplementedError

    def evaluate(self, counts: Counts) -> Verdict:
        """The verdict on these counts (skip when the rule does not apply to them)."""
        spec = self.spec
        reason = self.skip_reason(counts)
        if reason:
            return Verdict(spec.id, spec.text, "skip", found=reason, origin=spec.origin)
        passed, expected, found, problems = self.outcome(counts)
        return Verdict(
            spec.id, spec.text, "pass" if passed else "fail", expected, found,
            tuple(problems), spec.origin,
        )  # fmt: skip


@dataclass
class SetCheck(Check):
    """A rule about the components of one set (`deck:` or `set:`), optionally filtered."""

    target: ComponentSet = None  # type: ignore[assignment]
    where: Where = field(default_factory=Where)

    @property
    def unit(self) -> str:
        return "card" if self.target.is_deck else "piece"

    def skip_reason(self, counts: Counts) -> str | None:
        if counts.covers(self.target.id):
            return None
        if self.target.is_deck:
            return f"not applicable: the deck list has no deck {self.target.id!r}"
        return f"not applicable: {self.target.id!r} is a set of {self.target.kind}s, not a deck"

    def matching(self, counts: Counts) -> list[tuple[Component, int]]:
        return [(c, n) for c, n in counts.entries(self.target.id) if self.where.matches(c)]

    def scope(self) -> str:
        """` (faction: military)` when filtered, else ''."""
        return f" ({self.where.describe()})" if self.where.conditions else ""


@dataclass
class Total(SetCheck):
    range: Range = field(default_factory=Range)

    def outcome(self, counts: Counts) -> tuple[bool, str, str, list[str]]:
        n = sum(copies for _, copies in self.matching(counts))
        gap = self.range.gap(n)
        found = _plural(n, self.unit) + (f" ({gap})" if gap else "")
        return self.range.holds(n), self.range.describe(self.unit) + self.scope(), found, []


@dataclass
class PerGroup(SetCheck):
    group_by: tuple[str, ...] = ()
    range: Range | None = None
    expected: dict[str, Range] = field(default_factory=dict)

    def keys(self, component: Component) -> list[str]:
        """The groups a component belongs to (several when a group_by field is a list)."""
        values = [[label(v) for v in _items(component.value(f))] for f in self.group_by]
        return [" / ".join(combo) for combo in product(*values)]

    def wanted(self, group: str) -> Range:
        if group in self.expected:
            return self.expected[group]
        last = group.split(" / ")[-1]
        if len(self.group_by) > 1 and last in self.expected:
            return self.expected[last]
        return self.range if self.range is not None else Range(equals=0)

    def outcome(self, counts: Counts) -> tuple[bool, str, str, list[str]]:
        groups: dict[str, int] = {}
        for c in self.target.components:
            if self.where.matches(c):
                for key in self.keys(c):
                    groups.setdefault(key, 0)
        for key in self.expected:
            if key.count(" / ") == len(self.group_by) - 1:
                groups.setdefault(key, 0)
        for c, copies in self.matching(counts):
            for key in self.keys(c):
                groups[key] = groups.get(key, 0) + copies
        problems = []
        for key, n in groups.items():
            want = self.wanted(key)
            if not want.holds(n):
                problems.append(f"{key}: {n} (expected {want.describe()}, {want.gap(n)})")
        by = " / ".join(self.group_by)
        if self.expected:
            shown = ", ".join(f"{k} {r.describe()}" for k, r in self.expected.items())
            others = f"other {by} {self.range.describe()}" if self.range else f"no other {by}"
            expected = f"per {by}: {shown}; {others}"
        else:
            assert self.range is not None
            expected = f"{self.range.describe(self.unit)} for each {by}"
        expected += self.scope()
        if problems:
            found = f"{len(problems)} of {_plural(len(groups), 'group')} off"
        else:
            found = f"{_plural(len(groups), 'group')}, all as expected"
        return not problems, expected, found, problems


@dataclass
class MaxCopies(SetCheck):
    max: int = 1

    def outcome(self, counts: Counts) -> tuple[bool, str, str, list[str]]:
        entries = self.matching(counts)
        over = [(c, n) for c, n in entries if n > self.max]
        problems = [f"{c.id} ({c.name}): {n} copies ({n - self.max} too many)" for c, n in over]
        if self.max == 1:
            expected = f"one copy of each {self.unit}"
        else:
            expected = f"at most {self.max} copies of each {self.unit}"
        most = max((n for _, n in entries), default=0)
        if over:
            found = f"{_plural(len(over), self.unit)} over the limit"
        else:
            found = f"at most {most} {'copy' if most == 1 else 'copies'} of any {self.unit}"
        return not over, expected + self.scope(), found, problems


@dataclass
class Required(SetCheck):
    cards: tuple[Component, ...] = ()
    min: int = 1

    def outcome(self, counts: Counts) -> tuple[bool, str, str, list[str]]:
        have = dict((c.id, n) for c, n in counts.entries(self.target.id))
        if self.cards:
            missing = [c for c in self.cards if have.get(c.id, 0) < 1]
            problems = [f"missing: {c.id} ({c.name})" for c in missing]
            expected = "present: " + ", ".join(c.id for c in self.cards)
            found = (
                f"{len(missing)} of {len(self.cards)} missing"
                if missing
                else f"all {len(self.cards)} present"
            )
            return not missing, expected, found, problems
        n = sum(copies for _, copies in self.matching(counts))
        expected = f"at least {_plural(self.min, self.unit)}{self.scope()}"
        found = _plural(n, self.unit)
        return n >= self.min, expected, found, []


@dataclass
class AllowedValues(SetCheck):
    field: str = ""
    values: tuple[Any, ...] = ()

    def outcome(self, counts: Counts) -> tuple[bool, str, str, list[str]]:
        problems = []
        for c, _ in self.matching(counts):
            bad = _outside(c.value(self.field), self.values)
            if bad:
                shown = ", ".join(repr(v) for v in bad)
                problems.append(f"{c.id} ({c.name}): {self.field} {shown} (at {c.origin})")
        expected = f"{self.field} one of {_show_values(self.values)}{self.scope()}"
        found = "all allowed"
        if problems:
            found = f"{_plural(len(problems), self.unit)} with another value"
        return not problems, expected, found, problems


@dataclass
class EnoughToDeal(SetCheck):
    # (players, cards per player) for each player count checked; the worst case decides
    hands: tuple[tuple[int, int], ...] = ()

    def outcome(self, counts: Counts) -> tuple[bool, str, str, list[str]]:
        n = sum(copies for _, copies in self.matching(counts))
        players, per = max(self.hands, key=lambda h: (h[0] * h[1], h[0]))
        need = players * per
        case = "worst case " if len(self.hands) > 1 else ""
        expected = (
            f"at least {_plural(need, self.unit)} ({case}{_plural(players, 'player')} x {per})"
            + self.scope()
        )
        problems = [
            f"{_plural(p, 'player')} x {k} = {p * k}: {p * k - n} short"
            for p, k in self.hands
            if p * k > n
        ]
        found = _plural(n, self.unit) + (f" ({need - n} short)" if n < need else "")
        return n >= need, expected, found, problems


@dataclass
class TableCheck(Check):
    """A rule about a reference table's column; table rules are checked with the catalog only."""

    table: Table = None  # type: ignore[assignment]
    column: str = ""

    def skip_reason(self, counts: Counts) -> str | None:
        if counts.is_catalog:
            return None
        return "not applicable: table rules are checked with the catalog (pnp validate GAME)"

    def row_at(self, index: int) -> str:
        lines = self.table.row_lines
        where = f", line {lines[index]}" if index < len(lines) else ""
        return f"row {index + 1}{where}"


@dataclass
class TableCovers(TableCheck):
    values: tuple[Any, ...] = ()

    def outcome(self, counts: Counts) -> tuple[bool, str, str, list[str]]:
        rows_of: list[list[int]] = [[] for _ in self.values]
        for i, row in enumerate(self.table.rows):
            for cell in _items(row.get(self.column)):
                for j, v in enumerate(self.values):
                    if _same(cell, v):
                        rows_of[j].append(i)
        missing = [label(v) for v, rows in zip(self.values, rows_of, strict=True) if not rows]
        problems = []
        if missing:
            problems.append("missing: " + ", ".join(missing))
        for v, rows in zip(self.values, rows_of, strict=True):
            if len(rows) > 1:
                where = "; ".join(self.row_at(i) for i in rows)
                problems.append(f"{label(v)} appears {len(rows)} times ({where})")
        where = f"{self.table.id}.{self.column}"
        expected = f"each of {_show_values(self.values)} exactly once in {where}"
        found = _plural(len(problems), "problem") if problems else "each once"
        return not problems, expected, found, problems


@dataclass
class TableValues(TableCheck):
    values: tuple[Any, ...] = ()

    def outcome(self, counts: Counts) -> tuple[bool, str, str, list[str]]:
        problems = []
        for i, row in enumerate(self.table.rows):
            bad = _outside(row.get(self.column), self.values)
            if bad:
                problems.append(f"{self.row_at(i)}: {', '.join(repr(v) for v in bad)}")
        expected = f"{self.table.id}.{self.column} one of {_show_values(self.values)}"
        found = f"{_plural(len(problems), 'row')} with another value" if problems else "all allowed"
        return not problems, expected, found, problems


def _show_values(values: tuple[Any, ...], limit: int = 12) -> str:
    whole = len(values) > 2 and all(_is_whole(v) for v in values)
    if whole and list(values) == list(range(values[0], values[0] + len(values))):
        return f"{values[0]}..{values[-1]}"
    shown = ", ".join(label(v) for v in values[:limit])
    return shown + (f", ... ({len(values)} in all)" if len(values) > limit else "")


# --- parsing -------------------------------------------------------------------------------


class _Params:
    """A rule's parameters with typed getters that raise InputError at the key's line."""

    def __init__(self, spec: RuleSpec, game: Game) -> None:
        self.spec = spec
        self.game = game
        self.p = spec.params
        self.what = f"rule {spec.id!r} ({spec.check})"

    def line(self, key: str | None = None) -> int:
        if self.spec.raw is not None and key is not None:
            return self.spec.raw.line_of(key)
        return self.spec.origin.line

    def error(
        self,
        message: str,
        key: str | None = None,
        *,
        line: int | None = None,
        suggestions: list[str] | None = None,
    ) -> InputError:
        kw: dict[str, Any] = {"file": self.spec.origin.file, "line": line or self.line(key)}
        if suggestions is not None:
            return UnknownNameError(f"{self.what}: {message}", suggestions=suggestions, **kw)
        return InputError(f"{self.what}: {message}", **kw)

    def sub_line(self, value: Any, key: Any, fallback: str) -> int:
        """Line of `key` inside a nested mapping/list value, else of the rule key."""
        _, line = where_of(value, key)
        return line or self.line(fallback)

    def check_keys(self, required: Iterable[str], optional: Iterable[str] = ()) -> None:
        required, optional = tuple(required), tuple(optional)
        allowed = required + optional + COMMON_KEYS
        for key in self.p:
            if key not in allowed:
                known = ", ".join(("id", "text", "check") + required + optional)
                raise self.error(
                    f"unknown key {key!r} (a {self.spec.check} rule takes: {known})",
                    str(key),
                    suggestions=closest(str(key), allowed),
                )
        for key in required:
            if key not in self.p:
                raise self.error(f"missing `{key}`")

    def name(self, key: str, value: Any = _KEY) -> str:
        """An id: text, or a number YAML read as one (`2023`)."""
        value = self.p.get(key) if value is _KEY else value
        if isinstance(value, bool) or not isinstance(value, str | int) or value == "":
            raise self.error(f"`{key}` should be an id, found {describe(value)}", key)
        return str(value)

    def whole(self, key: str, *, low: int | None = 0) -> int:
        value = self.p.get(key)
        if not _is_whole(value) or (low is not None and value < low):
            floor = f" of {low} or more" if low is not None else ""
            found = describe(value)
            raise self.error(f"`{key}` should be a whole number{floor}, found {found}", key)
        return value

    def target(self) -> ComponentSet:
        """The set a rule is about: `deck:` (a set of cards) or `set:` (any set)."""
        has_deck, has_set = "deck" in self.p, "set" in self.p
        if has_deck and has_set:
            raise self.error("give `deck:` or `set:`, not both", "set")
        if not has_deck and not has_set:
            raise self.error("name what it checks with `deck:` (a deck) or `set:` (any set)")
        key = "deck" if has_deck else "set"
        ref = self.name(key)
        sets = self.game.decks if has_deck else self.game.sets
        if ref not in sets:
            other = self.game.sets.get(ref)
            if has_deck and other is not None:
                raise self.error(
                    f"`deck: {ref}` names a set of {other.kind}s, not a deck of cards "
                    "(write `set:` instead)",
                    key,
                )
            kind = "deck" if has_deck else "set"
            raise self.error(
                f"no {kind} {ref!r} in {self.game.id} (known: {', '.join(sets) or 'none'})",
                key,
                suggestions=closest(ref, sets),
            )
        return sets[ref]

    def field_name(
        self, key: str, target: ComponentSet, value: Any = _KEY, line: int | None = None
    ) -> str:
        """A field some component of `target` has (or id/name/...)."""
        name = self.name(key, value)
        known = _known_fields(target)
        if name not in known:
            raise self.error(
                f"no component of {target.id!r} has a field {name!r} (fields: {', '.join(known)})",
                key,
                line=line,
                suggestions=closest(name, known),
            )
        return name

    def scalars(self, value: Any, key: str, line: int | None = None) -> tuple[Any, ...]:
        """A scalar or list of scalars (as a tuple)."""
        items = value if isinstance(value, list) else [value]
        for item in items:
            if item is None or isinstance(item, dict | list):
                raise self.error(
                    f"`{key}` should be a value or a list of values, found {describe(item)}",
                    key,
                    line=line,
                )
        return tuple(items)

    def where(self, target: ComponentSet, *, required: bool = False) -> Where:
        raw = self.p.get("where")
        if raw is None and not required:
            return Where()
        if not isinstance(raw, dict) or not raw:
            raise self.error(
                "`where` should map fields to values, e.g. {faction: military}", "where"
            )
        conditions = []
        for f, wanted in raw.items():
            line = self.sub_line(raw, f, "where")
            name = self.field_name("where", target, f, line)
            values = self.scalars(wanted, "where", line)
            if not values:
                raise self.error(f"`where` {name}: give at least one value", "where", line=line)
            conditions.append((name, values))
        return Where(tuple(conditions))

    def range(self, *, required: bool = True) -> Range | None:
        given = [k for k in ("equals", "min", "max") if k in self.p]
        if not given:
            if required:
                raise self.error("needs `equals`, or `min` and/or `max`")
            return None
        if "equals" in given and len(given) > 1:
            raise self.error("give `equals` alone, or `min` and/or `max`", given[1])
        r = Range(**{k: self.whole(k) for k in given})
        if r.min is not None and r.max is not None and r.min > r.max:
            raise self.error(f"`min` ({r.min}) is more than `max` ({r.max})", "min")
        return r

    def table(self, key: str = "table", value: Any = _KEY, line: int | None = None) -> Table:
        ref = self.name(key, value)
        if ref not in self.game.tables:
            tables = self.game.tables
            raise self.error(
                f"no table {ref!r} in {self.game.id} (known: {', '.join(tables) or 'none'})",
                key,
                line=line,
                suggestions=closest(ref, tables),
            )
        return self.game.tables[ref]

    def column(
        self, table: Table, key: str = "column", value: Any = _KEY, line: int | None = None
    ) -> str:
        name = self.name(key, value)
        if name not in table.columns:
            raise self.error(
                f"table {table.id!r} has no column {name!r} (columns: {', '.join(table.columns)})",
                key,
                line=line,
                suggestions=closest(name, table.columns),
            )
        return name

    def values(self, key: str = "values") -> tuple[Any, ...]:
        """A list of allowed values, or `{table, column}` / `{set or deck, field}` to take them
        from the catalog (e.g. every event a table names is a defined event)."""
        raw = self.p.get(key)
        if isinstance(raw, list):
            if not raw:
                raise self.error(f"`{key}` should list at least one value", key)
            return self.scalars(raw, key)
        if isinstance(raw, dict):
            keys = set(raw)
            if keys == {"table", "column"}:
                table = self.table("table", raw["table"], self.sub_line(raw, "table", key))
                line = self.sub_line(raw, "column", key)
                column = self.column(table, "column", raw["column"], line)
                cells = [v for row in table.rows for v in _items(row.get(column))]
                return tuple(dict.fromkeys(v for v in cells if not isinstance(v, dict | list)))
            if keys in ({"set"}, {"deck"}, {"set", "field"}, {"deck", "field"}):
                kind = "deck" if "deck" in keys else "set"
                ref = self.name(kind, raw[kind])
                sets = self.game.decks if kind == "deck" else self.game.sets
                if ref not in sets:
                    raise self.error(
                        f"`{key}`: no {kind} {ref!r} in {self.game.id}",
                        key,
                        line=self.sub_line(raw, kind, key),
                        suggestions=closest(ref, sets),
                    )
                fname = "id"
                if "field" in raw:
                    line = self.sub_line(raw, "field", key)
                    fname = self.field_name("field", sets[ref], raw["field"], line)
                items = [v for c in sets[ref].components for v in _items(c.value(fname))]
                return tuple(dict.fromkeys(v for v in items if not isinstance(v, dict | list)))
        raise self.error(
            f"`{key}` should be a list of values, {{table: ID, column: NAME}} or "
            f"{{set: ID, field: NAME}}, found {describe(raw)}",
            key,
        )


def _known_fields(target: ComponentSet) -> list[str]:
    names: dict[str, None] = dict.fromkeys(BUILTIN_FIELDS)
    for c in target.components:
        names.update(dict.fromkeys(str(k) for k in c.fields))
    return list(names)


def find_components(ref: Any, components: Iterable[Component]) -> list[Component]:
    """Components `ref` names: the one with that id, else every one with that name.

    Case-insensitive, spaces collapsed; several results mean the name is ambiguous.
    """
    key = _fold(ref)
    components = list(components)
    by_id = [c for c in components if _fold(c.id) == key]
    return by_id or [c for c in components if _fold(c.name) == key]


def suggest(ref: Any, things: Iterable[Component | ComponentSet], n: int = 3) -> list[str]:
    """Up to `n` ids or names closest to `ref`, naming each component (or set) once."""
    owner: dict[str, str] = {}
    things = list(things)
    for t in things:  # names first so an id that differs only by case wins the tie
        owner.setdefault(t.name, t.id)
    for t in things:
        owner[t.id] = t.id
    hits, seen = [], set()
    for hit in closest(str(ref), owner, n=n * 2):
        if owner[hit] not in seen:
            seen.add(owner[hit])
            hits.append(hit)
    return hits[:n]


def _fold(text: Any) -> str:
    return " ".join(str(text).split()).casefold()


def _parse_total(p: _Params) -> Check:
    p.check_keys([], ["deck", "set", "where", "equals", "min", "max"])
    target = p.target()
    return Total(p.spec, target, p.where(target), p.range())


def _parse_per_group(p: _Params) -> Check:
    p.check_keys(["group_by"], ["deck", "set", "where", "equals", "min", "max", "expected"])
    target = p.target()
    raw = p.p["group_by"]
    fields = raw if isinstance(raw, list) else [raw]
    if not fields:
        raise p.error("`group_by` should name a field or a list of fields", "group_by")
    group_by = tuple(
        p.field_name("group_by", target, f, p.sub_line(raw, i, "group_by"))
        for i, f in enumerate(fields)
    )
    expected: dict[str, Range] = {}
    if "expected" in p.p:
        raw_exp = p.p["expected"]
        if not isinstance(raw_exp, dict) or not raw_exp:
            raise p.error(
                "`expected` should map groups to counts, e.g. {red: 1, blue: 1}", "expected"
            )
        for key, value in raw_exp.items():
            line = p.sub_line(raw_exp, key, "expected")
            expected[label(key)] = _range_value(p, value, f"expected {label(key)}", line)
    rng = p.range(required=not expected)
    return PerGroup(p.spec, target, p.where(target), group_by, rng, expected)


def _range_value(p: _Params, value: Any, what: str, line: int) -> Range:
    """A count (`4`) or a range mapping (`{min: 1, max: 3}`) inside `expected`."""
    if _is_whole(value) and value >= 0:
        return Range(equals=value)
    keys_ok = isinstance(value, dict) and value and set(value) <= {"equals", "min", "max"}
    if (
        keys_ok
        and all(_is_whole(v) and v >= 0 for v in value.values())
        and ("equals" not in value or len(value) == 1)
    ):
        r = Range(**{str(k): v for k, v in value.items()})
        if r.min is None or r.max is None or r.min <= r.max:
            return r
    raise p.error(
        f"`{what}` should be a whole number of 0 or more, or {{min: N, max: N}}, "
        f"found {describe(value)}",
        line=line,
    )


def _parse_max_copies(p: _Params) -> Check:
    p.check_keys(["max"], ["deck", "set", "where"])
    target = p.target()
    return MaxCopies(p.spec, target, p.where(target), p.whole("max"))


def _parse_unique(p: _Params) -> Check:
    p.check_keys([], ["deck", "set", "where"])
    target = p.target()
    return MaxCopies(p.spec, target, p.where(target), 1)


def _parse_required(p: _Params) -> Check:
    p.check_keys([], ["deck", "set", "cards", "where", "min"])
    target = p.target()
    if ("cards" in p.p) == ("where" in p.p):
        raise p.error("name the cards with `cards: [id or name, ...]` or `where:`, one of the two")
    if "cards" in p.p:
        if "min" in p.p:
            raise p.error("`min` goes with `where:`; with `cards:` every card must be there", "min")
        raw = p.p["cards"]
        refs = raw if isinstance(raw, list) else [raw]
        if not refs:
            raise p.error("`cards` should list at least one card", "cards")
        cards = []
        for i, ref in enumerate(refs):
            line = p.sub_line(raw, i, "cards")
            cards.append(_resolve_card(p, target, ref, line))
        return Required(p.spec, target, Where(), tuple(cards))
    minimum = p.whole("min", low=1) if "min" in p.p else 1
    return Required(p.spec, target, p.where(target, required=True), (), minimum)


def _resolve_card(p: _Params, target: ComponentSet, ref: Any, line: int) -> Component:
    if isinstance(ref, bool) or not isinstance(ref, str | int | float) or ref == "":
        raise p.error(
            f"`cards` should list card ids or names, found {describe(ref)}", "cards", line=line
        )
    found = find_components(ref, target.components)
    if not found:
        raise p.error(
            f"no card {ref!r} in {target.id!r}",
            "cards",
            line=line,
            suggestions=suggest(ref, target.components),
        )
    if len(found) > 1:
        raise p.error(
            f"{ref!r} names {len(found)} cards in {target.id!r}: use an id "
            f"({', '.join(c.id for c in found)})",
            "cards",
            line=line,
        )
    return found[0]


def _parse_allowed_values(p: _Params) -> Check:
    p.check_keys(["field", "values"], ["deck", "set", "where"])
    target = p.target()
    fname = p.field_name("field", target)
    return AllowedValues(p.spec, target, p.where(target), fname, p.values())


def _parse_enough_to_deal(p: _Params) -> Check:
    p.check_keys([], ["deck", "set", "where", "per_player", "per_player_table", "add", "players"])
    target = p.target()
    if ("per_player" in p.p) == ("per_player_table" in p.p):
        raise p.error("give `per_player: N` or `per_player_table: {table, players, cards}`")
    add = p.whole("add", low=None) if "add" in p.p else 0
    player_counts = _player_counts(p)
    if "per_player" in p.p:
        per = p.whole("per_player")
        hands = [(n, per + add) for n in player_counts]
    else:
        hands = [(n, k + add) for n, k in _table_hands(p, player_counts)]
    for n, k in hands:
        if k < 0:
            raise p.error(f"`add` makes a hand of {k} cards for {n} players", "add")
    return EnoughToDeal(p.spec, target, p.where(target), tuple(hands))


def _player_counts(p: _Params) -> list[int]:
    players = p.game.meta.get("players") or {}
    if "players" not in p.p:
        if not players:
            raise p.error("say `players: N` (the game gives no player count)")
        return [players["max"]]
    if p.p["players"] == "all":
        if not players:
            raise p.error("`players: all` needs the game's players {min, max}", "players")
        return list(range(players["min"], players["max"] + 1))
    value = p.p["players"]
    if not _is_whole(value) or value < 1:
        raise p.error(
            f"`players` should be a whole number of at least 1 or `all`, found {describe(value)}",
            "players",
        )
    return [value]


def _table_hands(p: _Params, player_counts: list[int]) -> list[tuple[int, int]]:
    raw = p.p["per_player_table"]
    if not isinstance(raw, dict) or set(raw) != {"table", "players", "cards"}:
        raise p.error(
            "`per_player_table` should be {table: ID, players: COLUMN, cards: COLUMN}",
            "per_player_table",
        )
    key = "per_player_table"
    table = p.table("table", raw["table"], p.sub_line(raw, "table", key))
    pcol = p.column(table, "players", raw["players"], p.sub_line(raw, "players", key))
    ccol = p.column(table, "cards", raw["cards"], p.sub_line(raw, "cards", key))
    hands = []
    for n in player_counts:
        rows = [i for i, row in enumerate(table.rows) if _same(row.get(pcol), n)]
        if not rows:
            raise p.error(
                f"table {table.id!r} (line {table.origin.line}) has no row with {pcol} = {n}",
                "per_player_table",
            )
        k = table.rows[rows[0]].get(ccol)
        if not _is_whole(k) or k < 0:
            line = table.row_lines[rows[0]] if rows[0] < len(table.row_lines) else table.origin.line
            raise p.error(
                f"table {table.id!r}: {ccol} for {n} players should be a whole number, "
                f"found {describe(k)}",
                line=line,
            )
        hands.append((n, k))
    return hands


def _parse_table_covers(p: _Params) -> Check:
    p.check_keys(["table", "column"], ["from", "to", "values"])
    table = p.table()
    column = p.column(table)
    if "values" in p.p:
        if "from" in p.p or "to" in p.p:
            raise p.error("give `from` and `to`, or `values`, not both", "values")
        values = p.values()
    else:
        if "from" not in p.p or "to" not in p.p:
            raise p.error("needs `from` and `to` (or `values`)")
        low, high = p.whole("from", low=None), p.whole("to", low=None)
        if low > high:
            raise p.error(f"`from` ({low}) is more than `to` ({high})", "from")
        if high - low > MAX_SPAN:
            raise p.error(f"`from`..`to` spans more than {MAX_SPAN} values", "to")
        values = tuple(range(low, high + 1))
    return TableCovers(p.spec, table, column, values)


def _parse_table_values(p: _Params) -> Check:
    p.check_keys(["table", "column", "values"])
    table = p.table()
    return TableValues(p.spec, table, p.column(table), p.values())


CHECKS: dict[str, Callable[[_Params], Check]] = {
    "total": _parse_total,
    "per_group": _parse_per_group,
    "max_copies": _parse_max_copies,
    "unique": _parse_unique,
    "required": _parse_required,
    "allowed_values": _parse_allowed_values,
    "enough_to_deal": _parse_enough_to_deal,
    "table_covers": _parse_table_covers,
    "table_values": _parse_table_values,
}


def parse_rule(spec: RuleSpec, game: Game) -> Check:
    """One rule as written -> a typed check; InputError at the rule's line when it is wrong."""
    parser = CHECKS.get(spec.check)
    if parser is None:
        line = spec.raw.line_of("check") if spec.raw is not None else spec.origin.line
        raise UnknownNameError(
            f"rule {spec.id!r}: unknown check {spec.check!r} (known: {', '.join(CHECKS)})",
            file=spec.origin.file,
            line=line,
            suggestions=closest(spec.check, CHECKS),
        )
    return parser(_Params(spec, game))


def parse_rules(game: Game) -> list[Check]:
    """Every rule of `game`, parsed and checked against its catalog."""
    return [parse_rule(spec, game) for spec in game.rules]


def evaluate(checks: Iterable[Check], counts: Counts) -> list[Verdict]:
    """A verdict per check, in order."""
    return [check.evaluate(counts) for check in checks]
