"""A rulebook built again starts from the page numbers its last build settled on: one layout
instead of three, and the same bytes; a wrong or damaged guess is checked, never trusted."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"


def book(out: Path, cache: Path, layouts: list[int]) -> tuple[bytes, int]:
    """The sixth game's rulebook built into `out` with `cache` as pnp's cache folder, and how
    many layouts it took."""
    layouts.clear()
    args = ["build", str(SIXTH), "--what", "rulebook", "--out", str(out)]
    result = CliRunner().invoke(main, args, env={"PNP_CACHE": str(cache), "PNP_JOBS": "1",
                                                 "SOURCE_DATE_EPOCH": "1700000000"})  # fmt: skip
    assert result.exit_code == 0, result.output
    (pdf,) = out.rglob("*rulebook*.pdf")
    return pdf.read_bytes(), len(layouts)


def test_a_rebuilt_rulebook_is_laid_out_once_and_is_the_same_bytes(
    tmp_path: Path, layouts: list[int]
) -> None:
    cache = tmp_path / "cache"
    cold, cold_passes = book(tmp_path / "a", cache, layouts)
    assert cold_passes >= 2  # the contents' page numbers are found, then checked
    warm, warm_passes = book(tmp_path / "b", cache, layouts)
    assert (warm, warm_passes) == (cold, 1)


def test_a_wrong_or_damaged_guess_changes_no_byte(tmp_path: Path, layouts: list[int]) -> None:
    cache = tmp_path / "cache"
    cold, _ = book(tmp_path / "a", cache, layouts)
    (kept,) = (cache / "rulebook-pages").iterdir()
    states = json.loads(kept.read_text())
    toc = next(s for s in states if isinstance(s, list) and s)
    for entry in toc:
        entry[2] += 1  # every chapter a page later than it is
    kept.write_text(json.dumps(states))
    wrong, wrong_passes = book(tmp_path / "b", cache, layouts)
    assert wrong == cold and wrong_passes >= 2
    kept.write_bytes(b"\x00not json")
    assert book(tmp_path / "c", cache, layouts)[0] == cold


def test_the_cache_keeps_the_newest_guesses_only(
    tmp_path: Path, layouts: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pnp.rulebook import hints

    monkeypatch.setattr(hints, "_MOST", 3)
    folder = tmp_path / "cache" / "rulebook-pages"
    folder.mkdir(parents=True, mode=0o700)
    for i in range(5):  # guesses of books edited since
        old = folder / f"old-{i}"
        old.write_text("[]")
        os.utime(old, (1_000_000_000 + i, 1_000_000_000 + i))
    book(tmp_path / "a", tmp_path / "cache", layouts)
    assert sorted(p.name for p in folder.iterdir())[-2:] == ["old-3", "old-4"]
    assert len(list(folder.iterdir())) == 3


def test_a_checkout_that_only_touches_source_times_keeps_the_guess(
    tmp_path: Path, layouts: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guess is keyed on the package's source text: files given new times and no new text
    (a checkout, a copy) leave a rebuild at one layout; a changed file starts afresh."""
    from pnp.rulebook import hints

    code = tmp_path / "pnp"
    code.mkdir()
    (code / "a.py").write_text("A = 1\n")
    monkeypatch.setattr(hints, "_CODE", code)
    cache = tmp_path / "cache"
    hints._CODE_DIGEST.clear()  # a new process reads the code again
    first, _ = book(tmp_path / "a", cache, layouts)
    os.utime(code / "a.py", ns=(1_000_000_000, 1_000_000_000))
    hints._CODE_DIGEST.clear()
    assert book(tmp_path / "b", cache, layouts) == (first, 1)
    (code / "a.py").write_text("A = 2\n")
    hints._CODE_DIGEST.clear()
    again, again_passes = book(tmp_path / "c", cache, layouts)
    assert again == first and again_passes >= 2
    hints._CODE_DIGEST.clear()
