"""The `facts` check and its parser: the row a key picks holds the values the rulebook gives.

`table_values` and `allowed_values` say which values occur; a fact says which row holds them:
`level: 2 -> total_cost: 35, bonus: 1` in a table, `france-2 -> influence: 2` for a card. A row
that is gone, or a value moved to another row, breaks the rule. Facts are about the catalog, so a
deck list skips them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pnp.catalog.yamlsource import plain
from pnp.names import closest, describe, did_you_mean
from pnp.rules.check import CatalogCheck, Check, Outcome
from pnp.rules.params import RuleParams
from pnp.rules.rows import Row, Source, fields_list, read_source
from pnp.rules.values import items, label, plural, same
from pnp.rules.verdict import About, Counts

MAX_SHOWN_ROWS = 4  # rows written out in `expected`; the rest are counted

Fact = tuple[object, tuple[tuple[str, Any], ...]]  # key value -> ((field, value), ...)


def matches(have: Any, want: Any) -> bool:
    """`have` is what the rulebook says: lists in any order, mappings key by key, null absent."""
    if want is None:
        return have is None or have == []
    if isinstance(want, list):
        if not isinstance(have, list) or len(have) != len(want):
            return False
        rest = list(have)
        for w in want:
            hit = next((i for i, h in enumerate(rest) if matches(h, w)), None)
            if hit is None:
                return False
            rest.pop(hit)
        return True
    if isinstance(want, dict):
        return (
            isinstance(have, dict)
            and {label(k) for k in have} == {label(k) for k in want}
            and all(matches(have.get(k), v) for k, v in want.items())
        )
    return same(have, want)


def show(value: Any) -> str:
    """A value as a person wrote it in YAML: `35`, `deport`, `[a, b]`, `{each: 1}`."""
    if value is None:
        return "nothing"
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{label(k)}: {show(v)}" for k, v in value.items()) + "}"
    return label(value)


@dataclass
class Facts(CatalogCheck):
    source: Source
    key: tuple[str, ...]  # the field(s) whose value picks the row
    facts: tuple[Fact, ...]

    def about(self) -> About:
        return ((self.source.kind, self.source.id),)

    @property
    def unit(self) -> str:
        if self.source.kind == "table":
            return "row"
        return "card" if self.source.kind == "deck" else "piece"

    def who(self, key: object) -> str:
        """`level 2`; a component's id, or several fields' values (`red / Queen`), as is."""
        return (
            f"{self.key[0]} {label(key)}"
            if self.key[0] != "id" and len(self.key) == 1
            else label(key)
        )

    def picks(self, row: Row, key: object) -> bool:
        """Whether `row` is the one `key` names (any item of a list cell will do)."""
        if len(self.key) > 1:
            return label(key) in row.key(self.key)
        return any(same(v, key) for v in items(row.value(self.key[0])))

    def outcome(self, counts: Counts) -> Outcome:
        rows = self.source.rows()
        problems: list[str] = []
        for key, fields in self.facts:
            found = [r for r in rows if self.picks(r, key)]
            if len(found) != 1:
                problems.append(self._not_one(key, found, rows))
                continue
            problems.extend(self._differences(key, found[0], fields))
        n = sum(len(fields) for _, fields in self.facts)
        if problems:
            found_text = f"{plural(len(problems), 'problem')} in {n} facts"
        else:
            found_text = f"{plural(n, 'fact')} in {plural(len(self.facts), self.unit)}, as expected"
        return Outcome(not problems, self.expectation(), found_text, problems)

    def _not_one(self, key: object, found: list[Row], rows: list[Row]) -> str:
        if found:
            places = "; ".join(r.place for r in found)
            return f"{self.who(key)}: {len(found)} {self.unit}s have it ({places}), expected one"
        where = f"table {self.source.id!r}" if self.unit == "row" else f"{self.source.id!r}"
        known = [k for r in rows for k in r.key(self.key)]
        hint = did_you_mean(closest(label(key), known))
        return f"{self.who(key)}: no {self.unit} of {where} has it" + (f" ({hint})" if hint else "")

    def _differences(self, key: object, row: Row, fields: tuple[tuple[str, Any], ...]) -> list[str]:
        out = []
        for field, want in fields:
            have = row.value(field)
            if not matches(have, want):
                out.append(
                    f"{self.who(key)} ({row.place}): {field} is {show(have)}, expected {show(want)}"
                )
        return out

    def expectation(self) -> str:
        shown = [
            f"{self.who(key)}: " + ", ".join(f"{f} {show(v)}" for f, v in fields)
            for key, fields in self.facts[:MAX_SHOWN_ROWS]
        ]
        more = len(self.facts) - len(shown)
        text = "; ".join(shown) + (f"; ... ({len(self.facts)} {self.unit}s in all)" if more else "")
        by = f" by {' / '.join(self.key)}" if len(self.key) > 1 else ""
        return f"in {self.source.kind} {self.source.id}{by}: {text}"


def parse_facts(p: RuleParams) -> Check:
    p.check_keys(["table", "deck", "set", "key", "expect"], required=["expect"])
    source = read_source(p, p.raw)
    if source.kind == "table" and "key" not in p:
        raise p.error("facts about a table need `key:`, the column that picks the row (e.g. level)")
    key = fields_list(p, "key", p.get("key"), source, p.line_of("key")) if "key" in p else ("id",)
    return Facts(p.spec, source, key, _facts(p, source))


def _facts(p: RuleParams, source: Source) -> tuple[Fact, ...]:
    """`expect: {KEY: {field: value, ...}, ...}`."""
    raw = p.get("expect")
    example = "{2: {cost: 20, bonus: 1}}"
    if not isinstance(raw, Mapping) or not raw:
        raise p.error(f"`expect` should map each key to its facts, e.g. {example}", "expect")
    facts = []
    for key, fields in raw.items():
        line = p.line_in(raw, key, "expect")
        if key is None or isinstance(key, list | dict):
            raise p.error(f"`expect`: a key should be a value, found {describe(key)}", line=line)
        if not isinstance(fields, Mapping) or not fields:
            raise p.error(
                f"`expect` {label(key)}: give its facts as {{field: value}}, "
                f"found {describe(fields)}",
                line=line,
            )
        pairs = []
        for f, value in fields.items():
            at = p.line_in(fields, f, "expect")
            name = p.known_name("expect", source.fields(), source.owner(), f, at)
            pairs.append((name, plain(value)))
        facts.append((plain(key), tuple(pairs)))
    return tuple(facts)
