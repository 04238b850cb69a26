"""A designer's workbook taken as it is kept: formula columns read as the values the spreadsheet
saved, the designer's own column names mapped to fields with `columns:`, columns only the
designer uses left out, a `Qty` column that would silently print one copy refused with the line
to write, `pnp inventory --csv` in the designer's column order, and the same sheet saved as CSV
reading the same. Workbooks are made here as Excel saves them: openpyxl writes a formula with no
saved value, so the value is written into the cell's XML beside the formula."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import openpyxl
from click.testing import CliRunner

from pnp.cli import main

GAME = "game:\n  id: deck\n  title: Deck\n  source: original\n"
SET = """set:
  id: cards
  name: Cards
  kind: card
  size: poker
  front: front.yaml.j2
  source: original
  fields: {cost: 0, wood: 0, stone: 0, type: null, text: "", points: null}
sheet: cards.xlsx
columns: {Qty: count, "Card Name": name, Notes: null}
"""
# the designer's sheet: their own header names, a formula column (cost = wood + stone), an
# art-notes column no card shows, and a text formula
HEADER = ["Card Name", "Type", "Qty", "Wood", "Stone", "Cost", "Art notes", "Text", "Notes",
          "Points"]  # fmt: skip
ROWS = [
    ["Lumber Mill", "building", 3, 2, 1, "=D2+E2", "axe, logs", '=A2&" makes wood."', "ok", 1],
    ["Quarry", "building", 2, 0, 3, "=D3+E3", "pick", '=A3&" makes stone."', "", 2.5],
    ["Stone Wheels", "cart", 1, 1, 1, "=D4+E4", "", "Move 2.", "check", 3],
]
SAVED = {"F2": 3, "F3": 3, "F4": 2, "H2": "Lumber Mill makes wood.",
         "H3": "Quarry makes stone."}  # fmt: skip
EXPECTED = {
    "lumber-mill": {"count": 3, "cost": 3, "wood": 2, "text": "Lumber Mill makes wood."},
    "quarry": {"count": 2, "cost": 3, "wood": 0, "text": "Quarry makes stone."},
    "stone-wheels": {"count": 1, "cost": 2, "wood": 1, "text": "Move 2."},
}


def excel_workbook(rows: list[list], saved: dict[str, object] | None) -> bytes:
    """A workbook as Excel saves it: each formula with its value beside it (`saved`: cell ->
    value); with `saved` None, as openpyxl writes it (formulas, no values)."""
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    if saved is None:
        return out.getvalue()

    def cached(match: re.Match) -> str:
        ref, formula = match[1], match[2]
        value = saved[ref]
        kind = ' t="str"' if isinstance(value, str) else ""
        return f'<c r="{ref}"{kind}><f>{formula}</f><v>{value}</v></c>'

    result = io.BytesIO()
    with zipfile.ZipFile(out) as source, zipfile.ZipFile(result, "w") as target:
        for name in source.namelist():
            data = source.read(name)
            if name == "xl/worksheets/sheet1.xml":
                text = re.sub(r'<c r="([A-Z]+\d+)"><f>(.*?)</f><v\s*/?>(?:</v>)?</c>', cached,
                              data.decode())  # fmt: skip
                assert text.count("<v>") >= len(saved), "every formula gets its value"
                data = text.encode()
            target.writestr(name, data)
    return result.getvalue()


_ODS_NS = " ".join(f'xmlns:{p}="urn:oasis:names:tc:opendocument:xmlns:{p}:1.0"'
                   for p in ("office", "table", "text"))  # fmt: skip


def _ods_cell(cell: object, saved: object) -> str:
    """A cell as LibreOffice saves it: a formula carries the value it gave."""
    formula = f' table:formula="of:{escape(cell[1:])}"' if str(cell).startswith("=") else ""
    value = saved if formula else cell
    if value is None or value == "":
        return "<table:table-cell/>"
    if isinstance(value, int | float):
        kind = f'office:value-type="float" office:value="{value}"'
    else:
        text = escape(str(value), {'"': "&quot;"})
        kind = f'office:value-type="string" office:string-value="{text}"'
    text = escape(str(value))
    return f"<table:table-cell{formula} {kind}><text:p>{text}</text:p></table:table-cell>"


MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:'
    'tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry '
    'manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"'
    '/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
    "</manifest:manifest>"
)


def opendocument(rows: list[list], saved: dict[str, object]) -> bytes:
    """An .ods spreadsheet as LibreOffice writes it (the parts a reader needs)."""
    body = "".join(
        "<table:table-row>" + "".join(_ods_cell(c, saved.get(f"{chr(65 + i)}{n}"))
                                      for i, c in enumerate(row)) + "</table:table-row>"
        for n, row in enumerate(rows, start=1))  # fmt: skip
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODS_NS} '
               'office:version="1.2"><office:body><office:spreadsheet><table:table '
               f'table:name="Cards">{body}</table:table></office:spreadsheet></office:body>'
               "</office:document-content>")  # fmt: skip
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("META-INF/manifest.xml", MANIFEST)
        archive.writestr("content.xml", content)
    return out.getvalue()


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def game(tmp_path: Path, set_file: str = SET, **files: bytes | str) -> Path:
    folder = tmp_path / "deck"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(set_file)
    for name, data in files.items():
        path = folder / name.replace("_", ".")
        path.write_bytes(data) if isinstance(data, bytes) else path.write_text(data)
    return folder


def components(folder: Path) -> dict[str, dict]:
    result = run("inventory", str(folder), "--json")
    assert result.exit_code == 0, result.output
    return {c["id"]: {"count": c["count"], **c["fields"]}
            for c in json.loads(result.output)["components"]}  # fmt: skip


def refusal(folder: Path) -> str:
    result = run("inventory", str(folder))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output.replace("\n  ", " ")


def test_the_workbook_goes_in_as_it_is(tmp_path):
    folder = game(tmp_path, cards_xlsx=excel_workbook([HEADER, *ROWS], SAVED))
    cards = components(folder)
    assert list(cards) == list(EXPECTED)
    for card_id, want in EXPECTED.items():
        assert {k: cards[card_id][k] for k in want} == want, card_id
    # the designer's own columns are left out
    assert not {"Art notes", "art notes", "Notes", "notes"} & set(cards["quarry"])


def test_a_csv_export_of_the_same_sheet_reads_the_same(tmp_path):
    """What Google Sheets or LibreOffice writes as CSV: formulas as their values."""
    xlsx = game(tmp_path / "x", cards_xlsx=excel_workbook([HEADER, *ROWS], SAVED))
    values = [[SAVED.get(f"{chr(65 + i)}{n}", cell) for i, cell in enumerate(row)]
              for n, row in enumerate(ROWS, start=2)]  # fmt: skip
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows([HEADER, *values])
    sheet = game(tmp_path / "c", SET.replace("cards.xlsx", "cards.csv"), cards_csv=out.getvalue())
    assert json.dumps(components(sheet)) == json.dumps(components(xlsx))


def test_a_libreoffice_ods_reads_the_same(tmp_path):
    xlsx = game(tmp_path / "x", cards_xlsx=excel_workbook([HEADER, *ROWS], SAVED))
    ods = game(tmp_path / "o", SET.replace("cards.xlsx", "cards.ods#Cards"),
               cards_ods=opendocument([HEADER, *ROWS], SAVED))  # fmt: skip
    # the same types too: a whole number stays whole (LibreOffice stores every number as a
    # decimal), a decimal stays one
    assert json.dumps(components(ods)) == json.dumps(components(xlsx))


def test_formulas_without_saved_values_are_refused_with_how_to_mend(tmp_path):
    folder = game(tmp_path, cards_xlsx=excel_workbook([HEADER, *ROWS], None))
    output = refusal(folder)
    assert (
        "cards.xlsx:2: column 'Cost': (cell F2) holds a formula (=D2+E2) with no saved value"
        in (output)
    )
    assert "save it once" in output


def test_a_quantity_header_suggests_count(tmp_path):
    set_file = SET.replace('columns: {Qty: count, "Card Name": name, Notes: null}\n', "")
    set_file = set_file.replace("sheet: cards.xlsx", "sheet: cards.csv")
    folder = game(tmp_path, set_file, cards_csv="name,Qty,cost\nMill,3,1\n")
    output = refusal(folder)
    assert "cards.csv:1: column 'Qty': looks like the number of copies" in output
    assert "`columns: {Qty: count}`" in output
    # without `fields:` too, where it would have been an ordinary field
    bare = game(tmp_path / "bare", set_file.replace(
        '  fields: {cost: 0, wood: 0, stone: 0, type: null, text: "", points: null}\n', ""),
        cards_csv="name,Copies\nMill,3\n")  # fmt: skip
    assert "`columns: {Copies: count}`" in refusal(bare)


def test_a_mapped_column_missing_from_the_sheet_names_the_closest(tmp_path):
    set_file = SET.replace('"Card Name": name', '"Card Nmae": name')
    folder = game(tmp_path, set_file, cards_xlsx=excel_workbook([HEADER, *ROWS], SAVED))
    output = refusal(folder)
    assert "cards.yaml:10: set file columns: no column 'Card Nmae' in" in output
    assert "did you mean: Card Name," in output


def test_a_misspelt_field_column_is_not_silently_left_out(tmp_path):
    header = [h if h != "Wood" else "Wod" for h in HEADER]
    folder = game(tmp_path, cards_xlsx=excel_workbook([header, *ROWS], SAVED))
    output = refusal(folder)
    assert "cards.xlsx:1: column 'Wod': not a field of this set" in output
    assert "did you mean: wood?" in output


def test_inventory_csv_keeps_the_designers_column_order(tmp_path):
    folder = game(tmp_path, cards_xlsx=excel_workbook([HEADER, *ROWS], SAVED))
    result = run("inventory", str(folder), "--csv")
    assert result.exit_code == 0, result.output
    header = next(csv.reader(io.StringIO(result.stdout)))
    used = [h for h in HEADER if h not in ("Art notes", "Notes")]
    assert header[: len(used)] == used
    # saved beside the same set file, it reads back as the same cards
    back = game(tmp_path / "back", SET.replace("cards.xlsx", "cards.csv").replace(
        ", Notes: null", ""), cards_csv=result.stdout)  # fmt: skip
    assert components(back) == components(folder)


def test_columns_without_a_sheet_is_refused(tmp_path):
    set_file = SET.replace("sheet: cards.xlsx\n", "components: [{name: Mill}]\n")
    output = refusal(game(tmp_path, set_file))
    assert "cards.yaml:10: set file: `columns` maps a sheet's headers to fields, but this set " in (
        output
    )


def test_saving_the_ods_sheet_dates_the_build(tmp_path):
    """An .ods is an input like any sheet: the PDF's date is its save, as with .csv or .xlsx."""
    assert run("new", str(tmp_path / "g"), "--size", "mini").exit_code == 0
    folder = tmp_path / "g"
    (folder / "cards.csv").unlink()
    rows = [["name", "count", "type", "cost", "text"], ["Scout", 3, "action", 1, "Look."]]
    (folder / "cards.ods").write_bytes(opendocument(rows, {}))
    for path in folder.rglob("*"):
        os.utime(path, (1_000_000_000, 1_000_000_000))
    os.utime(folder / "cards.ods", (1_600_000_000, 1_600_000_000))  # saved last: 2020-09-13
    out = tmp_path / "out"
    result = run("build", str(folder), "--what", "cards", "--out", str(out))
    assert result.exit_code == 0, result.output
    pdf = next(out.rglob("*.pdf")).read_bytes()
    assert b"/CreationDate (D:20200913" in pdf
