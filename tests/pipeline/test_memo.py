"""pnp.memo.Memo, the package's one memo type: bounded (the oldest entry dropped first), and
safe to share between threads (the studio draws faces on more than one)."""

from __future__ import annotations

import ast
import gc
import threading
import weakref
from pathlib import Path

import pytest

from pnp.memo import Memo


def test_past_its_size_the_oldest_entry_goes() -> None:
    memo: Memo[str, int] = Memo(2)
    memo.put("a", 1)
    memo.put("b", 2)
    memo.put("c", 3)
    assert len(memo) == 2 and "a" not in memo
    assert memo.get("b") == 2 and memo.get("c") == 3 and memo.get("a") is None


def test_a_value_is_made_once_and_the_first_stored_wins() -> None:
    memo: Memo[str, list[int]] = Memo(4)
    made = []
    first = memo.get_or_make("k", lambda: made.append(1) or [1])
    again = memo.get_or_make("k", lambda: made.append(2) or [2])
    assert first is again and made == [1]
    assert memo.put("k", [3]) is first  # another thread's later value: the stored one stays


def test_threads_sharing_a_memo_lose_no_entry_and_keep_its_bound() -> None:
    memo: Memo[int, int] = Memo(64)
    start = threading.Barrier(8)
    seen: list[int] = []

    def work(offset: int) -> None:
        start.wait()
        for n in range(2000):
            key = (n * 7 + offset) % 100
            seen.append(memo.get_or_make(key, lambda key=key: key * key) - key * key)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(seen) == {0} and len(memo) == 64


def test_a_key_by_identity_keeps_its_object_while_the_entry_stands() -> None:
    """An id names an object only while it lives: the memo holds it, so no other object can
    take its id and be answered for it; past the bound, the object is let go."""

    class Face:
        pass

    memo: Memo[int, str] = Memo(1)
    face = Face()
    key, alive = id(face), weakref.ref(face)
    memo.put(key, "judged", held=face)
    del face
    gc.collect()
    assert alive() is not None and memo.get(key) == "judged"
    memo.put(0, "another")  # the first entry goes, and with it the hold on its object
    gc.collect()
    assert alive() is None and memo.get(key) is None


def test_a_memo_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Memo(0)


# --- one memo type for the whole package --------------------------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "pnp"
_MAPS = {"dict", "OrderedDict", "defaultdict", "WeakValueDictionary", "WeakKeyDictionary"}
_FUNCTOOLS = {"cache", "lru_cache", "cached_property"}


def _functools_memos(tree: ast.Module) -> list[tuple[int, str]]:
    """Every use of functools' caches (`@cache`, `@lru_cache(...)`, `lru_cache(...)(f)`,
    `@cached_property`), imported by name or reached as `functools.X`."""
    local = {a.asname or a.name: a.name for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and node.module == "functools"
             for a in node.names if a.name in _FUNCTOOLS}  # fmt: skip
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in local:
            found.append((node.lineno, f"functools.{local[node.id]}"))
        elif (isinstance(node, ast.Attribute) and node.attr in _FUNCTOOLS
              and getattr(node.value, "id", "") == "functools"):  # fmt: skip
            found.append((node.lineno, f"functools.{node.attr}"))
    return found


def _module_maps(tree: ast.Module) -> list[tuple[int, str]]:
    """Module-level names bound to an empty map, an OrderedDict, an instance of a dict
    subclass or a memo type of another kind (the old identity `Recall`): a cache by hand. A
    table of constants is written out, never empty."""
    classes = {
        c.name
        for c in tree.body
        if isinstance(c, ast.ClassDef)
        and any(_name(b.value if isinstance(b, ast.Subscript) else b) in _MAPS for b in c.bases)
    }
    found = []
    for node in tree.body:
        if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
            continue
        value = node.value
        made = _name(value.func) if isinstance(value, ast.Call) else None
        empty = isinstance(value, ast.Dict) and not value.keys
        if empty or made in _MAPS | classes | {"Recall"}:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [(node.lineno, f"module-level {t.id}: {ast.unparse(value)[:40]}")
                      for t in targets if isinstance(t, ast.Name)]  # fmt: skip
    return found


def _name(node: ast.expr) -> str | None:
    """`X` of `X` or `module.X`."""
    return node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)


def hand_made_memos() -> list[str]:
    """Every cache in pnp/ that is not a pnp.memo.Memo: `file:line: what`."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "memo.py" and path.parent == PACKAGE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hits = _functools_memos(tree) + _module_maps(tree)
        where = path.relative_to(PACKAGE.parent).as_posix()
        found += [f"{where}:{line}: {what}" for line, what in sorted(hits)]
    return found


def test_every_memo_in_the_package_is_a_memo() -> None:
    """No functools cache, module-level dict filled as it runs, or identity memo of another
    kind: each is a bounded, thread-safe pnp.memo.Memo, looked up the one way."""
    found = hand_made_memos()
    assert not found, "caches that are not a pnp.memo.Memo:\n" + "\n".join(found)
