"""Hostile input, 1: nothing outside the game's folder (and pnp's own templates and fonts) is
ever read, whatever links, paths and SVG references a game holds; messages quote at most 120
characters of any input."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import front, make_game, nothing_in
from PIL import Image

SECRET = "TOP-SECRET-LINE"
LEAK = (
    '{% set s %}{% include "leak.j2" %}{% endset %}'
    "- text: {x: 4, y: 4, w: 55, h: 80, text: {{ s | yaml }}, size: 6, min_size: 1}\n"
)


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A file outside the game's folder that must never be read."""
    path = tmp_path / "elsewhere" / "secret.txt"
    path.parent.mkdir()
    path.write_text(SECRET + "\n" * 3)
    return path


def test_a_template_linked_to_a_file_elsewhere_is_refused_not_printed(tmp_path, secret, run_pnp):
    game = make_game(tmp_path, front(LEAK))
    (game / "templates" / "leak.j2").symlink_to(secret)
    run = run_pnp("build", "game", "--out", "out", cwd=tmp_path)
    run.refused("game/templates/leak.j2", "a link leading outside the game's folder",
                "called from game/templates/agent-front.yaml.j2:1")  # fmt: skip
    assert SECRET not in run.output
    assert nothing_in(tmp_path / "out")


def test_a_linked_templates_folder_is_refused(tmp_path, secret, run_pnp):
    game = make_game(tmp_path)
    (game / "templates").rename(secret.parent / "templates")
    (game / "templates").symlink_to(secret.parent / "templates")
    run = run_pnp("build", "game", "--out", "out", cwd=tmp_path)
    run.refused("game/templates: templates folder is a link leading outside the game's folder")
    assert nothing_in(tmp_path / "out")


def test_a_catalog_file_linked_elsewhere_is_not_read_or_echoed(tmp_path, secret, run_pnp):
    game = make_game(tmp_path)
    (game / "evil.yaml").symlink_to(secret)
    for command in ("validate", "inventory"):
        run = run_pnp(command, "game", cwd=tmp_path)
        run.refused("game/evil.yaml: catalog file is a link leading outside the game's folder")
        assert SECRET not in run.output


def test_an_image_path_out_of_the_folder_is_refused(tmp_path, secret, run_pnp):
    element = "- image: {x: 0, y: 0, w: 20, h: 20, src: '../elsewhere/secret.png'}\n"
    make_game(tmp_path, front(element))
    run_pnp("validate", "game", cwd=tmp_path).refused(
        "game/templates/agent-front.yaml.j2", "Mole (mole)", "outside the game's folder"
    )


def _svg(body: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="24" height="16">\n{body}\n</svg>\n'
    )


@pytest.mark.parametrize(
    "reference",
    [
        '<image href="../../elsewhere/out.png" width="24" height="16"/>',
        '<use xlink:href="../../elsewhere/out.svg#r"/>',
        '<image href="link.png" width="24" height="16"/>',  # a link that leaves the folder
        '<image href="/etc/hostname" width="24" height="16"/>',
    ],
    ids=["image", "use", "link", "absolute"],
)
def test_an_svg_cannot_reach_out_of_the_game_folder(tmp_path, reference, run_pnp):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    Image.new("RGB", (4, 4), "red").save(outside / "out.png")
    (outside / "out.svg").write_text(_svg('<rect id="r" width="9" height="9"/>'))
    element = "- image: {x: 0, y: 0, w: 20, h: 20, src: art/icon.svg}\n"
    game = make_game(tmp_path, {**front(element), "art/icon.svg": _svg(reference)})
    (game / "art" / "link.png").symlink_to(outside / "out.png")
    run = run_pnp("build", "game", "--out", "out", cwd=tmp_path)
    run.refused("game/templates/agent-front.yaml.j2", "art/icon.svg:2:")
    assert "outside the game's folder" in run.output or "only files beside the SVG" in run.output
    assert nothing_in(tmp_path / "out")


def test_a_theme_font_may_not_be_any_file(tmp_path, secret, run_pnp):
    theme = f"families:\n  Leak: {secret}\nfonts:\n  body: Leak\n"
    make_game(tmp_path, {"templates/theme.yaml": theme})
    run = run_pnp("build", "game", "--out", "out", cwd=tmp_path)
    run.refused("game/templates/theme.yaml:2:", "`regular`: font file is outside")
    assert SECRET not in run.output and nothing_in(tmp_path / "out")


def test_a_theme_font_that_is_not_a_font_is_named_without_its_bytes(tmp_path, run_pnp):
    theme = "families:\n  Fake:\n    regular: fake.ttf\n"
    make_game(tmp_path, {"templates/theme.yaml": theme, "templates/fake.ttf": SECRET * 40})
    run = run_pnp("validate", "game", cwd=tmp_path)
    run.refused("game/templates/theme.yaml:3:", "not a TrueType (.ttf) font file")
    assert SECRET not in run.output


def test_messages_quote_at_most_120_characters_of_a_value(tmp_path, run_pnp):
    long_value = "q" * 5000
    cards = make_game(tmp_path) / "agents.yaml"
    cards.write_text(cards.read_text().replace("size: poker", f"size: {long_value}"))
    run = run_pnp("validate", "game", cwd=tmp_path).refused("game/agents.yaml:5:", "unknown size")
    assert "q" * 100 in run.output and "q" * 121 not in run.output
