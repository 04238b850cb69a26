"""A rebuild takes the faces an earlier build laid out and lays out only what changed since: the
same bytes and warnings when nothing did; the edited card alone after an edit of one card; every
face after an edit of what every face reads (the theme); and a damaged store is no error."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from pnp.cli import main
from pnp.pipeline import faces

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The sixth game in a folder of its own, built with a cache folder of its own."""
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir(mode=0o700)
    return Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))


@pytest.fixture
def laid(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the components whose faces a build lays out, as it lays them out."""
    seen: list[str] = []
    lay_out_set = faces.lay_out_set

    def counted(game, component_set, templates, bleed_mm, components=None):  # type: ignore[no-untyped-def]
        seen.extend(c.id for c in components or [])
        return lay_out_set(game, component_set, templates, bleed_mm, components)

    monkeypatch.setattr(faces, "lay_out_set", counted)
    return seen


def build(game: Path, out: Path, *more: str) -> tuple[bytes, Result]:
    result = CliRunner().invoke(main, ["build", str(game), "--what", "cards,tokens", "--paper",
                                       "letter", "--out", str(out), *more])  # fmt: skip
    assert result.exit_code == 0, result.output
    [kit] = (out / "sixth-game").glob("*.pdf")
    return kit.read_bytes(), result


def text_of(pdf: bytes, tmp_path: Path) -> str:
    (tmp_path / "x.pdf").write_bytes(pdf)
    return "".join(page.extract_text() for page in PdfReader(tmp_path / "x.pdf").pages)


def test_a_rebuild_of_the_same_game_lays_out_no_face_and_writes_the_same_bytes(
    game: Path, laid: list[str], tmp_path: Path
) -> None:
    first, said = build(game, tmp_path / "a")
    assert "mole" in laid and "courier" in laid
    laid.clear()
    again, said_again = build(game, tmp_path / "b")
    assert laid == []
    assert again == first
    assert said_again.stderr == said.stderr  # the same warnings, from the kept findings


def test_an_edit_of_one_card_lays_out_that_card_alone_and_prints_it(
    game: Path, laid: list[str], tmp_path: Path
) -> None:
    build(game, tmp_path / "a")
    agents = game / "agents.yaml"
    agents.write_text(agents.read_text().replace("Draw two cards.", "Draw three cards."))
    laid.clear()
    pdf, _ = build(game, tmp_path / "b")
    assert laid == ["courier"]
    text = text_of(pdf, tmp_path)
    assert "Draw three cards." in text and "Draw two cards." not in text
    shutil.rmtree(tmp_path / "cache")  # what a build that kept nothing writes: the same
    (tmp_path / "cache").mkdir(mode=0o700)
    assert build(game, tmp_path / "c")[0] == pdf


EDITIONS = """
editions:
  first: {name: First edition, description: As first written., default: true}
  second: {name: Second edition, description: With a stronger mole.}
"""


def test_two_editions_built_in_turn_each_keep_their_faces(
    game: Path, laid: list[str], tmp_path: Path
) -> None:
    """A designer building one edition, then the other, then the first again (or a build of a
    kit and its twin in another language) takes each one's kept faces."""
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + EDITIONS)
    (game / "editions").mkdir()
    (game / "editions" / "second.yaml").write_text(
        "sets:\n  agents:\n    components:\n"
        "      mole: {text: Look at two cards in a rival's hand.}\n"
    )
    build(game, tmp_path / "a", "--edition", "first")
    build(game, tmp_path / "b", "--edition", "second")
    laid.clear()
    first, _ = build(game, tmp_path / "c", "--edition", "first")
    second, _ = build(game, tmp_path / "d", "--edition", "second")
    assert laid == []
    assert "Look at two cards" in text_of(second, tmp_path)
    assert "Look at two cards" not in text_of(first, tmp_path)


def test_an_edit_of_the_theme_lays_out_every_face_again(
    game: Path, laid: list[str], tmp_path: Path
) -> None:
    first, _ = build(game, tmp_path / "a")
    theme = game / "templates" / "theme.yaml"
    theme.write_text(theme.read_text().replace('agent: "#2d5f8b"', 'agent: "#8b2d2d"'))
    laid.clear()
    pdf, _ = build(game, tmp_path / "b")
    assert {"mole", "courier", "handler", "sleeper"} <= set(laid)
    assert pdf != first


def test_a_damaged_store_is_laid_out_again_without_a_word(
    game: Path, laid: list[str], tmp_path: Path
) -> None:
    first, said = build(game, tmp_path / "a")
    kept = list((tmp_path / "cache" / "faces").iterdir())
    assert kept
    for path in kept:
        path.write_bytes(path.read_bytes()[:100])
    laid.clear()
    again, said_again = build(game, tmp_path / "b")
    assert "mole" in laid
    assert again == first and said_again.stderr == said.stderr


def test_a_new_process_draws_kept_faces_in_their_fonts(game: Path, tmp_path: Path) -> None:
    """Faces kept by one process are drawn by the next, which laid out none of them: the fonts
    their text is set in are registered all the same, and the PDF is the same bytes."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    command = [sys.executable, "-m", "pnp.cli", "build", str(game), "--what", "cards,tokens"]
    pdfs = []
    for out in ("a", "b"):
        # not the files the first build kept whole (pnp.pipeline.buildstore): the second
        # builds, taking the faces kept
        shutil.rmtree(tmp_path / "cache" / "builds", ignore_errors=True)
        run = subprocess.run([*command, "--out", str(tmp_path / out)], env=env,
                             capture_output=True, text=True)  # fmt: skip
        assert run.returncode == 0, run.stderr
        pdfs += [p.read_bytes() for p in (tmp_path / out / "sixth-game").glob("*.pdf")]
    assert len(pdfs) == 2 and pdfs[0] == pdfs[1]
