"""A rebuild writes the kits and rulebooks an earlier build of the same inputs wrote, without
drawing a face or laying a page out: the same bytes and the same messages. An edit of the
catalog, of the book's text or of an option builds the game again and prints the change; a
damaged store is no error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from pnp.cli import main
from pnp.pipeline import faces

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kept_builds: None) -> Path:
    """The sixth game in a folder of its own, built with a cache folder of its own."""
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    (tmp_path / "cache").mkdir(mode=0o700)
    return Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))


def book(game: Path, out: Path, *more: str) -> tuple[bytes, Result]:
    """The game's rulebook built into `out` (with its kit), and what the build said."""
    result = CliRunner().invoke(main, ["build", str(game), "--out", str(out), *more])
    assert result.exit_code == 0, result.output
    (pdf,) = (out / "sixth-game").glob("*rulebook*.pdf")
    return pdf.read_bytes(), result


def kit(out: Path) -> bytes:
    (pdf,) = [p for p in (out / "sixth-game").glob("*.pdf") if "rulebook" not in p.name]
    return pdf.read_bytes()


def text_of(pdf: bytes, tmp_path: Path) -> str:
    (tmp_path / "x.pdf").write_bytes(pdf)
    return "".join(page.extract_text() for page in PdfReader(tmp_path / "x.pdf").pages)


def test_a_rebuild_of_the_same_inputs_lays_no_page_out_and_writes_the_same_bytes(
    game: Path, layouts: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, said = book(game, tmp_path / "a")
    assert layouts
    layouts.clear()
    drawn: list[str] = []
    monkeypatch.setattr(faces, "lay_out_set", lambda *a, **k: drawn.append("face") or [])
    again, said_again = book(game, tmp_path / "b")
    assert layouts == [] and drawn == []
    assert again == first and kit(tmp_path / "b") == kit(tmp_path / "a")
    assert "pages (contents" in said_again.output  # the kit's page count, said again
    # the same lines, but for the output folder
    assert said_again.output.replace("/b/", "/a/") == said.output


def test_an_edit_of_the_catalog_or_the_text_lays_the_book_out_again(
    game: Path, layouts: list[int], tmp_path: Path
) -> None:
    book(game, tmp_path / "a")
    agents = game / "agents.yaml"
    agents.write_text(agents.read_text().replace("Draw two cards.", "Draw six cards."))
    layouts.clear()
    pdf, _ = book(game, tmp_path / "b")
    assert layouts
    assert "Draw six cards." in text_of(pdf, tmp_path)
    rules = game / "templates" / "rulebook.md.j2"
    rules.write_text(rules.read_text().replace("run rival spy rings", "run rival spy cells"))
    pdf, _ = book(game, tmp_path / "c")
    assert "rival spy cells" in text_of(pdf, tmp_path)


def test_another_option_is_a_book_of_its_own(
    game: Path, layouts: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    long_edge, _ = book(game, tmp_path / "a")
    layouts.clear()
    short_edge, _ = book(game, tmp_path / "b", "--duplex", "short")  # same file name
    assert layouts
    assert short_edge != long_edge  # its printing notes say to flip on the short edge
    monkeypatch.setenv("PNP_CACHE", "")  # no cache folder: nothing kept, all laid out
    assert book(game, tmp_path / "c", "--duplex", "short")[0] == short_edge


def test_a_damaged_store_is_laid_out_again_with_the_same_bytes(
    game: Path, layouts: list[int], tmp_path: Path
) -> None:
    first, _ = book(game, tmp_path / "a")
    for kept in (tmp_path / "cache" / "builds").iterdir():
        kept.write_bytes(kept.read_bytes()[:100])
    layouts.clear()
    again, _ = book(game, tmp_path / "b")
    assert layouts
    assert again == first
