"""Checks on which components are there: `required` and `allowed_values`, with their parsers.

`required` wants named cards present (or enough copies of those `where:` picks);
`allowed_values` wants a field to hold only listed values. Each check class is followed by the
function that reads its rule (`parse_*`, registered by name in `registry.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.catalog.model import Component, ComponentSet
from pnp.names import describe, quote
from pnp.rules.check import Check, Outcome, SetCheck
from pnp.rules.lookup import find_components, suggest
from pnp.rules.params import RuleParams
from pnp.rules.values import Where, outside, plural, show_values
from pnp.rules.verdict import Counts

# --- required: these cards, or at least so many copies of those `where:` picks ------------------


@dataclass
class Required(SetCheck):
    cards: tuple[Component, ...]  # empty: count what `where:` picks instead
    min: int = 1

    def outcome(self, counts: Counts) -> Outcome:
        if self.cards:
            return self._named_cards(counts)
        n = sum(copies for _, copies in self.matching(counts))
        expected = f"at least {plural(self.min, self.unit)}{self.scope()}"
        return Outcome(n >= self.min, expected, plural(n, self.unit), [])

    def _named_cards(self, counts: Counts) -> Outcome:
        have = {c.id: n for c, n in counts.entries(self.target.id)}
        missing = [c for c in self.cards if have.get(c.id, 0) < 1]
        problems = [f"missing: {c.id} ({c.name})" for c in missing]
        expected = "present: " + ", ".join(c.id for c in self.cards)
        if missing:
            found = f"{len(missing)} of {len(self.cards)} missing"
        else:
            found = f"all {len(self.cards)} present"
        return Outcome(not missing, expected, found, problems)


def parse_required(p: RuleParams) -> Check:
    p.check_keys(["deck", "set", "cards", "where", "min"])
    target = p.target()
    if ("cards" in p) == ("where" in p):
        raise p.error("name the cards with `cards: [id or name, ...]` or `where:`, one of the two")
    if "cards" in p:
        if "min" in p:
            raise p.error("`min` goes with `where:`; with `cards:` every card must be there", "min")
        raw = p.get("cards")
        refs = raw if isinstance(raw, list) else [raw]
        if not refs:
            raise p.error("`cards` should list at least one card", "cards")
        cards = [
            _resolve_card(p, target, ref, p.line_in(raw, i, "cards")) for i, ref in enumerate(refs)
        ]
        return Required(p.spec, target, Where(), tuple(cards))
    minimum = p.whole("min", low=1) if "min" in p else 1
    return Required(p.spec, target, p.where(target, required=True), (), minimum)


def _resolve_card(p: RuleParams, target: ComponentSet, ref: object, line: int | None) -> Component:
    """The one card of `target` that `ref` names, by id or by a name only it has."""
    if isinstance(ref, bool) or not isinstance(ref, str | int | float) or ref == "":
        raise p.error(
            f"`cards` should list card ids or names, found {describe(ref)}", "cards", line=line
        )
    found = find_components(ref, target.components)
    if not found:
        raise p.error(
            f"no card {quote(ref)} in {target.id!r}",
            "cards",
            line=line,
            suggestions=suggest(ref, target.components),
        )
    if len(found) > 1:
        raise p.error(
            f"{quote(ref)} names {len(found)} cards in {target.id!r}: use an id "
            f"({', '.join(c.id for c in found)})",
            "cards",
            line=line,
        )
    return found[0]


# --- allowed_values: a field holds only these values --------------------------------------------


@dataclass
class AllowedValues(SetCheck):
    field: str
    values: tuple[object, ...]

    def outcome(self, counts: Counts) -> Outcome:
        problems = []
        for c, _ in self.matching(counts):
            bad = outside(c.value(self.field), self.values)
            if bad:
                shown = ", ".join(repr(v) for v in bad)
                problems.append(f"{c.id} ({c.name}): {self.field} {shown} (at {c.origin})")
        expected = f"{self.field} one of {show_values(self.values)}{self.scope()}"
        found = "all allowed"
        if problems:
            found = f"{plural(len(problems), self.unit)} with another value"
        return Outcome(not problems, expected, found, problems)


def parse_allowed_values(p: RuleParams) -> Check:
    p.check_keys(["field", "values", "deck", "set", "where"], required=["field", "values"])
    target = p.target()
    fname = p.field_name("field", target)
    return AllowedValues(p.spec, target, p.where(target), fname, p.values())
