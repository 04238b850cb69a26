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

from pnp.catalog.model import Component, ComponentSet, Game, RuleSpec, Table
from pnp.rules.values import Where
from pnp.rules.verdict import About, Counts, Status, Verdict

CATALOG_ONLY = "checked with the catalog (pnp validate GAME)"
BOX_ONLY = "the rule is about the box (scope: box)"


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
    applies_to = "both"  # its `scope:` (pnp.rules.params.SCOPES), set once parsed

    def skip_reason(self, counts: Counts) -> str | None:
        """Why the rule does not apply to these counts, or None when it does."""
        return None

    def scope_reason(self, counts: Counts) -> str | None:
        """Why the rule's `scope` leaves these counts out, or None."""
        if self.applies_to == "box" and not counts.is_catalog:
            return f"not applicable: {BOX_ONLY}"
        if self.applies_to == "decklist" and counts.is_catalog:
            return "not applicable: the rule is about deck lists (scope: decklist)"
        return None

    def counted(self, component: Component) -> bool:
        """Whether the rule counts this component (a `where:` may leave it out)."""
        return True

    @staticmethod
    def players(game: Game) -> int | None:
        """The most players the game takes (the shares a `per_player` rule splits the box in)."""
        players = game.meta.get("players")
        top = players.get("max") if isinstance(players, dict) else None
        return top if isinstance(top, int) and top > 0 else None

    @abstractmethod
    def outcome(self, counts: Counts) -> Outcome: ...

    @abstractmethod
    def about(self) -> About:
        """What the rule is about: ((`deck`, `set` or `table`, id), ...)."""

    def evaluate(self, counts: Counts) -> Verdict:
        """The verdict on these counts (skip when the rule does not apply to them)."""
        spec, about = self.spec, self.about()
        reason = self.scope_reason(counts) or self.skip_reason(counts)
        if reason:
            return Verdict(spec.id, spec.text, "skip", "", reason, (), spec.origin, about)
        share = self.applies_to == "per_player" and counts.is_catalog
        players = self.players(counts.game) or 1
        about_sets = [i for kind, i in about if kind in ("deck", "set")]
        shares, uneven = counts.shares(players, about_sets, self.counted) if share else (counts, [])
        passed, expected, found, problems = self.outcome(shares)
        if share:
            passed, problems = passed and not uneven, uneven + problems
            expected = f"{expected} for each player"
            found = f"{found} in each of {players} equal shares of the box"
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

    def counted(self, component: Component) -> bool:
        return self.where.matches(component)

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
