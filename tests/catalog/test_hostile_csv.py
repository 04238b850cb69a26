"""Hostile input, 6: spreadsheets pnp writes. A name a spreadsheet would run as a formula
(`=HYPERLINK(...)`, `@SUM(1)`, `+1`, a leading tab) goes into `manifest.csv` and `pnp inventory
--csv` inert, with OWASP's leading `'`; `pnp inventory --csv` reads its own escaping back, so
the set it writes reads back as the same components."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hostile import make_game

NAMES = ["=1+1", "@SUM(1)", "+1", "-2", '=HYPERLINK("//e.x", "go")', "'=quoted already",
         "''+twice", "'Tis plain", "Plain"]  # fmt: skip
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def agents(names: list[str]) -> str:
    """The sixth game's deck with one card a name, a text field that looks like a formula too."""
    rows = "".join(
        f"  - {{id: card-{n}, name: {json.dumps(name)}, count: 1, source: original, value: -{n},"
        f" text: {json.dumps('=' + name)}}}\n"
        for n, name in enumerate(names)
    )
    return (
        "set:\n  id: agents\n  name: Agent cards\n  kind: card\n  size: poker\n"
        "  front: agent-front.yaml.j2\n  back: agent-back.yaml.j2\n  source: original\n"
        "components:\n" + rows
    )


def uninert(cell: str) -> str:
    """What a reader who knows the escaping takes a cell for: one `'` off an escaped cell."""
    rest = cell[1:]
    return rest if cell[:1] == "'" and rest.lstrip("'")[:1] in TRIGGERS else cell


def assert_inert(table: list[list[str]]) -> None:
    """No cell starts with a character that makes a spreadsheet read a formula."""
    for row in table:
        for cell in row:
            assert not cell.startswith(TRIGGERS), f"live cell {cell!r} in {row}"


def test_manifest_cells_are_inert_and_read_back_as_the_names(tmp_path, run_pnp):
    make_game(tmp_path, {"agents.yaml": agents(NAMES), "chips.yaml": None})
    run = run_pnp("export", "game", "--to", "dtc", "--out", "out", cwd=tmp_path)
    assert run.code == 0, run.output
    text = (tmp_path / "out" / "sixth-game" / "dtc" / "manifest.csv").read_text("utf-8")
    table = list(csv.reader(io.StringIO(text, newline="")))
    assert_inert(table)
    assert [uninert(row[2]) for row in table[1:]] == NAMES
    assert table[1][2] == "'=1+1" and table[4][2] == "'-2" and table[9][2] == "Plain"


@pytest.mark.parametrize("fmt", ["csv", "tsv"])
def test_inventory_csv_is_inert_and_round_trips(tmp_path, fmt, run_pnp):
    make_game(tmp_path, {"agents.yaml": agents(NAMES), "chips.yaml": None})
    before = run_pnp("inventory", "game", "--json", cwd=tmp_path)
    assert before.code == 0, before.output
    run = run_pnp("inventory", "game", "--csv", cwd=tmp_path)
    assert run.code == 0, run.output
    table = list(csv.reader(io.StringIO(run.out, newline="")))
    assert_inert(table)
    assert table[0][:3] == ["id", "name", "count"]
    assert [uninert(row[1]) for row in table[1:]] == NAMES
    # the same set kept in a sheet: the set file without its components, the sheet beside it
    sheet = make_game(tmp_path, {"chips.yaml": None}, name="sheet")
    head = agents([]).removesuffix("components:\n") + f"sheet: cards.{fmt}\n"
    (sheet / "agents.yaml").write_text(head)
    data = run.out
    if fmt == "tsv":
        data = io.StringIO()
        csv.writer(data, delimiter="\t", lineterminator="\n").writerows(table)
        data = data.getvalue()
    (sheet / f"cards.{fmt}").write_text(data, encoding="utf-8", newline="")
    after = run_pnp("inventory", "sheet", "--json", cwd=tmp_path)
    assert after.code == 0, after.output
    assert json.loads(after.out)["components"] == json.loads(before.out)["components"]


def test_inventory_csv_makes_a_leading_tab_or_return_inert(tmp_path, run_pnp):
    """A value starting with a tab or a carriage return (no face draws one: a text field)."""
    cards = agents(["Plain"]).replace('text: "=Plain"', 'text: "\\tTab", note: "\\rReturn"')
    make_game(tmp_path, {"agents.yaml": cards, "chips.yaml": None})
    run = run_pnp("inventory", "game", "--csv", cwd=tmp_path)
    assert run.code == 0, run.output
    table = list(csv.reader(io.StringIO(run.out, newline="")))
    assert_inert(table)
    row = dict(zip(table[0], table[1], strict=True))
    assert (row["text"], row["note"]) == ("'\tTab", "'\rReturn")
