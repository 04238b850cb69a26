"""Verdicts on a catalog or a user's deck list: run the game's composition rules, report.

The CLI (`pnp validate`) calls `validate_game` and `validate_decklist` and prints
`Report.render()`; exit code 0 when `report.ok`, 1 when a rule is broken, 2 on an InputError.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.catalog.model import Game
from pnp.rules.check import CATALOG_ONLY
from pnp.rules.decklist import DeckList, parse_decklist, read_decklist
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
    edition: str | None = None  # the game's edition checked, for a game that has editions

    @property
    def name(self) -> str:
        """The game as messages name it: its id, and the edition when it has editions."""
        return f"{self.game_id} ({self.edition} edition)" if self.edition else self.game_id

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
            return f"{self.name}: no composition rules"
        counts = {s: sum(v.status == s for v in self.verdicts) for s in ("pass", "fail", "skip")}
        parts = [f"{counts['pass']} passed"]
        if counts["fail"]:
            parts.append(f"{counts['fail']} failed")
        if counts["skip"]:
            parts.append(f"{counts['skip']} skipped")
        return f"{self.name}: {n} rule{'s' if n != 1 else ''}, {', '.join(parts)}"

    def render(self, *, verbose: bool = False) -> str:
        """One line per rule, expected/found under failures (and passes when verbose).

        On a deck list, rules that do not apply to it are one summary line unless verbose."""
        lines = []
        if self.decklist is not None:
            lines.append(f"deck list {self.decklist.path}: {self.decklist.summary()}")
        lines.extend(f"note: {n}" for n in self.notes)
        folded = self.decklist is not None and not verbose
        shown = [v for v in self.verdicts if not (folded and v.skipped)]
        width = max((len(v.rule_id) for v in shown), default=0)
        for v in shown:
            lines.append(f"{_TAG[v.status]} {v.rule_id.ljust(width)}  {v.text}")
            lines.extend(_details(v, verbose))
        if folded:
            lines.extend(self._skipped_line())
        lines.append(self.summary())
        return "\n".join(lines)

    def _skipped_line(self) -> list[str]:
        """`SKIP 18 rules not checked on this list: 9 about decks a, b (not in the list); ...`."""
        skipped = [v for v in self.verdicts if v.skipped]
        if not skipped:
            return []
        listed = self.decklist.decks if self.decklist is not None else {}
        decks: dict[str, int] = {}
        sets: dict[str, int] = {}
        catalog = 0
        for v in skipped:
            missing = [d for d in v.ids("deck") if d not in listed]
            if CATALOG_ONLY in v.found:
                catalog += 1
            elif missing:
                decks[missing[0]] = decks.get(missing[0], 0) + 1
            else:
                sets[v.ids("set")[0]] = sets.get(v.ids("set")[0], 0) + 1
        parts = []
        if decks:
            parts.append(f"{sum(decks.values())} about {_ids('deck', decks)} (not in the list)")
        if sets:
            parts.append(f"{sum(sets.values())} about {_ids('set', sets)} (lists hold cards)")
        if catalog:
            parts.append(f"{catalog} about tables and catalog facts (pnp validate GAME)")
        head = f"SKIP {len(skipped)} rule{'s' if len(skipped) != 1 else ''} not checked"
        return [f"{head}: {'; '.join(parts)}; --verbose lists them"]

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON output: every verdict with what it is about, and the deck list."""
        dl = self.decklist
        return {
            "game": self.game_id,
            "edition": self.edition,
            "decklist": str(dl.path) if dl else None,
            "decks": {d: dict(cards) for d, cards in dl.decks.items()} if dl else None,
            "notes": list(self.notes),
            "ok": self.ok,
            "summary": self.summary(),
            "verdicts": [_verdict_data(v) for v in self.verdicts],
        }


def _ids(kind: str, ids: dict[str, int]) -> str:
    """`deck mission` or `decks mission, duration`."""
    return f"{kind}{'s' if len(ids) > 1 else ''} {', '.join(ids)}"


def _details(v: Verdict, verbose: bool) -> list[str]:
    """The lines under a rule: why it was skipped, or expected/found and the problems."""
    if v.skipped:
        return [f"    {v.found}"]
    if not (v.failed or verbose):
        return []
    lines = [f"    expected: {v.expected}", f"    found: {v.found}"]
    shown = v.problems[:MAX_PROBLEM_LINES]
    lines.extend(f"      {p}" for p in shown)
    if len(v.problems) > len(shown):
        lines.append(f"      ... and {len(v.problems) - len(shown)} more")
    return lines


def _verdict_data(v: Verdict) -> dict[str, Any]:
    decks, sets = v.ids("deck"), v.ids("set")
    return {
        "rule": v.rule_id,
        "text": v.text,
        "status": v.status,
        "deck": decks[0] if decks else None,
        "set": sets[0] if sets else None,
        "tables": v.ids("table"),
        "expected": v.expected,
        "found": v.found,
        "problems": list(v.problems),
        "origin": str(v.origin) if v.origin else None,
    }


def validate_game(game: Game) -> Report:
    """Parse the game's rules (InputError on a bad rule) and check them on its catalog."""
    checks = parse_rules(game)
    return Report(game.id, evaluate(checks, Counts(game)), edition=_edition(game))


def _edition(game: Game) -> str | None:
    return game.edition.id if game.edition is not None else None


def broken_rules(game: Game, problems_shown: int = 3) -> list[str]:
    """One warning a composition rule the game's own catalog breaks (for `pnp build`, which
    prints them and builds on): the rule, what it expected and found, and the first problems."""
    lines = []
    for verdict in validate_game(game).failed:
        where = f" ({verdict.origin})" if verdict.origin else ""
        lines.append(
            f"warning: {game.id}: rule {verdict.rule_id!r}{where} is broken: {verdict.text} "
            f"Expected {verdict.expected}; found {verdict.found}."
        )
        lines += [f"  {problem}" for problem in verdict.problems[:problems_shown]]
        if len(verdict.problems) > problems_shown:
            lines.append(f"  ... and {len(verdict.problems) - problems_shown} more "
                         f"(pnp validate {game.id})")  # fmt: skip
    return lines


def validate_decklist(game: Game, path: Path | str) -> Report:
    """Read a deck list (InputError when malformed) and check the game's rules on it.

    Rules about decks the list does not mention, and table rules, are skipped.
    """
    checks = parse_rules(game)
    decklist = read_decklist(game, path)
    verdicts = evaluate(checks, Counts(game, decklist.decks))
    return Report(game.id, verdicts, decklist, decklist.filing_notes(game), _edition(game))


def validate_decklist_text(game: Game, text: str, name: str = "deck list") -> Report:
    """`validate_decklist` on a deck list's text (pasted, not read from a file), named `name`
    in messages."""
    checks = parse_rules(game)
    decklist = parse_decklist(game, text.replace("\r\n", "\n").replace("\r", "\n"), name)
    verdicts = evaluate(checks, Counts(game, decklist.decks))
    return Report(game.id, verdicts, decklist, decklist.filing_notes(game), _edition(game))
