"""Verdicts on a catalog or a user's deck list: run the game's composition rules, report.

The CLI (`pnp validate`) calls `validate_game` and `validate_decklist` and prints
`Report.render()`; exit code 0 when `report.ok`, 1 when a rule is broken, 2 on an InputError.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.catalog.model import Game
from pnp.rules.decklist import DeckList, read_decklist
from pnp.rules.registry import evaluate, parse_rules
from pnp.rules.verdict import Counts, Verdict

MAX_PROBLEM_LINES = 20  # per failed rule; the rest are counted, not shown
_TAG = {"pass": "PASS", "fail": "FAIL", "skip": "SKIP"}


@dataclass
class Report:
    """The verdicts of one game's rules on its catalog or on one deck list."""

    game_id: str
    verdicts: list[Verdict]
    decklist: DeckList | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when no rule failed (skipped rules do not count against)."""
        return not any(v.failed for v in self.verdicts)

    @property
    def failed(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.failed]

    def summary(self) -> str:
        """`my-game: 12 rules, 10 passed, 2 failed`."""
        n = len(self.verdicts)
        if not n:
            return f"{self.game_id}: no composition rules"
        counts = {s: sum(v.status == s for v in self.verdicts) for s in ("pass", "fail", "skip")}
        parts = [f"{counts['pass']} passed"]
        if counts["fail"]:
            parts.append(f"{counts['fail']} failed")
        if counts["skip"]:
            parts.append(f"{counts['skip']} skipped")
        return f"{self.game_id}: {n} rule{'s' if n != 1 else ''}, {', '.join(parts)}"

    def render(self, *, verbose: bool = False) -> str:
        """One line per rule, expected/found under failures (and passes when verbose)."""
        lines = []
        if self.decklist is not None:
            dl = self.decklist
            lines.append(f"deck list {dl.path}: {dl.summary()}")
        width = max((len(v.rule_id) for v in self.verdicts), default=0)
        for v in self.verdicts:
            lines.append(f"{_TAG[v.status]} {v.rule_id.ljust(width)}  {v.text}")
            if v.skipped:
                lines.append(f"    {v.found}")
            elif v.failed or verbose:
                lines.append(f"    expected: {v.expected}")
                lines.append(f"    found: {v.found}")
                shown = v.problems[:MAX_PROBLEM_LINES]
                lines.extend(f"      {p}" for p in shown)
                if len(v.problems) > len(shown):
                    lines.append(f"      ... and {len(v.problems) - len(shown)} more")
        lines.append(self.summary())
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON output."""
        return {
            "game": self.game_id,
            "decklist": str(self.decklist.path) if self.decklist else None,
            "ok": self.ok,
            "verdicts": [
                {
                    "rule": v.rule_id,
                    "text": v.text,
                    "status": v.status,
                    "expected": v.expected,
                    "found": v.found,
                    "problems": list(v.problems),
                    "origin": str(v.origin) if v.origin else None,
                }
                for v in self.verdicts
            ],
        }


def validate_game(game: Game) -> Report:
    """Parse the game's rules (InputError on a bad rule) and check them on its catalog."""
    checks = parse_rules(game)
    return Report(game.id, evaluate(checks, Counts(game)))


def validate_decklist(game: Game, path: Path | str) -> Report:
    """Read a deck list (InputError when malformed) and check the game's rules on it.

    Rules about decks the list does not mention, and table rules, are skipped.
    """
    checks = parse_rules(game)
    decklist = read_decklist(game, path)
    return Report(game.id, evaluate(checks, Counts(game, decklist.decks)), decklist)
