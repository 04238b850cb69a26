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


def strictly(value: Any) -> Any:
    """`lines`, telling 0.0 from -0.0 too."""
    if type(value) is SourceDict:
        return (value.line, dict(value.key_lines), [(k, strictly(v)) for k, v in value.items()])
    if type(value) is SourceList:
        return (value.line, value.item_lines, [strictly(v) for v in value])
    return (type(value).__name__, repr(value))


NUMBERS = ["0", "-0", "7", "-7", "0.5", "-0.0", "12.250", "91.38888888888889", "123456789012345",
           "1234567890123456", "007", "1e3", "1.5e+3", "+3", "1_000", ".5", "5.", "0x1F", "1:30",
           "1234567890123456789012", "3.14159265358979323846264338327950288"]  # fmt: skip
PLACES = [
    "- {k: N}\n", "- [N, N]\n", "- k: N\n", "- k: N # c\n", "- k: N, N\n", "- {k: !!str N}\n",
    "- {k: &a N, j: *a}\n", "- {N: x}\n", "- {k: 'a: N'}\n", "- k: N\n  more\n", "- N\n",
    "- k: |\n    a: N\n", "- {k: N N}\n", "- - N\n", "- [N: x]\n", "- {k: N}  # k: N\n",
    "- {k: [[N, N], [N, N]]}\n", "- {k: N,\n   j: N}\n", "- {k: -N}\n", "- {k: N#c}\n",
    "- k: N]\n", "- {k: ! N}\n", '- {k: "s", j: N}\n', "- {a: {b: {c: N}}}\n",
]  # fmt: skip


def test_numbers_read_as_yaml_reads_them() -> None:
    """Plain numbers taken out of a skeleton come back as YAML reads them (int, float, text,
    0.0 or -0.0), or the item is read as written."""
    rng = random.Random(5)
    taken = 0
    for _ in range(3000):
        place = rng.choice(PLACES)
        chunk = "".join(
            part + (rng.choice(NUMBERS) if i < place.count("N") else "")
            for i, part in enumerate(place.split("N"))
        )
        fast = parse_item(chunk, "face.yaml.j2")
        try:
            slow = parse_yaml(chunk, "face.yaml.j2")
        except InputError:
            assert fast is None, chunk
            continue
        if fast is not None:
            taken += 1
            assert strictly(fast) == strictly(slow), chunk
    assert taken > 500


def test_one_skeleton_gives_each_item_its_own_numbers_and_texts() -> None:
    """Items of one shape share a parsed skeleton, never each other's values: a deck's names
    at one place, a board's pieces at many."""
    places = [(1, 2), (1, 2), (1, 2), (1.5, -2), (0, 0.25), (1.5, -2), (7, 8), (1, 2)]
    written = [
        f'- {{star: {{name: "s{i}", cx: {x}, cy: {y}, r: 3, fill: "ink"}}}}\n'
        for i, (x, y) in enumerate(places)
    ]
    fast = [parse_item(chunk, "board.yaml.j2") for chunk in written]
    assert [strictly(f) for f in fast] == [strictly(parse_yaml(c, "b")) for c in written]
    assert [(f[0]["star"]["name"], f[0]["star"]["cx"]) for f in fast] == [
        (f"s{i}", x) for i, (x, _) in enumerate(places)
    ]
