"""pnp.memo.Memo, the package's one memo type: bounded (the oldest entry dropped first), and
safe to share between threads (the studio draws faces on more than one)."""

from __future__ import annotations

import threading

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


def test_a_memo_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Memo(0)
