"""The `enough_to_deal` check and its parser: a deck holds enough cards to deal every hand.

A hand is `per_player: N` or read from a table by player count (`per_player_table`), plus `add`;
it is checked for one player count, the game's largest (the default), or `players: all`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.names import describe
from pnp.rules.check import Check, Outcome, SetCheck
from pnp.rules.params import RuleParams
from pnp.rules.values import is_whole, plural, same
from pnp.rules.verdict import Counts


@dataclass
class EnoughToDeal(SetCheck):
    # (players, cards per player) for each player count checked; the worst case decides
    hands: tuple[tuple[int, int], ...]

    def outcome(self, counts: Counts) -> Outcome:
        n = sum(copies for _, copies in self.matching(counts))
        players, per = max(self.hands, key=lambda h: (h[0] * h[1], h[0]))
        need = players * per
        case = "worst case " if len(self.hands) > 1 else ""
        expected = (
            f"at least {plural(need, self.unit)} ({case}{plural(players, 'player')} x {per})"
            + self.scope()
        )
        problems = [
            f"{plural(p, 'player')} x {k} = {p * k}: {p * k - n} short"
            for p, k in self.hands
            if p * k > n
        ]
        found = plural(n, self.unit) + (f" ({need - n} short)" if n < need else "")
        return Outcome(n >= need, expected, found, problems)


def parse_enough_to_deal(p: RuleParams) -> Check:
    p.check_keys(["deck", "set", "where", "per_player", "per_player_table", "add", "players"])
    target = p.target()
    if ("per_player" in p) == ("per_player_table" in p):
        raise p.error("give `per_player: N` or `per_player_table: {table, players, cards}`")
    add: int = p.whole("add", low=None) if "add" in p else 0
    player_counts = _player_counts(p)
    if "per_player" in p:
        per: int = p.whole("per_player")
        hands = [(n, per + add) for n in player_counts]
    else:
        hands = [(n, k + add) for n, k in _table_hands(p, player_counts)]
    for n, k in hands:
        if k < 0:
            raise p.error(f"`add` makes a hand of {k} cards for {n} players", "add")
    return EnoughToDeal(p.spec, target, p.where(target), tuple(hands))


def _player_counts(p: RuleParams) -> list[int]:
    """The player counts to deal for: `players: N`, `players: all`, or the game's most."""
    players = p.game.meta.get("players") or {}
    if "players" not in p:
        if not players:
            raise p.error("say `players: N` (the game gives no player count)")
        return [players["max"]]
    value = p.get("players")
    if value == "all":
        if not players:
            raise p.error("`players: all` needs the game's players {min, max}", "players")
        return list(range(players["min"], players["max"] + 1))
    if not is_whole(value) or value < 1:
        raise p.error(
            f"`players` should be a whole number of at least 1 or `all`, found {describe(value)}",
            "players",
        )
    return [value]


def _table_hands(p: RuleParams, player_counts: list[int]) -> list[tuple[int, int]]:
    """(players, cards) for each player count, read from `per_player_table`."""
    key = "per_player_table"
    raw = p.get(key)
    if not isinstance(raw, dict) or set(raw) != {"table", "players", "cards"}:
        raise p.error(
            "`per_player_table` should be {table: ID, players: COLUMN, cards: COLUMN}", key
        )
    table = p.table("table", raw["table"], p.line_in(raw, "table", key))
    pcol = p.column(table, "players", raw["players"], p.line_in(raw, "players", key))
    ccol = p.column(table, "cards", raw["cards"], p.line_in(raw, "cards", key))
    hands = []
    for n in player_counts:
        rows = [i for i, row in enumerate(table.rows) if same(row.get(pcol), n)]
        if not rows:
            raise p.error(
                f"table {table.id!r} (line {table.origin.line}) has no row with {pcol} = {n}", key
            )
        k = table.rows[rows[0]].get(ccol)
        if not is_whole(k) or k < 0:
            lines = table.row_lines
            line = lines[rows[0]] if rows[0] < len(lines) else table.origin.line
            raise p.error(
                f"table {table.id!r}: {ccol} for {n} players should be a whole number, "
                f"found {describe(k)}",
                line=line,
            )
        hands.append((n, k))
    return hands
