"""Every built-in YAML file reads the same with libyaml's parser and PyYAML's pure-Python one
(pnp uses the second for deeply nested documents, and a designer's own tools may use either)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.catalog import yamlsource

ROOT = Path(__file__).parents[2]
FILES = sorted(
    p
    for folder in ("card_data", "templates", "pnp")
    for p in (ROOT / folder).rglob("*.y*ml")
    if p.suffix in (".yaml", ".yml")
)


def test_there_are_files_to_compare() -> None:
    assert len(FILES) > 40


@pytest.mark.skipif(not yamlsource._LIBYAML, reason="PyYAML was built without libyaml")
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_both_parsers_read_the_same(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fast = yamlsource.plain(yamlsource._parse(text, path, yamlsource._FAST))
    pure = yamlsource.plain(yamlsource._parse(text, path, yamlsource._PyLoader))
    assert fast == pure
