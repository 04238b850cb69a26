"""Read a user's deck list: how many copies of which card, per deck of a game.

Two formats (docs/catalog-format.md, "Deck lists"):

- text: `3 Scout` or `3x scout` per line, `#` comments, blank lines, and
  optional `[deck-id]` section lines that say which deck the following cards belong to;
- YAML: `{game: GAME-ID, decks: {DECK-ID: {CARD: COUNT}}}`.

A card is named by its id or by an unambiguous name (case-insensitive), within the section's
deck when there is one. The same card named twice adds up. Anything wrong is an InputError with
the file, the line, what was expected and, for names, the closest known ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pnp.catalog.fields import Fields
from pnp.catalog.model import Component, ComponentSet, Game
from pnp.catalog.yamlsource import parse_yaml, read_text, where
from pnp.errors import InputError
from pnp.limits import COPIES
from pnp.names import closest, describe, quote, shorten
from pnp.rules.lookup import resolve_card, resolve_deck

YAML_SUFFIXES = (".yaml", ".yml")
TEXT_SUFFIXES = (".txt", ".text", ".deck", ".dec", ".list")
YAML_KEYS = ("game", "decks", "name", "note")
# `3 Scout`, `3x Scout`, `3× Scout`; the count is checked apart so `-2` or `2.5` get a
# precise message instead of "not a deck-list line".
_COUNT_LINE = re.compile(r"^(?P<count>[+-]?\d+(?:[.,]\d+)?)[xX×]?\s+(?P<name>\S.*)$")
_SECTION = re.compile(r"^\[(?P<deck>[^\]]*)\]$")
_COMMENT = re.compile(r"(^|\s)#.*$")
_YAML_START = re.compile(r"^(game|decks)\s*:")


@dataclass
class DeckList:
    """Copies per card per deck, in the order the list gives them (component ids)."""

    path: Path
    format: str  # "text" or "yaml"
    decks: dict[str, dict[str, int]] = field(default_factory=dict)
    sections: list[str] = field(default_factory=list)  # decks named by [section] or YAML key
    # deck id -> (line, copies) of the cards listed outside any section, filed by their deck
    loose: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(n for cards in self.decks.values() for n in cards.values())

    def add(self, deck_id: str, component: Component | None, count: int) -> None:
        """Count `count` more copies (a section with no card yet still names its deck)."""
        cards = self.decks.setdefault(deck_id, {})
        if component is not None:
            cards[component.id] = cards.get(component.id, 0) + count

    @property
    def main_deck(self) -> str | None:
        """The deck the list is about: its first section, else the deck with the most cards."""
        if self.sections:
            return self.sections[0]
        sizes = {deck: sum(cards.values()) for deck, cards in self.decks.items()}
        return max(sizes, key=lambda d: sizes[d]) if sizes else None

    def filing_notes(self, game: Game) -> list[str]:
        """`1 card of Crisis: China listed outside any section (line 4); it counts toward deck
        crisis-chn, not dossier`, for each deck other than the main one that such cards fill."""
        main = self.main_deck
        notes = []
        for deck_id, entries in self.loose.items():
            if deck_id == main:
                continue
            n = sum(copies for _, copies in entries)
            lines = ", ".join(str(line) for line, _ in entries)
            where = f"line{'s' if len(entries) > 1 else ''} {lines}"
            verb = "it counts" if n == 1 else "they count"
            notes.append(
                f"{n} card{'s' if n != 1 else ''} of {game.sets[deck_id].name} listed outside any "
                f"section ({where}); {verb} toward deck {deck_id}, not {main}"
            )
        return notes

    def summary(self) -> str:
        """`main 40 cards, side 15 cards`."""
        return ", ".join(
            f"{deck} {n} card{'s' if n != 1 else ''}"
            for deck, n in ((d, sum(c.values())) for d, c in self.decks.items())
        )


def read_decklist(game: Game, path: Path | str) -> DeckList:
    """Read a deck list file (text or YAML, by extension or, failing that, by content)."""
    path = Path(path)
    return parse_decklist(game, read_text(path, what="deck list"), path)


def parse_decklist(game: Game, text: str, path: Path | str) -> DeckList:
    """A deck list's text (text or YAML, by `path`'s extension or, failing that, by content),
    named `path` in messages: what a file holds, or what a person pasted."""
    path = Path(path)
    if "\x00" in text:
        raise InputError("this is a binary file, not a deck list", file=path)
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise InputError(_empty_message(), file=path)
    if _is_yaml(path, text):
        return parse_yaml_decklist(game, text, path)
    return parse_text_decklist(game, text, path)


def _is_yaml(path: Path, text: str) -> bool:
    suffix = path.suffix.lower()
    if suffix in YAML_SUFFIXES:
        return True
    if suffix in TEXT_SUFFIXES:
        return False
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return bool(_YAML_START.match(line)) or line in ("---", "{")
    return False


def _empty_message() -> str:
    return "empty deck list: no cards (expected lines such as `3 Scout`)"


def parse_text_decklist(game: Game, text: str, path: Path | str) -> DeckList:
    """Parse the text format: `N card` lines, `# comments`, optional `[deck]` sections."""
    path = Path(path)
    result = DeckList(path, "text")
    deck: ComponentSet | None = None
    # split on newlines only, so line numbers agree with editors (read_text already turned
    # \r\n and \r into \n); str.splitlines would also split at form feeds and U+2028
    for number, raw in enumerate(text.split("\n"), start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line:
            continue
        section = _SECTION.match(line)
        if section:
            deck = resolve_deck(game, section.group("deck").strip(), path, number)
            result.add(deck.id, None, 0)
            result.sections.append(deck.id)
            continue
        m = _COUNT_LINE.match(line)
        if not m:
            raise InputError(
                f"expected `COUNT CARD` (e.g. `3 Scout` or `3x scout`) "
                f"or a `[deck]` section, found {quote(line)}",
                file=path,
                line=number,
            )
        count = _text_count(m.group("count"), path, number)
        card = resolve_card(game, m.group("name").strip(), deck, path, number)
        result.add(card.set_id, card, count)
        if deck is None:
            result.loose.setdefault(card.set_id, []).append((number, count))
    _require_cards(result)
    return result


def _text_count(text: str, path: Path, line: int) -> int:
    try:
        count = int(text)
    except ValueError:
        raise InputError(
            f"count {quote(text)} should be a whole number of 0 or more",
            file=path,
            line=line,
        ) from None
    if count < 0:
        raise InputError(f"count {shorten(str(count))} should be 0 or more", file=path, line=line)
    if count > COPIES:
        raise InputError(f"count {count} is more than {COPIES} copies", file=path, line=line)
    return count


def parse_yaml_decklist(game: Game, text: str, path: Path | str) -> DeckList:
    """Parse the YAML format: `{game: ID, decks: {DECK: {CARD: COUNT}}}`."""
    path = Path(path)
    doc = parse_yaml(text, path)
    if not isinstance(doc, Mapping):
        raise InputError(
            f"expected a mapping with `game:` and `decks:`, found {describe(doc)}",
            file=path,
            line=where(doc)[1] or 1,
        )
    top = Fields(doc, "", file=str(path))
    top.check_keys(YAML_KEYS)
    if "game" in top:
        named = top.text("game")
        if named != game.id:
            raise top.error(
                f"this deck list is for game {quote(named)}, but it is being checked "
                f"against {game.id!r}",
                "game",
                suggestions=closest(named, [game.id]),
            )
    decks = top.get("decks")
    if not isinstance(decks, Mapping) or not decks:
        raise top.error(
            f"`decks` should map deck ids to {{card: count}}, found {describe(decks)} "
            f"(decks of {game.id}: {', '.join(game.decks) or 'none'})",
            "decks",
        )
    listed = Fields(decks, "", file=str(path))
    result = DeckList(path, "yaml")
    for deck_ref, cards in decks.items():
        deck = resolve_deck(game, deck_ref, path, listed.line_of(deck_ref))
        result.add(deck.id, None, 0)
        result.sections.append(deck.id)
        if cards is None:
            continue
        if not isinstance(cards, Mapping):
            raise listed.error(
                f"deck {deck.id!r}: expected card: count lines, found {describe(cards)}", deck_ref
            )
        _add_yaml_cards(game, deck, Fields(cards, f"deck {deck.id!r}", file=str(path)), result)
    _require_cards(result)
    return result


def _add_yaml_cards(game: Game, deck: ComponentSet, cards: Fields, result: DeckList) -> None:
    """Add one deck's `card: count` lines, each card resolved before its count is read."""
    for card_ref in cards.raw:
        line = cards.line_of(card_ref)
        card = resolve_card(game, card_ref, deck, result.path, line)
        # an empty count reads as "missing"; say at its line which card lacks one
        count: int | None = cards.whole(card_ref, None, high=COPIES)
        if count is None:
            raise cards.error(f"`{card_ref}` needs a count (a whole number of 0 or more)", card_ref)
        result.add(deck.id, card, count)


def _require_cards(result: DeckList) -> None:
    if not any(result.decks.values()):
        raise InputError(_empty_message(), file=result.path)
