"""The words a print kit prints around its pieces, in the language it is built in.

They are data (pnp/data/kit_words.yaml, one table per language, English first): the builder's
page, sheet labels, blank backs and board tiles say them through `KitWords`, so a kit built
with `--lang ja` speaks Japanese without a branch naming a language. A language the table
lacks reads English (a catalog may list languages we have not translated the kit into).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from pnp.memo import Memo

DEFAULT = "en"


@dataclass(frozen=True)
class KitWords:
    """One language's kit wording: `say(key, **fields)` fills a phrase's `{fields}`."""

    lang: str
    table: dict[str, Any]

    def say(self, key: str, **fields: object) -> str:
        return str(self.table[key]).format(**fields)

    def counts(self, counts: Iterable[tuple[str, int]], sep: str = "sizes_sep") -> str:
        """Sets with how many pieces of each (the phrase `count`: "Deck (9)", nine cards of the
        Deck, not nine decks); sets named "Kind: part" one after another share their kind
        ("Crisis cards: China (10), Germany (10)", not the kind said again for each part), and
        the kinds are joined by the phrase `sep` names."""
        items: list[tuple[str, list[str]]] = []
        for name, n in counts:
            kind, colon, part = name.partition(": ")
            count = self.say("count", name=part if colon else name, n=n)
            if colon and items and items[-1][0] == kind:
                items[-1][1].append(count)
            else:
                items.append((kind if colon else "", [count]))
        parts = [(f"{kind}: " if kind else "") + self.say("sizes_sep").join(said)
                 for kind, said in items]  # fmt: skip
        return self.say(sep).join(parts)

    def paper(self, name: str) -> str:
        """A paper size as this language names it ("Letter" is レターサイズ in Japanese)."""
        return str(self.table.get("paper_names", {}).get(name, name))

    def tool(self, key: str, **fields: object) -> tuple[str, str]:
        """(the word that names a tool, the line that asks for it)."""
        word, line = self.table[key]
        return str(word), str(line).format(**fields)


def kit_words(lang: str | None = None) -> KitWords:
    """The kit's wording in `lang` (English when None or not in the table)."""
    tables = _TABLES.get_or_make("all", _load)
    code = lang if lang in tables else DEFAULT
    return KitWords(code, {**tables[DEFAULT], **tables[code]})


def _load() -> dict[str, dict[str, Any]]:
    with open(Path(str(resources.files("pnp"))) / "data" / "kit_words.yaml", encoding="utf-8") as f:
        return dict(yaml.safe_load(f))


_TABLES: Memo[str, dict[str, dict[str, Any]]] = Memo(1)  # the file, read once
