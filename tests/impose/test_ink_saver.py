"""--ink-saver: light backs and backgrounds for home printers; same information, still legible."""

from __future__ import annotations

import io

import pdfplumber
import pypdfium2
import pytest
from click.testing import CliRunner

from pnp.catalog.context import face_context
from pnp.catalog.games import resolve_game
from pnp.cli import main
from pnp.draw.face import FaceArt, make_face_art
from pnp.draw.legibility import Survey
from pnp.errors import InputError
from pnp.layout.theme import load_theme
from pnp.pipeline import template_set

# (game, set, component, side) of the big dark pieces each game prints many of
PIECES = [
    ("1955-war-of-espionage", "deck", "mercenary-1", "back"),
    ("spy-royale", "action", "military-sniper", "back"),
    ("spy-royale", "mission", "blackout", "back"),
    ("spy-royale", "chip", "chip-10", "back"),
    ("spy-royale", "duration", "duration-5", "back"),
]


def _face(game_id: str, set_id: str, component_id: str, side: str, saver: bool) -> FaceArt:
    game = resolve_game(game_id)
    component_set = game.sets[set_id]
    component = next(c for c in component_set.components if c.id == component_id)
    template = component_set.back if side == "back" else component_set.front
    assert template
    size = {"width_mm": component_set.trim.width_mm, "height_mm": component_set.trim.height_mm}
    elements = template_set(game, ink_saver=saver).layout(
        template, face_context(game, component_set, component), bleed_mm=3.0,
        shape=component_set.shape, **size,
    )  # fmt: skip
    survey = Survey()
    survey.add(template, elements)
    assert survey.lines(game_id) == [], "ink-saver text stays legible"
    return make_face_art(elements, bleed_mm=3.0, shape=component_set.shape, **size)


def _darkness_and_text(art: FaceArt) -> tuple[float, str]:
    """Mean ink (0 white .. 1 black) over the face, measured on a PDFium render; its text."""
    from pnp.draw.face import face_pdf

    pdf = face_pdf(art)
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("L")
    ink = 1 - sum(image.tobytes()) / (255 * image.width * image.height)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        text = doc.pages[0].extract_text()
    return ink, text


@pytest.mark.parametrize("piece", PIECES, ids=lambda p: f"{p[0]}-{p[2]}")
def test_ink_saver_pieces_take_far_less_ink_and_say_the_same(piece: tuple) -> None:
    normal, normal_text = _darkness_and_text(_face(*piece, saver=False))
    saver, saver_text = _darkness_and_text(_face(*piece, saver=True))
    assert saver < normal / 3, f"ink {normal:.2f} -> {saver:.2f}"
    assert saver_text == normal_text


def test_theme_ink_saver_block_replaces_palette_colours(tmp_path) -> None:
    theme = tmp_path / "theme.yaml"
    theme.write_text("palette: {back: '#202020'}\nink_saver:\n  palette: {back: '#f0f0f0'}\n")
    assert load_theme(theme).color("back") == pytest.approx((0x20 / 255,) * 3)
    lighter = load_theme(theme, ink_saver=True)
    assert lighter.color("back") == pytest.approx((0xF0 / 255,) * 3)
    assert lighter.as_context()["ink_saver"] is True
    theme.write_text("palette: {back: '#202020'}\nink_saver:\n  palette: {bakc: '#f0f0f0'}\n")
    with pytest.raises(InputError) as error:
        load_theme(theme)
    assert error.value.line == 3 and "back" in str(error.value.hint or error.value)


def _last_page_ink(pdf: bytes) -> float:
    doc = pypdfium2.PdfDocument(pdf)
    image = doc[len(doc) - 1].render(scale=0.5).to_pil().convert("L")
    return 1 - sum(image.tobytes()) / (255 * image.width * image.height)


def test_cli_ink_saver_prints_lighter_chip_sheets(tmp_path) -> None:
    inks = []
    for flags in ([], ["--ink-saver"]):
        out = tmp_path / ("saver" if flags else "normal")
        args = ["build", "spy-royale", "--what", "tokens", "--split", "--out", str(out), *flags]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        (pdf,) = out.rglob("spy-royale-tokens-*.pdf")  # not the Japanese edition beside it
        inks.append(_last_page_ink(pdf.read_bytes()))
    normal, saver = inks
    assert saver < normal / 2, f"last chip sheet ink {normal:.2f} -> {saver:.2f}"


GAMES = ["1955-war-of-espionage", "spy-royale", "axis-allies-espionage"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ink_saver_face_draws_and_stays_legible(game_id: str) -> None:
    game = resolve_game(game_id)
    templates = template_set(game, ink_saver=True)
    survey = Survey()
    for component_set in game.sets.values():
        size = {"width_mm": component_set.trim.width_mm, "height_mm": component_set.trim.height_mm}
        for component in (c for c in component_set.components if c.count):
            context = face_context(game, component_set, component)
            for name in filter(None, (component_set.front, component_set.back)):
                elements = templates.layout(
                    name, context, bleed_mm=3.0, shape=component_set.shape, **size
                )
                survey.add(f"{component_set.id}: {name}", elements)
    assert survey.lines(game_id) == []
