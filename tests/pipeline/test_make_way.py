"""`make_way`, the last step before a file moves into the output folder: it makes the missing
folders one by one and never goes through a link, which could lead anywhere (a write outside
the output folder), nor through a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.io.outputs import make_way


def test_the_missing_folders_are_made_outermost_first(tmp_path: Path) -> None:
    made = make_way(tmp_path, tmp_path / "game" / "tts" / "deck")
    assert made == [
        tmp_path / "game",
        tmp_path / "game" / "tts",
        tmp_path / "game" / "tts" / "deck",
    ]
    assert make_way(tmp_path, tmp_path / "game" / "tts") == []  # there already


@pytest.mark.parametrize("depth", [1, 2])
def test_a_link_in_the_way_is_refused_and_nothing_is_made_beyond_it(tmp_path: Path, depth):
    base, outside = tmp_path / "out", tmp_path / "elsewhere"
    base.mkdir()
    outside.mkdir()
    parent = base / "game" if depth == 2 else base
    parent.mkdir(exist_ok=True)
    (parent / "tts").symlink_to(outside, target_is_directory=True)
    with pytest.raises(NotADirectoryError):
        make_way(base, parent / "tts" / "deck")
    assert list(outside.iterdir()) == []  # nothing written outside the output folder


def test_a_file_in_the_way_is_refused(tmp_path: Path) -> None:
    (tmp_path / "game").write_text("a file")
    with pytest.raises(NotADirectoryError):
        make_way(tmp_path, tmp_path / "game" / "tts")
