"""Which check a rule's `check:` names, and running a game's rules: `parse_rules`, `evaluate`.

`CHECKS` maps each check name to the parser beside its check class; a rule is parsed once
against the loaded catalog, so any slip in it is an InputError at its file and line, and
evaluating the parsed checks cannot fail.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pnp.catalog.model import Game, RuleSpec
from pnp.errors import UnknownNameError
from pnp.names import closest, quote
from pnp.rules import agree, counting, dealing, facts, presence, tables
from pnp.rules.check import Check
from pnp.rules.params import SCOPES, RuleParams
from pnp.rules.verdict import Counts, Verdict

CHECKS: dict[str, Callable[[RuleParams], Check]] = {
    "total": counting.parse_total,
    "per_group": counting.parse_per_group,
    "max_copies": counting.parse_max_copies,
    "unique": counting.parse_unique,
    "required": presence.parse_required,
    "allowed_values": presence.parse_allowed_values,
    "enough_to_deal": dealing.parse_enough_to_deal,
    "table_covers": tables.parse_table_covers,
    "table_values": tables.parse_table_values,
    "facts": facts.parse_facts,
    "agree": agree.parse_agree,
}


def parse_rule(spec: RuleSpec, game: Game) -> Check:
    """One rule as written -> a typed check; InputError at the rule's line when it is wrong."""
    parser = CHECKS.get(spec.check)
    if parser is None:
        line = spec.raw.line_of("check") if spec.raw is not None else spec.origin.line
        raise UnknownNameError(
            f"rule {spec.id!r}: unknown check {quote(spec.check)} (known: {', '.join(CHECKS)})",
            file=spec.origin.file,
            line=line,
            suggestions=closest(spec.check, CHECKS),
        )
    params = RuleParams(spec, game)
    check = parser(params)
    check.applies_to = params.choice("scope", SCOPES, "both")
    if check.applies_to == "per_player" and check.players(game) is None:
        raise params.error("`scope: per_player` splits the box between the players: the "
                           "game needs `players: {min: ..., max: ...}` in game.yaml",
                           "scope")  # fmt: skip
    return check


def parse_rules(game: Game) -> list[Check]:
    """Every rule of `game`, parsed and checked against its catalog."""
    return [parse_rule(spec, game) for spec in game.rules]


def evaluate(checks: Iterable[Check], counts: Counts) -> list[Verdict]:
    """A verdict per check, in order."""
    return [check.evaluate(counts) for check in checks]
