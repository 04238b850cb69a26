"""Finding the components a person names, by id or by name, and the closest names when none fit.

Shared by `required` rules (`cards: [...]`) and deck lists, so a card is named the same way in
both: its id, or its name when only one card has it; case and spacing do not matter.
"""

from __future__ import annotations

from collections.abc import Iterable

from pnp.catalog.model import Component, ComponentSet
from pnp.names import closest


def find_components(ref: object, components: Iterable[Component]) -> list[Component]:
    """Components `ref` names: the one with that id, else every one with that name.

    Case-insensitive, spaces collapsed; several results mean the name is ambiguous.
    """
    key = fold(ref)
    components = list(components)
    by_id = [c for c in components if fold(c.id) == key]
    return by_id or [c for c in components if fold(c.name) == key]


def suggest(ref: object, things: Iterable[Component | ComponentSet], n: int = 3) -> list[str]:
    """Up to `n` ids or names closest to `ref`, naming each component (or set) once."""
    owner: dict[str, str] = {}
    things = list(things)
    for t in things:  # names first so an id that differs only by case wins the tie
        owner.setdefault(t.name, t.id)
    for t in things:
        owner[t.id] = t.id
    hits: list[str] = []
    seen: set[str] = set()
    for hit in closest(str(ref), owner, n=n * 2):
        if owner[hit] not in seen:
            seen.add(owner[hit])
            hits.append(hit)
    return hits[:n]


def fold(text: object) -> str:
    """`  Red   Boss` -> `red boss`: the form names are compared in."""
    return " ".join(str(text).split()).casefold()
