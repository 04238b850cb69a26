"""`pnp validate --for SHOP`: a designer meets a shop's bleed while designing, with the same
warning the shop's export gives, naming the shop and its bleed."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_in import invoke

# a background that reaches exactly 3 mm beyond the cut: right for a home print's 3 mm bleed,
# a rim of another colour at The Game Crafter's 1/8 in (3.2 mm as drawn)
BACKGROUND = '- rect: {x: -3, y: -3, w: {{ trim.w + 6 }}, h: {{ trim.h + 6 }}, fill: "#203040"}'


@pytest.fixture
def game(tmp_path: Path) -> Path:
    code, out = invoke("new", "shop", cwd=tmp_path)
    assert code == 0, out
    front = tmp_path / "shop" / "templates" / "card-front.yaml.j2"
    text = front.read_text("utf-8")
    front.write_text(text.replace("{% block header %}\n", "{% block header %}\n" + BACKGROUND
                                  + "\n", 1), "utf-8")  # fmt: skip
    return tmp_path / "shop"


def near_cut(out: str) -> list[str]:
    return [line for line in out.splitlines() if "near the cut" in line]


def test_validate_for_a_shop_warns_as_its_export_does(game: Path, run_pnp) -> None:
    run = run_pnp("validate", "shop", cwd=game.parent)
    assert run.code == 0, run.output
    assert near_cut(run.err) == []  # at a home print's 3 mm the background reaches the edge
    run = run_pnp("validate", "shop", "--for", "tgc", cwd=game.parent)
    assert run.code == 0, run.output
    found = near_cut(run.err)
    assert found, run.output
    assert all("The Game Crafter prints 3.2 mm of bleed" in line for line in found)
    assert any("colour changes 3.0 mm outside the cut" in line for line in found)
    exported = run_pnp("export", "shop", "--to", "tgc", "--out", "out", cwd=game.parent)
    assert exported.code == 0, exported.output
    assert sorted(near_cut(exported.err)) == sorted(found)  # the export says the same


def test_validate_for_a_shop_names_a_size_it_does_not_print(game: Path) -> None:
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace("size: poker", "size: a6"), "utf-8")
    code, out = invoke("validate", ".", "--for", "mpc", cwd=game)
    assert code == 2, out
    assert "MakePlayingCards does not print" in out and "cards.yaml" in out
