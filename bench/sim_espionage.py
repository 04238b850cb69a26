"""Monte Carlo simulation of ESPIONAGE the card game: how fast and how often its two shortcuts
win. Reads the shipped deck (card counts and each card's `effect` key), so it measures what prints.

    python bench/sim_espionage.py [--games N] [--players P] [--seed S]

Model: P players, 2 cards dealt, 2 drawn a turn, up to 3 Missions. Every player attacks the same
way: with an Informant and an Assassin in hand, it looks at the opponent with most cards and
names a gold card it sees (the one-turn kill). A player holding the Package otherwise passes
(grows its hand) and plays it as soon as it may. A threatened player answers once: Police
cancels a Mission; Bodyguard keeps the hand; the attacker may cancel that answer with a
Counterspy. Other effects are left out: the figures compare the shortcuts with and without the
rules that check them, not whole games.

How the deck's effect keys change the model:
  look-hand    the Informant shows the whole hand (the combo always finds a held gold card)
  look-two     it shows 2 cards at random (the combo finds one only by luck)
  win-with-ten-cards        the Package wins the moment it is played
  reveal-package-ten-cards  it is revealed with 10 cards and wins at the start of the holder's
                            next turn if still held: the table gets a round to take or kill it
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from typing import Any

from pnp.catalog.games import resolve_game

GAME = "espionage-card-game"
DEAL, DRAW, PACKAGE_HAND = 2, 2, 10
GOLD_KILL = ("target", "package")


def load() -> dict[str, Any]:
    """The deck as a list of card ids, and each id's effect key."""
    deck = resolve_game(GAME).sets["deck"]
    cards = [c.id for c in deck.components for _ in range(c.count)]
    effects = {c.id: c.fields.get("effect", "") for c in deck.components}
    return {"cards": cards, "effects": effects}


def answer(rng: random.Random, hands: list[list[str]], victim: int, attacker: int) -> bool:
    """True when the victim stops an attack (Police or Bodyguard), and the attacker has no
    Counterspy to cancel that answer. Used cards are spent."""
    for card in ("police", "bodyguard"):
        if card in hands[victim]:
            hands[victim].remove(card)
            if "counterspy" in hands[attacker]:
                hands[attacker].remove("counterspy")
                return False
            return True
    return False


def seen_gold(rng: random.Random, cat: dict[str, Any], hand: list[str]) -> str | None:
    """The gold card an Informant shows the attacker, if any."""
    if cat["effects"].get("informant") == "look-two":
        shown = rng.sample(hand, min(2, len(hand)))
    else:
        shown = hand
    return next((g for g in GOLD_KILL if g in shown), None)


def try_kill(rng: random.Random, cat: dict[str, Any], hands: list[list[str]], me: int) -> bool:
    """Informant then Assassin on the largest opposing hand: True if it wins."""
    hand = hands[me]
    if not ("informant" in hand and "assassin" in hand):
        return False
    victim = max((p for p in range(len(hands)) if p != me), key=lambda p: len(hands[p]))
    hand.remove("informant")
    cat["tries"] += 1
    if answer(rng, hands, victim, me):
        return False
    gold = seen_gold(rng, cat, hands[victim])
    if gold is None:
        return False
    hand.remove("assassin")
    won = not answer(rng, hands, victim, me)
    cat["kills"] += won
    return won


def strip(rng: random.Random, hands: list[list[str]], me: int, holder: int) -> bool:
    """An opponent's turn against a revealed Package: a discard or steal at the holder; True if
    the Package itself was taken out (the holder is eliminated, or loses it)."""
    for card in ("assassin", "sniper", "terrorist", "infiltrator"):
        if card not in hands[me] or not hands[holder]:
            continue
        hands[me].remove(card)
        if answer(rng, hands, holder, me):
            continue
        if card == "assassin":
            return True  # it names the revealed Package
        lost = rng.choice(hands[holder])
        hands[holder].remove(lost)
        if lost == "package":
            return True
    return False


def play(rng: random.Random, cat: dict[str, Any], players: int) -> tuple[str, int]:
    """One game: how it ended ('combo', 'package', 'pile') and the round it ended in."""
    pile = cat["cards"][:]
    rng.shuffle(pile)
    hands = [[pile.pop() for _ in range(DEAL)] for _ in range(players)]
    revealed: int | None = None
    delayed = cat["effects"].get("package") == "reveal-package-ten-cards"
    turn = 0
    while pile:
        me = turn % players
        rnd = turn // players + 1
        if revealed == me:
            if "package" in hands[me]:
                return "package", rnd
            revealed = None
        for _ in range(DRAW):
            if pile:
                hands[me].append(pile.pop())
        if try_kill(rng, cat, hands, me):
            return "combo", rnd
        if revealed is not None and revealed != me and strip(rng, hands, me, revealed):
            revealed = None
        if "package" in hands[me] and len(hands[me]) >= PACKAGE_HAND and revealed is None:
            if delayed:
                revealed = me
            elif not any(answer(rng, hands, p, me) for p in range(players) if p != me):
                return "package", rnd
        turn += 1
    return "pile", turn // players + 1


def measure(rng: random.Random, cat: dict[str, Any], games: int, players: int) -> dict[str, float]:
    """Share of games won by each shortcut and the median round of those wins."""
    ends: dict[str, list[int]] = {"combo": [], "package": [], "pile": []}
    cat["tries"], cat["kills"] = 0, 0
    for _ in range(games):
        how, rnd = play(rng, cat, players)
        ends[how].append(rnd)
    out: dict[str, float] = {}
    for how, rounds in ends.items():
        out[f"{how}_share"] = len(rounds) / games
        out[f"{how}_median_round"] = statistics.median(rounds) if rounds else 0.0
    out["combo_wins_per_try"] = cat["kills"] / max(cat["tries"], 1)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args(argv)
    cat = load()
    result = measure(random.Random(args.seed), cat, args.games, args.players)
    for key, value in result.items():
        fmt = f"{value:7.1%}" if key.endswith(("share", "try")) else f"{value:7.1f}"
        print(f"{key:<24}{fmt}")


if __name__ == "__main__":
    main()
