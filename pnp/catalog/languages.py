"""A game in the languages its catalog lists (`languages: [en, ja]` in game.yaml).

The first language listed is the catalog's own; a kit built in another language L sees every
field `X_L` in place of `X` (a card's `text_ja` as its `text`, a table row's `name_ja` as its
`name`, the game's `words_ja` as its `words`), so templates are written once and the words in
them come from the data. A field without an `X_L` stays as written.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from pnp.catalog.model import Game
from pnp.errors import UnknownNameError
from pnp.names import closest, quote

ALL_LANGUAGES = "all"
_LANG = re.compile(r"[a-z]{2,3}")  # the tail of `name_ja`; `pt-br` style codes need a hyphen


def languages(game: Game) -> list[str]:
    """The languages the catalog lists, its own first (English when it lists none)."""
    return [str(code) for code in game.meta.get("languages") or ["en"]]


def main_language(game: Game) -> str:
    return languages(game)[0]


def kit_language(game: Game) -> str:
    """The language the game's kit is built in."""
    return game.lang or main_language(game)


def in_languages(game: Game, wanted: str | None) -> list[Game]:
    """The game in `wanted` (None: its own language; `all`: each it lists); another language
    than the catalog's is a copy of the game that names it (`game.lang`). A language the
    catalog does not list is an error naming the ones it does."""
    known = languages(game)
    if wanted is None or wanted == known[0]:
        return [game]
    if wanted == ALL_LANGUAGES:
        return [game] + [dataclasses.replace(game, lang=code) for code in known[1:]]
    if wanted not in known:
        raise UnknownNameError(
            f"{game.id} is not written in {quote(wanted)} (its `languages`: {', '.join(known)})",
            suggestions=closest(wanted, known),
            file=game.origin.file,
            line=game.origin.line,
        )
    return [dataclasses.replace(game, lang=wanted)]


def rulebook_template(lang: str, main: str) -> str:
    """`rulebook.md.j2` for the game's main language, `rulebook.LANG.md.j2` for the others."""
    return "rulebook.md.j2" if lang == main else f"rulebook.{lang}.md.j2"


def second_language(game: Game) -> str | None:
    """The language a face may print beside the kit's (a name under a name): the second
    listed, in a kit in the catalog's own language (the source's bilingual faces); None in a
    kit in another language, made for players of that one, and for a game in one language."""
    codes = languages(game)
    return codes[1] if not game.lang and len(codes) > 1 else None


def localized(fields: Mapping[str, Any], lang: str | None, main: str = "en") -> dict[str, Any]:
    """`fields` as a kit in `lang` sees them: each `X_lang` in place of `X`; the value as
    written is kept as `X_main` too, so a face can print both languages in either kit."""
    shown = dict(fields)
    for key, value in fields.items():
        base, _, code = key.rpartition("_") if isinstance(key, str) else ("", "", "")
        if not base or not _LANG.fullmatch(code) or code == main:
            continue
        if base in fields:
            shown.setdefault(f"{base}_{main}", fields[base])
        if code == lang:
            shown[base] = value
    return shown
