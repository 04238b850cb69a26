"""What speed-ups must not change: the same input gives the same bytes, and painting a face
placed once in the page instead of as a form gives the same pages."""

from __future__ import annotations

import shutil
from functools import partial
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from memos import forgetful
from PIL import ImageChops
from pypdf import PdfReader

from pnp.cli import main
from pnp.draw import paint
from pnp.draw.elements import Text
from pnp.export import pdf
from pnp.impose import margins, render
from pnp.impose.render import render_pages

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sixth game plus an agent printed once: some faces repeat, one is placed once."""
    folder = Path(shutil.copytree(SIXTH, tmp_path_factory.mktemp("g") / "sixth-game"))
    agents = folder / "agents.yaml"
    agents.write_text(
        agents.read_text()
        + "  - {id: cutout, name: Cutout, count: 1, source: original, value: 5, text: Pass.}\n"
    )
    return folder


def build(game: Path, out: Path) -> Path:
    result = CliRunner().invoke(
        main, ["build", str(game), "--what", "cards,tokens", "--paper", "letter", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    [kit] = (out / "sixth-game").glob("*.pdf")
    return kit


@pytest.fixture(scope="module")
def kit(game: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(game, tmp_path_factory.mktemp("a"))


def test_a_rebuild_gives_the_same_bytes(game: Path, kit: Path, tmp_path: Path) -> None:
    assert build(game, tmp_path).read_bytes() == kit.read_bytes()


def test_faces_placed_once_look_the_same_painted_in_the_page(
    game: Path, kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf, "render_pages", partial(render_pages, inline_once=False))
    forms_only = build(game, tmp_path)
    assert forms_only.read_bytes() != kit.read_bytes()  # the agent printed once is no form now
    assert form_count(kit) < form_count(forms_only)
    # the rasterizer rounds a form's edges apart from the page's by at most a step or two
    assert_same_pages(kit, forms_only, step=2)


def assert_same_pages(path: Path, other: Path, *, step: int) -> None:
    """Every page renders alike: no pixel off by more than `step`, at most 1 in 10,000 off."""
    new, old = pdfium.PdfDocument(path), pdfium.PdfDocument(other)
    assert len(new) == len(old)
    for index in range(len(new)):
        a = new[index].render(scale=2).to_pil().convert("RGB")
        b = old[index].render(scale=2).to_pil().convert("RGB")
        diff = ImageChops.difference(a, b)
        assert max(high for _, high in diff.getextrema()) <= step, f"page {index + 1}"
        changed = diff.convert("L").point(lambda v: 255 if v else 0).histogram()[255]
        assert changed <= a.width * a.height // 10_000, f"page {index + 1}: {changed} pixels"


def test_text_boxes_look_the_same_drawn_run_by_run(
    game: Path, kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A text box's runs are one text object; each in its own saved state draws the same."""
    monkeypatch.setitem(paint._PAINTERS, Text, lambda canvas, e: paint.paint(canvas, e.children))
    run_by_run = build(game, tmp_path)
    assert run_by_run.read_bytes() != kit.read_bytes()
    assert page_ops(run_by_run, b"BT") > page_ops(kit, b"BT")  # more text objects
    assert_same_pages(kit, run_by_run, step=0)


def page_ops(path: Path, op: bytes) -> int:
    """How many lines of the pages' and their forms' drawing start with the operator `op`."""
    reader = PdfReader(path)
    streams = [page.get_contents().get_data() for page in reader.pages]  # type: ignore[union-attr]
    forms = {
        ref.idnum: ref.get_object()
        for page in reader.pages
        for ref in (page["/Resources"].get("/XObject") or {}).values()
    }
    streams += [form.get_data() for form in forms.values()]
    return sum(data.count(b"\n" + op + b" ") for data in streams)


def form_count(path: Path) -> int:
    forms = set()
    for page in PdfReader(path).pages:
        for ref in (page["/Resources"].get("/XObject") or {}).values():
            if ref.get_object()["/Subtype"] == "/Form":
                forms.add(ref.idnum)
    return len(forms)


def test_marks_repeated_from_an_earlier_page_give_the_bytes_of_drawing_each(
    game: Path, kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(render, "_draw_mark_once", lambda c, mark, _: render.draw_mark(c, mark))
    assert build(game, tmp_path).read_bytes() == kit.read_bytes()


def test_pages_compressed_as_finished_give_the_bytes_of_compressing_at_the_save(
    game: Path, kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf, "compress_pages", lambda canvas: None)
    assert build(game, tmp_path).read_bytes() == kit.read_bytes()


def test_labels_placed_afresh_on_every_page_give_the_same_bytes(
    game: Path, kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pages of one layout share a plan of where their labels go; planning each is the same."""
    monkeypatch.setattr(margins, "_PLANS", forgetful())
    assert build(game, tmp_path).read_bytes() == kit.read_bytes()
