"""Hostile input, 3: no traceback, ever. Values Python or a library would choke on (NaN,
impossible dates, 5,000-digit numbers, damaged files, characters no font has) are each an exit 2
with the file and line; exit 1 stays for broken composition rules."""

from __future__ import annotations

import os

import pytest
from hostile import front, make_game, nothing_in
from PIL import Image

BIG = "9" * 5000


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        ("chips.yaml", "{diameter: 20mm}", "{diameter: .nan}", "chips.yaml:5: '.nan' is not a"),
        ("chips.yaml", "{diameter: 20mm}", "{diameter: .inf}", "chips.yaml:5: '.inf' is not a"),
        ("agents.yaml", "value: 1,", f"value: {BIG},", "agents.yaml:10: a whole number of 5000"),
        ("game.yaml", "max: 4}", f"max: {BIG}}}", "game.yaml:5: a whole number of 5000 digits"),
        (
            "game.yaml",
            "play_time: 15 min",
            "year: !!binary aGk=",
            "game.yaml:6: YAML type !!binary",
        ),
    ],
    ids=["nan", "infinity", "long-number", "long-players", "binary"],
)
def test_values_python_cannot_hold_are_located(tmp_path, file, old, new, expected, run_pnp):
    path = make_game(tmp_path) / file
    path.write_text(path.read_text().replace(old, new))
    for command in (["validate", "game"], ["inventory", "game", "--json"]):
        run_pnp(*command, cwd=tmp_path).refused(f"game/{expected}")


def test_an_impossible_date_is_kept_as_the_text_it_is(tmp_path, run_pnp):
    path = make_game(tmp_path) / "game.yaml"
    path.write_text(path.read_text().replace("play_time: 15 min", "play_time: 2001-02-30"))
    run = run_pnp("inventory", "game", "--json", cwd=tmp_path)
    assert run.code == 0 and "Traceback" not in run.output, run.output


@pytest.mark.parametrize(
    ("element", "expected"),
    [
        ("- rect: {x: 0, y: 0, w: .nan, h: 5}", "'.nan' is not a finite number"),
        ("- rect: {x: 0, y: 0, w: 1.0e+999, h: 5}", "is not a finite number"),
        ("- rect: {x: 0, y: 0, w: '1e999mm', h: 5}", "is not a finite length"),
        ("- text: {x: 0, y: 0, w: 9, h: 9, text: a, leading: .inf}", "is not a finite number"),
        ("- text: {x: 0, y: 0, w: 9, h: 9, text: 'a\x07b'}", "character '\\x07' (U+0007)"),
        ('- text: {x: 0, y: 0, w: 9, h: 9, text: "a\\u0000b"}', "control character U+0000"),
        ('- text: {x: 0, y: 0, w: 9, h: 9, text: {{ "a\\ud800b" | yaml }}}', "invalid Unicode"),
        (f"- polygon: {{cx: 9, cy: 9, r: 5, sides: {BIG}}}", "a whole number of 5000 digits"),
        ('- image: {x: 0, y: 0, w: 9, h: 9, src: "a\\u0000b.png"}', "NUL character"),
        (
            "{% for i in range(600) %}[{group: {elements: {% endfor %}[]"
            "{% for i in range(600) %}}}]{% endfor %}",
            "nested more than 100",
        ),
    ],
    ids=[
        "nan", "infinity", "infinite-length", "infinite-leading", "control-raw",
        "control-escaped", "surrogate", "long-number", "nul-in-path", "600-groups",
    ],
)  # fmt: skip
def test_bad_values_in_a_template_output_are_located(tmp_path, element, expected, run_pnp):
    make_game(tmp_path, front(element + "\n"))
    run = run_pnp("build", "game", "--out", "out", cwd=tmp_path)
    run.refused("game/templates/agent-front.yaml.j2", "Mole (mole)", expected)
    assert nothing_in(tmp_path / "out")


@pytest.mark.parametrize(
    ("theme", "expected"),
    [
        (b"palette: {ink: '#000'}\n\xff\xfe", "theme.yaml: not UTF-8 text"),
        (("palette: " + "[" * 200 + "]" * 200).encode(), "theme.yaml:1: nested more than 100"),
        (f"sizes:\n  big: {BIG}\n".encode(), "theme.yaml:2: a whole number of 5000 digits"),
        (b"sizes:\n  big: 1e8\n", "theme.yaml:2: theme.sizes: `big`: '1e8' should be 1 to"),
    ],
    ids=["not-utf8", "too-deep", "long-number", "huge-size"],
)
def test_a_broken_theme_is_located(tmp_path, theme, expected, run_pnp):
    make_game(tmp_path, {"templates/theme.yaml": theme})
    run_pnp("validate", "game", cwd=tmp_path).refused(f"game/templates/{expected}")


@pytest.mark.parametrize("kind", ["folder", "fifo"])
@pytest.mark.parametrize("name", ["theme.yaml", "agent-back.yaml.j2"])
def test_an_unreadable_theme_or_template_is_named(tmp_path, name, kind, run_pnp):
    path = make_game(tmp_path, {f"templates/{name}": None}) / "templates" / name
    path.mkdir() if kind == "folder" else os.mkfifo(path)
    expected = "expected a file, found a folder" if kind == "folder" else "not a regular file"
    run_pnp("validate", "game", cwd=tmp_path).refused(f"game/templates/{name}", expected)


def test_a_deck_list_with_impossible_values_is_located(tmp_path, run_pnp):
    make_game(tmp_path)
    (tmp_path / "list.yaml").write_text(f"decks:\n  agents:\n    mole: {BIG}\n")
    run_pnp("validate", "--game", "game", "list.yaml", cwd=tmp_path).refused(
        "list.yaml:3: a whole number of 5000 digits"
    )
    (tmp_path / "list.txt").write_text(f"{BIG} mole\n")
    run_pnp("validate", "--game", "game", "list.txt", cwd=tmp_path).refused(
        "list.txt:1: count", "should be a whole number"
    )


@pytest.fixture(scope="module")
def images(tmp_path_factory) -> dict[str, bytes]:
    """Broken and enormous images, made once: file name -> bytes."""
    art = tmp_path_factory.mktemp("art")
    Image.new("1", (20000, 20000)).save(art / "bomb.png")  # 50 KB, 400 million pixels
    Image.new("L", (8000, 7000)).save(art / "large.png")  # past IMAGE_PIXELS
    Image.new("RGB", (40, 40), "red").save(art / "whole.png")
    whole = (art / "whole.png").read_bytes()
    (art / "truncated.png").write_bytes(whole[: len(whole) // 2])
    (art / "corrupt.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"garbage" * 50)
    (art / "text.png").write_text("just text")
    return {p.name: p.read_bytes() for p in art.iterdir()}


@pytest.mark.parametrize(
    ("image", "expected"),
    [
        ("bomb.png", "image is too large"),
        ("large.png", "image is too large: 8000 x 7000 pixels"),
        ("truncated.png", "not a readable PNG or JPEG image"),
        ("corrupt.png", "not a readable PNG or JPEG image"),
        ("text.png", "not a readable PNG or JPEG image"),
    ],
)
def test_a_damaged_or_enormous_image_is_named(tmp_path, image, expected, images, run_pnp):
    element = f"- image: {{x: 0, y: 0, w: 20, h: 20, src: art/{image}}}\n"
    make_game(tmp_path, {**front(element), f"art/{image}": images[image]})
    run = run_pnp("build", "game", "--out", "out", cwd=tmp_path)
    run.refused("game/templates/agent-front.yaml.j2", f"art/{image}", expected)
    assert run.peak_mb < 620 and nothing_in(tmp_path / "out")


def test_a_theme_icon_that_uses_itself_is_named(tmp_path, run_pnp):
    theme = (
        "icons:\n  a:\n    elements:\n      - text: {x: 0, y: 0, w: 20, h: 20, text: ':b:'}\n"
        "  b:\n    elements:\n      - icon: {use: a, x: 0, y: 0, size: 5}\n"
    )
    icon = "- icon: {use: a, x: 0, y: 0, size: 5}\n"
    make_game(tmp_path, {"templates/theme.yaml": theme, **front(icon)})
    run_pnp("validate", "game", cwd=tmp_path).refused(
        "game/templates/theme.yaml:7:", "theme icon 'a' uses itself (a -> b -> a)"
    )


@pytest.mark.parametrize("offset", ["nan,0", "0,inf", "1e999,0"])
def test_a_back_offset_must_be_finite(tmp_path, offset, run_pnp):
    make_game(tmp_path)
    run = run_pnp("build", "game", "--back-offset", offset, "--out", "out", cwd=tmp_path)
    run.refused("Invalid value for '--back-offset'")
    assert nothing_in(tmp_path / "out")
