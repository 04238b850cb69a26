"""`pnp inventory` (text) and `pnp calibrate` as a user runs them: exit codes, what is printed,
and the files written, checked against catalogs read with plain yaml.safe_load and PDFs read with
pypdf and pdfplumber."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
import yaml
from click.testing import CliRunner
from hang import HANG
from impose_faces import to_mm
from pypdf import PdfReader

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]
SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
NAMED_SIZES = {"poker": (63.0, 88.0)}  # the named sizes the catalogs below use


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# --- pnp inventory ----------------------------------------------------------------------------


def size_mm(spec) -> tuple[float, float]:
    """A catalog's `size:` as (width, height) mm, read without pnp."""
    if isinstance(spec, str):
        return NAMED_SIZES[spec]

    def mm(value: str) -> float:
        assert value.endswith("mm"), value
        return float(value.removesuffix("mm"))

    if "diameter" in spec:
        return mm(spec["diameter"]), mm(spec["diameter"])
    return mm(spec["width"]), mm(spec["height"])


Expected = tuple[str, dict[str, tuple[str, list[tuple[int, str, str]]]], list[str]]


def expected_inventory(folder: Path) -> Expected:
    """(title line, set id -> (header line, component lines), table ids) from the YAML files."""
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    title = f"{game['game']['title']} ({game['game']['id']})"
    sets = {}
    for path in sorted(folder.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "set" not in doc:
            continue
        s, comps = doc["set"], doc["components"]
        w, h = size_mm(s["size"])
        total = sum(c["count"] for c in comps)
        header = f"{s['name']} [{s['id']}] — {total} x {s['kind']}, {w:g} x {h:g} mm"
        lines = [(c["count"], c["name"], c["id"]) for c in comps]
        sets[s["id"]] = (header, lines)
    return title, sets, list(game.get("tables") or {})


COMPONENT = re.compile(r"^ +(\d+)  (.+)  \(([^(),]+), [a-z-]+\)$")


@pytest.mark.parametrize(
    ("game", "folder"),
    [("spy-royale", ROOT / "card_data" / "spy-royale"), (str(SIXTH), SIXTH)],
    ids=["built-in", "folder"],
)
def test_inventory_lists_every_set_and_component_with_its_count(game: str, folder: Path) -> None:
    result = run("inventory", game)
    assert result.exit_code == 0, result.output
    title, sets, tables = expected_inventory(folder)
    blocks = result.output.strip("\n").split("\n\n")
    assert blocks[0] == title
    if tables:
        assert blocks[-1] == "Tables: " + ", ".join(tables)
        blocks = blocks[:-1]
    assert len(blocks) - 1 == len(sets)  # one block per set, nothing else
    seen = set()
    for block in blocks[1:]:
        header, *lines = block.split("\n")
        set_id = re.search(r"\[([^\]]+)\]", header).group(1)
        seen.add(set_id)
        want_header, want_lines = sets[set_id]
        assert header == want_header
        got = []
        for line in lines:
            m = COMPONENT.match(line)
            assert m, line
            got.append((int(m.group(1)), m.group(2), m.group(3)))
        assert got == want_lines  # one line per component, in catalog order, with its count
    assert seen == set(sets)


def test_inventory_gives_a_landscape_set_its_turned_size(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text(
        "game: {id: turned, title: Turned, designer: A, players: {min: 2, max: 2},"
        " play_time: 5 min, source: original}\n"
    )
    (tmp_path / "wide.yaml").write_text(
        "set: {id: wide, name: Wide, kind: card, size: poker, orientation: landscape,"
        " front: f.yaml.j2, back: null, source: original}\n"
        "components:\n  - {id: one, name: One, count: 2, source: original}\n"
    )
    result = run("inventory", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Wide [wide] — 2 x card, 88 x 63 mm" in result.output.splitlines()


# --- pnp calibrate ----------------------------------------------------------------------------

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    return [
        (round(to_mm(float(p.mediabox.width)), 2), round(to_mm(float(p.mediabox.height)), 2))
        for p in PdfReader(pdf).pages
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibrate_writes_two_pages_of_the_paper_asked(tmp_path: Path, paper: str) -> None:
    out = tmp_path / "cal.pdf"
    result = run("calibrate", "--paper", paper, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [str(out)]
    assert page_sizes(out) == [PAPERS[paper]] * 2


def test_calibrate_default_path_is_output_in_the_current_folder(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pnp.cli", "calibrate"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert result.returncode == 0, result.stderr
    written = tmp_path / "output" / "calibrate-a4.pdf"
    printed = result.stdout.strip()
    assert (tmp_path / printed).resolve() == written.resolve()
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == ["calibrate-a4.pdf"]
    assert page_sizes(written) == [PAPERS["a4"]] * 2


def corner_numbers(page) -> dict[str, tuple[float, float]]:
    """The big quadrant numbers 1-4: number -> centre of the digit (mm, from the bottom-left):
    half way across its box, and up from its baseline by half a digit's height (~0.36 em)."""
    return {
        c["text"]: (to_mm((c["x0"] + c["x1"]) / 2), to_mm(c["matrix"][5] + 0.36 * c["size"]))
        for c in page.chars
        if c["size"] > 20
    }


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibrate_duplex_sets_where_the_back_numbers_land(tmp_path: Path, duplex: str) -> None:
    """Each number on the back must sit behind the same number on the front once the sheet is
    flipped: mirrored left-right for a long-edge flip, top-bottom for a short-edge one. (Within
    2 mm: the numbers are 8 mm tall, and the wrong flip puts them ~100 mm away.)"""
    out = tmp_path / "cal.pdf"
    assert run("calibrate", "--duplex", duplex, "--out", str(out)).exit_code == 0
    with pdfplumber.open(out) as pdf:
        front, back = pdf.pages
        W, H = to_mm(front.width), to_mm(front.height)
        numbers_front, numbers_back = corner_numbers(front), corner_numbers(back)
        front_text = front.extract_text()
    assert sorted(numbers_front) == sorted(numbers_back) == ["1", "2", "3", "4"]
    for n, (fx, fy) in numbers_front.items():
        bx, by = numbers_back[n]
        if duplex == "long":
            assert abs(bx - (W - fx)) <= 2 and abs(by - fy) <= 2, n
        else:
            assert abs(bx - fx) <= 2 and abs(by - (H - fy)) <= 2, n
    assert f"flip on {duplex} edge" in front_text


def test_calibrate_rejects_an_unknown_paper_and_writes_nothing(tmp_path: Path) -> None:
    result = run("calibrate", "--paper", "a9000", "--out", str(tmp_path / "cal.pdf"))
    assert result.exit_code == 2
    assert "a9000" in result.output and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    """`pnp inventory GAME | head -1`: the pipe closes before pnp writes; no internal error."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "pnp.cli", "inventory", "spy-royale"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=HANG) == 0
    assert "internal error" not in err and "Traceback" not in err
