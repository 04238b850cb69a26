"""Copies of the built-in catalogs, each with one rulebook fact changed: `pnp validate` exits 1 and
names exactly the rules that bind that fact (before the `facts` and `agree` rules, every one of
these copies passed)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.resources import card_data_dir

# (game, file, old text, new text, the rules that must fail and no others)
CHANGES = [
    pytest.param(
        "axis-allies-espionage",
        "game.yaml",
        [("- {level: 2, cost: 20", "- {level: 3, cost: 20"),
         ("- {level: 3, cost: 25", "- {level: 2, cost: 25")],
        {"network-total-costs", "network-upgrade-costs", "network-bonuses", "network-event-choice"},
        id="aa-network-levels-2-and-3-swapped",
    ),
    pytest.param(
        "axis-allies-espionage",
        "game.yaml",
        [("{roll: 31, event: spawn-cell,", "{roll: 31, event: payoff,")],
        {"event-rolls-agree", "event-names-agree"},
        id="aa-roll-31-points-at-another-event",
    ),
    pytest.param(
        "axis-allies-espionage",
        "game.yaml",
        [("listed_as: Payoff, rolls: 15 19,", "listed_as: Payoff, rolls: 15 18,")],
        {"event-rolls-agree"},
        id="aa-rolls-column-disagrees-with-the-event-table",
    ),
    pytest.param(
        "axis-allies-espionage",
        "game.yaml",
        [("{dice: 3, ipc_cost: 6, penalty: -3}", "{dice: 3, ipc_cost: 9, penalty: -3}"),
         ("{dice: 4, ipc_cost: 9, penalty: -4}", "{dice: 4, ipc_cost: 6, penalty: -4}")],
        {"event-dice-cost"},
        id="aa-dice-costs-swapped",
    ),
    pytest.param(
        "spy-royale",
        "game.yaml",
        [("{players: 3, cards: 7}", "{players: 3, cards: 6}"),
         ("{players: 4, cards: 6}", "{players: 4, cards: 7}")],
        {"extra-hand-counts"},
        id="sr-extra-hand-3-and-4-swapped",
    ),
    pytest.param(
        "spy-royale",
        "action.yaml",
        [("targets: [science, political]", "targets: [corporate, political]")],
        {"cards-follow-relations"},
        id="sr-fake-intel-disagrees-with-the-relations-table",
    ),
    pytest.param(
        "spy-royale",
        "action.yaml",
        [("type: eavesdrop\n    targets: [police]", "type: eavesdrop\n    targets: [political]")],
        {"cards-follow-relations", "political-and-police-targets"},
        id="sr-police-eavesdrop-scores-from-political",
    ),
    pytest.param(
        "1955-war-of-espionage",
        "deck.yaml",
        [("    influence: 2\n    action: military-transport\n  - id: france-2-gadget-research",
          "    influence: 4\n    action: deport\n  - id: france-2-gadget-research")],
        {"example-card-france-2"},
        id="1955-france-2-turned-into-influence-4-deport",
    ),
    pytest.param(
        "1955-war-of-espionage",
        "deck.yaml",
        [("  - id: mercenary-1\n    name: \"Mercenary:1\"\n    count: 3\n    source: rulebook\n"
          "    note: The rulebook names Mercenary:1 in its examples; three copies is our choice.\n"
          "    type: mercenary\n    influence: 1\n", ""),
         ("    name: \"Mercenary:2\"\n    count: 3", "    name: \"Mercenary:2\"\n    count: 6")],
        {"mercenary-examples"},
        id="1955-mercenary-1-gone",
    ),
    pytest.param(
        "1955-war-of-espionage",
        "game.yaml",
        [("short: HUN, faction: red,", "short: HUN, faction: blue,")],
        {"country-factions", "cards-follow-country-factions"},
        id="1955-hungary-turned-blue",
    ),
    pytest.param(
        "espionage-caledonian",
        "crisis-chn.yaml",
        [("name: Factory Fire\n    count: 1", "name: Factory Fire\n    count: 2"),
         ("name: River Flood\n    count: 1", "name: River Flood\n    count: 0")],
        {"crisis-chn-unique"},
        id="cal-a-crisis-card-printed-twice",
    ),
    pytest.param(
        "espionage-caledonian",
        "game.yaml",
        [("code: USA, name: United States, order: 1,", "code: USA, name: United States, order: 2,"),
         ("code: CHN, name: China, order: 2,", "code: CHN, name: China, order: 1,")],
        {"nations-in-tracker-order", "tracker-follows-nations"},
        id="cal-usa-and-china-swapped-on-the-tracker",
    ),
    pytest.param(
        "espionage-caledonian",
        "dossier.yaml",
        [("Sleeper Agent (four Brokers, not eight; see the designer''s notes).'\n    amount: 3",
          "Sleeper Agent (four Brokers, not eight; see the designer''s notes).'\n    amount: 2")],
        {"dossier-role-amounts-agree"},
        id="cal-one-sleeper-agent-gives-less-than-the-others",
    ),
    pytest.param(
        "espionage-caledonian",
        "game.yaml",
        [("name: Draw, text: 'Discard up to 5 cards", "name: Draw, text: 'Discard up to 3 cards")],
        {"turn-aid-numbers"},
        id="cal-the-turn-aid-discards-fewer-than-the-key-numbers",
    ),
    pytest.param(
        "espionage-card-game",
        "game.yaml",
        [("{card: package, name: Package,", "{card: package, name: Parcel,")],
        {"gold-cards-agree"},
        id="ecg-play-summary-renames-a-gold-card",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("game", "file", "edits", "failing"), CHANGES)
def test_a_changed_rulebook_fact_exits_1_naming_its_rule(
    tmp_path: Path, game: str, file: str, edits: list[tuple[str, str]], failing: set[str]
) -> None:
    folder = tmp_path / game
    shutil.copytree(card_data_dir() / game, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1, result.output
    assert set(re.findall(r"^FAIL (\S+)", result.output, re.MULTILINE)) == failing


def test_the_unchanged_copies_pass(tmp_path: Path) -> None:
    for game in sorted({p.values[0] for p in CHANGES}):
        folder = tmp_path / game
        shutil.copytree(card_data_dir() / game, folder)
        result = CliRunner().invoke(main, ["validate", str(folder)])
        assert result.exit_code == 0, result.output
