"""docs/make-your-own-game.md, followed as a designer with a workbook would: `pnp new`, the
designer's workbook dropped in as it is (their column names, a formula column, a notes column
and one of their own), the set file copied from the page, then inventory, validate, show and
build. The set file is read from the page itself, so the page and pnp cannot drift apart."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import openpyxl
import pdfplumber
from click.testing import CliRunner

from pnp.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "make-your-own-game.md"
HEADER = ["Card Name", "Card Type", "Qty", "Base", "Bonus", "Cost", "Text", "Notes", "Art notes"]
ROWS = [
    ["Lumber Mill", "action", 3, 1, 1, "=D2+E2", "Gain 2 **Wood**.", "ok", "axe"],
    ["Quarry", "action", 2, 2, 1, "=D3+E3", "Gain a stone.", "", "pick"],
    ["Flood", "event", 5, 0, 0, "=D4+E4", "Everyone discards.", "check", ""],
]
SAVED = {"F2": 2, "F3": 3, "F4": 0}  # what the spreadsheet saved beside each formula


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def set_file_from_the_page() -> str:
    blocks = re.findall(r"```yaml\n(# cards.yaml\n.*?)```", DOC.read_text(), re.S)
    assert len(blocks) == 1, "the page shows one cards.yaml"
    return blocks[0]


def workbook(rows: list[list]) -> bytes:
    """The designer's workbook, a `Cards` tab, saved with its formulas' values as Excel does."""
    book = openpyxl.Workbook()
    book.active.title = "Cards"
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    saved = io.BytesIO()
    with zipfile.ZipFile(out) as source, zipfile.ZipFile(saved, "w") as target:
        for name in source.namelist():
            data = source.read(name)
            if name == "xl/worksheets/sheet1.xml":
                data = re.sub(r'<c r="(F\d+)"><f>(.*?)</f><v\s*/?>(?:</v>)?</c>',
                              lambda m: f'<c r="{m[1]}"><f>{m[2]}</f><v>{SAVED[m[1]]}</v></c>',
                              data.decode()).encode()  # fmt: skip
            target.writestr(name, data)
    return saved.getvalue()


def designer_game(tmp_path: Path, rows: list[list] = ROWS) -> Path:
    folder = tmp_path / "my-game"
    assert run("new", str(folder)).exit_code == 0
    (folder / "cards.csv").unlink()
    (folder / "cards.xlsx").write_bytes(workbook([HEADER, *rows]))
    (folder / "cards.yaml").write_text(set_file_from_the_page())
    return folder


def test_the_workbook_builds_as_the_page_says(tmp_path):
    folder = designer_game(tmp_path)
    result = run("inventory", str(folder), "--json")
    assert result.exit_code == 0, result.output
    cards = {c["id"]: c for c in json.loads(result.output)["components"]}
    assert {k: (c["count"], c["fields"]["cost"]) for k, c in cards.items()} == {
        "lumber-mill": (3, 2), "quarry": (2, 3), "flood": (5, 0)
    }  # fmt: skip
    assert not any("Notes" in c["fields"] or "Art notes" in c["fields"] for c in cards.values())
    assert run("validate", str(folder)).exit_code == 0
    assert run("show", str(folder), "Lumber Mill", "--png", str(tmp_path / "a.png")).exit_code == 0
    out = tmp_path / "out"
    result = run("build", str(folder), "--what", "cards", "--out", str(out))
    assert result.exit_code == 0, result.output
    (pdf,) = list(out.rglob("*.pdf"))
    with pdfplumber.open(pdf) as document:
        text = "".join(page.extract_text() or "" for page in document.pages)
    assert text.count("Lumber Mill") == 3 and text.count("Flood") == 5


def test_a_mistake_in_the_workbook_is_reported_at_its_cell(tmp_path):
    rows = [*ROWS[:2], ["Flood", "evnt", 4, 0, 0, "=D4+E4", "Everyone discards.", "", ""]]
    result = run("build", str(designer_game(tmp_path, rows)), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert (
        "cards.xlsx#Cards:4: column 'Card Type': expected one of action, event, found 'evnt'"
        in (result.output.replace("\n  ", " "))
    )
    assert "did you mean: event?" in result.output
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))
