"""Finding the components a person names, by id or by name, and the closest names when none fit.

Shared by `required` rules (`cards: [...]`) and deck lists, so a card is named the same way in
both: its id, or its name when only one card has it, in English or in another language the
catalog holds (a field `name_ja`, `name_de`, ...); case and spacing do not matter. A suggestion
is never itself ambiguous: a name several cards share is offered as their ids.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from pnp.catalog.model import Component, ComponentSet, Game
from pnp.errors import InputError, UnknownNameError
from pnp.names import closest, describe, quote

# Fields holding a component's name in another language: name_ja, name_de, name_pt-br ...
OTHER_NAME = re.compile(r"name_[a-z]{2,3}(?:[-_][a-z]{2,4})?\Z")


def names_of(thing: Component | ComponentSet) -> list[str]:
    """The name, then the names in other languages a component carries (`name_ja`, ...)."""
    names = [thing.name]
    fields = thing.fields if isinstance(thing, Component) else {}
    names += [v for k, v in fields.items() if OTHER_NAME.match(str(k)) and isinstance(v, str)]
    return names


def find_components(ref: object, components: Iterable[Component]) -> list[Component]:
    """Components `ref` names: the one with that id, else every one with that name.

    Case-insensitive, spaces collapsed; several results mean the name is ambiguous.
    """
    key = fold(ref)
    components = list(components)
    by_id = [c for c in components if fold(c.id) == key]
    return by_id or [c for c in components if any(fold(n) == key for n in names_of(c))]


def suggest(ref: object, things: Iterable[Component | ComponentSet], n: int = 3) -> list[str]:
    """Up to `n` ids or names closest to `ref`; a name several things share is offered as
    their ids, so every suggestion can be written back as it is."""
    owners: dict[str, list[str]] = {}
    things = list(things)
    for t in things:  # names first so an id that differs only by case wins the tie
        for name in names_of(t):
            ids = owners.setdefault(name, [])
            if t.id not in ids:
                ids.append(t.id)
    for t in things:
        owners[t.id] = [t.id]
    hits: list[str] = []
    seen: set[str] = set()
    for hit in closest(str(ref), owners, n=n * 2):
        ids = owners[hit]
        offers = [(hit, ids[0])] if len(ids) == 1 else [(i, i) for i in ids]
        for text, owner in offers:
            if owner not in seen:
                seen.add(owner)
                hits.append(text)
    return hits[:n]


def fold(text: object) -> str:
    """`  Red   Boss` -> `red boss`: the form names are compared in."""
    return " ".join(str(text).split()).casefold()


# --- what a deck list names ------------------------------------------------------------------


def resolve_deck(game: Game, ref: object, path: Path, line: int | None) -> ComponentSet:
    """A deck named by id or name (case-insensitive)."""
    if isinstance(ref, bool) or not isinstance(ref, str | int) or str(ref).strip() == "":
        raise InputError(f"expected a deck id, found {describe(ref)}", file=path, line=line)
    key = fold(ref)
    for deck in game.decks.values():
        if key in (fold(deck.id), fold(deck.name)):
            return deck
    other = game.sets.get(str(ref))
    if other is not None:
        raise InputError(
            f"{quote(ref)} is a set of {other.kind}s, not a deck of cards "
            f"(decks: {', '.join(game.decks) or 'none'})",
            file=path,
            line=line,
        )
    raise UnknownNameError(
        f"no deck {quote(ref)} in {game.id} (decks: {', '.join(game.decks) or 'none'})",
        file=path,
        line=line,
        suggestions=suggest(ref, game.decks.values()),
    )


def resolve_card(
    game: Game, ref: object, deck: ComponentSet | None, path: Path, line: int | None
) -> Component:
    """The card `ref` names (id or unambiguous name), within `deck` when given."""
    if isinstance(ref, bool) or not isinstance(ref, str | int | float) or str(ref).strip() == "":
        raise InputError(f"expected a card id or name, found {describe(ref)}", file=path, line=line)
    cards = [c for d in game.decks.values() for c in d.components]
    pool = deck.components if deck else cards
    found = find_components(ref, pool)
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        ids = ", ".join(c.id for c in found)
        raise InputError(
            f"{quote(ref)} is ambiguous: it names {len(found)} cards ({ids})",
            file=path,
            line=line,
            hint="write the card's id instead",
        )
    if deck is not None:
        elsewhere = find_components(ref, [c for c in cards if c.set_id != deck.id])
        if elsewhere:
            holders = ", ".join(sorted({c.set_id for c in elsewhere}))
            raise InputError(
                f"{quote(ref)} is not in deck {deck.id!r}; it is in {holders}",
                file=path,
                line=line,
                hint=f"move it under [{elsewhere[0].set_id}]",
            )
    _refuse_pieces(game, ref, path, line)
    scope = f"deck {deck.id!r}" if deck else game.id
    raise UnknownNameError(
        f"no card {quote(str(ref))} in {scope}",
        file=path,
        line=line,
        suggestions=suggest(ref, pool),
    )


def _refuse_pieces(game: Game, ref: object, path: Path, line: int | None) -> None:
    """A marker, token or board named in a deck list: say what it is, not "no card"."""
    pieces = [c for s in game.sets.values() if not s.is_deck for c in s.components]
    found = find_components(ref, pieces)
    if not found:
        return
    piece = found[0]
    kind = "piece" if len({c.kind for c in found}) > 1 else piece.kind
    what = f"{kind}s" if len(found) > 1 else f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    sets = ", ".join(dict.fromkeys(game.sets[c.set_id].name for c in found))
    verb = "are" if len(found) > 1 else "is"
    decks = ", ".join(game.decks)
    raise InputError(
        f"{quote(str(ref))} {verb} {what} (set {sets}), not a card; deck lists hold cards",
        file=path,
        line=line,
        hint=f"decks of {game.id}: {decks}" if decks else f"{game.id} has no decks of cards",
    )
