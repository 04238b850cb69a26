"""Checks that count copies: `total`, `per_group`, `max_copies` and `unique`, with their parsers.

Each check class is followed by the function that reads its rule (`parse_*`, registered by name
in `registry.py`), so what a rule may say and what it checks are read in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import product

from pnp.catalog.model import Component
from pnp.names import describe
from pnp.rules.check import Check, Outcome, SetCheck
from pnp.rules.params import RuleParams
from pnp.rules.values import Range, is_whole, items, label, plural
from pnp.rules.verdict import Counts

RANGE_KEYS = ("equals", "min", "max")
SET_KEYS = ("deck", "set", "where")

# --- total: how many copies, optionally of the components `where:` picks ------------------------


@dataclass
class Total(SetCheck):
    range: Range

    def outcome(self, counts: Counts) -> Outcome:
        n = sum(copies for _, copies in self.matching(counts))
        gap = self.range.gap(n)
        found = plural(n, self.unit) + (f" ({gap})" if gap else "")
        expected = self.range.describe(self.unit) + self.scope()
        return Outcome(self.range.holds(n), expected, found, [])


def parse_total(p: RuleParams) -> Check:
    p.check_keys(SET_KEYS + RANGE_KEYS)
    target = p.target()
    where = p.where(target)
    return Total(p.spec, target, where, p.range())


# --- per_group: how many copies in each group of one or more fields -----------------------------

MEMBERS_SHOWN = 8  # cards named in a group that is off


@dataclass
class PerGroup(SetCheck):
    group_by: tuple[str, ...]
    range: Range | None  # for groups `expected` does not name (None: no other group allowed)
    expected: dict[str, Range]

    def keys(self, component: Component) -> list[str]:
        """The groups a component belongs to (several when a group_by field is a list)."""
        values = [[label(v) for v in items(component.value(f))] for f in self.group_by]
        return [" / ".join(combo) for combo in product(*values)]

    def wanted(self, group: str) -> Range:
        if group in self.expected:
            return self.expected[group]
        last = group.split(" / ")[-1]
        if len(self.group_by) > 1 and last in self.expected:
            return self.expected[last]
        return self.range if self.range is not None else Range(equals=0)

    def groups(self, counts: Counts) -> dict[str, int]:
        """Copies per group; every group the catalog or `expected` names shows, even at 0."""
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
        return groups

    def expectation(self) -> str:
        """`each house: 3 Scout, 2 Guard; 1 Queen (red); no other name`."""
        by = " / ".join(self.group_by)
        if not self.expected:
            assert self.range is not None  # the parser requires a range when nothing is expected
            return f"{self.range.describe(self.unit)} for each {by}{self.scope()}"
        last = self.group_by[-1]
        if len(self.group_by) == 1:
            parts = [
                ", ".join(f"{by} {k}: {_count(r, self.unit)}" for k, r in self.expected.items())
            ]
        else:
            parts = self._by_last_value()
        others = f"any other {last} {self.range.describe()}" if self.range else f"no other {last}"
        return "; ".join([*parts, others]) + self.scope()

    def _by_last_value(self) -> list[str]:
        """Expectations of a several-field group_by, saying which groups each one applies to:
        to every group of the catalog (`each faction: 3 spy`) or only some (`1 boss (red)`)."""
        prefixes: dict[str, dict[str, None]] = {}  # last value -> the groups' other values
        for c in self.target.components:
            if self.where.matches(c):
                for key in self.keys(c):
                    head, _, tail = key.rpartition(" / ")
                    prefixes.setdefault(tail, {})[head] = None
        every = {head for heads in prefixes.values() for head in heads}
        common, some = [], []
        for key, r in self.expected.items():
            if " / " in key:
                some.append(f"{key}: {_count(r)}")
            elif set(prefixes.get(key, ())) == every:
                common.append(_count(r, name=key))
            else:
                heads = ", ".join(prefixes.get(key, ())) or f"no {self.unit} in the catalog"
                some.append(f"{_count(r, name=key)} ({heads})")
        head_by = " / ".join(self.group_by[:-1])
        parts = [f"each {head_by}: {', '.join(common)}"] if common else []
        return parts + ([", ".join(some)] if some else [])

    def members(self, counts: Counts) -> dict[str, list[str]]:
        """Group -> `2 x Scout`, one entry per component of the group counted."""
        found: dict[str, list[str]] = {}
        for c, copies in self.matching(counts):
            for key in self.keys(c) if copies else ():
                found.setdefault(key, []).append(f"{copies} x {c.name}")
        return found

    def outcome(self, counts: Counts) -> Outcome:
        groups = self.groups(counts)
        members = self.members(counts)
        problems = []
        for key, n in groups.items():
            want = self.wanted(key)
            if not want.holds(n):
                cards = members.get(key, [])
                shown = ", ".join(cards[:MEMBERS_SHOWN])
                more = (
                    f", and {len(cards) - MEMBERS_SHOWN} more" if len(cards) > MEMBERS_SHOWN else ""
                )
                which = f": {shown}{more}" if cards else ""
                problems.append(f"{key}: {n} (expected {want.describe()}, {want.gap(n)}){which}")
        if problems:
            found = f"{len(problems)} of {plural(len(groups), 'group')} off"
        else:
            found = f"{plural(len(groups), 'group')}, all as expected"
        return Outcome(not problems, self.expectation(), found, problems)


def _count(r: Range, unit: str = "", name: str = "") -> str:
    """`3 spy`, `2 cards`, `spy between 1 and 2`: how many of a group an expectation wants."""
    if r.equals is not None:
        n = plural(r.equals, unit) if unit else str(r.equals)
        return f"{n} {name}" if name else n
    return f"{name} {r.describe(unit)}" if name else r.describe(unit)


def parse_per_group(p: RuleParams) -> Check:
    p.check_keys(("group_by",) + SET_KEYS + RANGE_KEYS + ("expected",), required=["group_by"])
    target = p.target()
    raw = p.get("group_by")
    fields = raw if isinstance(raw, list) else [raw]
    if not fields:
        raise p.error("`group_by` should name a field or a list of fields", "group_by")
    group_by = tuple(
        p.field_name("group_by", target, f, p.line_in(raw, i, "group_by"))
        for i, f in enumerate(fields)
    )
    expected = _expected(p) if "expected" in p else {}
    rng = p.range_if_given() if expected else p.range()
    return PerGroup(p.spec, target, p.where(target), group_by, rng, expected)


def _expected(p: RuleParams) -> dict[str, Range]:
    """`expected: {group: count or {min, max}}`."""
    raw = p.get("expected")
    if not isinstance(raw, Mapping) or not raw:
        raise p.error("`expected` should map groups to counts, e.g. {red: 1, blue: 1}", "expected")
    expected: dict[str, Range] = {}
    for key, value in raw.items():
        line = p.line_in(raw, key, "expected")
        expected[label(key)] = _range_value(p, value, f"expected {label(key)}", line)
    return expected


def _range_value(p: RuleParams, value: object, what: str, line: int | None) -> Range:
    """A count (`4`) or a range mapping (`{min: 1, max: 3}`) inside `expected`."""
    if is_whole(value) and value >= 0:
        return Range(equals=value)
    if (
        isinstance(value, Mapping)
        and value
        and set(value) <= set(RANGE_KEYS)
        and all(is_whole(v) and v >= 0 for v in value.values())
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


# --- max_copies and unique: no component over a number of copies ----------------------------


@dataclass
class MaxCopies(SetCheck):
    max: int

    def outcome(self, counts: Counts) -> Outcome:
        entries = self.matching(counts)
        over = [(c, n) for c, n in entries if n > self.max]
        problems = [f"{c.id} ({c.name}): {n} copies ({n - self.max} too many)" for c, n in over]
        if self.max == 1:
            expected = f"one copy of each {self.unit}"
        else:
            expected = f"at most {self.max} copies of each {self.unit}"
        most = max((n for _, n in entries), default=0)
        if over:
            found = f"{plural(len(over), self.unit)} over the limit"
        else:
            found = f"at most {most} {'copy' if most == 1 else 'copies'} of any {self.unit}"
        return Outcome(not over, expected + self.scope(), found, problems)


def parse_max_copies(p: RuleParams) -> Check:
    p.check_keys(("max",) + SET_KEYS, required=["max"])
    target = p.target()
    return MaxCopies(p.spec, target, p.where(target), p.whole("max"))


def parse_unique(p: RuleParams) -> Check:
    p.check_keys(SET_KEYS)
    target = p.target()
    return MaxCopies(p.spec, target, p.where(target), 1)
