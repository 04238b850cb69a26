"""A job on the other core (pnp.pipeline.workers): its answer, its messages, its errors."""

from __future__ import annotations

import logging
import os
import threading
import time

import pytest

from pnp.pipeline import workers


@pytest.fixture(autouse=True)
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_JOBS", "2")


def test_the_answer_comes_from_a_child_and_its_messages_are_repeated_here(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def job() -> int:
        logging.getLogger("pnp.test").warning("from %s", "the child")
        return os.getpid()

    later = workers.in_background(job)
    with caplog.at_level(logging.WARNING):
        pid = later.result()
    assert pid != os.getpid()  # it ran in another process
    assert [r.getMessage() for r in caplog.records] == ["from the child"]


def test_a_job_that_fails_in_the_child_fails_here_with_its_own_error() -> None:
    def job() -> None:
        raise ValueError("the back template is broken")

    later = workers.in_background(job)
    with pytest.raises(ValueError, match="the back template is broken"):
        later.result()


def test_without_a_second_core_the_job_runs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_JOBS", "1")
    assert not workers.may_fork(nested=False)
    assert workers.in_background(os.getpid).result() == os.getpid()


def test_a_process_running_threads_never_forks() -> None:
    """As the studio's: a child forked beside its server and watch threads could hang on a
    lock one of them held; the job runs here instead."""
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    try:
        assert not workers.may_fork(nested=False)
        assert workers.in_background(os.getpid).result() == os.getpid()
    finally:
        stop.set()
        thread.join()
    assert workers.in_background(os.getpid).result() != os.getpid()  # alone again: it forks


def test_cancel_stops_the_child() -> None:
    later = workers.in_background(lambda: __import__("time").sleep(30))
    pid = later._pid
    later.cancel()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def _may_split_now(index: int, events: list) -> bool:
    return workers.may_fork(nested=True)


def _may_split_once_all_taken(index: int, events: list) -> bool:
    """Whether a pool worker may fork a child of its own, asked once every item has been
    taken up by a worker (waiting at most 20 s for that)."""
    for _ in range(2000):
        if not workers._waiting.value:
            break
        time.sleep(0.01)
    return workers.may_fork(nested=True)


def test_the_largest_games_worker_splits_only_once_no_game_waits() -> None:
    # three games on two workers: while the first builds, the third waits for a worker
    waiting = [outcome[0] for outcome in workers.in_order(_may_split_now, 3, [0, 1, 2], 2)]
    assert waiting == [False, False, False]
    # two games on two workers: both are taken at once, so the first may split
    idle = [outcome[0] for outcome in workers.in_order(_may_split_once_all_taken, 2, [0, 1], 2)]
    assert idle == [True, False]  # only the largest game's worker ("first") splits
