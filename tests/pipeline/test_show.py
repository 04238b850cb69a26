"""`pnp show GAME CARD`: what a template did, seen without a build. The YAML a face template
wrote, each line numbered by the template line that wrote it (blocks of the shared base
template and the game's own alike); one card rendered to a PNG; and a YAML error in a
template's output quoting the template line that produced the bad line, saying when two items
landed on one line."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.resources import templates_dir


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """The scaffold, its cards in a workbook with the designer's own column names."""
    folder = tmp_path / "g"
    assert run("new", str(folder)).exit_code == 0
    (folder / "cards.csv").unlink()
    book = openpyxl.Workbook()
    book.active.append(["Card Name", "Qty", "type", "cost", "text"])
    book.active.append(["Scout", 3, "action", 1, "Look at the top three cards."])
    book.active.append(["Wild Card", 1, "event", 2, "Play this as a copy.\nThen discard it."])
    book.save(folder / "cards.xlsx")
    with (folder / "cards.yaml").open("a") as set_file:
        set_file.write('sheet: cards.xlsx\ncolumns: {"Card Name": name, Qty: count}\n')
    return folder


def line_of(path: Path, text: str) -> int:
    """The 1-based line of `path` holding `text`."""
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_yaml_lines_are_numbered_by_the_template_line_that_wrote_them(game):
    result = run("show", str(game), "wild card", "--yaml")
    assert result.exit_code == 0, result.output
    lines = {line.split("| ", 1)[1].split(",")[0]: line for line in result.output.splitlines()}
    front = game / "templates" / "card-front.yaml.j2"
    base = templates_dir() / "_common" / "card.yaml.j2"
    expected = {
        "- rect: {name: art": f"card-front.yaml.j2:{line_of(front, '- rect: {name: art')}",
        "- text: {name: rules": f"card-front.yaml.j2:{line_of(front, '- text: {name: rules')}",
        "- text: {name: type": f"card-front.yaml.j2:{line_of(front, '- text: {name: type')}",
        "- text: {name: footer": f"_common/card.yaml.j2:{line_of(base, 'name: footer')}",
    }
    for start, where in expected.items():
        assert f" {where} " in lines[start], (start, lines[start])


def test_show_prints_what_the_template_sees(game):
    result = run("show", str(game), "Wild Card")
    assert result.exit_code == 0, result.output
    assert "id: wild-card" in result.output and "cost: 2" in result.output
    assert "type: event" in result.output
    assert "# the YAML card-front.yaml.j2 wrote" in result.output


def test_one_card_rendered_to_png(game, tmp_path):
    out = tmp_path / "scout.png"
    result = run("show", str(game), "scout", "--png", str(out))
    assert result.exit_code == 0, result.output
    image = Image.open(out).convert("RGB")
    assert image.size == (815, 1110)  # 63 x 88 mm and 3 mm bleed at 300 dpi
    band = image.getpixel((400, 60))  # the type band across the top, in the theme's colour
    back_out = tmp_path / "back.png"
    assert run("show", str(game), "scout", "--back", "--png", str(back_out)).exit_code == 0
    assert Image.open(back_out).convert("RGB").getpixel((400, 60)) != band
    event = tmp_path / "event.png"
    assert run("show", str(game), "wild-card", "--png", str(event)).exit_code == 0
    assert Image.open(event).convert("RGB").getpixel((400, 60)) != band  # event: another colour


def test_an_unknown_card_names_the_closest(game):
    result = run("show", str(game), "scuot")
    assert result.exit_code == 2, result.output
    assert "no card or piece 'scuot'" in result.output and "did you mean: scout" in result.output


def test_two_items_joined_by_whitespace_control_are_explained(game):
    front = game / "templates" / "card-front.yaml.j2"
    text = front.read_text()
    front.write_text(
        text.replace("{% if card.text is defined %}", "{%- if card.text is defined %}")
    )
    result = run("show", str(game), "scout", "--png", str(game / "x.png"))
    assert result.exit_code == 2, result.output
    output = result.output.replace("\n  ", " ")
    type_line = line_of(front, "- text: {name: type")
    rules_line = line_of(front, "- text: {name: rules")
    assert f"(written by card-front.yaml.j2:{type_line})" in output
    assert "two items landed on output line" in output
    assert f"(the second written by card-front.yaml.j2:{rules_line})" in output
    assert "a `-` inside `{%-`" in output
    assert not (game / "x.png").exists()


def test_a_bad_output_line_names_its_template_line(game):
    front = game / "templates" / "card-front.yaml.j2"
    text = front.read_text()
    front.write_text(text.replace("text: {{ card.name | yaml }}", "text: {{ card.name }}: x"))
    result = run("validate", str(game))
    assert result.exit_code == 2, result.output
    title_line = line_of(front, "text: {{ card.name }}: x")
    assert f"(written by card-front.yaml.j2:{title_line})" in result.output.replace("\n  ", " ")
    assert "two items" not in result.output


@pytest.mark.parametrize("flags", [(), ("--yaml",), ("--png", "face.png")])
def test_a_field_the_card_lacks_is_the_templates_error_not_a_crash(game, tmp_path, flags):
    front = game / "templates" / "card-front.yaml.j2"
    front.write_text(front.read_text().replace("card.cost,", "card.power,"))
    flags = tuple(str(tmp_path / f) if f.endswith(".png") else f for f in flags)
    result = run("show", str(game), "scout", *flags)
    assert result.exit_code == 2, result.output
    line = line_of(front, "card.power")
    assert f"card-front.yaml.j2:{line}" in result.output
    assert "card has no field 'power'" in result.output
    assert "bug" not in result.output
