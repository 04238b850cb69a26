"""The base classes of every check: `Check`, and the two kinds a rule can be about.

A `SetCheck` is about the components of one set (`deck:` or `set:`), optionally filtered with
`where:`; a `TableCheck` is about one column of a reference table. A concrete check only says
what it expects and what it found (`outcome`); `Check.evaluate` turns that into a `Verdict`, and
a check that does not apply to the counts (a deck the list does not mention) is skipped.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import NamedTuple

from pnp.catalog.model import Component, ComponentSet, RuleSpec, Table
from pnp.rules.values import Where
from pnp.rules.verdict import Counts, Status, Verdict


class Outcome(NamedTuple):
    """What one check found on some counts, before it becomes a Verdict."""

    passed: bool
    expected: str
    found: str
    problems: list[str]


@dataclass
class Check(ABC):
    """A parsed rule, ready to be evaluated on any counts."""

    spec: RuleSpec

    def skip_reason(self, counts: Counts) -> str | None:
        """Why the rule does not apply to these counts, or None when it does."""
        return None

    @abstractmethod
    def outcome(self, counts: Counts) -> Outcome: ...

    def evaluate(self, counts: Counts) -> Verdict:
        """The verdict on these counts (skip when the rule does not apply to them)."""
        spec = self.spec
        reason = self.skip_reason(counts)
        if reason:
            return Verdict(spec.id, spec.text, "skip", found=reason, origin=spec.origin)
        passed, expected, found, problems = self.outcome(counts)
        status: Status = "pass" if passed else "fail"
        return Verdict(spec.id, spec.text, status, expected, found, tuple(problems), spec.origin)


@dataclass
class SetCheck(Check):
    """A rule about the components of one set (`deck:` or `set:`), optionally filtered."""

    target: ComponentSet
    where: Where

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
        """(component, copies) of the set that pass `where:`."""
        return [(c, n) for c, n in counts.entries(self.target.id) if self.where.matches(c)]

    def scope(self) -> str:
        """` (faction: red)` when filtered, else ''."""
        return f" ({self.where.describe()})" if self.where.conditions else ""


@dataclass
class TableCheck(Check):
    """A rule about a reference table's column; table rules are checked with the catalog only."""

    table: Table
    column: str

    def skip_reason(self, counts: Counts) -> str | None:
        if counts.is_catalog:
            return None
        return "not applicable: table rules are checked with the catalog (pnp validate GAME)"

    def row_at(self, index: int) -> str:
        """`row 3, line 25`: a row as a person finds it in the file."""
        lines = self.table.row_lines
        where = f", line {lines[index]}" if index < len(lines) else ""
        return f"row {index + 1}{where}"
