"""The base classes of every check: `Check`, and the two kinds a rule can be about.

A `SetCheck` is about the components of one set (`deck:` or `set:`), optionally filtered with
`where:`; a `TableCheck` is about one column of a reference table; a `CatalogCheck` is about
catalog data a deck list cannot change (facts, cross-checks). A concrete check only says what it
expects and what it found (`outcome`) and what it is about (`about`); `Check.evaluate` turns that
into a `Verdict`, and a check that does not apply to the counts (a deck the list does not
mention) is skipped.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import NamedTuple

from pnp.catalog.model import Component, ComponentSet, RuleSpec, Table
from pnp.rules.values import Where
from pnp.rules.verdict import About, Counts, Status, Verdict

CATALOG_ONLY = "checked with the catalog (pnp validate GAME)"


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

    @abstractmethod
    def about(self) -> About:
        """What the rule is about: ((`deck`, `set` or `table`, id), ...)."""

    def evaluate(self, counts: Counts) -> Verdict:
        """The verdict on these counts (skip when the rule does not apply to them)."""
        spec, about = self.spec, self.about()
        reason = self.skip_reason(counts)
        if reason:
            return Verdict(spec.id, spec.text, "skip", "", reason, (), spec.origin, about)
        passed, expected, found, problems = self.outcome(counts)
        status: Status = "pass" if passed else "fail"
        return Verdict(
            spec.id, spec.text, status, expected, found, tuple(problems), spec.origin, about
        )


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

    def about(self) -> About:
        return (("deck" if self.target.is_deck else "set", self.target.id),)

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
        return None if counts.is_catalog else f"not applicable: table rules are {CATALOG_ONLY}"

    def about(self) -> About:
        return (("table", self.table.id),)

    def row_at(self, index: int) -> str:
        """`row 3, line 25`: a row as a person finds it in the file."""
        lines = self.table.row_lines
        where = f", line {lines[index]}" if index < len(lines) else ""
        return f"row {index + 1}{where}"


@dataclass
class CatalogCheck(Check):
    """A rule about catalog data a deck list cannot change (facts, cross-checks)."""

    def skip_reason(self, counts: Counts) -> str | None:
        return None if counts.is_catalog else f"not applicable: catalog facts are {CATALOG_ONLY}"
