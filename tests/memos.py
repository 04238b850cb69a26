"""`forgetful()`: a pnp.memo.Memo that never says it knows a key, patched over one of pnp's
memos to check that working everything out afresh gives the same answers (or bytes)."""

from __future__ import annotations

from typing import Any

from pnp.memo import Memo


def forgetful() -> Memo[Any, Any]:
    memo: Memo[Any, Any] = Memo(1)
    memo.get = lambda key: None  # every lookup misses: each value is made again
    return memo
