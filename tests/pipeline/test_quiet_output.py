"""Honest output: the scaffold's deck list is made from its own cards, with a note on making it
again from yours (`pnp inventory --decklist`), and `--ink-saver` on a game where it would
change nothing says so instead of printing the same sheets."""

from __future__ import annotations

import csv
import logging
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def new_game(tmp_path: Path) -> Path:
    folder = tmp_path / "g"
    assert run("new", str(folder)).exit_code == 0
    return folder


def listed(decklist: Path) -> dict[str, int]:
    lines = [line.split() for line in decklist.read_text().splitlines()]
    return {words[1]: int(words[0]) for words in lines if words and words[0].isdigit()}


def test_the_scaffold_deck_list_is_made_from_its_own_cards(tmp_path):
    folder = new_game(tmp_path)
    decklist = folder / "decklist.txt"
    with (folder / "cards.csv").open(newline="") as sheet:
        counts = {row["name"].lower().replace(" ", "-"): int(row["count"] or 1)
                  for row in csv.DictReader(sheet)}  # fmt: skip
    assert listed(decklist) == counts and len(counts) == 6
    assert "pnp inventory . --decklist > decklist.txt" in decklist.read_text()
    assert run("validate", "--game", str(folder), str(decklist)).exit_code == 0


def test_a_deck_list_of_new_cards_comes_from_inventory(tmp_path):
    folder = new_game(tmp_path)
    (folder / "cards.csv").write_text("name,count,type,cost\nRaven,6,action,1\nOwl,5,event,2\n")
    stale = run("validate", "--game", str(folder), str(folder / "decklist.txt"))
    assert stale.exit_code == 2  # the sample's cards are gone
    result = run("inventory", str(folder), "--decklist")
    assert result.exit_code == 0, result.output
    assert result.output == "[cards]\n6 raven\n5 owl\n"
    (folder / "decklist.txt").write_text(result.output)
    assert run("validate", "--game", str(folder), str(folder / "decklist.txt")).exit_code == 0


def test_ink_saver_that_changes_nothing_says_so(tmp_path, caplog):
    folder = new_game(tmp_path)
    out = str(tmp_path / "out")
    with caplog.at_level(logging.WARNING):
        result = run("build", str(folder), "--what", "cards", "--ink-saver", "--out", out)
    assert result.exit_code == 0, result.output
    assert "--ink-saver changes nothing" in caplog.text and "theme.yaml" in caplog.text
    theme = folder / "templates" / "theme.yaml"
    theme.write_text(theme.read_text() + "ink_saver: {palette: {back: '#e8eef2'}}\n")
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        assert (
            run("build", str(folder), "--what", "cards", "--ink-saver", "--out", out).exit_code == 0
        )
    assert "--ink-saver" not in caplog.text


def test_a_template_that_asks_for_ink_saver_is_not_warned_about(tmp_path, caplog):
    folder = new_game(tmp_path)
    back = folder / "templates" / "card-back.yaml.j2"
    back.write_text("{# light on theme.ink_saver #}\n" + back.read_text())
    with caplog.at_level(logging.WARNING):
        result = run("build", str(folder), "--what", "cards", "--ink-saver", "--out",
                     str(tmp_path / "out"))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "--ink-saver" not in caplog.text


def test_identical_faces_are_written_once_and_the_manifest_points_at_them(tmp_path):
    folder = new_game(tmp_path)
    back = folder / "templates" / "card-back.yaml.j2"  # a back in the colour of the card's type
    back.write_text(back.read_text().replace('ui.background("back")', "ui.background(card.type)"))
    result = run("export", str(folder), "--to", "png", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    target = tmp_path / "out" / "g" / "png"
    with (target / "manifest.csv").open(newline="") as manifest:
        rows = list(csv.reader(manifest))[1:]
    backs = {row[1]: row[5] for row in rows}  # card id -> its back file
    assert len(backs) == 6 and len(set(backs.values())) == 2  # two types, two backs
    assert backs["scout"] == backs["sprint"] != backs["storm"]  # actions share, events share
    written = sorted(p.name for p in target.rglob("*-back.png"))
    assert len(written) == 2 and all((target / name).is_file() for name in backs.values())
