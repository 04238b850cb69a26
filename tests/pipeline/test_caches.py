"""pnp's private cache folder keeps dataclass methods compiled: a later process compiles none,
and its classes behave the same; a damaged, foreign or unsafe cache is never an error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# in a fresh process: import what a build imports, use a class, report what was compiled
PROBE = """
import dataclasses
import pnp.cli, pnp.pipeline.game
from pnp.io import caches
from pnp.impose.geometry import Rect
a, b = Rect(1.0, 2.0, 3.0, 4.0), Rect(1.0, 2.0, 3.0, 4.0)
assert a == b and hash(a) == hash(b) and repr(a) == "Rect(x=1.0, y=2.0, w=3.0, h=4.0)"
try:
    a.x = 5.0
except dataclasses.FrozenInstanceError:
    pass
else:
    raise SystemExit("Rect is not frozen")
kept = caches.KEPT
print("patched" if "exec" in vars(dataclasses) else "plain", kept.compiled if kept else -1)
"""


def probe(cache: str) -> tuple[str, int]:
    env = {**os.environ, "PNP_CACHE": cache}
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    )
    state, compiled = out.stdout.split()
    return state, int(compiled)


def test_a_later_process_compiles_no_dataclass_method(tmp_path: Path) -> None:
    first = probe(str(tmp_path))
    assert first[0] == "patched" and first[1] > 50  # a build's classes, compiled once
    assert probe(str(tmp_path)) == ("patched", 0)


def test_a_damaged_cache_file_is_compiled_again_and_replaced(tmp_path: Path) -> None:
    probe(str(tmp_path))
    [kept] = (tmp_path / "dataclasses").glob("*.marshal")
    kept.write_bytes(b"\xe3not marshal data")
    assert probe(str(tmp_path))[1] > 50
    assert probe(str(tmp_path)) == ("patched", 0)


def test_no_folder_or_an_unsafe_one_leaves_dataclasses_alone(tmp_path: Path) -> None:
    assert probe("") == ("plain", -1)
    shared = tmp_path / "shared"
    (shared / "dataclasses").mkdir(parents=True)
    (shared / "dataclasses").chmod(0o777)  # others could plant code there
    assert probe(str(shared)) == ("plain", -1)


def test_importing_pnp_as_a_library_leaves_dataclasses_alone(tmp_path: Path) -> None:
    """Only the `pnp` command patches `dataclasses`: a program that imports pnp keeps its own."""
    code = "import dataclasses, pnp.pipeline.game; print('exec' in vars(dataclasses))"
    env = {**os.environ, "PNP_CACHE": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr
