"""A set of loose pieces (markers, tokens, chits) stays together in a print kit where the room
left on the sheets allows: a player cutting the kit finds the eight security markers on one
sheet, not seven here and the eighth on another. Read from the PDFs' builder's page (its sheet
list, pypdfium2), for fixture kits and the five built-in ones on A4 and Letter."""

from __future__ import annotations

from pathlib import Path

import pytest
from impose_faces import cards
from kit_list import sheet_list

from pnp.export.pdf import write_document
from pnp.impose.document import Document
from pnp.impose.kit import KitGroup
from pnp.impose.options import SheetOptions


def markers_kit(tmp_path: Path, markers: int) -> Path:
    """A4: a 190 x 200 mm board on one sheet (room below it for five 30 mm markers with white
    space round them), a 190 x 150 mm aid on another (room for fifteen), and the markers."""
    groups = [
        KitGroup("Board", "grid", tuple(cards("B", 1, 190, 200, back=None))),
        KitGroup("Aid", "grid", tuple(cards("A", 1, 190, 150, back=None))),
        KitGroup("Markers", "packed", tuple(cards("M", markers, 30, 30, back=None, shape="round"))),
    ]
    doc = Document(SheetOptions(paper="a4"), title="t", game_title="G")
    doc.add_kit(groups)
    return write_document(doc, tmp_path / f"markers-{markers}.pdf")


def holding(path: Path, name: str) -> list[int]:
    """How many of the set `name` each sheet that has any holds, sheet by sheet."""
    return [s.pieces[name] for s in sheet_list(path) if name in s.pieces]


def test_a_set_goes_whole_on_a_sheet_with_room_for_it_all(tmp_path: Path) -> None:
    """Eight markers: the board's sheet has room for five, the aid's for fifteen: all eight
    beside the aid (piece by piece, five went beside the board and three beside the aid)."""
    path = markers_kit(tmp_path, 8)
    assert holding(path, "Markers") == [8]
    assert len(sheet_list(path)) == 2


def test_a_set_larger_than_the_room_left_fills_a_new_sheet_first(tmp_path: Path) -> None:
    """Forty markers: more than the twenty the two sheets have room for, so a third sheet is
    due; it takes 35 and the rest go beside the board, with white space round every marker
    (piece by piece: ten squeezed beside the board, fifteen beside the aid, fifteen alone)."""
    path = markers_kit(tmp_path, 40)
    assert sorted(holding(path, "Markers")) == [5, 35]
    assert len(sheet_list(path)) == 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_built_in_kits_keep_their_marker_sets_together(builtin_kits, paper: str) -> None:
    """Caledonian's security markers and allegiance tokens each on one sheet (A4 printed
    seven markers on one sheet and the eighth on the next); Axis & Allies on A4 each kind of
    marker on one sheet, only its 54 arrival chits (more than a sheet has room for beside a
    reference sheet) over three."""
    kits = builtin_kits(paper)
    caledonian = kits["espionage-caledonian"]
    assert holding(caledonian, "National security markers") == [8]
    assert holding(caledonian, "Public allegiance tokens") == [8]
    if paper == "a4":
        axis = kits["axis-allies-espionage"]
        markers = ["Bribe markers", "Spawned cell markers", "Deep agent markers"]
        markers += ["Spy network markers", "Round marker"]
        assert {m: len(holding(axis, m)) for m in markers} == dict.fromkeys(markers, 1)
        assert len(holding(axis, "Arrival chits")) == 3


def test_the_kits_take_no_more_sheets(builtin_kits) -> None:
    """Keeping sets together costs no sheet: 63 sheets for the five kits on A4 and on Letter
    (the issue's bar: at most 68 on A4, and Letter at most two more)."""
    sheets = {p: sum(len(sheet_list(path)) for path in builtin_kits(p).values())
              for p in ("a4", "letter")}  # fmt: skip
    assert sheets == {"a4": 63, "letter": 63}
