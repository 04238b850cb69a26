"""A theme may name a common family (Times New Roman, Arial, Calibri...): its text is set in
the open font with the same metrics, and pnp says which; a family without one is an error that
lists what is available."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.layout.text.fonts import builtin_families, load_face


@pytest.fixture
def game(tmp_path: Path, run_pnp) -> Path:
    assert run_pnp("new", "fonts", cwd=tmp_path).code == 0
    return tmp_path / "fonts"


def set_body(game: Path, family: str) -> None:
    theme = game / "templates" / "theme.yaml"
    theme.write_text(theme.read_text("utf-8").replace("{body: Roboto,", f"{{body: {family},"))


def test_times_new_roman_is_set_in_liberation_serif_and_said(game: Path, run_pnp) -> None:
    set_body(game, "Times New Roman")
    run = run_pnp("build", "fonts", "--what", "cards", cwd=game.parent)
    assert run.code == 0, run.output
    assert "'Times New Roman' is set in Liberation Serif" in run.err
    with pdfplumber.open(game.parent / "output" / "fonts" / "fonts-a4.pdf") as pdf:
        fonts = {c["fontname"].split("+")[-1] for page in pdf.pages for c in page.chars}
    assert "LiberationSerif" in fonts


def test_a_family_without_an_open_twin_lists_what_is_available(game: Path, run_pnp) -> None:
    set_body(game, "Georgia")
    run_pnp("validate", "fonts", cwd=game.parent).refused(
        "theme.yaml:", "unknown font family 'Georgia'", "Times New Roman", "Liberation Serif"
    )


@pytest.mark.parametrize("family", ["Liberation Serif", "Liberation Sans", "Liberation Mono",
                                    "Carlito", "Caladea"])  # fmt: skip
def test_every_twin_ships_four_styles_with_their_licence(family: str) -> None:
    found = builtin_families()[family]
    for path in (found.regular, found.bold, found.italic, found.bold_italic):
        assert path is not None and path.is_file()
        load_face(path)  # a TrueType file reportlab reads
    licences = [p.name for p in found.regular.parent.glob("LICENSE*")]
    assert any(family.split()[0] in name for name in licences)


def test_the_serif_twin_has_times_widths() -> None:
    """Liberation Serif's advance widths are Times New Roman's (reportlab's Times-Roman core
    metrics are Adobe's Times, the same design): a line measures the same."""
    face = load_face(builtin_families()["Liberation Serif"].regular)
    text = "The quick brown fox jumps over the lazy dog 0123456789"
    ours = stringWidth(text, face.name, 10)
    assert abs(ours - stringWidth(text, "Times-Roman", 10)) / ours < 0.01
