"""A game's faces drawn on two cores: part here, the rest in a forked child (pnp.pipeline.workers).

Laying out faces (template, YAML, text fitting) is most of a build, and each face is
independent of the others. Two splits, each when a second core is ours:
- `sets_in_two`: a game of `LARGE_GAME` components or more draws its later sets (about half
  its components) in a child, which sends the drawn faces back (also in the worker that
  builds the largest game of a build of several, when no game waits for a worker any more:
  pnp.pipeline.workers.may_fork);
- `faces_in_two`: a set of `LARGE` components or more (a 1,000-card deck) has 47% of its
  components laid out in a child (after the first face, so it inherits the fonts and compiled
  templates), which sends back the fitted elements; they are taken through
  TemplateSet.adopt in layout order, so identical faces are one object as in one process.

Nothing a user sees changes:
- the faces are the same values whoever draws them; imposing and PDF writing stay here;
- a font the child registered is registered here after this process's part, the order a
  serial build registers it in; should it get another name here (two files with one name in a
  different order), the child's part is drawn again here;
- the child's warnings are repeated here after this process's part, in order; a child that
  fails has its part drawn again here, which raises exactly the error a serial build raises.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pnp.layout.text.fonts import load_face, loaded_fonts
from pnp.pipeline.workers import map_in_two, may_fork

LARGE = 300  # components of a set; below this, forking and sending faces back costs more
LARGE_GAME = 50  # components of a game whose sets are drawn in two parts
Item = TypeVar("Item")
Result = TypeVar("Result")


def faces_in_two(
    work: Callable[[Item], Result], items: list[Item], adopt: Callable[[Result], Result]
) -> list[Result]:
    """`[work(i) for i in items]` (a set's components), 53% here and the rest in a forked
    child when there are `LARGE` or more and no game worker has the cores."""
    if len(items) < LARGE or not may_fork(nested=False):
        return [work(i) for i in items]
    first = work(items[0])  # before the fork: the child inherits the fonts and templates
    split = len(items) * 21 // 40  # a little more here: the child starts after the fork
    return [first, *map_in_two(work, items[1:], split - 1, adopt, _same_fonts())]


def sets_in_two(
    work: Callable[[Item], Result], items: list[Item], weights: list[int]
) -> list[Result]:
    """`[work(i) for i in items]` (a game's sets), the later ones, about half the weight, in
    a forked child when the game has `LARGE_GAME` components or more."""
    if len(items) < 2 or sum(weights) < LARGE_GAME or not may_fork(nested=True):
        return [work(i) for i in items]
    total, before, split = sum(weights), 0, 0
    while split < len(items) - 1 and 2 * (before + weights[split]) <= total:
        before += weights[split]
        split += 1
    return map_in_two(work, items, max(split, 1), agree=_same_fonts())


def face_map(work: Callable[[Item], Result], items: list[Item]) -> list[Result]:
    """`[work(i) for i in items]` for faces rasterized by an export (~0.1 s each): half in a
    forked child when there are a few and a second core is ours."""
    if len(items) < 4 or not may_fork(nested=False):
        return [work(i) for i in items]
    return map_in_two(work, items, len(items) // 2)


FontCheck = tuple[Callable[[], list[tuple[str, Path]]], Callable[[list[tuple[str, Path]]], bool]]


def _same_fonts() -> FontCheck:
    """The fonts a child registered after the fork, and a check here that registers them in
    its order; False if one gets another name here."""
    before = set(loaded_fonts())

    def taken() -> list[tuple[str, Path]]:
        return [(name, path) for name, path in loaded_fonts().items() if name not in before]

    def accept(new: list[tuple[str, Path]]) -> bool:
        return all(load_face(path).name == name for name, path in new)

    return taken, accept
