"""A one-colour SVG icon drawn in the colour a theme gives it, without its background square.

Icon sets such as game-icons.net draw each icon white on a black square that fills the whole
picture. Recolouring paints every filled or stroked shape in one colour, so the square has to go
first: the first shape drawn, when it covers the whole picture, is left out.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from reportlab.graphics.shapes import Drawing, Group, mmult, transformPoint
from reportlab.lib.colors import Color

from pnp.draw.elements import RGB
from pnp.memo import Memo

_FULL = 0.99  # a background covers at least this share of the picture each way
_cache: Memo[tuple[str, RGB | None, bool], Drawing] = Memo(256)


def tinted(drawing: Drawing, digest: str, tint: RGB | None, drop_background: bool) -> Drawing:
    """A copy of `drawing` with every shape in `tint` (None: as it is) and, with
    `drop_background`, its full-size background square left out; made once per process."""
    return _cache.get_or_make((digest, tint, drop_background),
                              lambda: _made(drawing, tint, drop_background))  # fmt: skip


def _made(drawing: Drawing, tint: RGB | None, drop_background: bool) -> Drawing:
    made = copy.deepcopy(drawing)  # the parsed drawing is shared: never changed
    if drop_background:
        _drop_background(made)
    if tint is not None:
        colour = Color(*tint)
        for _, shape, _ in _leaves(made, (1, 0, 0, 1, 0, 0)):
            for attribute in ("fillColor", "strokeColor"):
                if getattr(shape, attribute, None) is not None:
                    setattr(shape, attribute, colour)
    return made


def _drop_background(drawing: Drawing) -> None:
    """Leave out the first painted shape when it covers the whole picture."""
    width, height = float(drawing.width), float(drawing.height)
    for parent, shape, matrix in _leaves(drawing, (1, 0, 0, 1, 0, 0)):
        if (
            getattr(shape, "fillColor", None) is None
            and getattr(shape, "strokeColor", None) is None
        ):
            continue
        x0, y0, x1, y1 = _bounds(shape, matrix)
        covers = (
            x0 <= (1 - _FULL) * width and y0 <= (1 - _FULL) * height
            and x1 >= _FULL * width and y1 >= _FULL * height
        )  # fmt: skip
        if covers:
            parent.contents.remove(shape)
        return


def _leaves(group: Any, matrix: tuple[float, ...]) -> Iterator[tuple[Any, Any, tuple[float, ...]]]:
    """(parent group, shape, transform to the drawing's space) for every shape, in paint order."""
    for shape in list(group.contents):
        if isinstance(shape, Group):
            inner = mmult(matrix, tuple(shape.transform)) if shape.transform else matrix
            yield from _leaves(shape, inner)
        else:
            yield group, shape, matrix


def _bounds(shape: Any, matrix: tuple[float, ...]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = shape.getBounds()
    corners = [transformPoint(matrix, (x, y)) for x in (x0, x1) for y in (y0, y1)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)
