"""A face that reads nothing of its card is laid out once for the whole set; one that reads its
card, even through a macro imported with the caller's context, is laid out for each card."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.catalog.load import load_game
from pnp.draw.elements import Element, Group, Text
from pnp.pipeline import faces
from pnp.pipeline.faces import lay_out_set, template_set

GAME = """\
game: {id: reads, title: Reads, designer: Test, players: {min: 2, max: 4}, play_time: 5 min,
       source: original}
"""
DECK = """\
set: {id: deck, name: Deck, kind: card, size: poker, front: front.yaml.j2, back: BACK,
      source: original}
components:
  - {id: mole, name: Mole, count: 1, source: original}
  - {id: courier, name: Courier, count: 1, source: original}
  - {id: handler, name: Handler, count: 1, source: original}
"""
FRONT = "- text: {x: 6, y: 6, w: 51, h: 10, text: {{ card.name | yaml }}, size: 12}\n"
PLAIN_BACK = "- rect: {x: 0, y: 0, w: {{ trim.w }}, h: {{ trim.h }}, fill: ink, bleed: true}\n"
# the card's name reaches this back only through the macro file, imported with context
NAMED_BACK = '{% import "names.j2" as names with context %}\n{{ names.label() }}\n'
# ... or through a file it includes by a name worked out as it runs
INCLUDED_BACK = '{% set part = "na" ~ "me.j2" %}{% include part %}\n'
NAME = "- text: {x: 6, y: 40, w: 51, h: 10, text: {{ card.name | yaml }}, size: 12}\n"
MACROS = (
    "{% macro label() %}"
    "- text: {x: 6, y: 40, w: 51, h: 10, text: {{ card.name | yaml }}, size: 12}"
    "{% endmacro %}\n"
)


def _game(folder: Path, back: str) -> Path:
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "deck.yaml").write_text(DECK.replace("BACK", "back.yaml.j2"))
    (folder / "templates" / "front.yaml.j2").write_text(FRONT)
    (folder / "templates" / "back.yaml.j2").write_text(back)
    (folder / "templates" / "names.j2").write_text(MACROS)
    (folder / "templates" / "name.j2").write_text(NAME)
    return folder


def _texts(elements: tuple[Element, ...]) -> list[str]:
    found = []
    for element in elements:
        if isinstance(element, Group):
            found += _texts(element.children)
        elif isinstance(element, Text):
            found.append("".join(run.text for run in element.children))
    return found


def _backs(folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Element, ...]]:
    monkeypatch.setattr(faces, "ONCE_FROM", 1)  # a set of three, looked at as a large one
    game = load_game(folder)
    laid = lay_out_set(game, game.sets["deck"], template_set(game), 3.0)
    return [faces[1][1] for _, faces in laid if faces[1] is not None]


def test_a_back_reading_its_card_through_an_imported_macro_names_each_card(
    tmp_path, monkeypatch
) -> None:
    backs = _backs(_game(tmp_path, NAMED_BACK), monkeypatch)
    assert [_texts(b) for b in backs] == [["Mole"], ["Courier"], ["Handler"]]


def test_a_back_including_a_file_by_a_worked_out_name_names_each_card(
    tmp_path, monkeypatch
) -> None:
    backs = _backs(_game(tmp_path, INCLUDED_BACK), monkeypatch)
    assert [_texts(b) for b in backs] == [["Mole"], ["Courier"], ["Handler"]]
