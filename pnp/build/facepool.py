"""A large set's faces laid out on two cores: the first part here, the rest in a forked worker.

Laying out a face (template, YAML, text fitting) is most of a big deck's build, and each face
is independent of the others. For a set of `LARGE` components or more, when a second core is
ours and the build is not itself in a worker (pnp.build.parallel), a forked worker lays out the
second part of the components while this process lays out the first; the worker sends back the
fitted elements (plain frozen dataclasses), which this process then wraps and paints exactly as
if it had laid them out itself, in component order.

Nothing a user sees changes:
- the elements are the same values whoever fits them; painting, keys and PDF writing stay here;
- a font the worker registered is registered here after this process's own part, the order a
  serial build registers it in; should it get another name here (two files with one name in a
  different order), the worker's part is laid out again here;
- when the worker fails (a template error in its part, say), its part is laid out again here,
  which raises exactly the error a serial build raises.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pnp.build.parallel import in_worker, jobs
from pnp.layout.fonts import load_face, loaded_fonts

LARGE = 300  # components; below this, forking and sending the elements back costs more
Item = TypeVar("Item")
Result = TypeVar("Result")


def map_in_two(
    work: Callable[[Item], Result], items: list[Item], adopt: Callable[[Result], Result]
) -> list[Result]:
    """`[work(i) for i in items]`, the second half in a forked worker when worth it; each of
    the worker's results passes through `adopt` here, in order, after this process's half."""
    if len(items) < LARGE or jobs() < 2 or in_worker() or not _can_fork():
        return [work(i) for i in items]
    half = len(items) * 11 // 20  # the worker starts later and pays for the fork
    first = work(items[0])  # before the fork: the worker inherits the fonts and templates
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    fonts_before = set(loaded_fonts())
    worker = context.Process(target=_lay_out, args=(work, items[half:], fonts_before, send))
    worker.start()
    send.close()
    try:
        mine = [first, *(work(i) for i in items[1:half])]
        theirs = _receive(receive)
    finally:
        receive.close()
        worker.join(timeout=5)
        if worker.is_alive():
            worker.kill()
            worker.join()
    if theirs is None or not _same_fonts(theirs[1]):
        return [*mine, *(work(i) for i in items[half:])]
    return [*mine, *map(adopt, theirs[0])]


def _lay_out(work: Callable[[Any], Any], items: list[Any], before: set[str], send: Any) -> None:
    """In the worker: lay out `items`; send them and the fonts registered since the fork."""
    try:
        done = [work(i) for i in items]
        new = [(name, path) for name, path in loaded_fonts().items() if name not in before]
        send.send((done, new))
    except Exception:  # noqa: BLE001 - the parent lays these out again and raises the error
        send.send(None)
    finally:
        send.close()


def _receive(receive: Any) -> tuple[list[Any], list[tuple[str, Path]]] | None:
    try:
        return receive.recv()
    except (EOFError, OSError):  # the worker died without a word
        return None


def _same_fonts(new: list[tuple[str, Path]]) -> bool:
    """Register the worker's fonts here, in its order; False if one gets another name."""
    return all(load_face(path).name == name for name, path in new)


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()
