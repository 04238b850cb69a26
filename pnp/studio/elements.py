"""An opened face's elements as the page lists them: every top-level item of its template's
output, named or not, with the template line that wrote it, the box the template gave it (its
own coordinates: mm from the trim's top-left) beside the box its ink covers, and its text with
inline icons shown as the keyword that drew them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.draw.elements import Group, Text
from pnp.draw.footprint import named_boxes
from pnp.errors import PnpError
from pnp.layout.compiler import Item
from pnp.layout.trace import Trace, Written
from pnp.names import printable
from pnp.units import parse_length

BOX_KEYS = ("x", "y", "w", "h")


def traced_element(
    item: Item, trace: Trace, height_mm: float, where: Callable[[str | None, Written | None], str]
) -> dict[str, Any]:
    """What the page shows of one element item of a face `height_mm` tall (`where`: its
    template line from its name or from the line of output that wrote it)."""
    name = item.raw.get("name")
    written = trace.at(item.line) if item.line else None
    ink = _ink(item)
    out: dict[str, Any] = {
        "name": str(name) if name else f"element {item.number} ({item.kind})",
        "named": bool(name),
        "kind": item.kind,
        "where": where(str(name) if name else None, written),
        "box": [round(v, 2) for v in ink] if ink else None,  # mm from the bottom-left, drawn
        "ink": _top_left(ink, height_mm),
        "declared": _declared(item),
        "text": _text(item),
    }
    text = next((e for e in _leaves(item.elements) if isinstance(e, Text)), None)
    if text is not None:
        out.update(size=round(text.size, 2), lines=text.line_count)
    return out


def _ink(item: Item) -> tuple[float, float, float, float] | None:
    """The box (mm from the trim's bottom-left) the item's elements paint or outline."""
    found = named_boxes((Group(0.0, 0.0, item.elements, name="item"),))
    return found[0][1] if found else None


def _top_left(box: tuple[float, float, float, float] | None, height_mm: float) -> Any:
    """A bottom-left box as a template places it: x, y from the top-left, w, h."""
    if box is None:
        return None
    x0, y0, x1, y1 = box
    return [round(x0, 2), round(height_mm - y1, 2), round(x1 - x0, 2), round(y1 - y0, 2)]


def _declared(item: Item) -> dict[str, float] | None:
    """The box as the template wrote it (`x`, `y`, `w`, `h` in mm), where it wrote one."""
    box: dict[str, float] = {}
    for key in BOX_KEYS:
        value = item.raw.get(key)
        if value is None:
            continue
        try:
            box[key] = round(parse_length(value), 2)
        except (PnpError, TypeError, ValueError):
            continue
    return box or None


def _text(item: Item) -> str:
    """A text item's text as written (`:wood:` for an inline icon), else what it shows."""
    if item.kind == "text" and isinstance(item.raw.get("text"), str | int | float):
        return printable(str(item.raw["text"]))
    return ""


def _leaves(elements: tuple[Any, ...]) -> list[Any]:
    out, stack = [], list(elements)
    while stack:
        e = stack.pop(0)
        out.append(e)
        if isinstance(e, Group):
            stack.extend(e.children)
    return out
