"""The build's legibility check: text under 7 pt or under 4.5:1 contrast is reported, per
element kind; the built-in games pass it."""

from __future__ import annotations

import functools
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from hang import HANG
from memos import forgetful

from pnp.catalog.context import face_context
from pnp.catalog.games import builtin_ids, resolve_game
from pnp.draw import legibility
from pnp.draw.elements import Element, Group, Paint, Rectangle, Text, TextRun
from pnp.draw.legibility import Survey, check_face, contrast_ratio
from pnp.pipeline import template_set

GREY_767676 = (0x76 / 255,) * 3  # the lightest grey WCAG lists as passing 4.5:1 on white
GREY_777777 = (0x77 / 255,) * 3  # one step lighter: fails


def _text(size: float, color: tuple[float, float, float], x: float = 10.0) -> Text:
    run = TextRun(x, 10.0, "Sample", "Helvetica", size, color)
    return Text(size, 1, (run,), name="rules")


def test_wcag_reference_values() -> None:
    assert contrast_ratio((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert contrast_ratio(GREY_767676, (1, 1, 1)) == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio(GREY_777777, (1, 1, 1)) == pytest.approx(4.48, abs=0.01)


def test_small_and_faint_text_is_found_but_legible_text_is_not() -> None:
    assert check_face((_text(7.0, GREY_767676),)) == []
    (small,) = check_face((_text(6.5, (0, 0, 0)),))
    assert small.too_small and not small.too_faint and small.size == 6.5
    (faint,) = check_face((_text(9.0, GREY_777777),))
    assert faint.too_faint and not faint.too_small


def test_background_is_the_fill_under_the_text_and_group_scale_counts() -> None:
    dark = Rectangle(0, 0, 200, 40, Paint(fill=(0.1, 0.1, 0.3)))
    (on_dark,) = check_face((dark, _text(9.0, (0.2, 0.2, 0.2))))
    assert on_dark.contrast < 2
    assert check_face((dark, _text(9.0, (1, 1, 1)))) == []
    beside = Rectangle(0, 100, 200, 40, Paint(fill=(0.1, 0.1, 0.3)))  # not under the text
    assert check_face((beside, _text(9.0, (0, 0, 0)))) == []
    (shrunk,) = check_face((Group(0, 0, (_text(10.0, (0, 0, 0)),), scale_x=0.5, scale_y=0.5),))
    assert shrunk.size == pytest.approx(5.0)


def test_survey_reports_one_line_per_element_kind() -> None:
    survey = Survey()
    survey.add("front.yaml.j2", (_text(6.0, (0, 0, 0)),))
    survey.add("front.yaml.j2", (_text(6.5, GREY_777777),))
    (line,) = survey.lines("game/deck")
    assert line.startswith("game/deck: front.yaml.j2: text 'rules': 6 pt")
    assert "contrast 4.48:1 (under 4.5:1)" in line and "on 2 faces" in line


# ------------------------------------------------------------------ the built-in games

GAMES = builtin_ids()  # all five built-in games


@functools.cache
def drawn_faces(game_id: str) -> list[tuple[str, str, tuple[Element, ...]]]:
    """(set id, template, fitted elements) of every face of a built-in game."""
    game = resolve_game(game_id)
    templates = template_set(game)
    out = []
    for component_set in game.sets.values():
        size = {"width_mm": component_set.trim.width_mm, "height_mm": component_set.trim.height_mm}
        for component in component_set.components:
            if not component.count:
                continue
            context = face_context(game, component_set, component)
            for name in filter(None, (component_set.front, component_set.back)):
                elements = templates.layout(
                    name, context, bleed_mm=3, shape=component_set.shape, label=component.id, **size
                )
                out.append((component_set.id, name, elements))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_builtin_games_print_legible_text(game: str) -> None:
    survey = Survey()
    for set_id, template, elements in drawn_faces(game):
        survey.add(f"{set_id}: {template}", elements)
    assert survey.lines(game) == []


def _texts(elements: tuple[Element, ...]) -> Iterator[Text]:
    for element in elements:
        if isinstance(element, Text):
            yield element
        elif isinstance(element, Group):
            yield from _texts(element.children)


@pytest.mark.parametrize("game", GAMES)
def test_one_text_size_per_element_kind_per_set(game: str) -> None:
    sizes: dict[tuple[str, str, str], set[float]] = defaultdict(set)
    for set_id, template, elements in drawn_faces(game):
        for text in _texts(elements):
            if text.name:
                sizes[(set_id, template, text.name)].add(round(text.size, 2))
    assert {kind: found for kind, found in sizes.items() if len(found) > 1} == {}


def test_validate_and_build_name_each_illegible_element_kind(tmp_path: Path) -> None:
    """What a user sees on stderr, from pnp run as a program: one line per element kind."""
    from hostile import SIXTH, make_game

    faint = "- text: {name: fine-print, x: 5, y: 72, w: 53, h: 5, text: Tiny, size: 6, "
    faint += "color: '#aaaaaa'}\n"
    source = (SIXTH / "templates" / "agent-front.yaml.j2").read_text() + faint
    game = make_game(tmp_path, {"templates/agent-front.yaml.j2": source})
    out = str(tmp_path / "out")
    for args in (["validate", str(game)], ["build", str(game), "--what", "cards", "--out", out]):
        run = subprocess.run(
            [sys.executable, "-m", "pnp.cli", *args], capture_output=True, text=True, timeout=HANG
        )
        warnings = [line for line in run.stderr.splitlines() if "illegible" in line]
        assert len(warnings) == 1, run.stderr  # one line for the kind, not one per card
        assert "agent-front.yaml.j2: text 'fine-print': 6 pt (under 7 pt), contrast" in warnings[0]
        assert "(under 4.5:1)" in warnings[0] and run.returncode == 0


@pytest.mark.parametrize("game", GAMES)
def test_one_ground_shortcut_judges_as_every_point_does(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Text over one fill is judged once per colour; it must give what judging each run's
    three points gives, for every text box of every face."""
    monkeypatch.setattr(legibility, "MIN_SIZE_PT", 1000.0)  # every text box is reported
    faces = [elements for _, _, elements in drawn_faces(game)]
    quick = [check_face(elements) for elements in faces]
    monkeypatch.setattr(legibility, "_one_ground", lambda points, painted: False)
    monkeypatch.setattr(legibility, "_MEASURED", forgetful())  # judged again, not remembered
    slow = [check_face(elements) for elements in faces]
    assert quick == slow
    assert sum(map(len, quick)) > 50
