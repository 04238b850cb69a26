"""The few words a rulebook's generated parts say themselves, in each edition's language.

Everything about a game comes from its catalog; these are the engine's own words (a deck's
"back", "sheet", "page", "Contents"). A language without its own entry uses English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "contents": "Contents", "back": "Back (every card)", "two_sided": "two-sided",
        "page": "page", "players": "players", "ages": "ages", "minutes": "",
        "glossary_term": "Term", "glossary_definition": "Meaning", "glossary_page": "Page",
        "file": "File", "what": "What it holds", "sheets": "Sheets", "sides": "Printed",
        "one_side": "one side", "both_sides": "both sides", "credits": "Credits",
        "booklet_note": "Booklet: print double-sided, flipping on the short edge; fold the "
                        "stack in half and staple along the fold.",
    },
    "ja": {
        "contents": "目次", "back": "裏面（全カード共通）", "two_sided": "両面",
        "page": "ページ", "players": "人", "ages": "対象年齢", "minutes": "",
        "glossary_term": "用語", "glossary_definition": "意味", "glossary_page": "ページ",
        "file": "ファイル", "what": "内容", "sheets": "枚数", "sides": "印刷",
        "one_side": "片面", "both_sides": "両面", "credits": "クレジット",
        "booklet_note": "冊子：短辺とじの両面印刷で印刷し、束を半分に折って折り目をホチキスで"
                        "とめてください。",
    },
}  # fmt: skip
PIECES = {
    "en": {"card": ("card", "cards"), "chip": ("chip", "chips"), "token": ("token", "tokens"),
           "marker": ("marker", "markers"), "board": ("board", "boards"),
           "tracker": ("tracker", "trackers"), "pawn": ("pawn", "pawns"),
           "standee": ("standee", "standees"), "reference": ("reference card", "reference cards"),
           "aid": ("player aid", "player aids"), "mat": ("mat", "mats"), "tile": ("tile", "tiles")},
    "ja": {"card": ("枚", "枚"), "chip": ("枚", "枚"), "token": ("個", "個"),
           "marker": ("個", "個"), "board": ("枚", "枚"), "tracker": ("枚", "枚"),
           "pawn": ("個", "個"), "standee": ("個", "個"), "reference": ("枚", "枚"),
           "aid": ("枚", "枚"), "mat": ("枚", "枚"), "tile": ("枚", "枚")},
}  # fmt: skip


@dataclass(frozen=True)
class Words:
    """The engine's words for one edition."""

    lang: str

    def __getattr__(self, key: str) -> str:
        table = WORDS.get(self.lang, WORDS["en"])
        if key in table:
            return table[key]
        if key in WORDS["en"]:
            return WORDS["en"][key]
        raise AttributeError(key)

    def pieces(self, n: int, kind: str) -> str:
        """`12 cards`, `1 board`; `12枚` in Japanese."""
        forms = PIECES.get(self.lang, PIECES["en"]).get(kind, (kind, kind + "s"))
        if self.lang == "ja":
            return f"{n}{forms[0]}"
        return f"{n} {forms[0] if n == 1 else forms[1]}"

    def name(self, item: Mapping[str, Any] | Any) -> str:
        """A component's or row's name in this edition (`name_ja`), else its name."""
        get = item.get if isinstance(item, Mapping) else (lambda k: _field(item, k))
        local = get(f"name_{self.lang}") if self.lang != "en" else None
        return str(local or get("name") or "")

    def column(self, column: str) -> str:
        """A table column's heading: `total_cost` -> `Total cost`."""
        text = column.replace("_", " ").replace("-", " ")
        return text[:1].upper() + text[1:]


def _field(item: Any, key: str) -> Any:
    if key == "name":
        return getattr(item, "name", None)
    fields = getattr(item, "fields", None) or getattr(item, "defaults", None) or {}
    return fields.get(key)
