"""Hostile input, 5: messages and options. A bad option is a usage error naming it; what a
game folder holds is read as written (a `.yml` set, a YAML merge, a folder where theme.yaml
should be); and `pnp validate GAME` draws every face, so a template that cannot render is
found there rather than in a build."""

from __future__ import annotations

import json

import pytest
from hostile import front, make_game, nothing_in


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        (["--bleed", "500"], "Invalid value for '--bleed': bleed must be 0 to 20 mm, not 500"),
        (["--bleed", "nan"], "Invalid value for '--bleed': bleed must be 0 to 20 mm, not nan"),
        (["--bleed", "three"], "Invalid value for '--bleed': bleed must be a number"),
        (["--what", ""], "Invalid value for '--what': say which products to build"),
        (["--what", " , "], "Invalid value for '--what': say which products to build"),
        (["--gutterfold", "--duplex", "short"], "--gutterfold prints fronts and backs on one"),
        (["--paper", "1e3x1e3mm"], "Invalid value for '--paper'"),
    ],
    ids=["bleed-500", "bleed-nan", "bleed-word", "what-empty", "what-commas", "gutterfold",
         "paper"],
)  # fmt: skip
def test_a_bad_option_names_itself(tmp_path, option, expected, run_pnp):
    make_game(tmp_path)
    run = run_pnp("build", "game", *option, "--out", "out", cwd=tmp_path)
    run.refused(expected)
    assert nothing_in(tmp_path / "out")


def test_a_yml_set_file_is_read_like_a_yaml_one(tmp_path, run_pnp):
    game = make_game(tmp_path)
    (game / "chips.yaml").rename(game / "chips.yml")
    run = run_pnp("inventory", "game", "--json", cwd=tmp_path)
    assert run.code == 0, run.output
    assert "chip-5" in [c["id"] for c in json.loads(run.out)["components"]]


def test_a_hidden_yaml_file_is_not_part_of_the_catalog(tmp_path, run_pnp):
    make_game(tmp_path, {".#agents.yaml": "an editor's lock file, not YAML: [\n"})
    run = run_pnp("validate", "game", cwd=tmp_path)
    assert run.code == 0, run.output


def test_a_merge_override_is_not_a_duplicate_key(tmp_path, run_pnp):
    chips = (
        "set: {id: chips, name: Chips, kind: chip, size: {diameter: 20mm}, shape: round,\n"
        "      front: chip.yaml.j2, back: chip.yaml.j2, product: tokens, source: original,\n"
        "      fields: {}}\n"
        "components:\n"
        "  - &one {id: chip-1, name: One, count: 7, source: original, value: 1}\n"
        "  - {<<: *one, id: chip-5, name: Five, count: 3, value: 5}\n"
    )
    make_game(tmp_path, {"chips.yaml": chips})
    run = run_pnp("inventory", "game", "--json", cwd=tmp_path)
    assert run.code == 0, run.output
    five = next(c for c in json.loads(run.out)["components"] if c["id"] == "chip-5")
    assert (five["count"], five["fields"]["value"]) == (3, 5)
    twice = chips.replace("count: 3, value: 5}", "count: 3, count: 4}")
    make_game(tmp_path, {"chips.yaml": twice}, name="twice")
    run_pnp("validate", "twice", cwd=tmp_path).refused("twice/chips.yaml:6:", "duplicate key")


def test_a_folder_named_theme_yaml_is_an_error_not_ignored(tmp_path, run_pnp):
    game = make_game(tmp_path, {"templates/theme.yaml": None})
    (game / "templates" / "theme.yaml").mkdir()
    run_pnp("validate", "game", cwd=tmp_path).refused(
        "game/templates/theme.yaml: expected a file, found a folder"
    )


def test_a_truncated_svg_is_refused_not_half_drawn(tmp_path, run_pnp):
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16">\n<rect width="24" '
    element = "- image: {x: 0, y: 0, w: 20, h: 20, src: art/cut.svg}\n"
    make_game(tmp_path, {**front(element), "art/cut.svg": svg})
    run = run_pnp("build", "game", "--out", "out", cwd=tmp_path)
    run.refused("game/templates/agent-front.yaml.j2", "art/cut.svg:2:", "not a well-formed SVG")
    assert nothing_in(tmp_path / "out")


def test_validate_draws_every_face_and_finds_a_template_error(tmp_path, run_pnp):
    make_game(tmp_path)
    good = run_pnp("validate", "game", cwd=tmp_path)
    assert good.code == 0 and "sixth-game: 12 faces drawn from their templates" in good.out
    back = "- text: {x: 5, y: 38, w: 53, h: 12, text: {{ card.nmae | yaml }}}\n"
    make_game(tmp_path, {"templates/agent-back.yaml.j2": back}, name="broken")
    run_pnp("validate", "broken", cwd=tmp_path).refused(
        "broken/templates/agent-back.yaml.j2:1:", "Mole (mole)", "card has no field 'nmae'"
    )


def test_validate_without_templates_says_faces_were_not_drawn(tmp_path, run_pnp):
    game = make_game(tmp_path)
    for path in sorted((game / "templates").iterdir()):
        path.unlink()
    (game / "templates").rmdir()
    run = run_pnp("validate", "game", cwd=tmp_path)
    assert run.code == 0, run.output
    assert "faces not drawn (no templates folder" in run.out
