"""Icons as a designer uses them: a one-colour SVG (white on a black square, as game-icons.net
draws them) recoloured by the theme with its background square dropped, measured in the
rendered pixels; and icons in text by keyword, declared once in the theme, whole words only,
with a backslash to write the word itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main

# an icon as game-icons.net ships it: a black square filling the picture, the shape in white
ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/>'
    '<path fill="#fff" d="M96 96h320v320H96z"/></svg>'
)
EVENT = (0xB5, 0x54, 0x2D)  # the scaffold theme's `event` colour
PAPER = (0xFB, 0xF7, 0xEE)
DPI_MM = 300 / 25.4


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def game(tmp_path: Path):
    """`game(icon_line, text)`: the scaffold with a `wood` icon declared by `icon_line`, drawn
    on the front 20 mm wide at (10, 20) mm, and one card whose text is `text`."""

    def make(icon: str = "{svg: icons/wood.svg, color: event}", text: str = "Gain Wood.") -> Path:
        folder = tmp_path / "g"
        assert run("new", str(folder)).exit_code == 0
        templates = folder / "templates"
        (templates / "icons").mkdir()
        (templates / "icons" / "wood.svg").write_text(ICON)
        with (templates / "theme.yaml").open("a") as theme:
            theme.write(f"  wood: {icon}\nkeywords: {{Wood: wood, Victory Point: star}}\n")
        front = templates / "card-front.yaml.j2"
        source = front.read_text().replace("card.text | yaml", "card.text | icons | yaml")
        source = source.replace(  # after the art box, on a line of its own
            "- icon: {name: art-icon",
            "- icon: {use: wood, x: 10, y: 20, size: 20, color: ink}\n- icon: {name: art-icon",
        )
        front.write_text(source)
        (folder / "cards.csv").write_text(f"name,count,type,cost,text\nLumber,2,action,1,{text}\n")
        return folder

    return make


def pixel(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the trim's top-left (the PNG has 3 mm of bleed)."""
    return image.getpixel((round((x_mm + 3) * DPI_MM), round((y_mm + 3) * DPI_MM)))


def render(folder: Path, tmp_path: Path) -> Image.Image:
    out = tmp_path / "card.png"
    result = run("show", str(folder), "lumber", "--png", str(out))
    assert result.exit_code == 0, result.output
    return Image.open(out).convert("RGB")


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_a_one_colour_svg_is_recoloured_and_its_background_dropped(game, tmp_path):
    image = render(game(), tmp_path)
    assert near(pixel(image, 20, 30), EVENT), pixel(image, 20, 30)  # the shape, in `event`
    # the corner of the icon's box, where the black square was: the art box behind shows
    corner = pixel(image, 10.5, 20.5)
    assert not near(corner, (0, 0, 0), 60) and not near(corner, EVENT), corner


def test_current_takes_the_icon_elements_colour(game, tmp_path):
    image = render(game("{svg: icons/wood.svg, color: current}"), tmp_path)
    assert near(pixel(image, 20, 30), (0x22, 0x25, 0x2B)), pixel(image, 20, 30)  # ink


def test_an_svg_without_color_is_drawn_as_it_is(game, tmp_path):
    image = render(game("icons/wood.svg"), tmp_path)
    assert near(pixel(image, 20, 30), (255, 255, 255))
    assert near(pixel(image, 10.5, 20.5), (0, 0, 0))


def test_keywords_become_icons_whole_words_only(game):
    text = r"Gain Wood. Woodland and wood stay. \Wood is the word. Score a Victory Point."
    result = run("show", str(game(text=text)), "lumber", "--yaml")
    assert result.exit_code == 0, result.output
    rules = next(line for line in result.output.splitlines() if "name: rules" in line)
    assert 'text: "Gain :wood:. Woodland and wood stay. Wood is the word. Score a :star:."' in rules


def test_a_keyword_must_name_an_icon(game):
    folder = game()
    theme = folder / "templates" / "theme.yaml"
    theme.write_text(theme.read_text().replace("Wood: wood,", "Wood: wod,"))
    result = run("show", str(folder), "lumber", "--yaml")
    assert result.exit_code == 2, result.output
    assert "theme.yaml" in result.output and "did you mean: wood?" in result.output


def test_a_recolour_must_be_a_colour(game):
    result = run("show", str(game("{svg: icons/wood.svg, color: evnt}")), "lumber")
    assert result.exit_code == 2, result.output
    assert "unknown colour 'evnt'" in result.output and "did you mean: event" in result.output


def package(tmp_path: Path) -> Path:
    """A stand-in for the npm package @iconify-json/game-icons: its icons.json, as it ships."""
    import json

    folder = tmp_path / "node_modules" / "@iconify-json" / "game-icons"
    folder.mkdir(parents=True)
    square = '<path fill="currentColor" d="M96 96h320v320H96z"/>'
    icons = {"wood-pile": {"body": square}, "stone-pile": {"body": square}}
    doc = {"prefix": "game-icons", "icons": icons, "width": 512, "height": 512}
    (folder / "icons.json").write_text(json.dumps(doc))
    (folder / "package.json").write_text('{"name": "@iconify-json/game-icons", "version": "1.2.4"}')
    return folder


def test_a_game_icon_by_name_with_its_credit(game, tmp_path):
    folder = game("{svg: icons/wood-pile.svg, color: event}")
    result = run("icons", str(folder), "wood-pile", "--from", str(package(tmp_path)))
    assert result.exit_code == 0, result.output
    credits = (folder / "templates" / "icons" / "CREDITS.md").read_text()
    assert "game-icons.net" in credits and "CC BY 3.0" in credits
    assert "@iconify-json/game-icons 1.2.4" in credits and "`wood-pile.svg`" in credits
    assert "wood-pile: {svg: icons/wood-pile.svg, color: current}" in result.output
    image = render(folder, tmp_path)
    assert near(pixel(image, 20, 30), EVENT), pixel(image, 20, 30)
    again = run("icons", str(folder), "wood-pile", "--from", str(package(tmp_path / "2")))
    assert again.exit_code == 0 and credits == (folder / "templates/icons/CREDITS.md").read_text()


def test_an_unknown_game_icon_or_no_package_says_what_to_do(game, tmp_path):
    folder = game()
    result = run("icons", str(folder), "wood-pil", "--from", str(package(tmp_path)))
    assert result.exit_code == 2 and "did you mean: wood-pile" in result.output
    result = run("icons", str(folder), "wood-pile")
    assert result.exit_code == 2 and "npm install @iconify-json/game-icons" in result.output


def test_an_icon_name_cannot_leave_the_icons_folder(game, tmp_path):
    folder = game()
    result = run("icons", str(folder), "../../evil", "--from", str(package(tmp_path)))
    assert result.exit_code == 2 and "is not an icon name" in result.output
    assert not (folder / "evil.svg").exists() and not (tmp_path / "evil.svg").exists()


def test_icons_into_a_folder_of_their_own_with_a_prefix(game, tmp_path):
    folder = game("{svg: ../art/icons/res-wood-pile.svg, color: event}")
    result = run("icons", str(folder), "wood-pile", "--to", "art/icons", "--prefix", "res-",
                 "--from", str(package(tmp_path)))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (folder / "art" / "icons" / "res-wood-pile.svg").is_file()
    assert "`res-wood-pile.svg`" in (folder / "art" / "icons" / "CREDITS.md").read_text()
    assert not (folder / "templates" / "icons" / "res-wood-pile.svg").exists()
    assert "res-wood-pile: {svg: ../art/icons/res-wood-pile.svg, color: current}" in result.output
    image = render(folder, tmp_path)  # the theme's icon, declared as the command said, draws
    assert near(pixel(image, 20, 30), EVENT), pixel(image, 20, 30)


def test_icons_cannot_go_outside_the_game(game, tmp_path):
    folder = game()
    result = run("icons", str(folder), "wood-pile", "--to", "../elsewhere",
                 "--from", str(package(tmp_path)))  # fmt: skip
    assert result.exit_code == 2 and "inside the game's folder" in result.output
    assert not (folder.parent / "elsewhere").exists()
    result = run("icons", str(folder), "wood-pile", "--prefix", "../x",
                 "--from", str(package(tmp_path / "2")))  # fmt: skip
    assert result.exit_code == 2 and "--prefix" in result.output
