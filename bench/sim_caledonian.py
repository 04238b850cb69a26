"""Whole-game Monte Carlo simulation of Espionage (Caledonian Games), played from the shipped
catalog: the Dossier, Crisis and Incident cards, the tracker, the key numbers, the endings,
game-length, head-start and variants tables. Nothing about the game is copied into this file but
the meaning of each card's effect (its `role`, and the words that tell an effect's version, such
as "discard this card" or "into yours"); every number (values, goals, panels, amounts, hand size,
random support, public bonus, Vault goal, discard, head start, last round, turn budget) is read
from the catalog.

    python bench/sim_caledonian.py [--games N] [--players 3 4 5 6] [--policies ...]
                                   [--seed S] [--catalog PATH] [--variant KEY]
                                   [--effects] [--cards]

The rules played are the rulebook's (templates/espionage-caledonian/rulebook.md.j2). Where the
catalog lacks a rule added in the balance pass (the discard before drawing, the endings,
game-length and head-start tables, the seller who has nothing to draw), the rule is played as it
was before, so an older catalog (--catalog PATH) measures the game as it was. --variant plays one
of the rulebook's variants (a key of the variants table).

Policies (every seat plays the same one; none uses a move the rulebook does not give):

  cautious    invests only in nations it can sell (its secret nation, a Bond Broker's nation);
              supports a crisis with at most 2 cards and only when its own stake is at risk;
              never sinks another player's nation on purpose; discards the cards it has no use
              for before drawing; plays an Espionage card only when it wins or saves something
              at once (a sale, a crisis it cares about, its own bonds).
  aggressive  also sinks the nations its rivals seem to back (public tokens, Unmasking), leaders
              first, keeps 2 off-nation cards as ammunition, supports with up to 5 cards, plays
              every Field Agent and every Espionage card at the first useful moment.
  dumping     the habit the old rules needed: never uses the discard, puts every card it has no
              use for into other players' crises as counter support, and invests what is left as
              bonds of any nation.
  investor    invests every card it may (any nation), keeps in hand one card of the nation
              highest on the track as its next secret allegiance, and after each sale takes a
              nation at the maximum where it holds bonds, so that sales chain; with an invest
              limit it keeps the cards it will invest next and discards the rest.
  attacker    plays like the cautious policy but sinks the nations of the player in the lead
              (the richest Vault, then the most bonds), and only theirs: sabotage aimed at the
              leader. Its Espionage cards go at the leader first.
  Every policy that sinks rivals' nations reads a rival's nation from its public token (a weak
  sign), from an Unmasking, and from a Bond Broker the rival has face up in play (its bonds of
  that nation wait for the maximum).

Mixed tables (one seat of one policy among another) are played by sim_caledonian_tables.py.

A Safe House whose text says "step 6" (the balance pass) is played only in its owner's step 6,
for one more bond; otherwise at the moment of a sale, to add a bond to it.

Key numbers played when the catalog has them (levers of the balance pass; absent, no limit):
invest (cards at most a step 6 invests), submit (cards at most a player gives one crisis),
sale-drop (spaces a nation falls after a sale at the maximum), sales-per-turn (per player),
portfolio (bonds at most in a Portfolio). Other levers read from the cards and tables: a Bond
Broker card with an `amount` sells that many bonds (the highest), not all, and one with a `fee`
keeps that many of the bonds it sells (the highest, discarded: no policy sells through it when
the fee would take them all); a selling table whose
"New allegiance" step says "no bonds" has a seller take a new allegiance of a nation it holds
no bonds of, when its hand has one.

Limits: players do not count cards, read tells or bluff; a public token is read as a weak sign
of a secret allegiance; the Mole and Wiretap show information no policy uses (information
only); face-down contributions are judged from the expected value of the 3 random cards and
one's own cards, not from the others' (unseen) ones; an Espionage card that is a future bond is
spent only when it decides something.

Reported per player count and policy: games that end by the game's own end conditions (the
Vault goal, the last round, the empty Dossier deck) within the turns of the game-length table,
and by which; frozen games (a draw the rules cannot make); median and 95th-percentile turns; the
share of winning sales each card's effect took part in ("forcing": the sale's route, or an effect
that decided the crisis, moved the nation or supplied the bonds that turn); seat win shares
against a fair share; whole-game supported-crisis rates (in all and per card, --cards) and
incident success. --effects adds each card's effect on its user's win rate: every effect is
switched on or off at random per game (a factorial design), and the win rate of the players who
used it (or, switched off, would have) is compared.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.catalog.games import resolve_game

GAME = "espionage-caledonian"
CAP_FACTOR = 4  # a game still running at 4x its turn budget is stopped and counted unfinished
INFORMATION_ONLY_DEFAULT = ("wiretap", "mole")


class GameOver(Exception):
    def __init__(self, reason: str, winner: Player | None = None, forcing: Iterable[str] = ()):
        super().__init__(reason)
        self.reason = reason
        self.winner = winner
        self.forcing = set(forcing)


# -- the catalog ------------------------------------------------------------------------------


class Card:
    __slots__ = ("id", "name", "nation", "value", "role", "type", "amount", "text", "fee")

    def __init__(self, cid: str, fields: dict[str, Any]):
        self.id = cid
        self.nation = fields["nation"]
        self.value = int(fields["value"])
        self.role = fields["role"]
        self.type = fields["type"]
        self.text = fields.get("text", "")
        self.fee = int(fields.get("fee") or 0)  # a Bond Broker's: the highest bonds it keeps
        amount = fields.get("amount")
        if amount is None:  # an older catalog: the number the effect's text gives
            found = re.search(r"\b(\d+)\b", self.text.replace("Security Bonds", ""))
            amount = int(found.group(1)) if found else 0
        self.amount = int(amount)

    def __repr__(self) -> str:
        return f"{self.nation}{self.value}:{self.role}"


class Challenge:
    """A Crisis or an International Incident card."""

    __slots__ = ("id", "name", "nation", "goal", "support", "success", "failure", "purge")

    def __init__(self, cid: str, name: str, fields: dict[str, Any]):
        self.id, self.name = cid, name
        self.nation = fields.get("nation")  # None for incidents
        self.goal = int(fields["goal"])
        self.support = list(fields["support"])
        self.success = {k: int(v) for k, v in fields["success"].items()}
        self.failure = {k: int(v) for k, v in (fields.get("failure") or {}).items()}
        self.purge = bool(fields.get("purge", False))


@dataclass
class Catalog:
    nations: list[str]
    track: dict[str, dict[str, int]]
    numbers: dict[str, int]
    dossier: list[Card]
    crises: dict[str, list[Challenge]]
    incidents: list[Challenge]
    tokens: Counter
    endings: set[str]
    budget: dict[int, int]
    rounds: dict[int, int]
    players: tuple[int, int]
    information_only: set[str]
    seller_keeps: bool
    token_order: str
    head_start: dict[int, dict[int, int]] = field(default_factory=dict)
    variants: dict[str, str] = field(default_factory=dict)  # key -> name (the variants table)
    equal_turns: bool = False
    minutes: dict[int, int] = field(default_factory=dict)  # the game-length table's minutes
    fresh_allegiance: bool = False  # a seller's new allegiance: a nation it holds no bonds of
    box: int = 0  # the box's longest play time in minutes (0: none, "no time limit")

    @property
    def hand(self) -> int:
        return self.numbers["hand-size"]


NO_LIMIT_TURNS = 400  # a game with no time limit (the journal edition) is watched this long


def budget_from_play_time(meta: dict[str, Any], players: Sequence[int]) -> dict[int, int]:
    """An older catalog has no game-length table: the longest play time on the box at the
    turn time the game-length table's note gives (40 s plus 10 s a player); a box with no
    minutes (the journal edition's "no time limit") is watched for NO_LIMIT_TURNS turns, to see
    games that never end."""
    minutes = [int(x) for x in re.findall(r"\d+", str(meta.get("play_time", "60")))]
    if not minutes:
        return dict.fromkeys(players, NO_LIMIT_TURNS)
    return {p: int(max(minutes) * 60 // (40 + 10 * p)) for p in players}


def load(path: str | None = None, edition: str | None = None) -> Catalog:
    """The catalog of the game (or of the game folder `path`), in `edition` (its default when
    None)."""
    game = resolve_game(path or GAME, edition=edition)
    tables = game.tables
    nations = [r["id"] for r in sorted(tables["nations"].rows, key=lambda r: r["order"])]
    track = {r["nation"]: dict(r) for r in tables["security-tracker"].rows}
    numbers = {r["key"]: int(r["value"]) for r in tables["key-numbers"].rows}
    dossier = [
        Card(f"{c.id}#{i}" if c.count > 1 else c.id, dict(c.fields))
        for c in game.sets["dossier"].components
        for i in range(c.count)
    ]
    crises = {
        n: [
            Challenge(c.id, c.name, dict(c.fields))
            for c in game.sets[f"crisis-{n}"].components
            for _ in range(c.count)
        ]
        for n in nations
    }
    incidents = [
        Challenge(c.id, c.name, dict(c.fields))
        for c in game.sets["incident"].components
        for _ in range(c.count)
    ]
    tokens = Counter(
        {c.fields["nation"]: c.count for c in game.sets["allegiance-tokens"].components}
    )
    players = (int(game.meta["players"]["min"]), int(game.meta["players"]["max"]))
    endings = {r["key"] for r in tables["endings"].rows} if "endings" in tables else {"vault"}
    rounds: dict[int, int] = {}
    if "game-length" in tables:
        budget = {int(r["players"]): int(r["turns"]) for r in tables["game-length"].rows}
        if "deadline" in endings:
            rounds = {int(r["players"]): int(r["rounds"]) for r in tables["game-length"].rows}
    else:
        budget = budget_from_play_time(game.meta, range(players[0], players[1] + 1))
    info = {
        c.fields["role"]
        for c in game.sets["dossier"].components
        if c.fields.get("information_only")
    } or set(INFORMATION_ONLY_DEFAULT)
    selling = tables["selling-bonds"].rows
    seller_keeps = any(r["name"] == "Nothing to draw" for r in selling)
    setup = {r["name"]: r for r in tables["setup"].rows}
    public = setup.get("Public allegiance", {}).get("text", "")
    token_order = "reverse" if "right of the first player" in public else "turn"
    extra = (
        {int(r["seat"]): int(r["extra"]) for r in tables["head-start"].rows}
        if ("head-start" in tables)
        else {}
    )
    head_start = {
        n: {seat: extra.get(seat, 0) for seat in range(1, n + 1)}
        for n in range(players[0], players[1] + 1)
    }
    cat = Catalog(
        nations,
        track,
        numbers,
        dossier,
        crises,
        incidents,
        tokens,
        endings,
        budget,
        rounds,
        players,
        info,
        seller_keeps,
        token_order,
        head_start,
        {r["key"]: r["name"] for r in tables["variants"].rows} if "variants" in tables else {},
    )
    cat.box = max((int(x) for x in re.findall(r"\d+", str(game.meta.get("play_time")))), default=0)
    if "game-length" in tables:
        cat.minutes = {int(r["players"]): int(r["minutes"]) for r in tables["game-length"].rows}
    vault = (
        next((r for r in tables["endings"].rows if r["key"] == "vault"), {})
        if ("endings" in tables)
        else {}
    )
    cat.equal_turns = bool(vault.get("finish_round"))  # the balance pass: the round is finished
    new = next((r["text"] for r in selling if r["name"] == "New allegiance"), "")
    cat.fresh_allegiance = "no bonds" in new
    return cat


def variant(cat: Catalog, key: str) -> Catalog:
    """The catalog played with one of its variants (the rulebook's Variants chapter)."""
    if key not in cat.variants:
        raise SystemExit(f"unknown variant {key!r} (the catalog has: {', '.join(cat.variants)})")
    out = copy.deepcopy(cat)
    if key == "journal-draw":  # step 1 as the journal writes it: no discard
        out.numbers["discard"] = 0
    elif key == "equal-turns":  # no head start; the round is finished after the Vault goal
        out.head_start = {}
        out.equal_turns = True
    elif key == "no-head-start":
        out.head_start = {}
    elif key == "stop-at-50":  # the journal's win: at once, the round not finished
        out.equal_turns = False
    return out


# -- policies ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Policy:
    name: str
    margin: int  # how far above (below) the goal a push (a sink) aims
    max_submit: int  # cards at most given to one crisis
    min_interest: float  # how much a crisis must matter before cards go to it
    sabotage: float  # weight of rivals' likely nations (0: never sinks on purpose)
    discard: bool  # uses the discard before drawing
    dump: bool  # dumps unwanted cards into crises as counter support and into bonds
    ammo: int  # off-nation cards kept to sink crises with
    spy: str  # "decisive" (only when it wins or saves at once) or "eager"
    agents: str  # "useful" or "all"
    investor: bool = False  # invests every card, keeps one for its next secret, chains sales
    target: str = "rivals"  # whose nations sabotage aims at: "rivals" or only "leader"


POLICIES = {
    "cautious": Policy("cautious", 0, 2, 1.5, 0.0, True, False, 0, "decisive", "useful"),
    "aggressive": Policy("aggressive", 3, 5, 0.5, 1.0, True, False, 2, "eager", "all"),
    "dumping": Policy("dumping", 1, 4, 0.5, 0.5, False, True, 0, "eager", "all"),
    "investor": Policy(
        "investor", 0, 2, 1.5, 0.0, True, False, 0, "decisive", "useful", investor=True
    ),
    "attacker": Policy(
        "attacker", 3, 4, 0.5, 1.5, True, False, 2, "eager", "useful", target="leader"
    ),
}


# -- the game ---------------------------------------------------------------------------------


@dataclass(eq=False)
class Player:
    seat: int
    policy: Policy
    hand: list[Card] = field(default_factory=list)
    secret: Card | None = None
    public: str | None = None
    bonds: dict[str, list[Card]] = field(default_factory=lambda: defaultdict(list))
    vault: list[Card] = field(default_factory=list)
    agents: list[Card] = field(default_factory=list)
    known: dict[int, str] = field(default_factory=dict)  # seat -> secret nation (Unmasking)
    held: set[str] = field(default_factory=set)  # roles that passed through the hand
    used: set[str] = field(default_factory=set)  # roles whose effect it used (or wanted to)
    via: Counter = field(default_factory=Counter)  # points banked by sales, per route

    points: int = 0

    @property
    def score(self) -> int:
        return self.points

    def bank(self, cards: Iterable[Card]) -> None:
        for c in cards:
            self.vault.append(c)
            self.points += c.value

    def agent(self, role: str, nation: str | None = None) -> Card | None:
        for a in self.agents:
            if a.role == role and (nation is None or a.nation == nation):
                return a
        return None

    def sellable(self, n: str) -> bool:
        return (self.secret is not None and self.secret.nation == n) or bool(
            self.agent("broker", n)
        )

    def bond_value(self, n: str) -> int:
        return sum(c.value for c in self.bonds.get(n, ()))

    def hand_role(self, role: str) -> Card | None:
        for c in self.hand:
            if c.role == role and c.type == "espionage":
                return c
        return None


@dataclass
class Stats:
    crises: list[tuple[str, bool, bool]] = field(default_factory=list)  # id, supported, success
    incidents: list[tuple[str, bool]] = field(default_factory=list)
    no_allegiance: int = 0
    reshuffles: int = 0
    sales: Counter = field(default_factory=Counter)
    actions: Counter = field(default_factory=Counter)  # what players do at the table (time)


def phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


class Game:
    def __init__(
        self,
        cat: Catalog,
        players: int,
        policy: Policy | Sequence[Policy],
        rng: random.Random,
        disabled: Iterable[str] = (),
    ):
        self.cat, self.rng, self.disabled = cat, rng, set(disabled)
        policies = [policy] * players if isinstance(policy, Policy) else list(policy)
        self.players = [Player(i, policies[i]) for i in range(players)]
        self.level = {n: cat.track[n]["start"] for n in cat.nations}
        self.deck = list(cat.dossier)
        rng.shuffle(self.deck)
        self.discard: list[Card] = []
        self.crisis_decks = {n: rng.sample(d, len(d)) for n, d in cat.crises.items()}
        self.crisis_discards: dict[str, list[Challenge]] = {n: [] for n in cat.nations}
        self.incident_deck = rng.sample(cat.incidents, len(cat.incidents))
        self.incident_discard: list[Challenge] = []
        self.turn = 0
        self.active = self.players[0]
        self.failed_incidents = 0
        self.turn_log: list[tuple[str, str | None, int]] = []  # role, nation, seat
        self.sold: Counter = Counter()  # sales per seat this turn
        self.stats = Stats()
        self.tokens = Counter(cat.tokens)
        self.counted = 0  # crises and incidents counted (a guard against runaway cascades)
        self.finishing = False  # Equal turns: someone reached the goal, the round is finished
        self.forcing_of: dict[int, set[str]] = {}
        self._profiles: dict[str, Any] = {}
        n_cards = len(self.deck)
        # expected value of one random card for / against, from the deck as printed
        self.by_nation_value: Counter[str] = Counter()
        for c in cat.dossier:
            self.by_nation_value[c.nation] += c.value
        self.sq_value = sum(c.value**2 for c in cat.dossier) / n_cards
        self.n_cards = n_cards
        self.total_value = sum(self.by_nation_value.values())

    # -- drawing ------------------------------------------------------------------------------

    def draw(self) -> Card:
        if not self.deck:
            if not self.discard:
                if "empty-dossier" in self.cat.endings:
                    raise GameOver("deck-out", self.richest())
                raise GameOver("frozen")
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.stats.reshuffles += 1
        return self.deck.pop()

    def take(self, p: Player, k: int) -> None:
        self.stats.actions["draw"] += k
        for _ in range(k):
            c = self.draw()
            p.hand.append(c)
            p.held.add(c.role)

    def richest(self) -> Player | None:
        """The richest Vault; a tie goes to the most in bonds; still tied, a shared win (None)."""
        key = {p.seat: (p.score, sum(p.bond_value(n) for n in p.bonds)) for p in self.players}
        best = max(key.values())
        tied = [p for p in self.players if key[p.seat] == best]
        return tied[0] if len(tied) == 1 else None

    def order_from(self, p: Player) -> list[Player]:
        i = p.seat
        return self.players[i:] + self.players[:i]

    def others(self, p: Player) -> list[Player]:
        return self.order_from(p)[1:]

    # -- values a player gives to nations ------------------------------------------------------

    def leader(self, p: Player) -> Player | None:
        """The rival in the lead as the table sees it (Vault, then bonds held), if it is not `p`."""

        def shown(q: Player) -> tuple[int, int]:
            return q.score, sum(len(cs) for cs in q.bonds.values())

        best = max(self.players, key=shown)
        return None if best is p or shown(best) == shown(p) else best

    def threat(self, p: Player, n: str) -> float:
        goal = self.cat.numbers["vault-goal"]
        t = 0.0
        targets = self.others(p)
        if p.policy.target == "leader":
            top = self.leader(p)
            targets = [top] if top else []
        for o in targets:
            w = 0.25 + 2.5 * o.score / goal  # the leaders first
            if p.known.get(o.seat) == n or o.agent("broker", n):
                t += w  # a secret seen, or a Bond Broker face up: it says where bonds wait
            elif o.public == n:
                t += 0.35 * w
        return t

    def wants(self, p: Player) -> dict[str, float]:
        return {n: self.want(p, n) for n in self.cat.nations}

    def want(self, p: Player, n: str) -> float:
        """How much `p` gains per space `n` climbs (negative: per space it falls)."""
        s = 0.0
        bonds = p.bond_value(n)
        if p.sellable(n):
            s += 3 + bonds + 0.5 * sum(c.value for c in p.hand if c.nation == n)
            if p.secret is not None and p.secret.nation == n:
                s += p.secret.value
        elif bonds:
            s += 0.3 * bonds
        if bonds and p.agent("traitor", n) and not p.sellable(n):
            s = -(1 + bonds)
        if p.policy.sabotage:
            s -= p.policy.sabotage * self.threat(p, n)
        top = self.cat.track[n]["max"]
        return s * (0.5 + self.level[n] / top)

    def panel_gain(self, w: dict[str, float], moves: Mapping[str, float]) -> float:
        g = 0.0
        for n, d in moves.items():
            lo, hi = self.cat.track[n]["min"], self.cat.track[n]["max"]
            real = max(lo, min(hi, self.level[n] + d)) - self.level[n]
            g += w[n] * real
        return g

    def panel_moves(self, panel: dict[str, int], own: str) -> dict[str, int]:
        moves: dict[str, int] = defaultdict(int)
        for key, d in panel.items():
            if key in ("own", "peril"):
                moves[own] += d
            elif key == "others":
                for n in self.cat.nations:
                    if n != own:
                        moves[n] += d
            else:
                moves[key] += d
        return moves

    def support_set(self, ch: Challenge, own: str) -> set[str]:
        return {own if s in ("own", "peril") else s for s in ch.support}

    def random_stats(self, support: set[str]) -> tuple[float, float]:
        """Mean and spread of the random support's total for a crisis counting for `support`."""
        k = self.cat.numbers["random-support"]
        plus = sum(self.by_nation_value[n] for n in support)
        mean1 = (2 * plus - self.total_value) / self.n_cards
        var1 = self.sq_value - mean1**2
        return k * mean1, math.sqrt(max(k * var1, 1.0))

    # -- security --------------------------------------------------------------------------------

    def move(self, n: str, d: int) -> None:
        lo, hi = self.cat.track[n]["min"], self.cat.track[n]["max"]
        self.level[n] = max(lo, min(hi, self.level[n] + d))

    def apply(self, panel: dict[str, int], own: str) -> None:
        for n, d in self.panel_moves(panel, own).items():
            self.move(n, d)

    def settle(self) -> None:
        """After any change: incidents for nations at X (tracker order), then sales."""
        while True:
            at_x = [n for n in self.cat.nations if self.level[n] <= self.cat.track[n]["min"]]
            if not at_x:
                break
            self.incident(at_x[0])
        self.sales()

    # -- selling ----------------------------------------------------------------------------------

    def at_max(self) -> list[str]:
        return [n for n in self.cat.nations if self.level[n] >= self.cat.track[n]["max"]]

    def sales(self) -> None:
        changed = True
        while changed:
            changed = False
            limit = self.cat.numbers.get("sales-per-turn", 0)
            for p in self.order_from(self.active):
                for n in self.at_max():
                    if self.level[n] < self.cat.track[n]["max"]:
                        continue
                    if limit and self.sold[p.seat] >= limit:
                        break
                    self.prepare_sale(p, n)
                    if p.bonds.get(n) and p.sellable(n):
                        secret = p.secret is not None and p.secret.nation == n
                        route = "secret" if secret else "broker"
                        if route == "broker" and not self.broker_may(p, n):
                            continue
                        if self.sell(p, n, route):
                            changed = True

    def prepare_sale(self, p: Player, n: str) -> None:
        """Espionage cards that make a sale possible right now: New Identity, Safe House."""
        cards_n = [c for c in p.hand if c.nation == n]
        if not p.sellable(n) and p.bonds.get(n) and cards_n:
            ni = p.hand_role("new-identity")
            if ni and ni.nation != n and self.use(p, ni, n):
                keep = [c for c in cards_n if c is not ni]
                if keep:
                    new = max(keep, key=lambda c: c.value)
                    p.hand.remove(new)
                    if p.secret is not None:
                        p.hand.append(p.secret)
                    p.secret = new
        if p.sellable(n):
            cards_n = [c for c in p.hand if c.nation == n and c.type == "espionage"]
            cards_n += [c for c in p.hand if c.nation == n and c.type != "espionage"]
            sh = p.hand_role("safe-house")
            if sh and "step 6" in sh.text:  # the balance pass: in one's own step 6 only
                sh = None
            spare = [c for c in cards_n if c is not sh]
            if sh and sh.nation != n and spare and self.use(p, sh, n):
                for c in spare[: sh.amount or 2]:
                    p.hand.remove(c)
                    p.bonds[n].append(c)

    def sell(self, p: Player, n: str, route: str) -> bool:
        value = p.bond_value(n) + (p.secret.value if route == "secret" and p.secret else 0)
        goal = self.cat.numbers["vault-goal"]
        for o in self.others(p):
            af = o.hand_role("asset-freeze")
            if not af:
                continue
            bar = goal - 1 if o.policy.spy == "decisive" else 0.6 * goal
            if p.score + value < bar and value < (99 if o.policy.spy == "decisive" else 8):
                continue
            if self.counter(p, o):
                o.hand.remove(af)
                self.discard.append(af)
                continue
            if self.use(o, af, n):
                if "drop" in af.text or "down" in af.text:  # the balance pass: the nation drops
                    self.move(n, -(af.amount or 1))
                    return False
                # the old card: the sale is cancelled, the seller may sell again at once
                return False
        sold = self.bonds_sold(p, n, route)
        for fee in self.broker_fee(p, n, sold) if route == "broker" else []:
            sold.remove(fee)
            self.discard.append(fee)
        p.bank(sold)
        p.via[route] += sum(c.value for c in sold)
        self.stats.sales[route] += 1
        self.stats.actions["sale"] += 1
        self.sold[p.seat] += 1
        if route != "traitor":  # a sale at the maximum: the market may answer it
            self.move(n, -self.cat.numbers.get("sale-drop", 0))
        forcing = {route} if route in ("broker", "traitor") else set()
        forcing |= {r for r, nat, seat in self.turn_log if nat == n and seat == p.seat}
        if route == "broker":
            self.spend(p, p.agent("broker", n))
        la = p.agent("launderer")
        if la and "launderer" not in self.disabled:
            limit = la.amount if "or less" in la.text else 99
            extra: list[tuple[Card, str | None]]
            if "from your hand" in la.text:  # the balance pass: a card from the hand
                extra = [(c, None) for c in p.hand if c.value <= limit]
            else:  # before: another bond from the Portfolio
                extra = [(c, m) for m, cs in p.bonds.items() for c in cs if c.value <= limit]
            if extra:
                c, m = max(extra, key=lambda cm: cm[0].value)
                if m is None:
                    p.hand.remove(c)
                else:
                    p.bonds[m].remove(c)
                p.bank([c])
                forcing.add("launderer")
                p.used.add("launderer")
                self.spend(p, la)
        elif la:
            p.used.add("launderer")
        if route == "secret" and p.secret is not None:
            old = p.secret
            p.bank([old])
            p.secret = None
            for o in self.others(p):
                o.known.pop(p.seat, None)
            if p.score >= goal:
                self.reached(p, forcing)
            self.new_secret(p, old)
        if p.score >= goal:
            self.reached(p, forcing)
        return True

    def broker_may(self, p: Player, n: str) -> bool:
        """Whether `p` sells through its Bond Broker of `n`: not when the Broker's fee would
        take every bond of that nation (a sale worth nothing that spends the Broker)."""
        br = p.agent("broker", n)
        return br is None or len(p.bonds.get(n, ())) > br.fee

    def broker_fee(self, p: Player, n: str, sold: list[Card]) -> list[Card]:
        """The bonds a Bond Broker with a fee keeps (discarded, not banked): the highest."""
        br = p.agent("broker", n)
        if br is None or not br.fee:
            return []
        return sorted(sold, key=lambda c: c.value)[-br.fee :]

    def bonds_sold(self, p: Player, n: str, route: str) -> list[Card]:
        """The bonds a sale moves: all of that nation's, or a Bond Broker's "up to N" (the
        highest; the rest stay in the Portfolio)."""
        br = p.agent("broker", n) if route == "broker" else None
        if br is not None and br.amount:
            bonds = sorted(p.bonds[n], key=lambda c: c.value)
            sold, p.bonds[n] = bonds[-br.amount :], bonds[: -br.amount]
            if not p.bonds[n]:
                del p.bonds[n]
            return sold
        return p.bonds.pop(n)

    def reached(self, p: Player, forcing: set[str]) -> None:
        """A Vault reached the goal: the game ends at once (or, Equal turns, at the round's end)."""
        if not self.cat.equal_turns:
            raise GameOver("goal", p, forcing)
        self.forcing_of[p.seat] = forcing
        self.finishing = True

    def spend(self, p: Player, agent: Card | None) -> None:
        """A Field Agent whose text says it is discarded once used."""
        if agent is not None and "discard this card" in agent.text.lower():
            p.agents.remove(agent)
            self.discard.append(agent)

    def new_secret(self, p: Player, old: Card) -> None:
        if p.hand:
            cards = p.hand
            if self.cat.fresh_allegiance:  # our edition: not a nation one already holds bonds of
                cards = [c for c in p.hand if not p.bonds.get(c.nation)] or p.hand
            p.secret = self.pick_secret(p, cards)
            p.hand.remove(p.secret)
            return
        if not self.deck and not self.discard:
            if self.cat.seller_keeps:  # the balance pass: the revealed card goes back
                p.vault.remove(old)
                p.points -= old.value
                p.secret = old
                return
            self.stats.no_allegiance += 1
            if "empty-dossier" in self.cat.endings:
                raise GameOver("deck-out", self.richest())
            return
        p.secret = self.draw()
        p.held.add(p.secret.role)

    def pick_secret(self, p: Player, cards: Sequence[Card]) -> Card:
        def score(c: Card) -> float:
            n = c.nation
            same = sum(x.value for x in cards if x.nation == n and x is not c)
            chain = p.policy.investor and self.level[n] >= self.cat.track[n]["max"]
            return (
                (100.0 * bool(p.bonds.get(n)) if chain else 0.0)
                + 1.2 * p.bond_value(n)
                + same
                + 0.6 * self.level[n]
                + 0.3 * c.value
                + (1.5 if p.public == n else 0)
            )

        return max(cards, key=score)

    # -- using cards ------------------------------------------------------------------------------

    def use(self, p: Player, card: Card, nation: str | None = None) -> bool:
        """`p` uses `card`'s effect: it leaves the hand for the discard (an Espionage card).
        A disabled role (--effects) is only noted: the card stays, worth its value alone."""
        p.used.add(card.role)
        if card.role in self.disabled:
            return False
        p.hand.remove(card)
        self.discard.append(card)
        self.stats.actions["play"] += 1
        self.turn_log.append((card.role, nation, p.seat))
        then = re.search(r"[Tt]hen draw (\d+) Dossier card", card.text)
        if then:
            self.take(p, int(then.group(1)))
        return True

    def counter(self, victim: Player, player: Player) -> bool:
        """The victim cancels `player`'s Espionage card with Countermeasures."""
        cm = victim.hand_role("countermeasures")
        return bool(cm and self.use(victim, cm))

    # -- a crisis or an incident ---------------------------------------------------------------

    def desire(self, p: Player, ch: Challenge, own: str) -> float:
        w = self.wants(p)
        if ch.nation is None and ch.purge and p.bonds.get(own):
            purge = p.bond_value(own) * (1.5 if p.sellable(own) else 0.5)
            if p.agent("traitor", own):
                purge = 0
        else:
            purge = 0
        return (
            self.panel_gain(w, self.panel_moves(ch.success, own))
            - self.panel_gain(w, self.panel_moves(ch.failure, own))
            + purge
        )

    def bond_material(self, p: Player, c: Card) -> bool:
        if p.policy.investor:
            return c is not self.reserve(p)
        return p.sellable(c.nation)

    def reserve(self, p: Player) -> Card | None:
        """The investor's next secret allegiance, kept in hand: a card of the nation highest
        on the track (at the maximum with bonds first), not the nation it already sells."""
        mine = p.secret.nation if p.secret else None
        cards = [c for c in p.hand if c.nation != mine]
        if not cards:
            return None

        def key(c: Card) -> tuple[bool, int, int, int]:
            n = c.nation
            top = self.level[n] >= self.cat.track[n]["max"]
            return top and bool(p.bonds.get(n)), self.level[n], p.bond_value(n), c.value

        return max(cards, key=key)

    DECISIVE = (
        "asset-freeze",
        "countermeasures",
        "safe-house",
        "new-identity",
        "state-visit",
        "double-cross",
        "public-rally",
        "scandal",
    )

    def keeps_for_effect(self, p: Player, c: Card) -> bool:
        """An Espionage card kept for its effect: at most 2 (cautious) or 3 in hand."""
        if c.type != "espionage" or c.role in self.cat.information_only:
            return False
        decisive = p.policy.spy == "decisive"
        if decisive and c.role not in self.DECISIVE:
            return False
        kept = [
            x
            for x in p.hand
            if x.type == "espionage"
            and x.role not in self.cat.information_only
            and (not decisive or x.role in self.DECISIVE)
        ]
        return c in kept[: 2 if decisive else 3]

    def junk(self, p: Player, c: Card) -> bool:
        if self.bond_material(p, c) or self.keeps_for_effect(p, c):
            return False
        return not (c.type == "field-agent" and self.agent_useful(p, c))

    def contribute(
        self, p: Player, support: set[str], goal: int, est: float, d: float, active: bool
    ) -> list[Card]:
        pol = p.policy
        most = self.most_submit(p)
        out: list[Card] = []
        if abs(d) >= pol.min_interest or (active and d != 0):
            if d > 0:
                # spare cards first (highest first), then cards kept for their effect, and the
                # cards of one's own nations (future bonds) only for a crisis one cares about
                spare = [c for c in p.hand if c.nation in support and not self.bond_material(p, c)]
                spare.sort(key=lambda c: (self.keeps_for_effect(p, c), -c.value))
                own_cards = sorted(
                    (c for c in p.hand if c.nation in support and self.bond_material(p, c)),
                    key=lambda c: c.value,
                )
                cands = spare + (own_cards if active or abs(d) >= 3 else [])
                need = goal + pol.margin - est
                best = sorted((c.value for c in cands), reverse=True)[:most]
                if need > 0 and sum(best) >= need - 3:
                    for c in cands:
                        if est >= goal + pol.margin or len(out) >= most:
                            break
                        out.append(c)
                        est += c.value
            else:
                cands = [
                    c
                    for c in p.hand
                    if c.nation not in support
                    and not self.bond_material(p, c)
                    and not self.keeps_for_effect(p, c)
                ]
                need = est - (goal - pol.margin) + 1
                if need > 0 and sum(c.value for c in cands[:most]) >= need - 3:
                    for c in sorted(cands, key=lambda c: -c.value):
                        if est < goal - pol.margin or len(out) >= most:
                            break
                        out.append(c)
                        est -= c.value
        if pol.dump and d <= pol.min_interest:
            for c in p.hand:
                if c in out or len(out) >= most:
                    continue
                if c.nation not in support and self.junk(p, c):
                    out.append(c)
        for c in out:
            p.hand.remove(c)
        return out

    def most_submit(self, p: Player) -> int:
        """Cards `p` gives a crisis at most: its policy's, within the catalog's limit."""
        return min(p.policy.max_submit, self.cat.numbers.get("submit", 0) or 99)

    def run(self, ch: Challenge, own: str, incident: bool) -> bool:
        """Steps 4 and 5 for a crisis of nation `own` (or the incident of the nation in peril)."""
        cat, a = self.cat, self.active
        self.counted += 1
        if self.counted > 2000:
            raise GameOver("frozen")
        support = self.support_set(ch, own)
        goal = ch.goal
        base = cat.numbers["public-bonus"] if a.public == own else 0
        if not incident:
            for p in self.players:
                for ag in p.agents:
                    if ag.role == "sleeper" and self.sleeper_counts(ag, p, own):
                        base += ag.amount
        mean, sd = self.random_stats(support)
        wants = {p.seat: self.desire(p, ch, own) for p in self.players}
        # the Analyst: before the random support, the active player looks at the top cards
        an = a.agent("analyst")
        if an and "analyst" not in self.disabled and ("bottom" in an.text):
            peek = []
            for _ in range(cat.numbers["random-support"]):
                if not self.deck and self.discard:
                    self.deck, self.discard = self.discard, []
                    self.rng.shuffle(self.deck)
                    self.stats.reshuffles += 1
                if self.deck:
                    peek.append(self.deck.pop())
            keep: list[Card] = []
            bottom: list[Card] = []
            for c in peek:
                sign = 1 if c.nation in support else -1
                (bottom if sign * wants[a.seat] < 0 else keep).append(c)
            self.deck[:0] = bottom
            self.deck.extend(reversed(keep))
            if bottom:
                self.turn_log.append(("analyst", own, a.seat))
            a.used.add("analyst")
        elif an:
            a.used.add("analyst")
        random_cards = [self.draw() for _ in range(cat.numbers["random-support"])]
        submitted: list[tuple[Player, Card]] = []
        est_base = base + mean
        for p in self.order_from(a):
            est = est_base + sum(
                (c.value if c.nation in support else -c.value) for q, c in submitted if q is p
            )
            for c in self.contribute(p, support, goal, est, wants[p.seat], p is a):
                submitted.append((p, c))
        moved: list[tuple[int, int]] = []  # goal moves (turn-log entry, amount), for the record
        # Scandal and Public Rally, before the count: played when the goal's move is worth
        # more than the card's own value would be as a submitted card, and could matter
        for p in self.order_from(a):
            d = wants[p.seat]
            role = "scandal" if d < 0 else "public-rally"
            card = p.hand_role(role)
            if not card or abs(d) < (3 if p.policy.spy == "decisive" else 0.5):
                continue
            as_card = card.value if (card.nation in support) == (d > 0) else -card.value
            if as_card >= card.amount or (self.bond_material(p, card) and abs(d) < 6):
                continue
            est = est_base + sum(
                (c.value if c.nation in support else -c.value) for q, c in submitted if q is p
            )
            if (d > 0 and est >= goal + card.amount) or (d < 0 and est < goal - card.amount):
                continue
            victim = max(self.others(p), key=lambda o: -wants[o.seat] * (1 if d > 0 else -1))
            if -wants[victim.seat] * d > 0 and self.counter(victim, p):
                p.hand.remove(card)
                self.discard.append(card)
                continue
            if self.use(p, card, own):
                shift = card.amount if role == "scandal" else -card.amount
                goal += shift
                moved.append((len(self.turn_log) - 1, shift))
        cards = random_cards + [c for _, c in submitted]
        signs = [1 if c.nation in support else -1 for c in cards]
        total = base + sum(s * c.value for s, c in zip(signs, cards, strict=True))
        # Double Cross, after the reveal: turn one card if that changes the outcome
        for p in self.order_from(a):
            d = wants[p.seat]
            dc = p.hand_role("double-cross")
            if not dc or d == 0 or abs(d) < (2 if p.policy.spy == "decisive" else 0.3):
                continue
            if self.bond_material(p, dc) and abs(d) < 6:
                continue  # a future bond is worth more than a crisis one barely cares about
            success = total >= goal
            if (d > 0) == success:
                continue
            best = None
            for i, c in enumerate(cards):
                t = total - 2 * signs[i] * c.value
                if (t >= goal) == (d > 0) and (best is None or c.value < cards[best].value):
                    best = i
            if best is None:
                continue
            victim = max(self.others(p), key=lambda o: abs(wants[o.seat]))
            if wants[victim.seat] * d < 0 and self.counter(victim, p):
                p.hand.remove(dc)
                self.discard.append(dc)
                continue
            if self.use(p, dc, own):
                total -= 2 * signs[best] * cards[best].value
                signs[best] = -signs[best]
        # Military Attaché: its owners, in turn order from the active player
        if not incident:
            for p in self.order_from(a):
                for ag in p.agents:
                    if ag.role != "attache":
                        continue
                    if "any crisis" in ag.text:
                        pass  # the balance pass: every crisis
                    elif ag.nation not in (support if "counts for" in ag.text else {own}):
                        continue
                    d = wants[p.seat]
                    p.used.add("attache")
                    if "attache" in self.disabled or d == 0:
                        continue
                    if d > 0 and total < goal <= total + ag.amount:
                        total += ag.amount
                        self.turn_log.append(("attache", own, p.seat))
                    elif d < 0 and total - ag.amount < goal <= total:
                        total -= ag.amount
                        self.turn_log.append(("attache", own, p.seat))
        success = total >= goal
        # the record of which effects decided this count: a goal move that did not change the
        # outcome did not decide it; a Sleeper decided a success it alone reached
        for idx, shift in reversed(moved):
            if (total >= goal - shift) == success:
                del self.turn_log[idx]
        if success and not incident:
            for p in self.players:
                for ag in p.agents:
                    if (
                        ag.role == "sleeper"
                        and self.sleeper_counts(ag, p, own)
                        and total - ag.amount < goal
                    ):
                        self.turn_log.append(("sleeper", own, p.seat))
        self.discard.extend(cards)
        self.stats.actions["count"] += 1
        self.stats.actions["reveal"] += len(cards)
        helped = base > 0 or any(q is a and c.nation in support for q, c in submitted)
        if incident:
            self.stats.incidents.append((ch.id, success))
        else:
            self.stats.crises.append((ch.id, helped, success))
        return success

    def sleeper_counts(self, ag: Card, owner: Player, own: str) -> bool:
        """A Sleeper Agent adds to this crisis: the balance pass's to every crisis its owner
        draws; before, to every crisis of its own nation's deck."""
        if "you draw" in ag.text:
            return owner is self.active
        return ag.nation == own

    def crisis(self, n: str) -> None:
        deck = self.crisis_decks[n]
        if not deck:
            deck.extend(self.crisis_discards[n])
            self.crisis_discards[n].clear()
            self.rng.shuffle(deck)
        ch = deck.pop()
        ok = self.run(ch, n, incident=False)
        self.crisis_discards[n].append(ch)
        self.apply(ch.success if ok else ch.failure, n)
        self.settle()

    def incident(self, n: str) -> None:
        # The Traitor: its owner sells that nation's bonds before the incident is resolved
        for p in self.order_from(self.active):
            tr = p.agent("traitor", n)
            if tr and p.bonds.get(n):
                p.used.add("traitor")
                if "traitor" not in self.disabled:
                    self.sell(p, n, "traitor")
        if not self.incident_deck:
            self.incident_deck = self.incident_discard
            self.incident_discard = []
            self.rng.shuffle(self.incident_deck)
        ch = self.incident_deck.pop()
        ok = self.run(ch, n, incident=True)
        self.incident_discard.append(ch)
        if ok:
            self.apply(ch.success, n)
            if self.level[n] <= self.cat.track[n]["min"]:
                self.level[n] = self.cat.track[n]["reset"]
            return
        self.apply(ch.failure, n)
        if ch.purge:
            for p in self.players:
                self.discard.extend(p.bonds.pop(n, []))
        self.level[n] = self.cat.track[n]["reset"]
        self.failed_incidents += 1
        if self.failed_incidents >= self.cat.numbers["global-failure"]:
            for p in self.players:
                for cs in p.bonds.values():
                    self.discard.extend(cs)
                p.bonds.clear()
            for m in self.cat.nations:
                self.level[m] = self.cat.track[m]["reset"]
            self.failed_incidents = 0

    # -- a turn -----------------------------------------------------------------------------------

    def agent_useful(self, p: Player, c: Card) -> bool:
        r, n = c.role, c.nation
        if p.policy.agents == "all":
            # every agent, but not a Sleeper that would help another player's nation
            if (
                r == "sleeper"
                and "you draw" not in c.text
                and not (p.sellable(n) or p.bonds.get(n))
            ):
                return False
            return r not in self.cat.information_only or p.policy.spy == "eager"
        if r == "traitor":
            return bool(p.bonds.get(n)) and not p.sellable(n)
        if r in ("broker", "sleeper", "attache"):
            personal = r == "attache" or "you draw" in c.text
            return p.sellable(n) or bool(p.bonds.get(n)) or personal
        if r == "bodyguard":
            return len(p.agents) >= 1
        return r not in self.cat.information_only

    def hand_size(self, p: Player) -> int:
        h = self.cat.hand
        for ag in p.agents:
            if ag.role == "handler":
                p.used.add("handler")
                if "handler" not in self.disabled:
                    h = max(h, ag.amount or h + 1)
        return h

    def profile(self, n: str) -> tuple[float, set[str], dict[str, float], dict[str, float]]:
        """What a player knows of a Crisis deck before drawing: the printed cards' mean goal,
        the nations most of them count for, and their mean success and failure moves."""
        if n not in self._profiles:
            deck = self.cat.crises[n]
            supports = Counter(frozenset(self.support_set(c, n)) for c in deck)
            succ: dict[str, float] = defaultdict(float)
            fail: dict[str, float] = defaultdict(float)
            for c in deck:
                for m, d in self.panel_moves(c.success, n).items():
                    succ[m] += d / len(deck)
                for m, d in self.panel_moves(c.failure, n).items():
                    fail[m] += d / len(deck)
            goal = statistics.mean(c.goal for c in deck)
            self._profiles[n] = (goal, set(supports.most_common(1)[0][0]), succ, fail)
        return self._profiles[n]

    def choose_crisis(self, p: Player) -> str:
        """Step 3: the nation whose crisis gains most, pushed with one's own cards, sunk with
        unwanted ones, or left alone (expected gain from a normal model of the count)."""
        w = self.wants(p)
        best, best_n = -1e9, self.cat.nations[0]
        sleepers = [(ag, q) for q in self.players for ag in q.agents if ag.role == "sleeper"]
        for n in self.cat.nations:
            g, support, succ_m, fail_m = self.profile(n)
            mean, sd = self.random_stats(support)
            base = self.cat.numbers["public-bonus"] if p.public == n else 0
            for ag, q in sleepers:
                if ("you draw" in ag.text and q is p) or (
                    "you draw" not in ag.text and ag.nation == n
                ):
                    base += ag.amount
            succ = self.panel_gain(w, succ_m)
            fail = self.panel_gain(w, fail_m)
            push = sorted((c.value for c in p.hand if c.nation in support), reverse=True)
            push = push[: self.most_submit(p)]
            sink = sorted(
                (c.value for c in p.hand if c.nation not in support and self.junk(p, c)),
                reverse=True,
            )[: self.most_submit(p)]
            for delta, cost in ((sum(push), 0.1 * sum(push)), (-sum(sink), 0.0), (0, 0.0)):
                pr = phi((base + mean + delta - g + 0.5) / sd)
                eu = pr * succ + (1 - pr) * fail - cost + self.rng.random() * 0.01
                if eu > best:
                    best, best_n = eu, n
        return best_n

    def turn_start_espionage(self, p: Player) -> None:
        """Espionage cards a policy plays at the start of its turn, after drawing."""
        eager = p.policy.spy == "eager"
        for c in list(p.hand):
            if c not in p.hand or c.type != "espionage":
                continue
            if self.bond_material(p, c) and c.value >= 3 and c.role != "dead-drop":
                continue
            r = c.role
            if r == "dead-drop":
                if self.use(p, c):
                    self.take(p, c.amount or 2)
            elif r == "cover-story":
                mine = p.secret.nation if p.secret else None
                free = mine is not None and self.tokens[mine] > 0
                if free and p.public != mine and self.use(p, c):
                    self.tokens[p.public] += 1
                    p.public = mine
                    self.tokens[p.public] -= 1
            elif r == "new-identity":
                if p.secret is None:
                    continue
                best = self.pick_secret(p, [x for x in p.hand if x is not c] + [p.secret])
                if best is not p.secret and best.nation != p.secret.nation:
                    gain = p.bond_value(best.nation) - p.bond_value(p.secret.nation)
                    if gain >= 3 and self.use(p, c):
                        p.hand.remove(best)
                        p.hand.append(p.secret)
                        p.secret = best
            elif r == "state-visit":
                targets = [
                    n
                    for n in self.cat.nations
                    if p.sellable(n)
                    and p.bonds.get(n)
                    and self.level[n] + c.amount >= self.cat.track[n]["max"]
                ]
                if not targets and eager:
                    targets = [
                        n
                        for n in self.cat.nations
                        if self.want(p, n) > 3 and self.level[n] < self.cat.track[n]["max"]
                    ]
                if targets and self.use(p, c, targets[0]):
                    self.move(targets[0], c.amount)
                    self.settle()
            elif r == "press-leak":
                targets = [
                    n
                    for n in self.cat.nations
                    if p.agent("traitor", n)
                    and p.bonds.get(n)
                    and self.level[n] - c.amount <= self.cat.track[n]["min"]
                ]
                if not targets and eager:
                    worst = min(self.cat.nations, key=lambda n: self.want(p, n))
                    if self.want(p, worst) < -1:
                        targets = [worst]
                if targets and self.use(p, c, targets[0]):
                    self.move(targets[0], -c.amount)
                    self.settle()
            elif r in ("burn-notice", "forensic-audit", "lifted-papers", "unmasking", "wiretap"):
                if not eager and r != "forensic-audit":
                    continue
                rivals = sorted(
                    (o for o in self.others(p) if not self.guarded(o)), key=lambda o: -o.score
                )
                if r == "burn-notice":
                    agents_in_play = [
                        (o, ag)
                        for o in rivals
                        for ag in o.agents
                        if ag.role
                        in (
                            "broker",
                            "traitor",
                            "launderer",
                            "handler",
                            "sleeper",
                            "analyst",
                            "courier",
                            "attache",
                        )
                    ]
                    if not agents_in_play:
                        continue
                    o, ag = agents_in_play[0]
                    if self.counter(o, p):
                        p.hand.remove(c)
                        self.discard.append(c)
                        continue
                    if self.use(p, c):
                        bg = o.agent("bodyguard")
                        if (
                            bg
                            and bg is not ag
                            and "bodyguard" not in self.disabled
                            and "first time" in bg.text
                        ):
                            ag = bg
                            o.used.add("bodyguard")
                        elif bg:
                            o.used.add("bodyguard")
                        o.agents.remove(ag)
                        self.discard.append(ag)
                elif r == "forensic-audit":
                    goal = self.cat.numbers["vault-goal"]
                    limit = c.amount if "or less" in c.text else 99
                    steal = "into yours" in c.text  # the balance pass: the bond changes hands
                    victims = [
                        o
                        for o in rivals
                        if any(x.value <= limit for cs in o.bonds.values() for x in cs)
                        and (eager or steal or o.score >= goal * 0.6)
                    ]
                    if not victims:
                        continue
                    o = victims[0]
                    if self.counter(o, p):
                        p.hand.remove(c)
                        self.discard.append(c)
                        continue
                    if self.use(p, c):
                        cs = [(x, m) for m, xs in o.bonds.items() for x in xs if x.value <= limit]
                        x, m = max(
                            cs,
                            key=lambda xm: (
                                steal and p.sellable(xm[1]),
                                self.level[xm[1]],
                                xm[0].value,
                            ),
                        )
                        o.bonds[m].remove(x)
                        if steal:
                            p.bonds[m].append(x)
                            self.sales()
                        else:
                            self.discard.append(x)
                elif r == "lifted-papers":
                    victims = [o for o in rivals if o.hand]
                    if victims and self.use(p, c):
                        o = victims[0]
                        for _ in range(c.amount or 1):
                            if not o.hand:
                                break
                            x = self.rng.choice(o.hand)
                            o.hand.remove(x)
                            p.hand.append(x)
                            p.held.add(x.role)
                elif r == "unmasking":
                    seen = [(o, o.secret) for o in rivals if o.secret and o.seat not in p.known]
                    if seen and self.use(p, c):
                        p.known[seen[0][0].seat] = seen[0][1].nation
                elif r == "wiretap":
                    self.use(p, c)

    def guarded(self, o: Player) -> bool:
        """The Bodyguard of the balance pass: other players' Espionage cards cannot touch
        its owner's agents, bonds or hand."""
        bg = o.agent("bodyguard")
        return bg is not None and "cannot" in bg.text and "bodyguard" not in self.disabled

    def discard_step(self, p: Player) -> None:
        limit = self.cat.numbers.get("discard", 0)
        if not limit or not p.policy.discard:
            return
        junk = sorted((c for c in p.hand if self.junk(p, c)), key=lambda c: c.value)
        cap = self.cat.numbers.get("invest", 0)
        if p.policy.investor and cap:
            # it can invest only `cap` a turn: it keeps those and its next allegiance
            keep = sorted(p.hand, key=lambda c: (self.level[c.nation], c.value))[-(cap + 1) :]
            junk = [c for c in p.hand if c not in keep and not self.agent_useful(p, c)]
        keep = p.policy.ammo
        if keep:
            junk = junk[: max(0, len(junk) - keep)]
        for c in junk[:limit]:
            p.hand.remove(c)
            self.discard.append(c)
            self.stats.actions["discard"] += 1

    def invest(self, p: Player, courier: bool = False) -> None:
        """Step 6 (or a Courier's): the cards the policy invests, the ones it can sell and
        the nations highest on the track first, as many as the catalog allows a step."""
        chosen = []
        for c in p.hand:
            if self.bond_material(p, c):
                if c.type == "espionage" and self.keeps_for_effect(p, c) and c.value <= 2:
                    continue
                if c.type == "field-agent" and self.agent_useful(p, c) and not courier:
                    continue
                chosen.append(c)
            elif p.policy.dump and not courier and self.junk(p, c):
                chosen.append(c)
        chosen.sort(key=lambda c: (p.sellable(c.nation), self.level[c.nation], c.value))
        limit = self.cat.numbers.get("invest", 0) or len(chosen)
        order = chosen[::-1]
        room = self.portfolio_room(p)
        if not courier and p is self.active and room > limit:
            limit += self.step_six_safe_house(p, order, limit)
        limit = min(limit, room)
        for c in order[:limit]:
            p.hand.remove(c)
            p.bonds[c.nation].append(c)
            self.stats.actions["invest"] += 1

    def portfolio_room(self, p: Player) -> int:
        """Bonds `p` may still invest under the catalog's Portfolio limit (none: no limit)."""
        cap = self.cat.numbers.get("portfolio", 0)
        return max(0, cap - sum(len(cs) for cs in p.bonds.values())) if cap else 99

    def step_six_safe_house(self, p: Player, chosen: list[Card], limit: int) -> int:
        """A Safe House that acts in one's own step 6: played when a card is left over that
        the policy would invest and that can be sold (or, for the policies that bank any card,
        any); the number of cards it adds."""
        sh = p.hand_role("safe-house")
        if not sh or "step 6" not in sh.text:
            return 0
        extra = [c for c in chosen if c is not sh][limit:]
        if not p.policy.investor and not p.policy.dump:
            extra = [c for c in extra if p.sellable(c.nation)]
        if not extra or not self.use(p, sh, extra[0].nation):
            return 0
        if sh in chosen:
            chosen.remove(sh)
        return sh.amount or 1

    def play_turn(self, p: Player) -> None:
        self.active = p
        self.turn += 1
        self.failed_incidents = 0
        self.turn_log = []
        self.sold.clear()
        # 1. discard (balance pass), then draw up to the hand size
        self.discard_step(p)
        need = self.hand_size(p) - len(p.hand)
        if need > 0:
            self.take(p, need)
        self.turn_start_espionage(p)
        # 2. Field Agents
        for c in list(p.hand):
            if c.type == "field-agent" and self.agent_useful(p, c):
                p.used.add(c.role)
                if c.role in self.disabled:
                    continue
                p.hand.remove(c)
                p.agents.append(c)
                self.stats.actions["agent"] += 1
        self.sales()
        # 3-5. the crisis
        self.crisis(self.choose_crisis(p))
        # 6. invest
        self.invest(p)
        self.sales()
        # other players' Couriers: invest at the end of this turn
        for q in self.others(p):
            if q.agent("courier"):
                q.used.add("courier")
                if "courier" not in self.disabled and any(
                    q.sellable(c.nation) and self.level[c.nation] >= self.cat.track[c.nation]["max"]
                    for c in q.hand
                ):
                    self.turn_log.append(("courier", None, q.seat))
                    self.invest(q, courier=True)
        self.sales()

    def setup(self) -> None:
        opening = self.cat.numbers["opening-hand"]
        extra = self.cat.head_start.get(len(self.players), {})
        for p in self.players:
            self.take(p, opening + extra.get(p.seat + 1, 0))
        for p in self.players:
            p.secret = self.pick_secret(p, p.hand)
            p.hand.remove(p.secret)
        order = list(self.players)
        if self.cat.token_order == "reverse":
            order = order[::-1]
        for p in order:
            free = [n for n in self.cat.nations if self.tokens[n] > 0]
            if not free:
                continue
            pref = p.secret.nation if p.secret else None
            if pref in free:
                p.public = pref
            else:
                p.public = max(free, key=lambda n: sum(c.value for c in p.hand if c.nation == n))
            self.tokens[p.public] -= 1

    def play(self, cap_factor: float = CAP_FACTOR) -> dict[str, Any]:
        cap = cap_factor * self.cat.budget.get(len(self.players), 60)
        reason, winner, forcing = "unfinished", None, set()
        try:
            self.setup()
            seat = 0
            last = self.cat.rounds.get(len(self.players))
            while self.turn < cap:
                self.play_turn(self.players[seat])
                seat = (seat + 1) % len(self.players)
                if self.finishing and seat == 0:
                    best = self.richest()
                    forcing = self.forcing_of.get(best.seat, set()) if best else set()
                    raise GameOver("goal", best, forcing)
                if last and seat == 0 and self.turn >= last * len(self.players):
                    raise GameOver("deadline", self.richest())
        except GameOver as end:
            reason, winner, forcing = end.reason, end.winner, end.forcing
            if reason == "deck-out" and self.finishing:
                # the Vault goal was reached; the deck ran out in the round being finished,
                # and the richest Vault wins either way
                reason = "goal"
                forcing = self.forcing_of.get(winner.seat, set()) if winner else set()
        return {
            "end": reason,
            "turns": self.turn,
            "winner": winner.seat if winner else None,
            "forcing": forcing,
            "held": [p.held for p in self.players],
            "used": [p.used for p in self.players],
            "scores": [p.score for p in self.players],
            "via": [p.via for p in self.players],
            "stats": self.stats,
        }


# -- measuring --------------------------------------------------------------------------------


def play_games(
    cat: Catalog,
    players: int,
    policy: str,
    games: int,
    seed: int,
    effects: bool = False,
    cap_factor: float = CAP_FACTOR,
) -> list[dict[str, Any]]:
    """`games` seeded games; each stops unfinished after `cap_factor` times the turns of the
    game-length table (a test that only asks whether games end in time passes 1)."""
    rng = random.Random(f"{seed}/{players}/{policy}/{effects}")
    roles = sorted({c.role for c in cat.dossier})
    out = []
    for _ in range(games):
        disabled = {r for r in roles if rng.random() < 0.5} if effects else set()
        g = Game(cat, players, POLICIES[policy], random.Random(rng.random()), disabled)
        res = g.play(cap_factor)
        res["disabled"] = disabled
        out.append(res)
    return out


def summarise(cat: Catalog, players: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    budget = cat.budget[players]
    ends = Counter(r["end"] for r in results)
    own_ends = ("goal", "deck-out", "deadline")
    in_time = sum(1 for r in results if r["end"] in own_ends and r["turns"] <= budget)
    goal_in_time = sum(1 for r in results if r["end"] == "goal" and r["turns"] <= budget)
    finished = [r["turns"] for r in results if r["end"] in own_ends]
    won = [r for r in results if r["winner"] is not None]
    forcing = Counter(role for r in results if r["end"] == "goal" for role in r["forcing"])
    goal_games = max(1, ends["goal"])
    seats = Counter(r["winner"] for r in won)
    crisis_tries: Counter = Counter()
    crisis_wins: Counter = Counter()
    sup = [0, 0]
    inc = [0, 0]
    for r in results:
        st: Stats = r["stats"]
        for cid, helped, ok in st.crises:
            if helped:
                crisis_tries[cid] += 1
                crisis_wins[cid] += ok
                sup[0] += 1
                sup[1] += ok
        for _, ok in st.incidents:
            inc[0] += 1
            inc[1] += ok
    per_card = {c: crisis_wins[c] / crisis_tries[c] for c in crisis_tries if crisis_tries[c] >= 20}
    return {
        "games": n,
        "budget": budget,
        "ended_in_time": in_time / n,
        "goal_in_time": goal_in_time / n,
        "ends": {k: v / n for k, v in ends.items()},
        "frozen": ends["frozen"] / n,
        "median_turns": statistics.median(finished) if finished else None,
        "p95_turns": sorted(finished)[int(0.95 * (len(finished) - 1))] if finished else None,
        "forcing": {k: v / goal_games for k, v in forcing.most_common()},
        "seat_share": {s: seats[s] / max(1, len(won)) for s in range(players)},
        "first_seat_ratio": (seats[0] / max(1, len(won))) * players,
        "supported_crisis": sup[1] / max(1, sup[0]),
        "crisis_card_min": min(per_card.values()) if per_card else None,
        "crisis_card_max": max(per_card.values()) if per_card else None,
        "crisis_cards": per_card,
        "incident_success": inc[1] / max(1, inc[0]),
        "incidents_per_game": inc[0] / n,
        "no_allegiance_per_game": sum(r["stats"].no_allegiance for r in results) / n,
        "sales_per_game": {
            k: v / n for k, v in sum((r["stats"].sales for r in results), Counter()).items()
        },
    }


def card_effects(
    cat: Catalog, results: list[dict[str, Any]]
) -> dict[str, tuple[float, float, int]]:
    """Each role's effect on its user's win rate, from games in which every role was switched
    on or off at random (a factorial design): the win rate of the players who used (or, switched
    off, would have used) it, on minus off; with its standard error and the smaller count."""
    roles = sorted({c.role for c in cat.dossier})
    out = {}
    for role in roles:
        on, off = [0, 0], [0, 0]
        for r in results:
            side = off if role in r["disabled"] else on
            for seat, used in enumerate(r["used"]):
                if role in used:
                    side[0] += 1
                    side[1] += r["winner"] == seat
        if min(on[0], off[0]) < 30:
            out[role] = (float("nan"), float("nan"), min(on[0], off[0]))
            continue
        p1, p0 = on[1] / on[0], off[1] / off[0]
        se = math.sqrt(p1 * (1 - p1) / on[0] + p0 * (1 - p0) / off[0])
        out[role] = (p1 - p0, se, min(on[0], off[0]))
    return out


def report(cat: Catalog, players: int, policy: str, s: dict[str, Any]) -> None:
    print(
        f"{players}p {policy:<10} ended in time {s['ended_in_time']:6.1%} "
        f"(goal {s['goal_in_time']:6.1%})  frozen {s['frozen']:5.1%}  "
        f"ends {', '.join(f'{k} {v:.1%}' for k, v in sorted(s['ends'].items()))}  "
        f"turns median {s['median_turns']} p95 {s['p95_turns']} (budget {s['budget']})"
    )
    seats = " ".join(f"{v:.0%}" for v in s["seat_share"].values())
    top = ", ".join(f"{k} {v:.0%}" for k, v in list(s["forcing"].items())[:5])
    print(f"    seats {seats} (first {s['first_seat_ratio']:.2f}x fair)  forcing: {top}")
    lo, hi = s["crisis_card_min"] or 0, s["crisis_card_max"] or 0
    print(
        f"    supported crisis {s['supported_crisis']:.1%} (cards {lo:.0%}"
        f"-{hi:.0%})  incidents {s['incident_success']:.1%} "
        f"({s['incidents_per_game']:.1f}/game)  no allegiance {s['no_allegiance_per_game']:.2f}"
        f"/game  sales {', '.join(f'{k} {v:.1f}' for k, v in s['sales_per_game'].items())}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--policies", nargs="*", default=list(POLICIES))
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--catalog", help="a game folder (default: the shipped catalog)")
    parser.add_argument("--effects", action="store_true", help="each card's effect (factorial)")
    parser.add_argument("--cards", action="store_true", help="supported rate per crisis card")
    parser.add_argument("--variant", help="play a variant of the rulebook's (its key)")
    parser.add_argument("--edition", help="an edition of the game (default: its default)")
    args = parser.parse_args(argv)
    cat = load(args.catalog, args.edition)
    if args.variant:
        cat = variant(cat, args.variant)
    counts = args.players or list(range(cat.players[0], cat.players[1] + 1))
    pooled: list[dict[str, Any]] = []
    for players in counts:
        for policy in args.policies:
            results = play_games(cat, players, policy, args.games, args.seed)
            s = summarise(cat, players, results)
            report(cat, players, policy, s)
            if args.cards:
                for cid, rate in sorted(s["crisis_cards"].items(), key=lambda kv: kv[1]):
                    print(f"      {cid:<36}{rate:6.1%}")
            if args.effects:
                pooled += play_games(cat, players, policy, args.games, args.seed, effects=True)
    if args.effects:
        print(f"card effects, pooled over {len(pooled)} games (users' win rate, on minus off):")
        for role, (d, se, k) in sorted(card_effects(cat, pooled).items(), key=lambda kv: -kv[1][0]):
            tag = " (information only)" if role in cat.information_only else ""
            print(f"  {role:<16}{d:+7.1%} ± {se:.1%} (n {k}){tag}")


if __name__ == "__main__":
    main()
