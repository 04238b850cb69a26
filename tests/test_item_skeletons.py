"""Template output items read by their skeletons (pnp.layout.skeleton) read exactly as YAML."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.catalog.games import load_builtin_games
from pnp.catalog.yamlsource import SourceDict, SourceList, parse_yaml
from pnp.errors import InputError
from pnp.layout import items as items_module
from pnp.layout.sandbox import to_yaml
from pnp.layout.skeleton import parse_item
from pnp.pipeline.faces import render_set_faces, template_set


def lines(value: Any) -> Any:
    """A parsed value with the lines it remembers (what error messages are worded from)."""
    if type(value) is SourceDict:
        return (value.line, dict(value.key_lines), [(k, lines(v)) for k, v in value.items()])
    if type(value) is SourceList:
        return (value.line, value.item_lines, [lines(v) for v in value])
    return (type(value).__name__, value)


def same_as_yaml(chunk: str) -> bool:
    """True when the skeleton path read `chunk`; fails the test if it read it otherwise."""
    fast = parse_item(chunk, "face.yaml.j2")
    try:
        slow = parse_yaml(chunk, "face.yaml.j2")
    except InputError:
        assert fast is None, chunk  # what YAML refuses never comes back from a skeleton
        return False
    if fast is None:
        return False
    assert lines(fast) == lines(slow), chunk
    return True


def test_every_item_of_the_built_in_games_reads_as_yaml_reads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str] = []

    def checked(chunk: str, file: str) -> Any:
        seen.append(chunk)
        return parse_item(chunk, file)

    monkeypatch.setattr(items_module, "parse_item", checked)
    for game in load_builtin_games():
        templates = template_set(game)
        for component_set in game.sets.values():
            render_set_faces(game, component_set, templates, 3.0)
    fast = [chunk for chunk in seen if same_as_yaml(chunk)]
    assert len(seen) > 1000
    assert len(fast) > len(seen) // 2  # most items with quoted texts take the quick path


ODD = list("\"\\\n\t\r\x01\x7f\x85é日😀\ud800\ue000':#{}[], -&*!|>%@`")


def test_texts_through_the_yaml_filter_read_as_yaml_reads_them() -> None:
    rng = random.Random(11)
    taken = 0
    for _ in range(3000):
        text = "".join(rng.choice(ODD + ["a", "B", "7"]) for _ in range(rng.randint(0, 12)))
        other = "".join(rng.choice(ODD + ["x"]) for _ in range(rng.randint(0, 4)))
        chunk = (
            f"- text: {{x: 6, y: 6, w: 51, h: 10, text: {to_yaml(text)}, size: 12, "
            f"label: {to_yaml(other)}}}\n"
        )
        taken += same_as_yaml(chunk)
        same_as_yaml(f'- text: {{text: "{text}", note: "{other}"}}  # "{other}"\n')  # as written
    assert taken > 500  # the quick path is taken, and where it is, it reads as YAML does


@pytest.mark.parametrize(
    "chunk",
    [
        '- {"text": "k", y: "2"}\n',
        '- {"a":"b", "c" : "d"}\n',
        "- text: 'say \"hi\"'\n",
        '- text: plain "hi" x  # "c"\n',
        '- text: "a\\x41"\n',
        '- text: "\\ud83d\\ude00"\n',
        '- text: "one"\n  more: ["a", "b"]\n',
        '- text: {text: "x", text: "y"}\n',
        '- text: "\ue0000"\n',
        "- text: \ue0000\n",
    ],
)
def test_odd_items_read_as_yaml_reads_them(chunk: str) -> None:
    same_as_yaml(chunk)
