"""A job on the other core (pnp.pipeline.workers): its answer, its messages, its errors."""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading

import pytest
from hang import HANG

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


# Set by the pool's workers (they inherit them when the pool forks): the order of what they did,
# not how long it took, decides each answer below.
_asked = multiprocessing.get_context("fork").Event()  # the first game's worker has asked
_taken = multiprocessing.get_context("fork").Event()  # the second game has a worker


def _may_split_while_a_game_waits(index: int, events: list) -> bool:
    """Whether a pool worker may fork, asked by the first game's worker while the third game
    still waits: the second game's worker holds its worker until the first has asked."""
    if index == 0:
        answer = workers.may_fork(nested=True)
        _asked.set()
        return answer
    assert _asked.wait(HANG)
    return workers.may_fork(nested=True)


def _may_split_once_all_taken(index: int, events: list) -> bool:
    """Whether a pool worker may fork a child of its own, asked by the first game's worker
    once the second game's worker has taken it up."""
    if index == 0:
        assert _taken.wait(HANG)
    else:
        _taken.set()
    return workers.may_fork(nested=True)


def test_the_largest_games_worker_splits_only_once_no_game_waits() -> None:
    # three games on two workers: while the first builds, the third waits for a worker
    _asked.clear()
    outcomes = workers.in_order(_may_split_while_a_game_waits, 3, [0, 1, 2], 2)
    assert [outcome[0] for outcome in outcomes] == [False, False, False]
    # two games on two workers: both are taken at once, so the first may split
    _taken.clear()
    idle = [outcome[0] for outcome in workers.in_order(_may_split_once_all_taken, 2, [0, 1], 2)]
    assert idle == [True, False]  # only the largest game's worker ("first") splits
