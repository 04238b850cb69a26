"""Bounds on templates that no other test would miss if they broke: a loop is checked against the
render's deadline at every step, however few steps it takes.

The render's clock is replaced by one that moves on a second each time it is read, so a loop
step "takes" a second on any machine; what a step costs in real time never enters the test.
The limit is on the render's own CPU time: the stand-in's CPU clock keeps pace with its wall
clock, unless a test starves it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.errors import TemplateError
from pnp.layout import budget
from pnp.layout.templates import TemplateSet
from pnp.layout.theme import load_theme

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
SIZE = dict(width_mm=63, height_mm=88, bleed_mm=3)
STEP = "- rect: {x: 0, y: 0, w: 1, h: 1}\n"


class SteppingClock:
    """Stands in for the `time` module of pnp.layout.budget: every reading of the clock is a
    second later than the last."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.starved = False  # a busy machine: the wall clock runs, the render's CPU does not

    def monotonic(self) -> float:
        self.now += 1.0
        return self.now

    def thread_time(self) -> float:
        return 1000.0 if self.starved else self.now


def source(tmp_path: Path, template: str) -> str:
    """What the face template `template` writes for the Mole, with the sixth game's theme."""
    folder = tmp_path / "templates"
    shutil.copytree(SIXTH / "templates", folder)
    (folder / "face.yaml.j2").write_text(template, encoding="utf-8")
    templates = TemplateSet([folder], [folder], load_theme(folder / "theme.yaml"))
    return templates.source("face.yaml.j2", {}, label="Mole (mole)", **SIZE)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> SteppingClock:
    fake = SteppingClock()
    monkeypatch.setattr(budget, "time", fake)
    return fake


def steps(n: int) -> str:
    """A loop of `n` steps whose body is plain text: no call, filter or `{{ }}` in it reads the
    clock, so only the loop's own steps can notice that the deadline has passed."""
    return "{% for i in [" + ", ".join(["0"] * n) + "] %}" + STEP + "{% endfor %}"


def test_a_loop_of_ten_slow_steps_is_stopped_by_the_deadline(tmp_path, clock):
    # ten steps of a second each: far fewer than any count of steps a limit could be, and
    # well past the 5 s deadline
    with pytest.raises(TemplateError) as err:
        source(tmp_path, steps(10))
    assert "Mole (mole): the template ran for more than 5 s" in str(err.value)


def test_a_render_kept_waiting_by_a_busy_machine_is_not_stopped(tmp_path, clock):
    # ten seconds on the wall clock, hardly any of them the render's own (at a load of 12 the
    # built-in boards went past 5 s of wall time)
    clock.starved = True
    assert source(tmp_path, steps(10)) == STEP * 10


@pytest.mark.parametrize(("n", "stopped"), [(3, False), (4, False), (6, True), (7, True)])
def test_the_deadline_is_five_seconds_to_the_second(tmp_path, clock, n, stopped):
    # a second a step: 4 steps end 4 s after the render began, 6 steps 6 s after
    if stopped:
        with pytest.raises(TemplateError, match="ran for more than 5 s"):
            source(tmp_path, steps(n))
    else:
        assert source(tmp_path, steps(n)) == STEP * n


def test_nested_loops_check_the_deadline_at_every_inner_step(tmp_path, clock):
    # two outer steps of three inner steps: the deadline passes in the second outer step
    inner = steps(3)
    with pytest.raises(TemplateError, match="ran for more than 5 s"):
        source(tmp_path, "{% for i in [0, 0] %}" + inner + "{% endfor %}")


@pytest.mark.parametrize(
    "step",
    [
        "{{ x }}",  # an output
        "{% set y = x | round(1) %}",  # the filters: round, taken the shortest way
        "{% set y = x | abs %}",  # one whose result is never larger than its value
        "{% set y = x | string %}",  # one whose result is weighed
        "{% set y = [x] | sum %}",  # one whose arguments are checked before it runs
        "{% set y = range(1) %}",  # a call
    ],
    ids=["output", "round", "abs", "string", "sum", "call"],
)
def test_every_kind_of_step_checks_the_deadline(tmp_path, clock, step):
    # ten steps of one kind, nothing else reading the clock: each step reads it
    with pytest.raises(TemplateError, match="ran for more than 5 s"):
        source(tmp_path, "{% set x = 0.5 %}" + step * 10)
