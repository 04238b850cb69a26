"""ESPIONAGE the card game in its two editions: the original (the official rules, the default)
and ours (balanced). Both validate, build and export; the original's kit prints the cards as the
rules give them and as first printed where the rules name a card without its effect; a kit whose
cards and play summary disagree in either edition fails its rule."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from pnp.catalog.games import card_data_dir, resolve_game
from pnp.cli import main

GAME_ID = "espionage-card-game"
EDITIONS = ("original", "pnp")


def card(edition: str | None, card_id: str):
    game = resolve_game(GAME_ID, edition)
    return next(c for c in game.sets["deck"].components if c.id == card_id)


def test_the_original_is_the_default_and_ours_is_named():
    game = resolve_game(GAME_ID)
    assert game.edition is not None and game.edition.id == "original" and game.edition.default
    assert [e.id for e in game.editions] == list(EDITIONS)
    assert not game.edition.changes
    ours = resolve_game(GAME_ID, "pnp").edition
    assert ours is not None and len(ours.changes) >= 8


def test_the_original_prints_the_official_gold_cards():
    """The rules: the Package wins with 10 or more cards in hand, and a player forced to discard a
    gold card is out. Ours: it waits a round and is never a reason to be out."""
    original, ours = card("original", "package"), card("pnp", "package")
    assert original.fields["when_discarded"] == "out" and "you are out" in original.fields["text"]
    assert ours.fields["when_discarded"] == "discard-pile" and "next turn" in ours.fields["text"]
    first_round = {r.get("truce") for r in resolve_game(GAME_ID).tables["turn-summary"].rows}
    assert first_round == {None}


@pytest.mark.parametrize(
    ("card_id", "original_text"),
    [
        ("sniper", "they discard 1 card at random"),
        ("medic", "Take 1 card of your choice"),
        ("infiltrator", "take 1 card at random"),
        ("police", "Cancel a **Mission** card just played"),
    ],
)
def test_the_original_prints_our_first_effects(card_id, original_text):
    assert original_text in card("original", card_id).fields["text"]
    assert original_text not in card("pnp", card_id).fields["text"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_validates(edition):
    result = CliRunner().invoke(main, ["validate", GAME_ID, "--edition", edition])
    assert result.exit_code == 0, result.output
    assert f"({edition} edition)" in result.output


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_builds_its_kit(tmp_path: Path, edition: str):
    """The kit's Package card prints the edition's text (read from the built PDF)."""
    result = CliRunner().invoke(main, ["build", GAME_ID, "--edition", edition, "--what", "cards",
                                       "--out", str(tmp_path)])  # fmt: skip
    assert result.exit_code == 0, result.output
    (kit,) = (tmp_path / GAME_ID).glob("*.pdf")
    assert (edition == "original") == ("-pnp-" not in kit.name), kit.name
    with pdfplumber.open(kit) as pdf:
        words = {w["text"] for p in pdf.pages for w in p.extract_words()}
    # words only the Package prints, in one edition or the other (cards sit side by side on a
    # sheet, so a whole sentence may come out interleaved with its neighbour's)
    assert ("too," in words) == (edition == "original"), edition
    assert ("can't." in words) == (edition == "pnp"), edition


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_exports(tmp_path: Path, edition: str):
    result = CliRunner().invoke(main, ["export", GAME_ID, "--edition", edition, "--to", "dtc",
                                       "--out", str(tmp_path)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert any(p.suffix == ".pdf" for p in tmp_path.rglob("*")), result.output


def test_an_original_package_that_stops_eliminating_fails_its_rule(tmp_path: Path):
    """The overlay is checked like the catalog: a Package card that no longer puts its holder out
    breaks the original's rule (exit 1), and only in that edition."""
    folder = tmp_path / GAME_ID
    shutil.copytree(card_data_dir() / GAME_ID, folder)
    overlay = folder / "editions" / "original.yaml"
    text = overlay.read_text(encoding="utf-8")
    card = "        effect: reveal-package-win\n        when_discarded: out\n"
    assert text.count(card) == 1
    overlay.write_text(text.replace(card, "        effect: reveal-package-win\n"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(folder), "--edition", "original"])
    assert result.exit_code == 1, result.output
    assert "FAIL target-out-bomb-kept" in result.output
    assert "FAIL gold-discards-agree" in result.output
    result = CliRunner().invoke(main, ["validate", str(folder), "--edition", "pnp"])
    assert result.exit_code == 0, result.output


def test_a_copyable_assassin_breaks_our_rulings_rule(tmp_path: Path):
    """The book's rulings on copies are read from the cards' fields; a catalog whose Assassin can
    be copied again no longer matches them (exit 1, naming the rule), in our edition only."""
    folder = tmp_path / GAME_ID
    shutil.copytree(card_data_dir() / GAME_ID, folder)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    assert text.count("    copyable: false\n") == 1
    deck.write_text(text.replace("    copyable: false\n", "    copyable: true\n"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(folder), "--edition", "pnp"])
    assert result.exit_code == 1, result.output
    assert re.findall(r"^FAIL (\S+)", result.output, re.MULTILINE) == ["copy-cards"]
    result = CliRunner().invoke(main, ["validate", str(folder), "--edition", "original"])
    assert result.exit_code == 0, result.output
