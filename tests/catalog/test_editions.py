"""Editions: one catalog, an overlay per edition; every command builds and checks the one asked
for, and a mistake in an overlay is reported at the overlay's own line."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from cli_in import invoke

EDITIONS = """
editions:
  original:
    name: Original edition
    description: As the first printing had it.
    default: true
  tuned:
    name: Tuned edition
    description: Scout and Storm reworked after playtests.
    changes:
      - topic: Scout
        original: Look at the top three cards.
        edition: Look at the top four cards.
        why: Scout was the card nobody played.
        effect: It is now played in about half the games.
"""

TUNED = """\
game:
  play_time: 30 min
rules:
  - {id: deck-size, text: The deck holds 10 to 14 cards., check: total, deck: cards,
     min: 10, max: 14}
  - {id: four-events, text: The deck holds 4 events., check: total, deck: cards,
     where: {type: event}, equals: 4}
sets:
  cards:
    components:
      scout: {text: Look at the top four cards of the deck and put them back in any order.}
      storm: {count: 1}
      treasure: null
      ambush: {name: Ambush, count: 2, source: original, type: event,
               text: Every player skips a draw.}
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A `pnp new` game with two editions: `original` (the catalog as written, default) and
    `tuned` (an overlay changing a card's text, a count, dropping and adding cards)."""
    code, out = invoke("new", "demo", cwd=tmp_path)
    assert code == 0, out
    folder = tmp_path / "demo"
    with (folder / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(EDITIONS)
    (folder / "editions").mkdir()
    (folder / "editions" / "tuned.yaml").write_text(TUNED, encoding="utf-8")
    return folder


def counts(folder: Path, *edition: str) -> dict[str, int]:
    code, out = invoke("inventory", "demo", "--json", *edition, cwd=folder.parent)
    assert code == 0, out
    return {c["id"]: c["count"] for c in json.loads(out)["components"]}


def test_the_default_edition_is_the_catalog_as_written(game: Path) -> None:
    assert counts(game) == counts(game, "--edition", "original")
    assert counts(game)["storm"] == 2 and "treasure" in counts(game)


def test_an_overlay_changes_drops_and_adds_components(game: Path) -> None:
    tuned = counts(game, "--edition", "tuned")
    assert tuned["storm"] == 1  # changed
    assert "treasure" not in tuned  # dropped
    assert tuned["ambush"] == 2  # added
    assert tuned["scout"] == counts(game)["scout"]  # untouched keys kept


def test_build_all_editions_writes_each_with_its_own_text(game: Path) -> None:
    code, out = invoke("build", "demo", "--edition", "all", "--what", "cards", cwd=game.parent)
    assert code == 0, out
    folder = game.parent / "output" / "demo"
    default, tuned = folder / "demo-a4.pdf", folder / "demo-tuned-a4.pdf"
    assert default.is_file() and tuned.is_file()

    def text(pdf: Path) -> str:
        with pdfplumber.open(pdf) as doc:
            return " ".join((p.extract_text() or "") for p in doc.pages).replace("\n", " ")

    assert "top four cards" in text(tuned) and "top four cards" not in text(default)
    assert "Ambush" in text(tuned) and "Ambush" not in text(default)
    assert "Treasure" in text(default) and "Treasure" not in text(tuned)


def test_validate_checks_every_edition_and_names_it(game: Path) -> None:
    code, out = invoke("validate", "demo", cwd=game.parent)
    # the tuned edition's own rule fails (one Storm, no Treasure, two Ambushes: 3 events)
    assert code == 1, out
    assert "demo (original edition)" in out and "demo (tuned edition)" in out
    assert "four-events" in out
    code, out = invoke("validate", "demo", "--edition", "original", cwd=game.parent)
    assert code == 0, out
    assert "tuned" not in out


def test_games_and_inventory_list_the_editions(game: Path) -> None:
    code, out = invoke("inventory", "demo", cwd=game.parent)
    assert code == 0, out
    assert "edition original (default): As the first printing had it." in out
    assert "edition tuned: Scout and Storm reworked after playtests." in out


def test_an_unknown_edition_names_the_closest(game: Path) -> None:
    code, out = invoke("inventory", "demo", "--edition", "tunned", cwd=game.parent)
    assert code == 2
    assert "no edition 'tunned'" in out and "tuned" in out
    assert "Traceback" not in out


def test_overlay_mistakes_are_reported_at_the_overlay_line(game: Path) -> None:
    overlay = game / "editions" / "tuned.yaml"
    overlay.write_text(TUNED.replace("storm: {count: 1}", "storm: {count: lots}"), "utf-8")
    code, out = invoke("inventory", "demo", "--edition", "tuned", cwd=game.parent)
    assert code == 2, out
    line = TUNED.splitlines().index("      storm: {count: 1}") + 1  # the overlay's own line
    assert f"tuned.yaml:{line}" in out and "count" in out

    overlay.write_text(TUNED.replace("storm: {count: 1}", "strom: {count: 1}"), "utf-8")
    code, out = invoke("inventory", "demo", "--edition", "tuned", cwd=game.parent)
    assert code == 2, out
    assert f"tuned.yaml:{line}" in out and "no component 'strom'" in out and "storm" in out


def test_templates_see_the_edition(game: Path) -> None:
    back = game / "templates" / "card-back.yaml.j2"
    back.write_text(
        back.read_text("utf-8")
        + "\n- text: {text: '{{ game.edition.name }}', x: 10mm, y: 40mm, w: 43mm, h: 8mm, "
        "size: 9}\n",
        "utf-8",
    )
    code, out = invoke("show", "demo", "scout", "--back", "--edition", "tuned", cwd=game.parent)
    assert code == 0, out
    assert "Tuned edition" in out


def test_table_rows_change_in_place(game: Path) -> None:
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("tables:\n  turns:\n    rows:\n      - {step: 1, text: Draw two.}\n"
                "      - {step: 2, text: Play one.}\n")  # fmt: skip
    overlay = game / "editions" / "tuned.yaml"
    overlay.write_text(
        TUNED + "tables:\n  turns:\n    update:\n      - where: {step: 1}\n"
        "        set: {text: Draw three.}\n      - where: {step: 2}\n        remove: true\n"
        "    add: [{step: 3, text: Pass.}]\n",
        "utf-8",
    )
    code, out = invoke("inventory", "demo", "--json", "--edition", "tuned", cwd=game.parent)
    assert code == 0, out
    rows = json.loads(out)["tables"]["turns"]
    assert rows == [{"step": 1, "text": "Draw three."}, {"step": 3, "text": "Pass."}]


DOC = Path(__file__).resolve().parents[2] / "docs" / "make-your-own-game.md"


def doc_block(title: str) -> str:
    import re

    blocks = re.findall(rf"```yaml\n# {re.escape(title)}\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) == 1, f"the page shows one {title}"
    return blocks[0]


def test_the_pages_editions_walkthrough_works(tmp_path: Path) -> None:
    """docs/make-your-own-game.md's editions, copied from the page onto a `pnp new` game."""
    code, out = invoke("new", "my-game", cwd=tmp_path)
    assert code == 0, out
    folder = tmp_path / "my-game"
    with (folder / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("\n" + doc_block("game.yaml: the editions"))
    (folder / "editions").mkdir()
    for name in ("b", "duel"):
        (folder / "editions" / f"{name}.yaml").write_text(doc_block(f"editions/{name}.yaml"))
    code, out = invoke("validate", ".", cwd=folder)
    assert code == 0, out
    assert all(f"({e} edition)" in out for e in ("a", "b", "duel")), out
    code, out = invoke("inventory", ".", "--json", "--edition", "duel", cwd=folder)
    assert code == 0 and "trade" not in {c["id"] for c in json.loads(out)["components"]}
    code, out = invoke("build", ".", "--edition", "b", "--what", "cards", cwd=folder)
    assert code == 0, out
    assert (folder / "output" / "my-game" / "my-game-b-a4.pdf").is_file()
