"""Hostile input, 12: spreadsheet problems in a designer's words, at their row and column, never
Python's or openpyxl's: a UTF-16 CSV without a byte-order mark is read (its encoding guessed and
named), a number cell holding `inf` or a word, an array formula, damaged workbooks, a value
beyond the columns a sheet may have; and an option the target ignores is refused."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from hostile import make_game, nothing_in
from openpyxl.worksheet.formula import ArrayFormula

GAME = "game: {id: sheets, title: Sheets, source: original}\n"
HEAD = ("set: {id: cards, name: Cards, kind: card, size: poker, front: agent-front.yaml.j2, "
        "source: original}\n")  # fmt: skip
CSV = "name,count,value,text\nScout,2,1,Look\nStorm,1,2,Rain\n"


def sheet_game(tmp_path: Path, name: str, data: bytes) -> Path:
    """A game whose one deck is the sheet `name` holding `data`."""
    game = make_game(tmp_path, {"game.yaml": GAME, "agents.yaml": None, "chips.yaml": None,
                                "cards.yaml": HEAD, name: data})  # fmt: skip
    return game


def workbook(rows: list[list[object]], tweak=None) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    if tweak:
        tweak(book.active)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def rezip(data: bytes, drop: str | None = None, edit: dict | None = None) -> bytes:
    """The workbook's zip again, a part left out or changed (`edit`: part -> function)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename == drop:
                continue
            part = src.read(info.filename)
            if edit and info.filename in edit:
                part = edit[info.filename](part.decode()).encode()
            dst.writestr(info, part)
    return out.getvalue()


def second_row(cells: str) -> bytes:
    """A workbook (name, count) whose second row's XML is `cells`."""
    base = workbook([["name", "count"], ["Scout", 1]])

    def row(xml: str) -> str:
        return re.sub(r'<row r="2".*?</row>', f'<row r="2">{cells}</row>', xml)

    return rezip(base, edit={"xl/worksheets/sheet1.xml": row})


SCOUT = '<c r="A2" t="inlineStr"><is><t>Scout</t></is></c>'


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_a_utf16_csv_without_a_byte_order_mark_is_read_and_named(tmp_path, codec, run_pnp):
    sheet_game(tmp_path, "cards.csv", CSV.encode())
    want = run_pnp("inventory", "game", "--json", cwd=tmp_path)
    assert want.code == 0, want.output
    (tmp_path / "game" / "cards.csv").write_bytes(CSV.encode(codec))
    run = run_pnp("inventory", "game", "--json", cwd=tmp_path)
    assert run.code == 0, run.output
    assert json.loads(run.out) == json.loads(want.out)
    endian = "little" if codec.endswith("le") else "big"
    assert f"game/cards.csv: read as UTF-16 {endian}-endian without a byte-order mark" in run.err


def test_a_broken_utf16_csv_names_the_guess(tmp_path, run_pnp):
    data = CSV.encode("utf-16-le") + b"\x00\xd8"  # a lone high surrogate at the end
    sheet_game(tmp_path, "cards.csv", data)
    run_pnp("inventory", "game", cwd=tmp_path).refused(
        "game/cards.csv: read as UTF-16 little-endian (no byte-order mark: guessed from its "
        "bytes), but byte", 'save the sheet as "CSV UTF-8"')  # fmt: skip


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ('<c r="B2"><v>inf</v></c>', "(cell B2) is a number cell holding 'inf', which is not a"),
        ('<c r="B2"><v>nan</v></c>', "(cell B2) is a number cell holding 'nan'"),
        ('<c r="B2" t="n"><v>three</v></c>', "(cell B2) is a number cell holding 'three'"),
        ('<c r="B2"><v>1e999</v></c>', "(cell B2) holds inf, not a number a sheet can hold"),
        ('<c r="B2" t="e"><f>1/0</f><v>#DIV/0!</v></c>',
         "(cell B2) shows the error #DIV/0!: mend the formula"),
    ],
    ids=["inf", "nan", "word", "overflow", "formula-error"],
)  # fmt: skip
def test_a_bad_number_cell_is_named_by_its_cell(tmp_path, cell, expected, run_pnp):
    sheet_game(tmp_path, "cards.xlsx", second_row(SCOUT + cell))
    run = run_pnp("inventory", "game", cwd=tmp_path)
    run.refused(f"game/cards.xlsx:2: column 'count': {expected}")
    assert "invalid literal" not in run.output and " object at 0x" not in run.output


def test_an_array_formula_written_by_openpyxl_shows_its_text(tmp_path, run_pnp):
    def formula(sheet):
        sheet["B2"] = ArrayFormula("B2:B2", "=SUM(1,2)")

    sheet_game(tmp_path, "cards.xlsx", workbook([["name", "count"], ["Scout", 1]], formula))
    run = run_pnp("inventory", "game", cwd=tmp_path)
    run.refused("cards.xlsx:2: column 'count': (cell B2) holds an array formula (=SUM(1,2))")


def no_sheets(xml: str) -> str:
    return re.sub(r"<sheets>.*</sheets>", "<sheets/>", xml)


@pytest.mark.parametrize(
    ("drop", "edit", "expected"),
    [
        ("xl/workbook.xml", None, "the workbook is damaged: it has no xl/workbook.xml"),
        (None, {"xl/workbook.xml": no_sheets}, "the workbook has no worksheet"),
        ("xl/worksheets/sheet1.xml", None, "the workbook has no worksheet"),
        (None, {"xl/workbook.xml": lambda x: x[:-40]},
         "the workbook is damaged: a part of it is not well-formed XML"),
        (None, {"xl/worksheets/sheet1.xml": lambda x: x[: len(x) // 2]},
         "cards.xlsx:1: the workbook is damaged: its worksheet breaks off"),
    ],
    ids=["no-workbook-xml", "no-sheets", "no-sheet-part", "broken-workbook-xml", "cut-sheet"],
)  # fmt: skip
def test_a_damaged_workbook_says_how_to_mend_it(tmp_path, drop, edit, expected, run_pnp):
    data = rezip(workbook([["name", "count"], ["Scout", 1]]), drop=drop, edit=edit)
    sheet_game(tmp_path, "cards.xlsx", data)
    run = run_pnp("inventory", "game", cwd=tmp_path)
    run.refused(expected, "open it in your spreadsheet and save it again as an Excel workbook")


def test_a_value_beyond_the_columns_a_sheet_may_have_is_refused(tmp_path, run_pnp):
    far = '<c r="HZ2" t="inlineStr"><is><t>stray</t></is></c>'
    sheet_game(tmp_path, "cards.xlsx", second_row(SCOUT + '<c r="B2"><v>1</v></c>' + far))
    run_pnp("inventory", "game", cwd=tmp_path).refused(
        "game/cards.xlsx:2: column HZ: (cell HZ2) a value beyond the 200 columns a sheet may "
        "have ('stray')")  # fmt: skip


def test_an_empty_styled_cell_far_to_the_right_is_no_value(tmp_path, run_pnp):
    styled = '<c r="XFD2" s="0"/>'
    sheet_game(tmp_path, "cards.xlsx", second_row(SCOUT + '<c r="B2"><v>3</v></c>' + styled))
    run = run_pnp("inventory", "game", "--json", cwd=tmp_path)
    assert run.code == 0, run.output
    assert [c["count"] for c in json.loads(run.out)["components"]] == [3]


def test_rows_reaching_column_xfd_are_refused_quickly(tmp_path, run_pnp):
    rows = "".join(f'<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>c{n}</t></is></c>'
                   f'<c r="XFD{n}" s="0"/></row>' for n in range(2, 5000))  # fmt: skip

    def many(xml: str) -> str:
        return re.sub(r'<row r="2".*?</row>', rows, xml)

    data = rezip(workbook([["name"], ["x"]]), edit={"xl/worksheets/sheet1.xml": many})
    sheet_game(tmp_path, "cards.xlsx", data)
    run = run_pnp("inventory", "game", cwd=tmp_path)
    run.refused("rows reaching far to the right (column XFD): is this the right file?")
    assert run.peak_mb < 320


def test_a_value_beyond_the_last_named_column_of_a_workbook(tmp_path, run_pnp):
    sheet_game(tmp_path, "cards.xlsx", workbook([["name", "count"], ["Scout", 1, None, "x"]]))
    run = run_pnp("inventory", "game", cwd=tmp_path)
    run.refused("game/cards.xlsx:2: column D: a value beyond the last named column ('x')")
    assert "delimiter" not in run.output  # a workbook has none


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--to", "tgc", "--dpi", "600"], "--dpi does not apply to --to tgc"),
        (["--to", "mpc", "--dpi", "600"], "--dpi does not apply to --to mpc"),
        (["--to", "dtc", "--rgb", "--dpi", "600"], "--dpi does not apply to --to dtc"),
        (["--to", "png", "--url-base", "https://example.org/g/"],
         "--url-base does not apply to --to png"),
    ],
    ids=["tgc-dpi", "mpc-dpi", "dtc-dpi", "png-url-base"],
)  # fmt: skip
def test_an_option_the_target_ignores_is_refused(tmp_path, args, expected, run_pnp):
    make_game(tmp_path)
    run = run_pnp("export", "game", *args, "--out", "out", cwd=tmp_path)
    run.refused(expected)
    assert nothing_in(tmp_path / "out")
