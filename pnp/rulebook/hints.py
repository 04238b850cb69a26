"""Where a rulebook's contents and glossary pages settled last time, as the first guess of the
next build of the same book.

Platypus lays a book out until its page numbers settle: with empty contents first, then
with the pages found, then once more to see that they held, three times the work of one
layout. Pages of the same inputs settle on the same numbers, so they are kept in pnp's private
cache (pnp.io.caches) by a hash of everything the book is made from; a later build starts
from them, and when they hold, one layout is the whole build. They are a guess, checked like
any other: when they do not hold (an input the hash misses, a damaged file), Platypus goes on
as without them. No cache folder: no guess.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reportlab import Version as REPORTLAB
from reportlab.platypus import Flowable
from reportlab.platypus.tableofcontents import TableOfContents

from pnp.io.caches import private_folder, read_private, write_private
from pnp.memo import Memo
from pnp.rulebook.glossary import Glossary

_CODE = Path(__file__).resolve().parents[1]  # the pnp package: its files are inputs too
_CODE_DIGEST: Memo[Path, str] = Memo(1)  # read once a process: the code does not change under it
_MOST = 256  # books kept (a few KB each); past that, the oldest go


def built_with_hints(build: Callable[[], Any], story: list[Flowable], inputs: object) -> None:
    """`build()` (a multiBuild of `story`), its indexing flowables seeded from the last build
    of the same `inputs`, and what they settled on kept for the next."""
    indexing = [f for f in story if isinstance(f, TableOfContents | Glossary)]
    path = _path(inputs) if indexing else None
    kept = _read(path) if path is not None else None
    if kept is not None and len(kept) == len(indexing):
        for flowable, state in zip(indexing, kept, strict=True):
            _seed(flowable, state)
    build()
    if path is not None:
        states = [_state(f) for f in indexing]
        if states != kept:
            with contextlib.suppress(OSError):  # a cache that cannot be written: no guess
                write_private(path, json.dumps(states).encode())
                _prune(path.parent)


def _path(inputs: object) -> Path | None:
    folder = private_folder("rulebook-pages")
    if folder is None:
        return None
    code = _CODE_DIGEST.get_or_make(_CODE, _code_digest)
    text = repr((REPORTLAB, code, inputs))
    return folder / hashlib.sha256(text.encode()).hexdigest()[:32]


def _code_digest() -> str:
    """A hash of the package's source files, by their text (a checkout that only touches their
    times keeps it; any edit makes a new one)."""
    sha = hashlib.sha256()
    for path in sorted(_CODE.rglob("*.py")):
        sha.update(path.relative_to(_CODE).as_posix().encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


def _prune(folder: Path) -> None:
    """Keep the `_MOST` newest guesses: every edit of a book's text makes a new one."""
    kept = list(folder.iterdir())
    if len(kept) > _MOST:
        kept.sort(key=lambda p: p.stat().st_mtime_ns)
        for old in kept[: len(kept) - _MOST]:
            old.unlink(missing_ok=True)


def _read(path: Path) -> list[Any] | None:
    data = read_private(path)
    try:
        kept = json.loads(data) if data else None
    except ValueError:
        return None
    return kept if isinstance(kept, list) else None


def _state(flowable: Flowable) -> Any:
    if isinstance(flowable, Glossary):
        return flowable.settled()
    return [list(entry) for entry in flowable._entries]


def _seed(flowable: Flowable, state: Any) -> None:
    if isinstance(flowable, Glossary):
        if isinstance(state, dict):
            flowable.guess(state)
    elif isinstance(state, list) and all(isinstance(e, list) for e in state):
        flowable._entries = [tuple(entry) for entry in state]
