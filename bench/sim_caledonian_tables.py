"""Espionage (Caledonian): what breaks a game, looked for with mixed tables. Plays, at every player
count, every table where one seat plays one policy and the others another (and every table of one
policy), with bench/sim_caledonian.py's engine and policies, from the catalog.

    python bench/sim_caledonian_tables.py [--games N] [--players 3 4 5 6] [--policies ...]
                                          [--seed S] [--catalog PATH] [--edition ID]
                                          [--turn SECONDS PER_PLAYER]

Reported per player count:
  - the payoff table: the lone seat's win share against a fair share (1/players), one row per
    lone policy, one column per policy of the rest of the table, with its 95% interval; flagged
    above 1.5x ("!"; "!!" when the whole interval is above);
  - per table of one policy: each seat's share against a fair share, the first seat's with its
    95% interval (flagged above 1.2x); --uniform plays only these tables, so that a large run
    (--games 2000) measures the seats;
  - per table: games ending at the Vault goal, at the last round and at the empty Dossier deck;
    the effect that took part in most winning sales (flagged above 25%); the median game in
    turns and in minutes at the book's turn time, at --turn and at the table-time model below.

The lone seat moves round the table (game i puts it in seat i mod players), so that its share is
not the first seat's. A shared win counts as a win for nobody.

Table time (an estimate, not a stopwatch): each thing players do in the simulated games is given
the seconds it takes at a table (ACTION_SECONDS), and a turn costs the sum of what happened in it;
the per-player cost is the asking round of every crisis and incident (each other player looks at
their hand and decides what to submit face down).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

import sim_caledonian as sim

FAIR_POLICY = 1.5  # a policy above 1.5x its fair share against a table breaks the game
FAIR_SEAT = 1.2  # a seat above 1.2x
FORCING = 0.25  # an effect in more than a quarter of the winning sales decides too many games
BOOK_TURN = (60, 12)  # the game-length table's turn time: 60 s plus 12 s a player

# Seconds each act takes at a table (our estimate from the rulebook's steps: reading a card is
# reading its title, goal and panels aloud; counting a revealed card is turning it and adding or
# taking its value; deciding support is looking through one's hand).
ACTION_SECONDS = {
    "turn": 10,  # pass the turn, look at the tracker
    "draw": 2,  # per card drawn
    "discard": 2,  # per card discarded in step 1
    "agent": 8,  # a Field Agent laid down and read
    "count": 20,  # a crisis or incident: choose a deck, read it aloud, deal 3 random cards, panel
    "ask": 8,  # each other player deciding what to submit, per crisis or incident
    "reveal": 2,  # per card revealed and counted
    "play": 12,  # an Espionage card played, read and carried out
    "invest": 2,  # per card put under the Portfolio
    "sale": 15,  # reveal, show the bonds, move them to the Vault, choose a new allegiance
}


def tables(policies: Sequence[str], uniform: bool = False) -> list[tuple[str, str]]:
    """Every (lone seat, rest of the table) pair, the tables of one policy included (only
    those, `uniform`)."""
    return [(lone, rest) for lone in policies for rest in policies if lone == rest or not uniform]


def play_table(
    cat: sim.Catalog, players: int, lone: str, rest: str, games: int, seed: int
) -> list[dict[str, Any]]:
    """`games` seeded games of one `lone` seat among `rest` players; each result notes the
    lone seat (`lone_seat`)."""
    rng = random.Random(f"{seed}/{players}/{lone}/{rest}")
    out = []
    for i in range(games):
        seat = i % players
        policies = [sim.POLICIES[rest]] * players
        policies[seat] = sim.POLICIES[lone]
        res = sim.Game(cat, players, policies, random.Random(rng.random())).play()
        res["lone_seat"] = seat
        out.append(res)
    return out


def lone_share(results: list[dict[str, Any]], players: int) -> float:
    """The lone seat's wins against a fair share of the games."""
    wins = sum(r["winner"] == r["lone_seat"] for r in results)
    return wins / len(results) * players


def interval(wins: int, games: int, players: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson) interval of a win share against a fair share: a share measured from a
    few hundred games moves by a tenth or two from run to run, so a flag needs its interval."""
    if not games:
        return 0.0, float(players)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - half) * players, (centre + half) * players


def lone_interval(results: list[dict[str, Any]], players: int) -> tuple[float, float]:
    wins = sum(r["winner"] == r["lone_seat"] for r in results)
    return interval(wins, len(results), players)


def seat_shares(results: list[dict[str, Any]], players: int) -> list[float]:
    """Each seat's wins against a fair share of the games."""
    wins = Counter(r["winner"] for r in results)
    return [wins[s] / len(results) * players for s in range(players)]


def turn_seconds(actions: Counter, turns: int, players: int) -> float:
    """The table-time model's seconds for a game with these actions."""
    asks = actions["count"] * (players - 1)
    spent = sum(ACTION_SECONDS[k] * v for k, v in actions.items() if k in ACTION_SECONDS)
    return spent + ACTION_SECONDS["ask"] * asks + ACTION_SECONDS["turn"] * turns


def counts_line(results: list[dict[str, Any]]) -> str:
    """Crises their drawer supports that succeed, and incidents, in whole games."""
    crises = [ok for r in results for _, helped, ok in r["stats"].crises if helped]
    incidents = [ok for r in results for _, ok in r["stats"].incidents]
    each = len(incidents) / len(results)
    return (
        f"supported crises {sum(crises) / max(1, len(crises)):.0%}, incidents "
        f"{sum(incidents) / max(1, len(incidents)):.0%} ({each:.1f} a game)"
    )


def endings(results: list[dict[str, Any]]) -> dict[str, float]:
    ends = Counter(r["end"] for r in results)
    return {k: ends[k] / len(results) for k in ("goal", "deadline", "deck-out")}


def top_forcing(results: list[dict[str, Any]]) -> tuple[str, float]:
    """The effect that took part in most winning sales at the Vault goal, and its share."""
    won = [r for r in results if r["end"] == "goal"]
    counts = Counter(role for r in won for role in r["forcing"])
    if not counts:
        return "-", 0.0
    role, k = counts.most_common(1)[0]
    return role, k / len(won)


def minutes(results: list[dict[str, Any]], players: int, turn: tuple[int, int]) -> float:
    """The median game's minutes at `turn` (seconds a turn, seconds a player)."""
    turns = statistics.median(r["turns"] for r in results)
    return turns * (turn[0] + turn[1] * players) / 60


def model_minutes(results: list[dict[str, Any]], players: int) -> float:
    """The median game's minutes under the table-time model."""
    return statistics.median(
        turn_seconds(r["stats"].actions, r["turns"], players) / 60 for r in results
    )


def seconds_a_turn(results: list[dict[str, Any]], players: int) -> float:
    """The table-time model's mean seconds a turn over every turn of these games: the turn time
    a book can state (compare the game-length table's)."""
    spent = sum(turn_seconds(r["stats"].actions, r["turns"], players) for r in results)
    return spent / max(1, sum(r["turns"] for r in results))


def in_box(results: list[dict[str, Any]], players: int, box: int) -> float:
    """Share of games whose table-time model fits in `box` minutes."""
    fits = [turn_seconds(r["stats"].actions, r["turns"], players) <= box * 60 for r in results]
    return sum(fits) / len(fits)


def measure(
    cat: sim.Catalog,
    players: int,
    policies: Sequence[str],
    games: int,
    seed: int,
    uniform: bool = False,
) -> dict[tuple[str, str], list[dict[str, Any]]]:
    return {
        (lone, rest): play_table(cat, players, lone, rest, games, seed)
        for lone, rest in tables(policies, uniform)
    }


def report_payoff(players: int, policies: Sequence[str], played: dict) -> list[str]:
    """Print the payoff table; return its flags."""
    flags = []
    print(f"\n{players} players: the lone seat's win share / fair (rows: lone, columns: rest)")
    print(" " * 12 + "".join(f"{rest:>18}" for rest in policies))
    for lone in policies:
        cells = []
        for rest in policies:
            x = lone_share(played[lone, rest], players)
            lo, hi = lone_interval(played[lone, rest], players)
            mark = ("!!" if lo > FAIR_POLICY else "! ") if x > FAIR_POLICY else "  "
            if x > FAIR_POLICY:
                flags.append(
                    f"{players}p: {lone} among {rest} wins {x:.2f}x fair ({lo:.2f}-{hi:.2f})"
                )
            cells.append(f"{x:6.2f} {lo:4.2f}-{hi:4.2f}{mark}")
        print(f"{lone:<12}" + "".join(cells))
    return flags


def seat_line(results: list[dict[str, Any]], players: int) -> str:
    """Each seat's share against a fair share, the first seat's 95% interval."""
    seats = seat_shares(results, players)
    firsts = sum(r["winner"] == 0 for r in results)
    lo, hi = interval(firsts, len(results), players)
    return "seats " + " ".join(f"{x:.2f}" for x in seats) + f" (first {lo:.2f}-{hi:.2f})"


def seat_flags(results: list[dict[str, Any]], players: int, policy: str) -> list[str]:
    wins = Counter(r["winner"] for r in results)
    flags = []
    for s in range(players):
        x = wins[s] / len(results) * players
        if x > FAIR_SEAT:
            lo, hi = interval(wins[s], len(results), players)
            flags.append(f"{players}p {policy}: seat {s + 1} {x:.2f}x fair ({lo:.2f}-{hi:.2f})")
    return flags


def report_tables(
    players: int, policies: Sequence[str], played: dict, turn: tuple[int, int], box: int
) -> list[str]:
    """Print endings, seats and time per table; return the flags."""
    flags = []
    for (lone, rest), results in played.items():
        ends = endings(results)
        role, share = top_forcing(results)
        name = rest if lone == rest else f"1 {lone} + {rest}"
        line = (
            f"  {name:<24} goal {ends['goal']:5.0%} last round {ends['deadline']:4.0%} "
            f"empty deck {ends['deck-out']:4.0%}  top effect {role} {share:.0%}  "
            f"median {statistics.median(r['turns'] for r in results):.0f} turns: "
            f"{minutes(results, players, BOOK_TURN):.0f} min (book), "
            f"{minutes(results, players, turn):.0f} min ({turn[0]}+{turn[1]}), "
            f"{model_minutes(results, players):.0f} min (model, "
            f"{seconds_a_turn(results, players):.0f} s a turn, "
            f"{in_box(results, players, box):.0%} within {box})"
        )
        if lone == rest:
            line += "  " + seat_line(results, players) + "  " + counts_line(results)
            flags += seat_flags(results, players, rest)
        if ends["goal"] < 0.5:
            flags.append(f"{players}p {name}: the Vault goal ends only {ends['goal']:.0%}")
        if share > FORCING:
            flags.append(f"{players}p {name}: {role} in {share:.0%} of the winning sales")
        print(line)
    return flags


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per table")
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--policies", nargs="*", default=list(sim.POLICIES))
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--catalog", help="a game folder (default: the shipped catalog)")
    parser.add_argument("--edition", help="an edition of the game (default: its default)")
    parser.add_argument("--turn", type=int, nargs=2, default=(60, 20), metavar=("S", "S_PLAYER"))
    parser.add_argument("--box", type=int, help="minutes (default: the game-length table's)")
    parser.add_argument("--uniform", action="store_true", help="only tables of one policy")
    args = parser.parse_args(argv)
    cat = sim.load(args.catalog, args.edition)
    counts = args.players or list(range(cat.players[0], cat.players[1] + 1))
    flags: list[str] = []
    for players in counts:
        played = measure(cat, players, args.policies, args.games, args.seed, args.uniform)
        if not args.uniform:
            flags += report_payoff(players, args.policies, played)
        box = args.box or cat.minutes.get(players, 100)
        flags += report_tables(players, args.policies, played, tuple(args.turn), box)
    print("\nflags:" if flags else "\nno flags")
    for f in flags:
        print("  " + f)


if __name__ == "__main__":
    main()
