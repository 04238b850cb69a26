"""What speed-ups must not change: the same input gives the same bytes, and painting a face
placed once in the page instead of as a form gives the same pages."""

from __future__ import annotations

import shutil
from functools import partial
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import ImageChops
from pypdf import PdfReader

from pnp.cli import main
from pnp.export import pdf
from pnp.impose.render import render_pages

SIXTH = Path(__file__).parent / "fixtures" / "build" / "sixth-game"


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
    new, old = pdfium.PdfDocument(kit), pdfium.PdfDocument(forms_only)
    assert len(new) == len(old)
    for index in range(len(new)):
        a = new[index].render(scale=2).to_pil().convert("RGB")
        b = old[index].render(scale=2).to_pil().convert("RGB")
        diff = ImageChops.difference(a, b)
        # the rasterizer rounds a form's edges apart from the page's by at most a step or two
        assert max(high for _, high in diff.getextrema()) <= 2, f"page {index + 1}"
        changed = diff.convert("L").point(lambda v: 255 if v else 0).histogram()[255]
        assert changed <= a.width * a.height // 10_000, f"page {index + 1}: {changed} pixels"


def form_count(path: Path) -> int:
    forms = set()
    for page in PdfReader(path).pages:
        for ref in (page["/Resources"].get("/XObject") or {}).values():
            if ref.get_object()["/Subtype"] == "/Form":
                forms.add(ref.idnum)
    return len(forms)


def test_pages_compressed_as_finished_give_the_bytes_of_compressing_at_the_save(
    game: Path, kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf, "compress_pages", lambda canvas: None)
    assert build(game, tmp_path).read_bytes() == kit.read_bytes()
