"""`image` as a designer's icon: a one-colour SVG recoloured (`color:`), its background square
dropped (`background: drop`), and a list of files tried in order."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
       '<rect width="100" height="100" fill="#000000"/>'
       '<circle cx="50" cy="50" r="30" fill="#ffffff"/></svg>')  # fmt: skip
FRONT = """\
- rect: {x: -3, y: -3, w: {{ trim.w + 6 }}, h: {{ trim.h + 6 }}, fill: "#fbf7ee"}
- image: {src: [art/missing.svg, art/seal.svg], x: 11.5, y: 24, w: 40, h: 40, %s}
"""


@pytest.fixture
def game(tmp_path: Path, run_pnp) -> Path:
    assert run_pnp("new", "seal", cwd=tmp_path).code == 0
    folder = tmp_path / "seal"
    (folder / "art").mkdir()
    (folder / "art" / "seal.svg").write_text(SVG)
    return folder


def face(game: Path, run_pnp, options: str) -> Image.Image:
    (game / "templates" / "card-front.yaml.j2").write_text(FRONT % options)
    run = run_pnp("show", "seal", "scout", "--png", "scout.png", cwd=game.parent)
    assert run.code == 0, run.output
    return Image.open(game.parent / "scout.png").convert("RGB")


def at(img: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    px = 300 / 25.4
    return img.getpixel((round((x_mm + 3) * px), round((y_mm + 3) * px)))  # bleed 3 mm


def close(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) < 24


def test_the_second_file_is_drawn_as_it_is(game: Path, run_pnp) -> None:
    img = face(game, run_pnp, "background: keep")
    assert close(at(img, 13, 26), (0, 0, 0))  # the SVG's own black square
    assert close(at(img, 31.5, 44), (255, 255, 255))  # and its white circle


def test_recoloured_and_background_dropped(game: Path, run_pnp) -> None:
    img = face(game, run_pnp, "color: '#b5542d', background: drop")
    assert close(at(img, 13, 26), (0xFB, 0xF7, 0xEE))  # the square gone: the card shows
    assert close(at(img, 31.5, 44), (0xB5, 0x54, 0x2D))  # the circle in the colour asked


def test_a_raster_cannot_be_recoloured(game: Path, run_pnp) -> None:
    Image.new("RGB", (10, 10), "red").save(game / "art" / "seal.png")
    (game / "templates" / "card-front.yaml.j2").write_text(
        FRONT.replace("art/seal.svg", "art/seal.png") % "color: '#b5542d'"
    )
    run_pnp("validate", "seal", cwd=game.parent).refused("card-front.yaml.j2", "one-colour SVG")


def test_none_of_the_files_found_names_them_all(game: Path, run_pnp) -> None:
    (game / "templates" / "card-front.yaml.j2").write_text(
        FRONT.replace("art/seal.svg", "art/gone.svg") % "background: keep"
    )
    run_pnp("validate", "seal", cwd=game.parent).refused("art/missing.svg", "art/gone.svg")
