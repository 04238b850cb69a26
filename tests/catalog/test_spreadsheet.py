"""Spreadsheets as set data, as a designer uses them: the same cards written as YAML, CSV, a
European CSV, TSV (UTF-16, as Excel saves "Unicode text") and XLSX give the same `pnp inventory
--json`; `pnp inventory --csv` writes a set that reads back the same; every bad sheet stops with
exit 2 and a message naming the file, the row and the column."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import openpyxl
import pytest
import yaml
from click.testing import CliRunner

from pnp.cli import main
from pnp.limits import SHEET_BYTES, SHEET_CELLS

ROOT = Path(__file__).resolve().parents[2]
GAME = "game:\n  id: sheets\n  title: Sheets\n  source: original\n"
HEAD = """set:
  id: cards
  name: Cards
  kind: card
  size: poker
  front: front.yaml.j2
  source: original
"""
# the cards every format below writes, as YAML writes them
CARDS = [
    {"id": "scout", "name": "Scout", "count": 3, "source": "original", "cost": 1,
     "weight": 2.5, "special": False, "tags": ["move", "look"],
     "text": 'Look at the top card, then put it back: "a, b".\nThen draw.'},
    {"id": "storm", "name": "Storm", "count": 1, "source": "original", "cost": 0,
     "weight": 1.0, "special": True, "tags": [], "text": "Everyone discards."},
    {"id": "eclair", "name": "Éclair", "count": 2, "source": "original", "cost": 12,
     "weight": 0.5, "special": False, "tags": ["fast"], "text": "Move *twice*; draw."},
]  # fmt: skip
HEADER = ["name", "count", "cost", "weight", "special", "tags[]", "text"]


def rows(decimal: str = ".") -> list[list[str]]:
    """The cards as a sheet holds them: id made from the name, count 1 left empty."""
    out = []
    for c in CARDS:
        count = "" if c["count"] == 1 else str(c["count"])
        out.append([c["name"], count, str(c["cost"]), str(c["weight"]).replace(".", decimal),
                    str(c["special"]).upper(), ";".join(c["tags"]), c["text"]])  # fmt: skip
    return out


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def inventory(folder: Path) -> dict:
    result = run("inventory", str(folder), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def game(tmp_path: Path, name: str, head: str = HEAD, **files: bytes | str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(head)
    for file_name, data in files.items():
        path = folder / file_name.replace("_", ".")
        path.write_bytes(data) if isinstance(data, bytes) else path.write_text(data)
    return folder


def csv_text(table: list[list[str]], delimiter: str = ",") -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(table)
    return out.getvalue()


@pytest.fixture(scope="module")
def yaml_inventory(tmp_path_factory) -> dict:
    folder = game(tmp_path_factory.mktemp("yaml"), "g", HEAD + yaml.safe_dump(
        {"components": CARDS}, allow_unicode=True, sort_keys=False))  # fmt: skip
    return inventory(folder)


def test_the_yaml_reference_holds_the_cards(yaml_inventory):
    assert [c["id"] for c in yaml_inventory["components"]] == ["scout", "storm", "eclair"]
    assert yaml_inventory["components"][0]["fields"]["tags"] == ["move", "look"]


def test_csv_gives_the_yaml_inventory(tmp_path, yaml_inventory):
    folder = game(tmp_path, "g", cards_csv=csv_text([HEADER, *rows()]))
    assert inventory(folder) == yaml_inventory


def test_european_csv_with_bom_semicolons_and_decimal_commas(tmp_path, yaml_inventory):
    text = csv_text([HEADER, *rows(decimal=",")], delimiter=";")
    folder = game(tmp_path, "g", cards_csv=b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert inventory(folder) == yaml_inventory


def test_a_comma_csv_whose_quoted_header_holds_semicolons(tmp_path, yaml_inventory):
    """More semicolons than commas in the header, all inside quotes: still a comma CSV."""
    head = HEAD + "columns: {'text; notes; more; rules; see; also; page; two': text}\n"
    header = ",".join(HEADER[:-1]) + ',"text; notes; more; rules; see; also; page; two"\r\n'
    folder = game(tmp_path, "g", head, cards_csv=header + csv_text(rows()))
    assert inventory(folder) == yaml_inventory


def test_utf16_tsv_named_by_the_set_file(tmp_path, yaml_inventory):
    data = csv_text([HEADER, *rows()], delimiter="\t").encode("utf-16")
    folder = game(tmp_path, "g", HEAD + "sheet: Cards List.tsv\n")
    (folder / "Cards List.tsv").write_bytes(data)
    assert inventory(folder) == yaml_inventory


def test_xlsx_gives_the_yaml_inventory(tmp_path, yaml_inventory):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(HEADER)
    for c in CARDS:  # typed cells, as a spreadsheet stores them
        sheet.append([c["name"], None if c["count"] == 1 else c["count"], c["cost"],
                      c["weight"], c["special"], ";".join(c["tags"]), c["text"]])  # fmt: skip
    folder = game(tmp_path, "g")
    book.save(folder / "cards.xlsx")
    assert inventory(folder) == yaml_inventory


def test_yaml_components_and_a_sheet_together(tmp_path):
    extra = yaml.safe_dump({"components": [{"id": "base", "name": "Base", "count": 2,
                                            "source": "rulebook"}]})  # fmt: skip
    folder = game(tmp_path, "g", HEAD + extra + "sheet: more.csv\n",
                  more_csv="name,count\nExtra,2\n")  # fmt: skip
    components = inventory(folder)["components"]
    assert [(c["id"], c["count"], c["source"]) for c in components] == [
        ("base", 2, "rulebook"), ("extra", 2, "original")]  # fmt: skip


def test_declared_fields_type_the_cells(tmp_path):
    head = HEAD + "  fields: {code: '', cost: 0}\n"  # code is text, cost a whole number
    folder = game(tmp_path, "g", head, cards_csv="name,code,cost\nA,007,3\nB,12,\n")
    fields = [c["fields"] for c in inventory(folder)["components"]]
    assert fields == [{"code": "007", "cost": 3}, {"code": "12", "cost": 0}]


# --- pnp inventory --csv ----------------------------------------------------------------------


def test_inventory_csv_round_trips(tmp_path, yaml_inventory):
    source = game(tmp_path, "yaml", HEAD + yaml.safe_dump({"components": CARDS},
                                                          allow_unicode=True))  # fmt: skip
    result = run("inventory", str(source), "--csv")
    assert result.exit_code == 0, result.output
    table = list(csv.reader(io.StringIO(result.output)))
    assert table[0][:4] == ["id", "name", "count", "source"]
    assert "tags[]" in table[0] and len(table) == 4
    assert inventory(game(tmp_path, "sheet", cards_csv=result.output)) == yaml_inventory


def test_a_built_in_deck_round_trips(tmp_path):
    """Spy Royale's action deck into a sheet and back: the same components."""
    folder = tmp_path / "spy"
    folder.mkdir()
    original = ROOT / "card_data" / "spy-royale"
    (folder / "game.yaml").write_text((original / "game.yaml").read_text())
    result = run("inventory", "spy-royale", "--csv", "--set", "action")
    assert result.exit_code == 0, result.output
    sheet = result.stdout
    doc = yaml.safe_load((original / "action.yaml").read_text())
    for key in next(csv.reader(io.StringIO(sheet))):  # declare every column the sheet has
        key = key.removesuffix("[]")
        if key not in ("id", "name", "count", "source", "note"):
            doc["set"]["fields"].setdefault(key, None)
    del doc["components"]
    (folder / "action.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True))
    (folder / "action.csv").write_text(sheet)
    want = [c for c in inventory(original)["components"] if c["set"] == "action"]
    assert inventory(folder)["components"] == want


def test_inventory_csv_names_the_set_to_choose(tmp_path):
    result = run("inventory", "spy-royale", "--csv")
    assert result.exit_code == 2
    assert "choose one with --set" in result.output and "action" in result.output
    result = run("inventory", "spy-royale", "--csv", "--set", "acton")
    assert result.exit_code == 2 and "did you mean: action" in result.output


# --- bad sheets: file, row, column, exit 2 ----------------------------------------------------

TYPED = HEAD + "  fields: {cost: 0, text: null}\n"


def _xlsx_with_formula() -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["name", "count", "cost"])
    sheet.append(["Scout", 2, 1])
    sheet.append(["Storm", 1, "=B2+1"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _cut_workbook() -> bytes:
    """A workbook whose worksheet XML stops halfway (a download cut short)."""
    whole = io.BytesIO()
    book = openpyxl.Workbook()
    book.active.append(["name"])
    book.active.append(["Scout"])
    book.save(whole)
    cut = io.BytesIO()
    with zipfile.ZipFile(whole) as source, zipfile.ZipFile(cut, "w") as target:
        for name in source.namelist():
            data = source.read(name)
            target.writestr(name, data[: len(data) // 2] if "worksheets/" in name else data)
    return cut.getvalue()


BAD = {
    "wrong-type": (TYPED, "cards.csv", b"name,cost\nScout,1\nStorm,x\n",
                   "cards.csv:3: column 'cost': expected a whole number, found 'x'"),
    "bad-count": (HEAD, "cards.csv", b"name,count\nScout,three\n",
                  "cards.csv:2: column 'count': expected a whole number, found 'three'"),
    "count-too-large": (HEAD, "cards.csv", b"name,count\nScout,5000\n",
                        "cards.csv:2: column 'count': expected a whole number from 0 to 1000, "
                        "found 5000"),
    "unknown-column": (TYPED, "cards.csv", b"name,cots\nScout,1\n",
                       "cards.csv:1: column 'cots': not a field of this set"),
    "duplicate-id": (HEAD, "cards.csv", b"id,name\nscout,Scout\nstorm,Storm\nscout,Scout 2\n",
                     "cards.csv:4: column 'id': id used twice (first at "),
    "duplicate-name": (HEAD, "cards.csv", b"name\nScout\nScout\n",
                       "cards.csv:3: column 'name': id used twice"),
    "bad-encoding": (HEAD, "cards.csv", "name,text\nScout,ok\nÉclair,caf\xe9\n".encode("latin-1"),
                     "cards.csv:3: column 'name': not UTF-8 text (byte 0xc9)"),
    "empty-file": (HEAD, "cards.csv", b"", "cards.csv:1: empty spreadsheet"),
    "header-only": (HEAD, "cards.csv", b"name,count\n", "cards.csv:2: no rows under the header"),
    "formula": (HEAD, "cards.xlsx", _xlsx_with_formula(),
                "cards.xlsx:3: column 'cost': (cell C3) holds a formula (=B2+1)"),
    "beyond-header": (HEAD, "cards.csv", b"name,count\nScout,2,oops\n",
                      "cards.csv:2: column C: a value beyond the last named column"),
    "no-name": (HEAD, "cards.csv", b"name,count\n,2\n",
                "cards.csv:2: column 'name': empty: every row needs a name"),
    "no-id-from-name": (HEAD, "cards.csv", "name\nスパイ\n".encode(),
                        "cards.csv:2: column 'name': cannot make an id from 'スパイ'"),
    "bad-source": (HEAD, "cards.csv", b"name,source\nScout,orignal\n",
                   "cards.csv:2: column 'source': must be one of rulebook, original"),
    "not-a-workbook": (HEAD, "cards.xlsx", b"name,count\n", "cards.xlsx: not an .xlsx workbook"),
    "cut-workbook": (HEAD, "cards.xlsx", _cut_workbook(),
                     "cards.xlsx:1: the workbook is damaged: its worksheet breaks off"),
    "too-large": (HEAD, "cards.csv", b"name\n" + b"x" * SHEET_BYTES,
                  "cards.csv: spreadsheet is too large"),
    "too-many-cells": (HEAD, "cards.csv", b"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21"
                       b",22,23,24,25\n" + b"1,,,,,,,,,,,,,,,,,,,,,,,,1\n" * (SHEET_CELLS // 24),
                       "cards.csv:8001: more than 200,000 cells"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(BAD))
def test_bad_sheets_name_file_row_and_column(tmp_path, case):
    head, name, data, message = BAD[case]
    folder = game(tmp_path, "g", head)
    (folder / name).write_bytes(data)
    result = run("inventory", str(folder))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"error: {folder / message}" in result.output.replace("\n  ", " "), result.output


def test_unknown_column_suggests_the_field(tmp_path):
    folder = game(tmp_path, "g", TYPED, cards_csv="name,cots\nScout,1\n")
    assert "did you mean: cost?" in run("inventory", str(folder)).output


def test_a_sheet_outside_the_folder_is_refused(tmp_path):
    (tmp_path / "secret.csv").write_text("name\nScout\n")
    folder = game(tmp_path, "g", HEAD + "sheet: ../secret.csv\n")
    result = run("inventory", str(folder))
    assert result.exit_code == 2 and "cards.yaml" in result.output and "`sheet`" in result.output
    (folder / "cards.csv").symlink_to(tmp_path / "secret.csv")
    (folder / "cards.yaml").write_text(HEAD)
    result = run("inventory", str(folder))
    assert result.exit_code == 2 and "outside the game's folder" in result.output


def test_two_sheets_for_one_set_are_refused(tmp_path):
    folder = game(tmp_path, "g", cards_csv="name\nA\n", cards_tsv="name\nA\n")
    result = run("inventory", str(folder))
    assert result.exit_code == 2
    assert "cards.csv and cards.tsv" in result.output and "sheet:" in result.output


def test_a_mapping_field_takes_a_column_per_key(tmp_path):
    cards = [{"id": "flood", "name": "Flood", "count": 1, "source": "original",
              "success": {"own": 2, "usa": -1}, "failure": {"own": -2}},
             {"id": "fire", "name": "Fire", "count": 2, "source": "original",
              "success": {"own": 1, "tags": ["a", "b"]}}]  # fmt: skip
    source = game(tmp_path, "yaml", HEAD + yaml.safe_dump({"components": cards}, sort_keys=False))
    result = run("inventory", str(source), "--csv")
    assert result.exit_code == 0, result.output
    header = next(csv.reader(io.StringIO(result.stdout)))
    assert header[4:] == ["success.own", "success.usa", "failure.own", "success.tags[]"]
    sheet = game(tmp_path, "sheet", cards_csv=result.stdout)
    assert inventory(sheet)["components"] == inventory(source)["components"]
    mixed = cards + [{"id": "calm", "name": "Calm", "count": 1, "source": "original",
                      "success": 3}]  # fmt: skip
    refused = game(tmp_path, "mixed", HEAD + yaml.safe_dump({"components": mixed}))
    result = run("inventory", str(refused), "--csv")
    assert result.exit_code == 2 and "'success' is a mapping in some" in result.output


def test_one_workbook_holds_several_sets_one_worksheet_each(tmp_path):
    book = openpyxl.Workbook()
    book.active.title = "Cards"
    book.active.append(["name", "count"])
    book.active.append(["Scout", 3])
    tokens = book.create_sheet("Tokens")
    tokens.append(["name", "count", "value"])
    tokens.append(["Coin", 10, 1])
    tokens.append(["Gem", 2, "lots"])
    folder = game(tmp_path, "g", HEAD + "sheet: game.xlsx#Cards\n")
    (folder / "tokens.yaml").write_text(
        "set: {id: tokens, name: Tokens, kind: token, size: {diameter: 20mm}, front: t.yaml.j2,"
        " product: tokens, fields: {value: 0}}\nsheet: game.xlsx#Tokens\n"
    )
    book.save(folder / "game.xlsx")
    result = run("inventory", str(folder))
    assert result.exit_code == 2
    assert f"{folder / 'game.xlsx'}#Tokens:3: column 'value': expected a whole number" in (
        result.output
    )
    tokens["C3"] = 5
    book.save(folder / "game.xlsx")
    counts = {c["id"]: c["count"] for c in inventory(folder)["components"]}
    assert counts == {"scout": 3, "coin": 10, "gem": 2}
    (folder / "tokens.yaml").write_text(
        (folder / "tokens.yaml").read_text().replace("#Tokens", "#Tokns")
    )
    result = run("inventory", str(folder))
    assert result.exit_code == 2 and "no worksheet 'Tokns'" in result.output
    assert "did you mean: Tokens" in result.output
