"""ESPIONAGE the card game: time at the table, estimated from what is done in simulated games
(bench/sim_espionage.py's engine and policies), to check the book's turn time and the box's.

    python bench/sim_espionage_time.py [--games N] [--players 2 3 ...] [--edition ID] [--seed S]

An estimate, not a stopwatch: each act is given the seconds it takes at a table (ACTION_SECONDS)
and a game costs the sum of its acts. Reported per player count, over every policy: the mean
turn in seconds, the median game in turns and minutes, and the share of games within the box's
longest time.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

import sim_espionage as sim

# Seconds each act takes at a table (our estimate from the rules' turn: a Mission is read aloud,
# its target chosen and carried out; after it each other player looks at their hand to decide
# whether to answer; a Reaction is laid down, read and carried out).
ACTION_SECONDS = {
    "turn": 10,  # pass the turn, look round the table
    "draw": 3,  # per card drawn and looked at
    "mission": 25,  # a Mission read, its target chosen, carried out
    "answer": 4,  # each other player deciding whether to answer a Mission
    "reaction": 15,  # a Reaction played, read and carried out
}


def game_seconds(result: dict[str, Any], players: int) -> float:
    """The table-time model's seconds for one game."""
    acts: Counter[str] = result["acts"]
    reactions = max(0, acts["play"] - acts["mission"])
    return (
        ACTION_SECONDS["turn"] * result["turns"]
        + ACTION_SECONDS["draw"] * acts["draw"]
        + ACTION_SECONDS["mission"] * acts["mission"]
        + ACTION_SECONDS["answer"] * acts["mission"] * (players - 1)
        + ACTION_SECONDS["reaction"] * reactions
    )


def played(cat: sim.Catalog, players: int, games: int, seed: int) -> list[dict[str, Any]]:
    """`games` seeded games of each policy (the frozen ones left out: they never end)."""
    out = []
    for policy in sim.POLICIES:
        for g in range(games):
            r = sim.play(cat, players, policy, seed * 1_000_003 + g)
            if r["how"] != "frozen":
                out.append(r)
    return out


def report(cat: sim.Catalog, players: int, results: list[dict[str, Any]]) -> str:
    spent = [game_seconds(r, players) for r in results]
    turns = [r["turns"] for r in results]
    within = sum(s <= cat.play_minutes * 60 for s in spent) / len(spent)
    return (
        f"{players}p: {sum(spent) / sum(turns):.0f} s a turn, median {statistics.median(turns):.0f}"
        f" turns, {statistics.median(spent) / 60:.0f} min (90% of games within "
        f"{sorted(spent)[int(0.9 * (len(spent) - 1))] / 60:.0f}); {within:.0%} within "
        f"{cat.play_minutes} min"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per policy and count")
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", help="the edition to play (the game's default if none)")
    args = parser.parse_args(argv)
    cat = sim.load(sim.GAME, args.edition)
    for n in args.players or list(range(cat.players[0], cat.players[1] + 1)):
        print(report(cat, n, played(cat, n, args.games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
