"""Whole games of ESPIONAGE the card game, played by stated policies, from the shipped catalog.

    python bench/sim_espionage.py [--games N] [--players 3 4 5] [--policies cautious ...]
                                  [--edition ID] [--payoff] [--rows] [--worth] [--seed S]
                                  [--game FOLDER]

The edition (`--edition original` or `pnp`; the game's default when none) is the catalog read
with that edition's overlay, so either edition is played by its own cards and tables.

What is read from card_data/espionage-card-game (nothing here copies a number from it):
  the deck: each card's count, type, `as_mission`, `playable`, `effect` key and, for gold
  cards, `when_discarded` (out: its holder is eliminated; kept: it never leaves the hand);
  tables: cards dealt (setup `Deal`), drawn (turn-summary step 1), Missions per turn
  (card-types `mission`), the Package's hand (gold-cards), the safe first round (turn-summary
  `truce`), when a hit is answered (card-types `shown_first`), who wins the showdown and in
  which order (game-end `wins`), whether an empty draw pile ends the game at once or at the end
  of the round (game-end `ends: round`); the players range and the play time (game); a card the
  copy cards skip (`copyable: false`).
A card's behaviour follows its effect key, so editing a count, an effect key or a number in a
table changes what is measured; the keys of earlier printings are kept (Informant `look-hand`,
Package `reveal-package-ten-cards`, Police `cancel-mission`, Sniper `discard-random`, Medic
`retrieve`, Infiltrator `steal-random`, Mercenary `copy-discard`) so a catalog put back is
measured too, and fails the balance tests; the original edition's Package is
`reveal-package-win` (revealed with its hand, it wins at once unless a Police cancels it).

The rules as modelled are the rulebook's (templates/espionage-card-game/rulebook.md.j2):
  deal; turns go clockwise from seat 0: draw, then pass or play up to the Mission limit, one
  card at a time, each answered by Reactions (last in, first out); in the safe first round no
  card hits a hand; a hit settles its card first (named, or drawn at random; a card to be
  discarded is shown to all, one to be taken only to its holder) and is answered after; the
  game ends when a player is forced to discard a gold card marked `out` (the player of the
  card that forced it wins), when a revealed Package is still held at the start of its
  holder's next turn, or the moment the draw pile is empty (the card that emptied it
  finishes); then the Bomb loses and the showdown's cards win in their order, else most cards.

Policies (every seat plays the same one, except the seat a worth test changes, and in a mixed
table (--payoff) the one seat that plays another policy than the rest):
  cautious    plays draws, searches and copies; attacks a player known to hold a gold card it
              can take out; attacks blind (the largest hand) only while holding a defence of
              its own; names a card with the Assassin only when it knows it is there; reveals
              the Package only holding two defences; defends its own hand from every hit.
  aggressive  plays every attack it holds, at a known gold holder else at the largest hand
              (the Assassin names the Target, or the Package at a hand near ten cards), the
              Informant before an Assassin; reveals the Package at once; defends only when a
              gold card is at stake.
  leader      attacks like the aggressive, blind or not, always the seat it judges to lead (a
              known gold holder, else the largest hand), and defends its own hand from every
              hit like the cautious.
  dumping     plays up to the limit every turn, cards and targets at random among legal plays,
              and answers with any Reaction that protects its own hand.
  Shared by all: whoever a card would beat answers it if they can (a forced discard of the
  Target is answered by any Bodyguard or Protector at the table, a revealed Package by attacks
  on its holder); nobody holds cards back to reach the Package's ten (it costs the holder 1-3
  points and rarely pays); the Bomb goes to a rival with a Double Agent at the first chance (to the
  known Target holder if any); the Detective puts the Bomb back on top; cards taken by choice
  follow one fixed ranking. A player knows its hand, the cards shown to all, the cards it took
  or gave, and what an Informant showed it; the model forgets a known card when it leaves
  that hand (a player would mostly see it go).
Limits: no bluffing, no card counting beyond that, no table talk, one ranking for every seat,
Reaction chains built one answer at a time between the two sides; the Ninja copies as a
Reaction only a Protector. Figures are for these policies, not for people.

With --payoff, every pair of policies in mixed tables (one seat against the rest, the lone seat
turning with the game number): the lone policy's win share over a fair share, marked ! above
FLAG_POLICY; a seat above FLAG_SEAT of a fair share is marked in the report. With --rows, only
the rows of the catalog's `balance` table for the edition.
Reported per player count and policy: games ended by the rules within the turns the box's play
time allows (at MINUTES_PER_TURN), frozen games (still running after CAP_TURNS), games ended
before every player had a turn, how games end, the share of endings forced by each card (by
the card played, and by the effect used when a Ninja or Mercenary copies), seat win shares, the
held gold cards' holders' win shares, and with --worth each playable card's effect on its
holder's win rate (never playing it, same deals).
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.catalog.games import resolve_game

GAME = "espionage-card-game"
POLICIES = ("cautious", "aggressive", "leader", "dumping")
FLAG_POLICY = 1.5  # a policy winning more than this times a fair share against a table is flagged
FLAG_SEAT = 1.2  # and a seat winning more than this times a fair share
CAP_TURNS = 400  # a game still running after this many turns is a frozen state
MINUTES_PER_TURN = 1.0  # the pace the play time is read at: draw, up to three cards, answers

HITS = {
    "discard-random",
    "discard-random-two",
    "discard-named",
    "discard-all",
    "steal-random",
    "steal-one-of-two",
    "swap",
}
STEALS = {"steal-random", "steal-one-of-two", "swap"}
DEFENCES = {"cancel-mission", "cancel-mission-late", "protect", "redirect"}
POLICE = ("cancel-mission", "cancel-mission-late")
RANK = {  # how much a player wants a card (Detective, Medic, Recruiter; the worst is given away)
    "win-at-end": 100, "reveal-package": 40, "reveal-package-ten-cards": 40, "take-target": 30,
    "protect": 29, "redirect": 28, "cancel-mission-late": 28, "cancel-mission": 27,
    "discard-named": 25, "cancel-reaction": 24, "swap": 23, "steal-random": 22,
    "steal-one-of-two": 22, "copy-played": 20, "copy-top": 20, "copy-discard": 20,
    "discard-random-two": 20, "discard-random": 19, "discard-all": 18, "look-two": 15,
    "look-hand": 15, "draw": 14, "look-top-three": 13, "search": 13, "retrieve-two": 13,
    "retrieve": 12, "lose-at-end": -100,
}  # fmt: skip


# ---------------------------------------------------------------------------- the catalog


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    type: str
    rarity: str
    playable: bool
    as_mission: bool
    copyable: bool
    effect: str
    when_discarded: str


@dataclass
class Catalog:
    cards: dict[str, Card]
    deck: list[str]
    deal: int
    draw: int
    limit: int
    package_hand: int
    truce: str  # "first-round": no card hits a hand until every player has had a turn
    shown_first: bool  # a hit's card is settled and shown before anyone answers
    showdown: list[str]  # the cards that win the showdown, in order ("most-cards" last)
    ends: str  # "round": an empty draw pile ends the game at the end of the round, else at once
    players: tuple[int, int]
    play_minutes: int
    by_effect: dict[str, str] = field(default_factory=dict)

    def rank(self, cid: str) -> int:
        return RANK.get(self.cards[cid].effect, 10)


def _row(table: Any, key: str, value: Any) -> dict[str, Any]:
    return next(r for r in table.rows if r.get(key) == value)


def load(game_id: str = GAME, edition: str | None = None) -> Catalog:
    """The deck and the numbers the rules use, as the catalog gives them in `edition` (the
    game's default edition when None)."""
    game = resolve_game(game_id, edition)
    cards: dict[str, Card] = {}
    ids: list[str] = []
    for c in game.sets["deck"].components:
        f = c.fields
        cards[c.id] = Card(
            c.id, c.name, f["type"], f["rarity"], bool(f.get("playable", True)),
            bool(f.get("as_mission", False)), bool(f.get("copyable", True)), f.get("effect", ""),
            f.get("when_discarded", ""),
        )  # fmt: skip
        ids += [c.id] * c.count
    t = game.tables
    truce = next((r["truce"] for r in t["turn-summary"].rows if r.get("truce")), "")
    shown = any(r.get("shown_first") is True for r in t["card-types"].rows)
    ending = sorted(t["game-end"].rows, key=lambda r: r["step"])
    minutes = [int(m) for m in re.findall(r"\d+", str(game.meta.get("play_time", "")))] or [30]
    cat = Catalog(
        cards=cards,
        deck=ids,
        deal=_row(t["setup"], "name", "Deal")["cards"],
        draw=_row(t["turn-summary"], "step", 1)["cards"],
        limit=_row(t["card-types"], "key", "mission")["limit"],
        package_hand=_row(t["gold-cards"], "card", "package")["hand"],
        truce=str(truce),
        shown_first=shown,
        showdown=[r["wins"] for r in ending if r.get("wins")],
        ends=str(next((r["ends"] for r in ending if r.get("ends")), "")),
        players=(game.meta["players"]["min"], game.meta["players"]["max"]),
        play_minutes=max(minutes),
    )
    for cid, card in cards.items():
        cat.by_effect.setdefault(card.effect, cid)
    if not cat.showdown:
        cat.showdown = [cat.by_effect["win-at-end"], "most-cards"]
    return cat


# ---------------------------------------------------------------------------- one game


class GameOver(Exception):
    def __init__(self, winners: list[int], how: str, card: str = "", via: str = "",
                 lost: str = "") -> None:  # fmt: skip
        super().__init__(how)
        self.winners, self.how, self.card, self.via, self.lost = winners, how, card, via, lost


class Game:
    """One game: its state, its rules, and the decisions each seat's policy makes."""

    def __init__(
        self, cat: Catalog, players: int, policy: str | Sequence[str], rng: random.Random,
        ablate: tuple[int, str | Sequence[str]] | None = None,
    ) -> None:  # fmt: skip
        self.cat, self.n, self.rng = cat, players, rng
        # one policy for every seat, or one a seat (a mixed table)
        self.policies = [policy] * players if isinstance(policy, str) else list(policy)
        # the seat a worth test changes, and the cards it never plays
        self.banned_seat, banned = ablate if ablate else (-1, ())
        self.banned = {banned} if isinstance(banned, str) else set(banned)
        self.pile = list(cat.deck)
        rng.shuffle(self.pile)
        self.hands = [[self.pile.pop() for _ in range(cat.deal)] for _ in range(players)]
        self.discard: list[str] = []
        self.public: list[set[str]] = [set() for _ in range(players)]  # shown to all
        # what each seat knows of each hand: private[who][whose]
        self.private: list[list[set[str]]] = [
            [set() for _ in range(players)] for _ in range(players)
        ]
        self.seen = [set(hand) for hand in self.hands]  # every card each seat has held
        self.revealed: int | None = None  # the seat waiting to win with its Package
        self.turn = 0
        self.this_turn: list[str] = []
        self.log: Counter[str] = Counter()
        self.acts: Counter[str] = Counter()  # what was done at the table (sim_espionage_time)
        self.in_swap = False
        self.stopped = False  # the Mission resolving was cancelled by a late Police
        by = cat.by_effect
        self.target = by.get("win-at-end", "")
        self.bomb = by.get("lose-at-end", "")
        self.package = next((c for e, c in by.items() if e.startswith("reveal-package")), "")
        self.kills = {c for c, k in cat.cards.items() if k.when_discarded == "out"}

    # ------------------------------------------------------------ small helpers
    def pol(self, p: int) -> str:
        return self.policies[p]

    def eff(self, cid: str) -> str:
        return self.cat.cards[cid].effect

    def card_of(self, p: int, effect: str) -> str | None:
        """A card with that effect in p's hand that p may play (the worth test's card is not)."""
        for cid in self.hands[p]:
            if self.cat.cards[cid].effect == effect and not self.barred(p, cid):
                return cid
        return None

    def barred(self, p: int, cid: str) -> bool:
        return p == self.banned_seat and cid in self.banned

    def police_of(self, p: int) -> str | None:
        return self.card_of(p, POLICE[0]) or self.card_of(p, POLICE[1])

    def guards(self, p: int) -> int:
        return sum(1 for c in self.hands[p] if self.cat.cards[c].effect in DEFENCES)

    def others(self, p: int) -> list[int]:
        return [(p + k) % self.n for k in range(1, self.n)]

    def knows(self, p: int, q: int, cid: str) -> bool:
        return cid in self.public[q] or cid in self.private[p][q]

    def known_holder(self, p: int, cid: str, pool: Sequence[int] | None = None) -> int | None:
        if not cid:
            return None
        return next((q for q in (pool or self.others(p)) if self.knows(p, q, cid)), None)

    def truce(self) -> bool:
        return self.cat.truce == "first-round" and self.turn < self.n

    def biggest(self, p: int, pool: Sequence[int] | None = None) -> int:
        return max(pool or self.others(p), key=lambda q: (len(self.hands[q]), self.rng.random()))

    def take(self, p: int, cid: str) -> None:
        self.hands[p].append(cid)
        self.seen[p].add(cid)

    def lose(self, p: int, cid: str) -> None:
        self.hands[p].remove(cid)
        if cid not in self.hands[p]:
            self.public[p].discard(cid)
            for q in range(self.n):
                self.private[q][p].discard(cid)
        if self.revealed == p and cid == self.package:
            self.revealed = None
            self.log["package-stopped"] += 1

    def draw_top(self, p: int) -> None:
        if self.pile:
            self.take(p, self.pile.pop())
            self.acts["draw"] += 1

    def check_pile(self) -> None:
        """An empty draw pile ends the game at once, or (`ends: round`) once the player last in
        the round has had their turn."""
        if not self.pile and self.cat.ends != "round":
            self.showdown()

    def showdown(self) -> None:
        clean = [p for p in range(self.n) if self.bomb not in self.hands[p]]
        for card in self.cat.showdown:
            if card == "most-cards":
                break
            holder = next((p for p in clean if card in self.hands[p]), None)
            if holder is not None:
                raise GameOver([holder], f"showdown-{card}", card)
        if not clean:
            raise GameOver([], "showdown-none")
        most = max(len(self.hands[p]) for p in clean)
        raise GameOver([p for p in clean if len(self.hands[p]) == most], "showdown-most-cards")

    # ------------------------------------------------------------ Reactions
    def play_out(self, p: int, cid: str) -> None:
        """p plays a card from hand to the discard pile (its answers come after)."""
        self.lose(p, cid)
        self.discard.append(cid)
        self.this_turn.append(cid)
        self.acts["play"] += 1
        self.on_card_played(p)

    def cancelled(self, reactor: int, against: Sequence[int], stakes: bool) -> bool:
        """A Reaction was just played by `reactor`; a player in `against` may cancel it with a
        Counterspy, the reactor may cancel that one, and so on (last in, first out). True when
        the Reaction ends up cancelled."""
        sides = [list(against), [reactor]]
        cancelled = False
        for turn in range(8):
            who = next((q for q in sides[turn % 2] if self.card_of(q, "cancel-reaction")), None)
            if who is None or not (stakes or self.pol(who) == "dumping"):
                return cancelled
            self.play_out(who, self.card_of(who, "cancel-reaction") or "")
            self.log["counterspy"] += 1
            cancelled = not cancelled
        return cancelled

    def on_card_played(self, p: int) -> None:
        """'Any card is played': a Bomb holder passes the Bomb on with a Double Agent."""
        if self.truce() or self.in_swap:
            return
        for q in [*self.others(p), p]:
            agent = self.card_of(q, "swap")
            if agent and self.bomb in self.hands[q]:
                victim = self.pick_victim(q, "swap")
                if victim is None:
                    return
                self.in_swap = True
                try:
                    self.lose(q, agent)
                    self.discard.append(agent)
                    self.log["bomb-passed"] += 1
                    self.resolve_hit(q, victim, "swap", agent, agent)
                finally:
                    self.in_swap = False
                return

    def mission_stands(self, actor: int, effect: str, victims: Sequence[int]) -> bool:
        """The Police window: a player the Mission would hurt may cancel it."""
        if effect == "reveal-package":
            return True  # no card cancels this reveal
        for q in self.others(actor):
            police = self.police_of(q)
            if police and self.eff(police) == "cancel-mission-late" and effect in HITS:
                continue  # it waits for the card at stake
            if police and self.wants_police(q, effect, victims):
                self.play_out(q, police)
                self.log["police"] += 1
                stakes = effect.startswith("reveal-package") or effect == "discard-named"
                return self.cancelled(q, [actor], stakes or self.pol(q) != "cautious")
        return True

    def wants_police(self, q: int, effect: str, victims: Sequence[int]) -> bool:
        if effect.startswith("reveal-package"):
            return True  # a Package that may be cancelled always is
        if self.truce() or q not in victims or effect not in HITS:
            return False
        if self.pol(q) != "aggressive":
            return True
        later = self.card_of(q, "protect") or self.card_of(q, "redirect")
        return bool(self.kills & set(self.hands[q])) and not (self.cat.shown_first and later)

    # ------------------------------------------------------------ hits: discard or lose a card
    def resolve_hit(self, attacker: int, victim: int, kind: str, via: str, effect_card: str,
                    named: str | None = None, depth: int = 0) -> None:  # fmt: skip
        """One hit on one victim: settle the card, let the table answer, then apply it."""
        if self.truce() or not self.hands[victim]:
            return
        if not self.cat.shown_first and self.defend(attacker, victim, kind, None, effect_card,
                                                    via, named, depth):  # fmt: skip
            return
        hand = self.hands[victim]
        if not hand or (kind == "discard-named" and named not in hand):
            return
        if kind == "discard-named":
            picked = named
        elif kind == "steal-one-of-two":
            seen = self.rng.sample(hand, min(2, len(hand)))
            self.private[attacker][victim].update(seen)
            picked = max(seen, key=lambda c: (self.cat.rank(c), self.rng.random()))
        else:
            picked = self.rng.choice(hand)
        assert picked is not None
        card = self.cat.cards[picked]
        steal = kind in STEALS
        if not steal and card.when_discarded == "kept":
            self.public[victim].add(picked)  # shown and kept
            return
        if self.cat.shown_first:
            if self.defend(attacker, victim, kind, picked, effect_card, via, named, depth):
                if picked in self.hands[victim] and not steal:
                    self.public[victim].add(picked)  # it was shown to all
                return
            if picked not in self.hands[victim]:
                return  # it left the hand while the table answered
        if steal:
            self.lose(victim, picked)
            self.take(attacker, picked)
            self.private[victim][attacker].add(picked)
            if kind == "swap" and self.hands[attacker]:
                hand = self.hands[attacker]
                give = min(hand, key=lambda c: (self.cat.rank(c), self.rng.random()))
                self.lose(attacker, give)
                self.take(victim, give)
                self.private[attacker][victim].add(give)
            return
        if picked == self.target and self.protector_saves(attacker, victim):
            return
        if picked not in self.hands[victim]:
            return
        self.lose(victim, picked)
        self.discard.append(picked)
        if card.when_discarded == "out":
            raise GameOver([attacker], "eliminated", effect_card, via, picked)

    def defend(self, attacker: int, victim: int, kind: str, picked: str | None, effect_card: str,
               via: str, named: str | None, depth: int) -> bool:  # fmt: skip
        """Decoy or Bodyguard from the victim, else a Bodyguard from anyone a forced gold discard
        would beat. True when the hit is stopped (or sent elsewhere)."""
        steal = kind in STEALS
        fatal = picked in self.kills and not steal
        gold = picked is not None and picked in (self.target, self.package)
        if self.victim_defends(victim, picked, fatal or gold):
            decoy, guard = self.card_of(victim, "redirect"), self.card_of(victim, "protect")
            late = self.card_of(victim, "cancel-mission-late") if picked is not None else None
            use = decoy if decoy and depth < 3 else (guard or late)
            if use and use == picked and self.hands[victim].count(use) == 1:
                use = None  # the card at stake cannot save itself
            if use:
                self.play_out(victim, use)
                self.log[self.eff(use)] += 1
                stakes = fatal or gold or self.pol(victim) != "cautious"
                if not self.cancelled(victim, [attacker], stakes):
                    if use == late:
                        self.stopped = True  # the whole Mission is cancelled
                    if use == decoy:
                        new = self.pick_victim(victim, kind)
                        if new is not None:
                            self.log["redirected"] += 1
                            self.resolve_hit(victim, new, kind, use, effect_card, named, depth + 1)
                    return True
        if fatal:
            for q in self.others(victim):
                if q == attacker:
                    continue
                guard = self.card_of(q, "protect") or self.card_of(q, "cancel-mission-late")
                if guard:
                    self.play_out(q, guard)
                    self.log["protect-other"] += 1
                    if self.cancelled(q, [attacker], True):
                        return False
                    self.stopped = self.stopped or self.eff(guard) == "cancel-mission-late"
                    return True
        return False

    def victim_defends(self, victim: int, picked: str | None, gold: bool) -> bool:
        late = picked is not None and self.card_of(victim, "cancel-mission-late")
        if not (self.card_of(victim, "redirect") or self.card_of(victim, "protect") or late):
            return False
        if self.pol(victim) != "aggressive":
            return True
        if picked is None:  # answering before the card is known
            return bool((self.kills | {self.target}) & set(self.hands[victim]))
        return gold

    def protector_saves(self, attacker: int, victim: int) -> bool:
        """The Target would be discarded: a Protector (the victim's own, else another player's)
        takes it; a Ninja may copy that Protector; the attacker may cancel with a Counterspy."""
        for q in [victim, *[x for x in self.others(victim) if x != attacker]]:
            prot = self.card_of(q, "take-target")
            if not prot:
                continue
            self.play_out(q, prot)
            self.log["protector"] += 1
            if self.cancelled(q, [attacker], True):
                return False
            taker = q
            for r in self.others(q):
                ninja = self.card_of(r, "copy-played")
                if r != attacker and ninja and self.pol(r) != "cautious":
                    self.play_out(r, ninja)
                    self.log["ninja-protector"] += 1
                    if not self.cancelled(r, [q], True):
                        taker = r
                    break
            if self.target in self.hands[victim]:  # (a Double Agent may have moved it meanwhile)
                self.lose(victim, self.target)
                self.take(taker, self.target)
                self.public[taker].add(self.target)
            return True
        return False

    def pick_victim(self, p: int, kind: str) -> int | None:
        pool = [q for q in self.others(p) if self.hands[q]]
        if not pool:
            return None
        if self.pol(p) == "dumping":
            return self.rng.choice(pool)
        if kind == "swap" and self.bomb in self.hands[p]:
            known = self.known_holder(p, self.target, pool)
            return known if known is not None else self.biggest(p, pool)
        if self.revealed in pool:
            return self.revealed
        for gold in (self.target, self.package):
            known = self.known_holder(p, gold, pool)
            if known is not None:
                return known
        return self.biggest(p, pool)

    # ------------------------------------------------------------ Missions
    def choose_mission(self, p: int) -> tuple[str, dict[str, Any]] | None:
        options = []
        for cid in dict.fromkeys(self.hands[p]):
            card = self.cat.cards[cid]
            mission = card.type == "mission" or card.as_mission
            if card.playable and mission and not self.barred(p, cid):
                options.append(cid)
        if self.pol(p) == "dumping":
            self.rng.shuffle(options)
            for cid in options:
                plan = self.plan(p, cid)
                if plan is not None:
                    return cid, plan
            return None
        plans = []
        for cid in options:
            plan = self.plan(p, cid)
            if plan is not None:
                plans.append((plan.pop("_score"), self.rng.random(), cid, plan))
        if not plans:
            return None
        best = max(plans)
        return best[2], best[3]

    def plan(self, p: int, cid: str) -> dict[str, Any] | None:
        """The choices for playing cid now, with a score, or None when p would not play it."""
        effect = self.eff(cid)
        hand = self.hands[p]
        careful = self.pol(p) == "cautious"
        dumping = self.pol(p) == "dumping"
        blind = not careful or self.guards(p) >= 1
        target, package = self.target, self.package
        known_target = self.known_holder(p, target)
        revealed = self.revealed if self.revealed not in (None, p) else None
        if effect.startswith("reveal-package"):
            if len(hand) < self.cat.package_hand or self.revealed == p:
                return None
            if effect == "reveal-package-win":
                return {"_score": 100}  # it wins at once: nobody waits
            return None if careful and self.guards(p) < 2 else {"_score": 100}
        if effect in ("copy-played", "copy-discard", "copy-top"):
            return self.plan_copy(p, effect)
        if effect in HITS and self.truce():
            return None
        if effect in ("draw", "look-top-three", "search"):
            return {"_score": {"draw": 30, "look-top-three": 31, "search": 29}[effect]}
        if effect in ("retrieve", "retrieve-two"):
            pool = [c for c in self.discard if self.cat.cards[c].when_discarded != "out"]
            best = max(pool, key=self.cat.rank, default=None)
            if best is None or (self.cat.rank(best) < 15 and not dumping):
                return None
            return {"_score": 28, "take": best}
        if effect in ("look-two", "look-hand"):
            if dumping:
                return {"_score": 1, "victim": self.rng.choice(self.others(p))}
            if known_target is not None or not self.card_of(p, "discard-named"):
                return None
            return {"_score": 60, "victim": self.biggest(p)}
        if effect == "discard-named":
            if revealed is not None:
                return {"_score": 90, "victim": revealed, "named": package}
            if known_target is not None:
                return {"_score": 90, "victim": known_target, "named": target}
            known_package = self.known_holder(p, package)
            if known_package is not None:
                return {"_score": 85, "victim": known_package, "named": package}
            if careful:
                return None
            if dumping:
                return {"_score": 1, "victim": self.rng.choice(self.others(p)), "named": target}
            victim = self.biggest(p)
            near = package and len(self.hands[victim]) >= self.cat.package_hand - 2
            return {"_score": 20, "victim": victim, "named": package if near else target}
        if effect in ("discard-random", "discard-random-two", "steal-random", "steal-one-of-two",
                      "swap"):  # fmt: skip
            if effect == "swap" and self.bomb in hand:
                rival = self.pick_victim(p, "swap")
                return None if rival is None else {"_score": 95, "victim": rival}
            aim = revealed if revealed is not None else known_target
            if aim is None:
                aim = self.known_holder(p, package)
            if aim is not None and self.hands[aim]:
                return {"_score": 75 if effect.startswith("discard") else 80, "victim": aim}
            seats = [q for q in self.others(p) if self.hands[q]]
            if not blind or not seats:
                return None
            if dumping:
                return {"_score": 1, "victim": self.rng.choice(seats)}
            score = 35 if effect.startswith("discard") else 40
            return {"_score": score, "victim": self.biggest(p, seats)}
        if effect == "discard-all":
            if revealed is not None:
                return {"_score": 70}
            return {"_score": 1 if dumping else 33} if blind else None
        return None

    def plan_copy(self, p: int, effect: str) -> dict[str, Any] | None:
        """Ninja as a Mission copies the last Mission played this turn; the Mercenary the topmost
        common Mission in the discard pile that is no copy card (`copy-top`; as first printed,
        `copy-discard`: any of them, the best plan)."""
        if effect == "copy-played":
            last = next((c for c in reversed(self.this_turn) if self.cat.cards[c].type == "mission"
                         and self.cat.cards[c].rarity == "common"), None)  # fmt: skip
            if last is not None and self.eff(last) in ("copy-top", "copy-discard"):
                return self.plan_copy(p, self.eff(last))  # a Mercenary copied: it copies again
            pool = [last]
        elif effect == "copy-top":
            pool = [next((c for c in reversed(self.discard) if self.cat.cards[c].type == "mission"
                          and self.cat.cards[c].rarity == "common"
                          and self.cat.cards[c].copyable
                          and not self.eff(c).startswith("copy")), None)]  # fmt: skip
        else:
            pool = list(dict.fromkeys(self.discard))
        best: tuple[str, dict[str, Any]] | None = None
        for c in pool:
            if c is None:
                continue
            card = self.cat.cards[c]
            if card.type != "mission" or card.rarity != "common" or not card.copyable:
                continue
            if card.effect.startswith("copy"):
                continue
            sub = self.plan(p, c)
            if sub is not None and (best is None or sub["_score"] > best[1]["_score"]):
                best = (c, sub)
        if best is None:
            return None
        best[1]["_copy"] = best[0]
        best[1]["_score"] -= 1
        return best[1]

    def play_mission(self, p: int, cid: str, plan: dict[str, Any]) -> None:
        self.acts["mission"] += 1
        effect_card = plan.get("_copy", cid)
        effect = self.eff(effect_card)
        if effect == "discard-all":
            victims = self.others(p)
        else:
            victims = [plan["victim"]] if "victim" in plan else []
        if effect.startswith("reveal-package"):
            self.public[p].add(cid)  # shown as it is played; it stays in the hand
            self.this_turn.append(cid)
            self.log["package-reveal"] += 1
            if self.mission_stands(p, effect, victims):
                if effect == "reveal-package-win":
                    raise GameOver([p], "package", cid, cid)
                self.revealed = p
            return
        self.play_out(p, cid)
        self.log[f"play:{cid}"] += 1
        self.stopped = False
        if self.mission_stands(p, effect, victims):
            self.resolve(p, cid, effect_card, effect, plan, victims)

    def resolve(self, p: int, via: str, effect_card: str, effect: str, plan: dict[str, Any],
                victims: list[int]) -> None:  # fmt: skip
        if effect == "draw":
            for _ in range(2):
                self.draw_top(p)
        elif effect == "look-top-three":
            top = [self.pile.pop() for _ in range(min(3, len(self.pile)))]
            if top:
                best = max(top, key=lambda c: (self.cat.rank(c), self.rng.random()))
                top.remove(best)
                self.take(p, best)
                top.sort(key=lambda c: c == self.bomb)  # the Bomb back on top, for the next player
                self.pile.extend(top)
        elif effect == "search":
            pool = [c for c in self.pile if self.cat.cards[c].rarity == "common"]
            if pool:
                best = max(pool, key=lambda c: (self.cat.rank(c), self.rng.random()))
                self.pile.remove(best)
                self.take(p, best)
                self.rng.shuffle(self.pile)
        elif effect in ("retrieve", "retrieve-two"):
            for _ in range(2 if effect == "retrieve-two" else 1):
                pool = [c for c in self.discard if self.cat.cards[c].when_discarded != "out"]
                if pool:
                    best = max(pool, key=lambda c: (self.cat.rank(c), self.rng.random()))
                    self.discard.remove(best)
                    self.take(p, best)
        elif effect in ("look-two", "look-hand"):
            hand = self.hands[plan["victim"]]
            shown = hand if effect == "look-hand" else self.rng.sample(hand, min(2, len(hand)))
            self.private[p][plan["victim"]].update(shown)
        elif effect in ("discard-random", "steal-random", "steal-one-of-two", "swap",
                        "discard-named"):  # fmt: skip
            self.resolve_hit(p, victims[0], effect, via, effect_card, plan.get("named"))
        elif effect in ("discard-random-two", "discard-all"):
            for q in victims:
                for _ in range(2 if effect == "discard-random-two" else 1):
                    if not self.stopped:  # a Police cancelled the whole Mission
                        self.resolve_hit(p, q, "discard-random", via, effect_card)

    # ------------------------------------------------------------ the game
    def take_turn(self, p: int) -> None:
        self.this_turn = []
        if self.revealed == p and self.package in self.hands[p]:
            raise GameOver([p], "package", self.package, self.package)
        for _ in range(self.cat.draw):
            self.draw_top(p)
        self.check_pile()
        for _ in range(self.cat.limit):
            choice = self.choose_mission(p)
            if choice is None:
                break
            self.play_mission(p, *choice)
            self.check_pile()
            if self.revealed == p:
                break  # a revealed Package keeps the rest of the hand
        if not self.pile and p == self.n - 1:
            self.showdown()  # the round is over (`ends: round`)

    def run(self) -> dict[str, Any]:
        try:
            while self.turn < CAP_TURNS:
                self.take_turn(self.turn % self.n)
                self.turn += 1
            over = GameOver([], "frozen")
        except GameOver as end:
            over = end
        end_holders = {c: next((p for p in range(self.n) if c in self.hands[p]), None)
                       for c, k in self.cat.cards.items() if k.rarity == "gold"}  # fmt: skip
        return {
            "winners": over.winners, "how": over.how, "card": over.card, "via": over.via,
            "lost": over.lost,
            "turns": self.turn + 1, "end_holders": end_holders, "seen": self.seen, "log": self.log,
            "acts": self.acts,
        }  # fmt: skip


def play(cat: Catalog, players: int, policy: str, seed: int,
         ablate: tuple[int, str | Sequence[str]] | None = None) -> dict[str, Any]:  # fmt: skip
    return Game(cat, players, policy, random.Random(seed), ablate).run()


# ---------------------------------------------------------------------------- measuring


def share(result: dict[str, Any], seat: int) -> float:
    """The part of the win a seat took (a shared win is split)."""
    w = result["winners"]
    return 1 / len(w) if seat in w else 0.0


def measure(cat: Catalog, players: int, policy: str, games: int, seed: int = 1) -> dict[str, Any]:
    """How games end, which cards force the endings, seat shares and the gold cards' holders."""
    budget = cat.play_minutes / MINUTES_PER_TURN
    how: Counter[str] = Counter()
    forced: Counter[str] = Counter()
    forced_effect: Counter[str] = Counter()
    log: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    seats = [0.0] * players
    early = within = frozen = turns = 0
    golds = [c for c, k in cat.cards.items() if k.rarity == "gold"]
    gold_win = dict.fromkeys(golds, 0.0)
    gold_held = dict.fromkeys(golds, 0)
    for g in range(games):
        r = play(cat, players, policy, seed * 1_000_003 + g)
        log.update(r["log"])
        how[r["how"]] += 1
        if r["how"] in ("eliminated", "package"):
            forced[r["via"]] += 1
            forced_effect[r["card"]] += 1
            if r["lost"]:
                lost[r["lost"]] += 1
        for s in range(players):
            seats[s] += share(r, s)
        early += r["turns"] < players
        frozen += r["how"] == "frozen"
        within += r["how"] != "frozen" and r["turns"] <= budget
        turns += r["turns"]
        for c in golds:
            holder = r["end_holders"][c]
            if holder is not None:
                gold_held[c] += 1
                gold_win[c] += share(r, holder)
    return {
        "players": players, "policy": policy, "games": games,
        "ended": within / games, "frozen": frozen / games, "first_round": early / games,
        "turns": turns / games, "how": {k: v / games for k, v in how.items()},
        "forced": {k: v / games for k, v in forced.items()},
        "forced_effect": {k: v / games for k, v in forced_effect.items()},
        "eliminated_by": {k: v / games for k, v in lost.items()},
        "seats": [s / games for s in seats], "seat0_ratio": seats[0] / games * players,
        "seat_max": max(seats) / games * players,
        "gold_holder_wins": {c: gold_win[c] / gold_held[c] for c in golds if gold_held[c]},
        "log": {k: v / games for k, v in log.items()},
    }  # fmt: skip


def worth(cat: Catalog, players: int, policy: str, games: int, seed: int = 1,
          cards: Sequence[str | tuple[str, ...]] | None = None,
          ) -> dict[str | tuple[str, ...], tuple[float, float, float]]:  # fmt: skip
    """Each playable card's effect on its holder's win rate, in points: a seat that never plays
    it (keeps it in hand) against the same seat in the same deals playing normally, over the
    games in which that seat held the card. The seat turns with the game number, so every seat
    is tried alike; a game stays identical until the seat would first play the card, so only
    games in which it held the card can differ. Returns (effect, standard error, share of
    games in which the seat held the card). A tuple of ids is one group: the seat never plays
    any of them, and "held" means held any."""
    playable = [c for c, k in cat.cards.items() if k.playable]
    ids: list[Any] = list(cards) if cards is not None else playable
    base = [play(cat, players, policy, seed * 1_000_003 + g) for g in range(games)]
    out = {}
    for cid in ids:
        diffs = []
        for g in range(games):
            s = g % players
            group = {cid} if isinstance(cid, str) else set(cid)
            if group & base[g]["seen"][s]:
                other = play(cat, players, policy, seed * 1_000_003 + g, (s, cid))
                diffs.append(share(base[g], s) - share(other, s))
        k = len(diffs)
        mean = sum(diffs) / k if k else 0.0
        var = sum((d - mean) ** 2 for d in diffs) / (k - 1) if k > 1 else 0.0
        out[cid] = (100 * mean, 100 * (var / k) ** 0.5 if k else 0.0, k / games)
    return out


def mixed(cat: Catalog, players: int, lone: str, rest: str, games: int, seed: int = 1) -> float:
    """One seat plays `lone`, every other seat `rest`: the lone seat's win share over a fair
    share. The lone seat turns with the game number, so every seat position is tried alike."""
    won = 0.0
    for g in range(games):
        seat = g % players
        seats = [lone if s == seat else rest for s in range(players)]
        won += share(play(cat, players, seats, seed * 1_000_003 + g), seat)
    return won / games * players


def payoff(cat: Catalog, players: int, games: int, seed: int = 1,
           policies: Sequence[str] = POLICIES) -> dict[tuple[str, str], float]:  # fmt: skip
    """(lone, rest) -> the lone policy's win share over a fair share, for every pair."""
    return {(a, b): mixed(cat, players, a, b, games, seed)
            for a in policies for b in policies if a != b}  # fmt: skip


def report_payoff(players: int, table: dict[tuple[str, str], float],
                  policies: Sequence[str]) -> str:  # fmt: skip
    """The payoff table: a row for the lone seat's policy, a column for the rest of the table;
    a share above FLAG_POLICY times fair is marked with !."""
    head = f"{players}p one seat \\ the rest  " + " ".join(f"{b:>11}" for b in policies)
    lines = [head]
    for a in policies:
        cells = []
        for b in policies:
            v = table.get((a, b))
            mark = "!" if v is not None and v > FLAG_POLICY else " "
            cells.append(f"{'-':>11}" if v is None else f"{v:>10.2f}{mark}")
        lines.append(f"    {a:<22}" + " ".join(cells))
    return "\n".join(lines)


def balance_row(cat: Catalog, edition: str, players: int, games: int, seed: int = 1) -> str:
    """One row of the catalog's `balance` table (YAML flow): each figure's range over the
    policies, the top card with its copies, the best policy's payoff against any other."""
    ms = [measure(cat, players, pol, games, seed) for pol in POLICIES]
    pay = payoff(cat, players, games, seed)

    def span(values: Sequence[float], fmt: str) -> str:
        lo, hi = fmt.format(min(values)), fmt.format(max(values))
        return lo if lo == hi else f"{lo}-{hi}"

    tops = [max(m["forced_effect"].items(), key=lambda kv: kv[1], default=("-", 0.0)) for m in ms]
    card, top = max(tops, key=lambda kv: kv[1])
    best = max(pay.items(), key=lambda kv: kv[1])
    package = [100 * m["gold_holder_wins"].get("package", 0.0) for m in ms]
    return (
        f'- {{edition: {edition}, players: {players}, '
        f'turns: "{span([m["turns"] for m in ms], "{:.0f}")}", '
        f'first_round: "{span([100 * m["first_round"] for m in ms], "{:.0f}%")}", '
        f'top_card: "{cat.cards[card].name if card in cat.cards else card} {top:.0%}", '
        f'first_seat: "{span([m["seat0_ratio"] for m in ms], "{:.2f}")}", '
        f'best_policy: "{best[0][0]} {best[1]:.2f}", '
        f'package: "{span(package, "{:.0f}%")} (fair {100 / players:.0f}%)"}}'
    )  # fmt: skip


def report(m: dict[str, Any]) -> str:
    def pct(d: dict[str, float]) -> str:
        return ", ".join(f"{k} {v:.1%}" for k, v in sorted(d.items(), key=lambda kv: -kv[1])) or "-"

    fair = 1 / m["players"]
    golds = ", ".join(f"{c} {v:.1%}" for c, v in m["gold_holder_wins"].items())
    return (
        f"{m['players']}p {m['policy']:<10} ended by the rules within the play time "
        f"{m['ended']:.1%}, frozen {m['frozen']:.1%}, before every player had a turn "
        f"{m['first_round']:.1%}, {m['turns']:.1f} turns\n"
        f"    endings: {pct(m['how'])}\n"
        f"    forced by the card played: {pct(m['forced'])}\n"
        f"    forced by the effect used: {pct(m['forced_effect'])}\n"
        f"    eliminated by discarding: {pct(m['eliminated_by'])}\n"
        f"    seat win shares: {' '.join(f'{s:.3f}' for s in m['seats'])} "
        f"(first seat x{m['seat0_ratio']:.2f} of a fair {fair:.3f}"
        f"{'; a seat above x' + str(FLAG_SEAT) + '!' if m['seat_max'] > FLAG_SEAT else ''})\n"
        f"    the gold card's holder at the end wins: {golds}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--policies", nargs="*", default=list(POLICIES), choices=POLICIES)
    parser.add_argument("--worth", action="store_true", help="each card's worth too (slow)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=GAME, help="another catalog folder (a variant)")
    parser.add_argument("--edition", help="the edition to play (the game's default if none)")
    parser.add_argument(
        "--rows",
        action="store_true",
        help="only the rows of the catalog's balance table, for this edition",
    )
    parser.add_argument(
        "--payoff",
        action="store_true",
        help="also mixed tables: one seat against the rest, every pair of policies",
    )
    args = parser.parse_args(argv)
    cat = load(args.game, args.edition)
    counts = args.players or list(range(cat.players[0], cat.players[1] + 1))
    if args.rows:
        for n in counts:
            print(balance_row(cat, args.edition or "default", n, args.games, args.seed), flush=True)
        return
    for n in counts:
        for pol in args.policies:
            print(report(measure(cat, n, pol, args.games, args.seed)), flush=True)
            if args.worth:
                w = worth(cat, n, pol, args.games, args.seed)
                ranked = sorted(w.items(), key=lambda kv: -kv[1][0])
                print(
                    "    worth to its holder, points (s.e.): "
                    + ", ".join(f"{c} {v:+.1f} ({e:.1f})" for c, (v, e, _) in ranked),
                    flush=True,
                )
        if args.payoff:
            table = payoff(cat, n, args.games, args.seed, args.policies)
            print(report_payoff(n, table, args.policies), flush=True)


if __name__ == "__main__":
    main()
