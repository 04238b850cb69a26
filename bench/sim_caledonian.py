"""Monte Carlo simulation of Espionage (Caledonian Games): how often a crisis succeeds and how
often a nation's track reaches its maximum. Reads the shipped catalog, so it measures what prints.

    python bench/sim_caledonian.py [--runs N] [--players P] [--seed S]

Crisis model (step 4 of a turn): the active player draws a crisis of their public allegiance
(+2) holding 5 random Dossier cards; 3 random Dossier cards are added and the player submits
every card of theirs that counts for the crisis. The other players are neutral (they add
nothing), so "supported" means the active player's own help; "unsupported" is the 3 random
cards alone.

Track model: a game of `players` x 10 turns, one crisis per turn on a nation picked at random;
panels move the tracks (clamped to X..max). A nation at X draws an International Incident,
resolved the same way with the nation in peril's cards counting for it; failure resets it to its
reset value. We count the games in which each nation reaches its maximum at least once (the
moment its secret allies may sell) and the falls to X.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from typing import Any

from pnp.catalog.games import resolve_game

GAME = "espionage-caledonian"
HAND = 5
RANDOM_SUPPORT = 3
PUBLIC_BONUS = 2
ROUNDS = 10


def load() -> dict[str, Any]:
    """The catalog pieces the model needs: dossier cards, crises per nation, incidents, tracks."""
    game = resolve_game(GAME)
    nations = [row["id"] for row in game.tables["nations"].rows]
    by_set = {sid: [dict(c.fields) for c in s.components] for sid, s in game.sets.items()}
    cards = [
        (c.fields["nation"], int(c.fields["value"]))
        for c in game.sets["dossier"].components
        for _ in range(c.count)
    ]
    return {
        "nations": nations,
        "cards": cards,
        "crises": {n: by_set[f"crisis-{n}"] for n in nations},
        "incidents": by_set["incident"],
        "tracks": {row["nation"]: row for row in game.tables["security-tracker"].rows},
    }


def total(cards: Sequence[tuple[str, int]], support: set[str]) -> int:
    """Cards of a supported nation count for, every other card against."""
    return sum(v if n in support else -v for n, v in cards)


def resolve(
    rng: random.Random, cat: dict[str, Any], goal: int, support: set[str], helped: bool
) -> bool:
    """One crisis count: 3 random cards, plus (helped) a random hand's matching cards and +2."""
    drawn = rng.sample(cat["cards"], RANDOM_SUPPORT + HAND)
    score = total(drawn[:RANDOM_SUPPORT], support)
    if helped:
        score += sum(v for n, v in drawn[RANDOM_SUPPORT:] if n in support) + PUBLIC_BONUS
    return score >= goal


def crisis_rates(rng: random.Random, cat: dict[str, Any], runs: int) -> dict[str, float]:
    """Success rate of every crisis card, supported and unsupported, averaged over the decks."""
    helped, alone = [], []
    for n, deck in cat["crises"].items():
        for card in deck:
            support = {n if s == "own" else s for s in card["support"]}
            wins = sum(resolve(rng, cat, card["goal"], support, True) for _ in range(runs))
            solo = sum(resolve(rng, cat, card["goal"], support, False) for _ in range(runs))
            helped.append(wins / runs)
            alone.append(solo / runs)
    incident = []
    for card in cat["incidents"]:
        peril = {cat["nations"][0]}  # the nation in peril's cards count for it
        wins = sum(resolve(rng, cat, card["goal"], peril, True) for _ in range(runs))
        incident.append(wins / runs)
    return {
        "supported": statistics.mean(helped),
        "supported_min": min(helped),
        "supported_max": max(helped),
        "unsupported": statistics.mean(alone),
        "incident": statistics.mean(incident),
    }


def apply(panel: dict[str, Any], own: str, level: dict[str, int], cat: dict[str, Any]) -> None:
    """Move the tracks as a success or failure panel says (own / others / a nation / peril)."""
    for key, delta in panel.items():
        if key in ("own", "peril"):
            targets = [own]
        elif key == "others":
            targets = [n for n in cat["nations"] if n != own]
        else:
            targets = [key]
        for t in targets:
            track = cat["tracks"][t]
            level[t] = max(track["min"], min(track["max"], level[t] + int(delta)))


def play_game(rng: random.Random, cat: dict[str, Any], players: int) -> tuple[set[str], int]:
    """One game's tracks: the nations that reached their maximum, and the falls to X."""
    level = {n: cat["tracks"][n]["start"] for n in cat["nations"]}
    at_max: set[str] = set()
    falls = 0
    for _ in range(players * ROUNDS):
        nation = rng.choice(cat["nations"])
        card = rng.choice(cat["crises"][nation])
        support = {nation if s == "own" else s for s in card["support"]}
        ok = resolve(rng, cat, card["goal"], support, True)
        apply(card["success" if ok else "failure"], nation, level, cat)
        for n in cat["nations"]:
            if level[n] >= cat["tracks"][n]["max"]:
                at_max.add(n)
        for n in cat["nations"]:
            if level[n] > cat["tracks"][n]["min"]:
                continue
            falls += 1
            inc = rng.choice(cat["incidents"])
            if resolve(rng, cat, inc["goal"], {n}, True):
                apply(inc["success"], n, level, cat)
            else:
                apply(inc.get("failure", {}), n, level, cat)
                level[n] = cat["tracks"][n]["reset"]
    return at_max, falls


def track_rates(
    rng: random.Random, cat: dict[str, Any], games: int, players: int
) -> dict[str, float]:
    """Share of games in which a given nation / any nation reaches its maximum; falls to X."""
    per_nation, anyone, falls = 0, 0, 0
    for _ in range(games):
        reached, fell = play_game(rng, cat, players)
        per_nation += len(reached)
        anyone += bool(reached)
        falls += fell
    return {
        "nation_reaches_max": per_nation / (games * len(cat["nations"])),
        "any_nation_reaches_max": anyone / games,
        "falls_to_x_per_game": falls / games,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000, help="counts per crisis card")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    cat = load()
    for key, value in crisis_rates(rng, cat, args.runs).items():
        print(f"crisis {key:<24}{value:7.1%}")
    for key, value in track_rates(rng, cat, args.games, args.players).items():
        fmt = f"{value:7.2f}" if key.startswith("falls") else f"{value:7.1%}"
        print(f"track  {key:<24}{fmt}")


if __name__ == "__main__":
    main()
