"""Compiled templates kept in the user's cache folder: reused by a later process, never stale,
never used from a folder others may write to, and never a reason for a build to fail."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jinja2 import DictLoader, Environment

from pnp.layout.compiled import CompiledTemplates, cache_folder


def render(folder: Path | None, source: str) -> str:
    """Render `source` in a fresh environment, as a new process would."""
    env = Environment(loader=DictLoader({"t.j2": source}), bytecode_cache=CompiledTemplates(folder))
    return env.get_template("t.j2").render(n=2)


def test_a_later_process_reuses_the_compiled_template_and_an_edit_is_seen(tmp_path: Path):
    assert render(tmp_path, "{{ n * 3 }}") == "6"
    [stored] = tmp_path.iterdir()
    before = stored.stat().st_mtime_ns
    assert render(tmp_path, "{{ n * 3 }}") == "6"
    assert stored.stat().st_mtime_ns == before
    assert render(tmp_path, "{{ n * 5 }}") == "10"  # an edited template is compiled anew


def test_a_damaged_cache_file_is_compiled_again(tmp_path: Path):
    render(tmp_path, "{{ n }}")
    [stored] = tmp_path.iterdir()
    stored.write_bytes(b"not bytecode")
    assert render(tmp_path, "{{ n }}") == "2"


def test_an_unwritable_folder_means_compiling_in_memory(tmp_path: Path):
    folder = tmp_path / "gone"
    assert render(folder, "{{ n }}") == "2"  # the folder does not exist: no error
    assert not folder.exists()


def test_the_folder_is_used_only_when_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    folder = cache_folder()
    assert folder is not None and folder.parent == tmp_path / "cache"
    os.chmod(folder, 0o777)
    assert cache_folder() is None  # others could plant code there
    monkeypatch.setenv("PNP_CACHE", "")
    assert cache_folder() is None
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "file"))
    assert cache_folder() is None
