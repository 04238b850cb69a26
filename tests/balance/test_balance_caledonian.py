"""Espionage (Caledonian) still plays as tuned: whole games played by bench/sim_caledonian.py from
the shipped catalog (cards, key numbers, endings, game length) land in the bands the
designer's notes give. A seeded, modest batch (30 games per player count and policy, a few
seconds); bands are wide enough for that sample and tight enough that a catalog edit that breaks
the balance fails: values back to 1-5, crises counting for two nations, no last round or empty-deck
ending, a Launderer without a limit, the whole pre-balance catalog (6 of 8 tests fail, in about
the same time, since games stop at the game-length limit). The seats are within the noise of
this sample: the head start of 1-3 extra cards for later players, dropped once the round was
finished at the goal, passes too; bench/sim_caledonian_tables.py --uniform, with 400 games per
player count and policy, measures them. Cut from 50 games to 30, the broken catalogs still fail:
a Launderer without a limit takes part in 47% of the winning sales; the journal's win the moment a
Vault holds 50 gives the first player 1.26 times a fair share, the early seats 0.25 more.

The goals (designer's notes): every game ends by the game's own end condition within the turns of
the game-length table, none freezes; the Vault goal, not the time limit, ends most games; no
card's effect takes part in more than a quarter of the winning sales; the first player wins at
most 1.2 times a fair share; at a table where one seat plays differently from the rest
(bench/sim_caledonian_tables.py), no strategy wins more than 1.5 times a fair share, a careful
player among investors keeps at least two thirds of one, and no card takes part in more than a
quarter of the winning sales there either. On the catalog before the invest limit, the investor
among cautious players won 1.65 times a fair share here and a cautious player among investors
0.56: both mixed-table tests failed; before Lifted Papers took one card, the dumper among
cautious players failed its test (1.42)."""

from __future__ import annotations

import importlib.util
import re
import statistics
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
GAMES = 30  # per player count and policy
SEED = 5


def _load(name: str) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def sim() -> ModuleType:
    return _load("sim_caledonian")


@pytest.fixture(scope="module")
def cat(sim):
    return sim.load()


@pytest.fixture(scope="module")
def played(sim, cat) -> dict[int, list[dict]]:
    """Every supported player count, each policy GAMES times (seeded: the same games every run).
    A game still running at the game-length table's last turn has already missed the goal, so it
    stops there (a catalog that does not end fails fast instead of playing on)."""
    lo, hi = cat.players
    return {
        n: [
            r
            for policy in sim.POLICIES
            for r in sim.play_games(cat, n, policy, GAMES, SEED, cap_factor=1)
        ]
        for n in range(lo, hi + 1)
    }


# -- what the simulator reads is what the cards say ---------------------------------------------


def test_every_crisis_counts_for_its_own_nation_and_three_others(cat):
    for nation, deck in cat.crises.items():
        for card in deck:
            assert card.support[0] in ("own", nation), card.id
            named = {nation if s == "own" else s for s in card.support}
            assert len(named) == 4, (card.id, card.support)
    for card in cat.incidents:
        assert card.support[0] == "peril" and len(set(card.support)) == 4, card.id


def test_every_number_an_effect_uses_is_printed_on_the_card(cat):
    """The simulator plays a card's `amount`; the card's text must say the same number (in
    figures or, for spaces, in words)."""
    words = {1: "one", 2: "two", 3: "three"}
    for card in cat.dossier:
        if not card.amount:
            continue
        said = re.findall(r"\d+", card.text) + [w for n, w in words.items() if w in card.text]
        assert str(card.amount) in said or words.get(card.amount) in said, (card.id, card.text)


def test_the_catalog_gives_the_rules_the_simulator_plays(cat):
    assert {"vault", "deadline", "empty-dossier"} <= cat.endings
    assert cat.seller_keeps and cat.numbers["discard"] > 0
    lo, hi = cat.players
    assert set(cat.budget) == set(cat.rounds) == set(range(lo, hi + 1))
    assert all(cat.budget[n] == cat.rounds[n] * n for n in cat.budget)
    assert cat.information_only == {"wiretap", "mole", "unmasking"}


# -- whole games ----------------------------------------------------------------------------------


def test_every_game_ends_by_its_own_rules_within_the_play_time(cat, played):
    for n, results in played.items():
        ends = {r["end"] for r in results}
        assert ends <= {"goal", "deadline", "deck-out"}, (n, ends)  # never frozen or unfinished
        assert max(r["turns"] for r in results) <= cat.budget[n], n


def test_the_vault_goal_ends_most_games(cat, played):
    """At 6 players the 96 Dossier cards run out in about 1 game in 5 (the empty deck ends it,
    late), more at tables that bank every card: there the band is 70%, 80% at fewer players."""
    for n, results in played.items():
        share = sum(r["end"] == "goal" for r in results) / len(results)
        assert share >= (0.70 if n == 6 else 0.80), (n, share)  # 79% at 6 players here
        # the round finished after the goal adds up to n - 1 turns (30 of 48 at 6 players)
        assert statistics.median(r["turns"] for r in results) <= 0.6 * cat.budget[n] + n - 1, n


def test_no_card_forces_more_than_a_quarter_of_the_endings(played):
    for n, results in played.items():
        won = [r for r in results if r["end"] == "goal"]
        roles = {role for r in won for role in r["forcing"]}
        for role in roles:
            share = sum(role in r["forcing"] for r in won) / len(won)
            assert share <= 0.25, (n, role, share)


def test_the_first_player_wins_at_most_1_2_times_a_fair_share(played):
    """Pooled over player counts and policies (600 games); each player count alone (150 games,
    too few for 1.2) is held to 1.5, so a seat order that breaks at one count still fails."""
    wins = fair = 0.0
    for n, results in played.items():
        won = [r for r in results if r["winner"] is not None]
        assert won, (n, "no game had a winner")
        first = sum(r["winner"] == 0 for r in won) / len(won) * n
        assert first <= 1.5, (n, first)
        wins += sum(r["winner"] == 0 for r in won)
        fair += len(won) / n
    assert wins / fair <= 1.2, wins / fair


def test_early_seats_do_not_outrun_late_ones_at_five_and_six_players(played):
    """At 5 and 6 players (150 games each, pooled over the policies) the first two seats win
    on average at most 0.15 of a fair share more than the last two. In a race that ended the
    moment a Vault reached the goal, a head start of 1-3 extra cards did not make up for playing
    late: 0.26 (5 players) and 0.18 (6) here; with the round finished, -0.26 and -0.02 with that
    head start, -0.19 and 0.04 without it at 50 games a policy (-0.02 and 0.06 at this file's
    30; the late seats a little ahead at 5 players in that sample; pooled over 2,000 games a
    count, 0.93-1.06 every seat at 5 players without it)."""
    for n in (5, 6):
        won = Counter(r["winner"] for r in played[n])
        share = [won[s] / len(played[n]) * n for s in range(n)]
        gap = (share[0] + share[1] - share[-2] - share[-1]) / 2
        assert gap <= 0.15, (n, [round(x, 2) for x in share])


def test_the_books_turn_time_is_what_the_simulated_turns_take(cat, played):
    """The game-length table's minutes are its turns at the turn time the book states. Each
    simulated turn is timed by the table-time model (bench/sim_caledonian_tables.py's
    ACTION_SECONDS: seconds per card drawn, crisis read, player asked for support, card revealed,
    card played, sale...): at every count the mean turn, over every policy, is within a tenth of
    the book's (the book's is 2-5% shorter here), and the last round at the book's pace fits the
    box's longest time. The book's earlier "a minute plus 10 seconds a player" was 12-13% short."""
    tables = _load("sim_caledonian_tables")
    for n, results in played.items():
        stated = cat.minutes[n] * 60 / cat.budget[n]
        model = tables.seconds_a_turn(results, n)
        assert abs(model - stated) <= 0.1 * stated, (n, round(model), round(stated))
        assert cat.minutes[n] <= cat.box, (n, cat.minutes[n], cat.box)


def test_supported_crises_and_incidents_can_both_go_either_way(sim, cat, played):
    results = [r for rs in played.values() for r in rs]
    crises = [(helped, ok) for r in results for _, helped, ok in r["stats"].crises]
    supported = [ok for helped, ok in crises if helped]
    assert 0.55 <= sum(supported) / len(supported) <= 0.85
    incidents = [ok for r in results for _, ok in r["stats"].incidents]
    assert 0.5 <= sum(incidents) / len(incidents) <= 0.97


# -- mixed tables: one seat plays differently from the rest ---------------------------------------

MIXED = 30  # games per mixed table and player count (the lone seat moves round the table)
THROWER = 150  # games per player count for the dumper among careful players: its edge is a
# few tenths of a fair share, so it needs more games than the others to be told from noise
# (lone seat, rest of the table): the strategies that broke the game before (an investor; the
# dumper has its own fixture), the careful player they beat, and the leader-attacker
LONE = (
    ("investor", "cautious"),
    ("investor", "aggressive"),
    ("cautious", "investor"),
    ("attacker", "cautious"),
)


@pytest.fixture(scope="module")
def tables(sim) -> ModuleType:
    return _load("sim_caledonian_tables")


@pytest.fixture(scope="module")
def mixed(tables, cat) -> dict[tuple[str, str], dict[int, list[dict]]]:
    lo, hi = cat.players
    return {
        (lone, rest): {
            n: tables.play_table(cat, n, lone, rest, MIXED, SEED) for n in range(lo, hi + 1)
        }
        for lone, rest in LONE
    }


@pytest.fixture(scope="module")
def thrower(tables, cat) -> dict[int, list[dict]]:
    """A dumper among cautious players, THROWER games per player count."""
    lo, hi = cat.players
    return {
        n: tables.play_table(cat, n, "dumping", "cautious", THROWER, SEED)
        for n in range(lo, hi + 1)
    }


def pooled_share(tables, by_count: dict[int, list[dict]]) -> float:
    """The lone seat's wins against a fair share, over every player count."""
    wins = sum(r["winner"] == r["lone_seat"] for rs in by_count.values() for r in rs)
    fair = sum(len(rs) / n for n, rs in by_count.items())
    return wins / fair


def test_no_strategy_wins_much_more_than_its_share_against_a_table(tables, mixed):
    """The goal is 1.5 times a fair share at every count; pooled over the counts (120 games a
    table) a strategy is held to 1.35, each count alone (30 games, too few for 1.5) to 2."""
    for lone, rest in LONE:
        if lone == "cautious":
            continue
        pooled = pooled_share(tables, mixed[lone, rest])
        assert pooled <= 1.35, (lone, rest, round(pooled, 2))
        for n, results in mixed[lone, rest].items():
            assert tables.lone_share(results, n) <= 2.0, (lone, rest, n)


def test_a_careful_player_among_investors_keeps_a_fair_chance(tables, mixed):
    """A cautious seat among investors wins at least two thirds of a fair share (1 / 1.5)."""
    pooled = pooled_share(tables, mixed["cautious", "investor"])
    assert pooled >= 0.67, round(pooled, 2)


def test_the_vault_goal_ends_most_mixed_games(mixed):
    for (lone, rest), by_count in mixed.items():
        for n, results in by_count.items():
            share = sum(r["end"] == "goal" for r in results) / len(results)
            assert share >= 0.5, (lone, rest, n, share)


def test_a_player_who_plays_every_card_at_once_does_not_run_away_from_careful_players(
    tables, thrower
):
    """The dumper plays every Espionage card at the first chance, never discards and throws
    what it cannot use into other players' crises. With Lifted Papers taking two cards it won
    about 1.5 times a fair share against careful players (1.42 here); it is held to 1.35
    pooled over the counts (600 games; the goal, 1.5, at every count)."""
    pooled = pooled_share(tables, thrower)
    assert pooled <= 1.35, round(pooled, 2)


def test_no_card_forces_more_than_a_quarter_of_the_endings_at_mixed_tables(mixed, thrower):
    """Pooled over the counts per mixed table (each card's share of the winning sales at the
    Vault goal). A Launderer that banks any card and stays in play takes part in 54% here."""
    for (lone, rest), by_count in [*mixed.items(), (("dumping", "cautious"), thrower)]:
        won = [r for rs in by_count.values() for r in rs if r["end"] == "goal"]
        roles = {role for r in won for role in r["forcing"]}
        for role in roles:
            share = sum(role in r["forcing"] for r in won) / len(won)
            assert share <= 0.25, (lone, rest, role, round(share, 2))


def test_a_bond_broker_no_longer_pays_a_player_who_banks_every_card(tables, cat):
    """A dumper (a card of any nation under its Portfolio every turn) among players who go after
    the leader: nobody can tell which nations it backs, and a Bond Broker cashed its bonds. With
    the Broker's fee (the highest bond sold is discarded) its Broker sales bring it at most 4.3
    points a game, pooled over 3 and 4 players (60 games each): 3.1 here; without the fee 6.2."""
    points = games = 0
    for n in (3, 4):
        for r in tables.play_table(cat, n, "dumping", "attacker", 60, SEED):
            points += r["via"][r["lone_seat"]].get("broker", 0)
            games += 1
    assert points / games <= 4.3, round(points / games, 2)


def test_a_saboteur_reads_a_rivals_face_up_bond_broker(sim, cat):
    """A Bond Broker in play is face up: its owner's bonds of that nation wait for the maximum,
    so a player who sinks the leader's nations counts it like a seen secret. Ignoring it let a
    seat that banks a card of any nation every turn cash its Broker sales untouched."""
    import random

    game = sim.Game(cat, 3, [sim.POLICIES["attacker"]] * 3, random.Random(1))
    attacker, leader, _ = game.players
    leader.points = 30  # the leader, as the table sees it
    broker = next(c for c in cat.dossier if c.role == "broker")
    quiet = next(n for n in cat.nations if n != broker.nation)
    leader.public = quiet
    before = game.threat(attacker, broker.nation)
    leader.agents.append(broker)
    assert before == 0.0 and game.threat(attacker, broker.nation) > game.threat(attacker, quiet)
