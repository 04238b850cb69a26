"""`pnp new`: the new game validates and builds as it is, at every card size, and what it prints
is what its files say (card names, counts, the size); a folder that holds anything is refused."""

from __future__ import annotations

import csv
from pathlib import Path

import pdfplumber
import pytest
import yaml
from click.testing import CliRunner

from pnp.cli import main

MM = 72 / 25.4
SIZES = {"poker": 63.0, "bridge": 57.15, "mini": 44.0, "tarot": 70.0, "square": 70.0,
         "a6": 105.0, "a5": 148.0, "half-letter": 139.7}  # fmt: skip


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, list[Path]]:
    """A new game (mini cards), built once: (its folder, the PDFs written)."""
    root = tmp_path_factory.mktemp("new")
    folder = root / "Pocket Heist"
    result = run("new", str(folder), "--size", "mini")
    assert result.exit_code == 0, result.output
    result = run("build", str(folder), "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    return folder, [Path(line) for line in result.stdout.split() if line.endswith(".pdf")]


def test_new_game_has_the_files_its_readme_names(built):
    folder, _ = built
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert {"game.yaml", "cards.yaml", "cards.csv", "decklist.txt", "README.md",
            "templates/theme.yaml", "templates/card-front.yaml.j2",
            "templates/card-back.yaml.j2", "templates/rulebook.md.j2"} <= names  # fmt: skip
    game = yaml.safe_load((folder / "game.yaml").read_text())["game"]
    assert (game["id"], game["title"]) == ("pocket-heist", "Pocket Heist")
    assert yaml.safe_load((folder / "cards.yaml").read_text())["set"]["size"] == "mini"
    readme = (folder / "README.md").read_text()
    assert "cards.csv" in readme and "pnp build . --watch" in readme


def test_new_game_validates_and_its_deck_list_passes(built):
    folder, _ = built
    result = run("validate", str(folder))
    assert result.exit_code == 0, result.output
    assert "faces drawn" in result.output and "1 passed" in result.output
    result = run("validate", "--game", str(folder), str(folder / "decklist.txt"))
    assert result.exit_code == 0, result.output


def test_build_prints_every_card_of_the_sheet(built):
    """Every row of cards.csv (read with csv) is on the card sheets as many times as its count."""
    folder, pdfs = built
    with open(folder / "cards.csv", newline="", encoding="utf-8") as f:
        cards = {row["name"]: int(row["count"] or 1) for row in csv.DictReader(f)}
    kit = next(p for p in pdfs if "rulebook" not in p.name)
    with pdfplumber.open(kit) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    for name, count in cards.items():
        assert text.count(name) >= count, name
    rulebook = next(p for p in pdfs if "rulebook" in p.name)
    with pdfplumber.open(rulebook) as pdf:
        book = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "Pocket Heist" in book and "Setup" in book
    assert f"Shuffle the {sum(cards.values())} cards" in book  # counted from the sheet


def test_build_cards_have_the_chosen_size(built):
    """The upright crop marks of a sheet (at its edges, or in the gutters between rows where the
    edge keeps 5 mm clear) are one card width (mini: 44 mm) apart, or a gutter (each card's own
    bleed, at most 2 x 3 mm) between two cards."""
    _, pdfs = built
    kit = next(p for p in pdfs if "rulebook" not in p.name)
    with pdfplumber.open(kit) as pdf:
        page = next(p for p in pdf.pages if len(p.lines) > 8)
        upright = [line for line in page.lines if abs(line["x0"] - line["x1"]) < 0.01]
        marks = sorted({round(line["x0"], 1) for line in upright})
    gaps = [round((b - a) / MM, 1) for a, b in zip(marks, marks[1:], strict=False)]
    cards = [g for g in gaps if abs(g - 44.0) < 0.3]
    assert len(cards) >= 3 and all(g <= 6.0 for g in gaps if g not in cards), gaps


@pytest.mark.parametrize("size", list(SIZES))
def test_every_size_validates(tmp_path, size):
    result = run("new", str(tmp_path / "g"), "--size", size)
    assert result.exit_code == 0, result.output
    result = run("validate", str(tmp_path / "g"))
    assert result.exit_code == 0, result.output
    assert "12 faces drawn" in result.output  # 6 fronts, 6 backs: every template fits


def test_a_folder_holding_anything_is_refused(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    result = run("new", str(folder))
    assert result.exit_code == 2
    assert "not empty" in result.output and "Traceback" not in result.output
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    assert (folder / "notes.txt").read_text() == "mine"
    (tmp_path / "link").symlink_to(folder)  # a link to it: the same folder, as full
    result = run("new", str(tmp_path / "link"))
    assert result.exit_code == 2
    assert "not empty" in result.output and "Traceback" not in result.output
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    (tmp_path / "file").write_text("x")
    result = run("new", str(tmp_path / "file"))
    assert result.exit_code == 2


def test_an_empty_folder_is_filled_and_an_unknown_size_refused(tmp_path, monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.chdir(tmp_path / "empty")
    assert run("new", ".").exit_code == 0  # the folder you are in, named by its own name
    names = sorted(p.name for p in Path().iterdir())
    assert names == ["README.md", "cards.csv", "cards.yaml", "decklist.txt", "game.yaml",
                     "templates"]  # fmt: skip
    assert "id: empty" in Path("game.yaml").read_text()
    result = run("new", str(tmp_path / "x"), "--size", "pokr")
    assert result.exit_code == 2 and "poker" in result.output
    assert not (tmp_path / "x").exists()


def test_a_macro_error_names_the_line_of_the_call_in_the_card_template(tmp_path):
    """The new card front extends the shared card and calls a badge macro in its header
    block: a failure inside the macro names the macro's line and the line of the call (not
    the line of the shared card that renders the block)."""
    folder = tmp_path / "game"
    assert run("new", str(folder)).exit_code == 0
    front = folder / "templates" / "card-front.yaml.j2"
    text = front.read_text().replace("card.cost, ", 'card.cost, r="big", shape="star", ', 1)
    front.write_text(text)
    call_line = next(n for n, line in enumerate(text.splitlines(), 1) if 'r="big"' in line)
    result = run("validate", str(folder))
    assert result.exit_code == 2
    assert "_common/badge.j2:" in result.stderr and "TypeError" in result.stderr
    assert f"templates/card-front.yaml.j2:{call_line})" in result.stderr
