"""Fitted elements remembered per element item of a template's output.

The faces of a set differ in a few items (a name, a rules text) and repeat the rest line for
line (a background, a frame, a label, a footer), so each top-level item of the output is read
and compiled once per distinct text and position, then reused by every face that writes it.

Reading items apart gives exactly what reading the whole output gives when every item starts
at the left edge with `- ` and nothing else is written at that level: each item is then a
document of its own. Anything else (an `elements:` mapping, a flow list, an alias to another
item, a mistake) takes the whole-output path, which is also what words every error message:
an item that fails here is compiled again there, where its line and neighbours are known.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable

from pnp.catalog.yamlsource import SourceList, parse_yaml
from pnp.draw.elements import Element
from pnp.errors import PnpError
from pnp.layout.compiler import Compiler
from pnp.layout.skeleton import parse_item
from pnp.limits import FACE_ELEMENTS

_ITEM = re.compile(r"^-(?= |$)", re.MULTILINE)  # a top-level item starts a line with "- "
_PREAMBLE = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*(?:#[^\n]*)?")  # blank or comment lines
_CACHE_SIZE = 1024

# (template path, item text, number of the item's first element, width, height, bleed)
ItemKey = tuple[str, str, int, float, float, float]
MakeCompiler = Callable[[str], Compiler]  # the output's text -> a compiler for the face


class ItemCache:
    """Compiled items of one template set (one theme and asset folder), least recent dropped."""

    def __init__(self) -> None:
        self._items: OrderedDict[ItemKey, tuple[tuple[Element, ...], int, int]] = OrderedDict()

    def compile(
        self, text: str, file: str, size: tuple[float, float, float], compiler: MakeCompiler
    ) -> tuple[Element, ...] | None:
        """The face's fitted elements from cached or newly compiled items; None when the text
        must be read whole (its form, or an error in one of its items)."""
        chunks = split_items(text)
        if chunks is None:
            return None
        out: list[Element] = []
        drawn = first = 0
        for chunk in chunks:
            key = (file, chunk, first, *size)
            hit = self._items.get(key)
            if hit is None:
                try:
                    hit = _compile_item(chunk, first, compiler(chunk))
                except PnpError:
                    return None
                self._items[key] = hit
                if len(self._items) > _CACHE_SIZE:
                    self._items.popitem(last=False)
            else:
                self._items.move_to_end(key)
            elements, count, items = hit
            out.extend(elements)
            drawn += count
            first += items
        if drawn > FACE_ELEMENTS:
            return None  # the whole-output path says so, with its message
        return tuple(out)


def split_items(text: str) -> list[str] | None:
    """The output cut before each top-level `- `; None unless only blank or comment lines
    come before the first."""
    starts = [m.start() for m in _ITEM.finditer(text)]
    if not starts or _PREAMBLE.fullmatch(text, 0, starts[0]) is None:
        return None
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def _compile_item(
    chunk: str, first: int, compiler: Compiler
) -> tuple[tuple[Element, ...], int, int]:
    """(elements, elements counted toward the face's limit, items read) of one chunk."""
    items = parse_item(chunk, compiler.origin.file)
    if items is None:
        items = parse_yaml(chunk, compiler.origin.file)
    if type(items) is not SourceList:
        raise PnpError("not a list")  # never shown: the whole output is read again
    elements = compiler.compile(items, first=first)
    return elements, compiler.drawn, len(items)
