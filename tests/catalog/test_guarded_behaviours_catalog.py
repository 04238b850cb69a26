"""What spreadsheets promise that no other test would miss if it broke: columns past Z are named
as a spreadsheet names them (AA, AB, ...), and a list cell's items are split on `;` and trimmed.
Each sheet is read by `pnp inventory` as a designer runs it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from pnp.cli import main

GAME = "game:\n  id: sheets\n  title: Sheets\n  source: original\n"
SET = """set:
  id: cards
  name: Cards
  kind: card
  size: poker
  front: front.yaml.j2
  source: original
"""


def sheet_game(tmp_path: Path, name: str, data: bytes | str) -> Path:
    """A game whose one set takes its cards from the sheet `name`, beside the set file."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(SET)
    path = folder / name
    path.write_bytes(data) if isinstance(data, bytes) else path.write_text(data)
    return folder


def inventory(folder: Path):
    return CliRunner().invoke(main, ["inventory", str(folder), "--json"])


def refusal(folder: Path) -> str:
    result = inventory(folder)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output.replace("\n  ", " ")


def header(names: int) -> list[str]:
    """`names` column names: name, then f2, f3, ... (column n is called f<n>)."""
    return ["name", *(f"f{n}" for n in range(2, names + 1))]


def csv(*rows: list[str]) -> str:
    return "".join(",".join(row) + "\n" for row in rows)


# --- column letters past Z ---------------------------------------------------------------------

# column numbers and the letters a spreadsheet shows above them, worked out by hand:
# 26 letters, then AA..AZ (27..52), BA.. (53..), up to GR (7 * 26 + 18 = 200, the last allowed)
LETTERS = [(26, "Z"), (27, "AA"), (28, "AB"), (52, "AZ"), (53, "BA"), (200, "GR")]


@pytest.mark.parametrize(("column", "letters"), LETTERS)
def test_a_value_under_no_name_is_located_by_its_column_letters(tmp_path, column, letters):
    names = header(column - 1) + [""]  # the last column has no name in the header row
    row = ["Scout", *["1"] * (column - 2), "stray"]
    folder = sheet_game(tmp_path, "cards.csv", csv(names, row))
    message = f"cards.csv:2: column {letters}: a value in a column with no name in the header row"
    assert message in refusal(folder)


@pytest.mark.parametrize(("column", "letters"), LETTERS)
def test_a_value_beyond_the_header_is_located_by_its_column_letters(tmp_path, column, letters):
    row = ["Scout", *[""] * (column - 2), "oops"]
    folder = sheet_game(tmp_path, "cards.csv", csv(header(column - 1), row))
    message = f"cards.csv:2: column {letters}: a value beyond the last named column"
    assert message in refusal(folder)


def test_a_name_used_twice_names_both_columns(tmp_path):
    names = header(27) + ["f2"]  # column 28 repeats column 2's name
    folder = sheet_game(tmp_path, "cards.csv", csv(names, ["Scout", *["1"] * 27]))
    assert "cards.csv:1: column 'f2': named twice (columns B and AB)" in refusal(folder)


def test_a_formula_in_a_workbook_is_located_by_its_cell(tmp_path):
    book = openpyxl.Workbook()
    book.active.append(header(27))
    book.active.append(["Scout", *[1] * 25, "=B2+1"])  # the formula in column 27, row 2
    out = io.BytesIO()
    book.save(out)
    folder = sheet_game(tmp_path, "cards.xlsx", out.getvalue())
    assert "cards.xlsx:2: column 'f27': (cell AA2) holds a formula (=B2+1)" in refusal(folder)


# --- list cells ----------------------------------------------------------------------------------


def fields(folder: Path) -> dict[str, dict]:
    result = inventory(folder)
    assert result.exit_code == 0, result.output
    return {c["name"]: c["fields"] for c in json.loads(result.output)["components"]}


def test_a_list_cell_is_split_on_semicolons_and_each_item_trimmed(tmp_path):
    sheet = csv(
        ["name", "tags[]", "costs[]"],
        ["Scout", "a; b ;c", " 1; 2 ;3 "],
        ["Storm", " fast ", "4"],
        ["Calm", "", ""],
    )
    assert fields(sheet_game(tmp_path, "cards.csv", sheet)) == {
        "Scout": {"tags": ["a", "b", "c"], "costs": [1, 2, 3]},
        "Storm": {"tags": ["fast"], "costs": [4]},
        "Calm": {"tags": [], "costs": []},
    }


def test_a_declared_list_field_is_split_and_trimmed_too(tmp_path):
    folder = sheet_game(tmp_path, "cards.csv", csv(["name", "tags"], ["Scout", "move ; look"]))
    (folder / "cards.yaml").write_text(SET + "  fields: {tags: []}\n")
    assert fields(folder) == {"Scout": {"tags": ["move", "look"]}}
