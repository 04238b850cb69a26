"""The `agree` check and its parser: a fact the catalog states in two places says the same in both.

Each side is a table, or the components of a deck or set, read as pairs `key -> value` (list cells
give one pair per item): the event table's `roll -> event` and the events' `rolls -> id`, or each
card's `faction / name -> targets` and a relation table's `from / card -> to`. The rule holds when
every key found on either side has the same values on the other. Cross-checks are about the
catalog, so a deck list skips them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnp.names import closest, describe
from pnp.rules.check import CatalogCheck, Check, Outcome
from pnp.rules.params import RuleParams
from pnp.rules.rows import SOURCE_KEYS, Source, fields_list, read_source
from pnp.rules.values import plural
from pnp.rules.verdict import About, Counts

SIDE_KEYS = (*SOURCE_KEYS, "key", "value", "where", "split")
# key -> (its values in first-seen order, where the first of them is written)
Entry = tuple[dict[str, None], str]
Pairs = dict[str, Entry]


@dataclass(frozen=True)
class Side:
    """One place the fact is written: `key -> value` pairs of a table or a set."""

    source: Source
    key: tuple[str, ...]
    value: tuple[str, ...]

    @property
    def name(self) -> str:
        """`events.id`: where a person looks."""
        return f"{self.source.id}.{' / '.join(self.value)}"

    def describe(self) -> str:
        """`roll -> event in event-table (card: Fake Intel)`."""
        scope = f" ({self.source.where.describe()})" if self.source.where.conditions else ""
        by = " / ".join(self.key)
        return f"{by} -> {' / '.join(self.value)} in {self.source.kind} {self.source.id}{scope}"

    def pairs(self) -> Pairs:
        out: Pairs = {}
        for row in self.source.rows():
            values = row.key(self.value)
            if not values:
                continue  # a row with no value states nothing
            for key in row.key(self.key):
                seen, place = out.setdefault(key, ({}, row.place))
                seen.update(dict.fromkeys(values))
        return out


@dataclass
class Agree(CatalogCheck):
    left: Side
    right: Side

    def about(self) -> About:
        sides = [(s.source.kind, s.source.id) for s in (self.left, self.right)]
        return tuple(dict.fromkeys(sides))

    def outcome(self, counts: Counts) -> Outcome:
        left, right = self.left.pairs(), self.right.pairs()
        keys = list(dict.fromkeys([*left, *right]))
        problems = [
            self._difference(k, left.get(k), right.get(k))
            for k in keys
            if k not in left or k not in right or set(left[k][0]) != set(right[k][0])
        ]
        expected = f"{self.left.describe()} the same as {self.right.describe()}"
        if problems:
            found = f"{len(problems)} of {plural(len(keys), 'key')} differ"
        else:
            found = f"{plural(len(keys), 'key')}, all the same"
        return Outcome(not problems, expected, found, problems)

    def _difference(self, key: str, left: Entry | None, right: Entry | None) -> str:
        def said(side: Side, entry: Entry | None) -> str:
            if entry is None:
                return f"{side.name} has nothing"
            return f"{side.name} has {', '.join(entry[0])} ({entry[1]})"

        who = f"{self.left.key[0]} {key}" if len(self.left.key) == 1 else key
        return f"{who}: {said(self.left, left)}; {said(self.right, right)}"


def parse_agree(p: RuleParams) -> Check:
    p.check_keys(["left", "right"], required=["left", "right"])
    left, right = _side(p, "left"), _side(p, "right")
    for part in ("key", "value"):
        a, b = getattr(left, part), getattr(right, part)
        if len(a) != len(b):
            raise p.error(
                f"`left` {part} names {plural(len(a), 'field')} and `right` {part} "
                f"{len(b)}; they should name as many",
                "right",
            )
    return Agree(p.spec, left, right)


def _side(p: RuleParams, at: str) -> Side:
    """`{table: ID or deck/set: ID, key: FIELD(S), value: FIELD(S), where?, split?}`."""
    raw = p.get(at)
    if not isinstance(raw, Mapping):
        raise p.error(
            f"`{at}` should be {{table: ID, key: FIELD, value: FIELD}} (or deck:/set: instead "
            f"of table:), found {describe(raw)}",
            at,
        )
    for k in raw:
        if k not in SIDE_KEYS:
            raise p.error(
                f"`{at}`: unknown key {describe(k)} (a side takes: {', '.join(SIDE_KEYS)})",
                line=p.line_in(raw, k, at),
                suggestions=closest(k, SIDE_KEYS),
            )
    for k in ("key", "value"):
        if k not in raw:
            raise p.error(f"`{at}` needs `{k}:`, a field or a list of fields", at)
    source = read_source(p, raw, at)
    key = fields_list(p, "key", raw["key"], source, p.line_in(raw, "key", at))
    value = fields_list(p, "value", raw["value"], source, p.line_in(raw, "value", at))
    return Side(source, key, value)
