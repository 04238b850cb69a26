"""A game's folder confines what pnp reads by path, not by spelling: a sibling folder whose name
starts with the game's (`game-evil` beside `game`) is outside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hostile import front, make_game
from PIL import Image

from pnp.cli import main
from pnp.errors import InputError
from pnp.io.files import confine, inside

SECRET = "TOP-SECRET-LINE"


def validate(game: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", str(game)])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def test_a_folder_named_like_the_game_plus_a_suffix_is_outside_it() -> None:
    """/games/foo-evil/x starts with the characters of /games/foo but is not in it."""
    assert not inside(Path("/games/foo-evil/x"), [Path("/games/foo")])
    assert not inside(Path("/games/foo2"), [Path("/games/foo")])
    assert inside(Path("/games/foo/x"), [Path("/games/foo")])
    assert inside(Path("/games/foo/sub/foo-evil/x"), [Path("/games/foo")])


def test_confine_refuses_a_file_in_a_sibling_folder_with_the_same_prefix(tmp_path: Path) -> None:
    """A read confined to the game's folder must not reach its look-alike neighbour."""
    (tmp_path / "foo").mkdir()
    (tmp_path / "foo-evil").mkdir()
    with pytest.raises(InputError, match="outside the game's folder"):
        confine(tmp_path / "foo-evil" / "x.yaml", [tmp_path / "foo"])
    assert confine(tmp_path / "foo" / "x.yaml", [tmp_path / "foo"]) == tmp_path / "foo" / "x.yaml"


def test_an_image_in_a_look_alike_sibling_folder_is_refused(tmp_path: Path) -> None:
    """`src: ../game-evil/secret.png` from a game in `game`: validate refuses it (exit 2)
    rather than drawing a file from outside the game's folder."""
    (tmp_path / "game-evil").mkdir()
    Image.new("RGB", (4, 4), "red").save(tmp_path / "game-evil" / "secret.png")
    element = "- image: {x: 0, y: 0, w: 20, h: 20, src: '../game-evil/secret.png'}\n"
    game = make_game(tmp_path, front(element))
    code, output = validate(game)
    assert code == 2, output
    assert "agent-front.yaml.j2" in output and "Mole (mole)" in output
    assert "'../game-evil/secret.png' is outside the game's folder" in output


def test_a_catalog_file_linked_into_a_look_alike_sibling_is_not_read(tmp_path: Path) -> None:
    """game/evil.yaml -> game-evil/secret.yaml: refused as a link out of the folder, its
    contents never read or echoed."""
    (tmp_path / "game-evil").mkdir()
    secret = tmp_path / "game-evil" / "secret.yaml"
    secret.write_text(SECRET + "\n")
    game = make_game(tmp_path)
    (game / "evil.yaml").symlink_to(secret)
    code, output = validate(game)
    assert code == 2, output
    assert "evil.yaml: catalog file is a link leading outside the game's folder" in output
    assert SECRET not in output
