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
        "contents": "Contents", "back": "Back (every card)", "back_side": "back",
        "two_sided": "two-sided",
        "page": "page", "players": "players", "ages": "ages", "minutes": "",
        "glossary_term": "Term", "glossary_definition": "Meaning", "glossary_page": "Page",
        "reading_topic": "Our reading",
        "file": "File", "what": "What it holds", "sheets": "Sheets", "sides": "Printed",
        "one_side": "one side", "both_sides": "both sides", "credits": "Credits",
        "actual_size": "Actual size", "list_sep": ", ", "clause_sep": "; ",
        "range": "–", "label_sep": ": ",
        "booklet_note": "Booklet: print double-sided, flipping on the short edge; fold the "
                        "stack in half and staple along the fold.",
    },
    "ja": {
        "contents": "目次", "back": "裏面（全カード共通）", "back_side": "裏", "two_sided": "両面",
        "page": "ページ", "players": "人", "ages": "対象年齢", "minutes": "",
        "glossary_term": "用語", "glossary_definition": "意味", "glossary_page": "ページ",
        "reading_topic": "私たちの解釈",
        "file": "ファイル", "what": "内容", "sheets": "枚数", "sides": "印刷",
        "one_side": "片面", "both_sides": "両面", "credits": "クレジット",
        "actual_size": "実物大", "list_sep": "、", "clause_sep": "、",
        "range": "〜", "label_sep": "：",
        "paper_letter": "レターサイズ", "paper_legal": "リーガルサイズ",
        "paper_tabloid": "タブロイド",
        "booklet_note": "冊子：短辺とじの両面印刷で印刷し、束を半分に折って折り目をホチキスで"
                        "とめてください。",
    },
}  # fmt: skip
SAY: dict[str, dict[str, str]] = {
    "en": {
        "total": "{sheets} sheets of {paper} paper in all.",
        "file_pages": "{name}, pages {first}-{last}", "file_page": "{name}, page {first}",
        "scale": "Print at actual size (100 %, no “fit to page”). Every sheet carries a 50 mm "
                 "bar: measure it to be sure.",
        "duplex_long": "Print the two-sided files double-sided, flipping on the long edge; if the "
                       "backs come out shifted, print the alignment sheet of pnp calibrate once "
                       "and build with the back offset it shows.",
        "duplex_short": "Print the two-sided files double-sided, flipping on the short edge.",
        "duplex_none": "Print every front page, put the stack back in the tray and print the "
                       "back pages (the file lists all fronts, then all backs).",
        "gutterfold": "Fronts and backs share each sheet: fold along the dashed line, glue, "
                      "then cut.",
        "cut": "Cut along the crop marks at the sheet edges; the art runs past each cut ({bleed:g} "
               "mm, or half the gap between two pieces), so a slightly missed cut shows no white.",
        "boards": "{board} prints on {sheets} sheets a side: cut each along its dashed guide, "
                  "lay it over its neighbour, match the crosses and glue the overlap down; the "
                  "map on each sheet shows where it goes.",
        "sleeves": "Sleeves (optional): {items}.",
        "sleeve_size": "{n} for {w:g} × {h:g} mm cards", "size": "{w:g} × {h:g} mm",
        "supply": "You also need: {items}.",
        "label_example": "Example", "label_note": "Note", "label_reading": "Our reading",
        "credits_inside": "named in full after the contents",
        "credit_designer": "Designer", "credit_publisher": "Publisher",
        "scale_note": "Scale {scale}", "scale_larger": "{said}; small pieces {scale}",
        "drawn_larger": "drawn larger, at {scale}", "drawn_part": "part shown",
    },
    "ja": {
        "total": "合計：{paper}用紙{sheets}枚。",
        "file_pages": "{name}（{first}〜{last}ページ）", "file_page": "{name}（{first}ページ）",
        "scale": "実寸（100%、「用紙に合わせる」はオフ）で印刷してください。各シートの50mmの"
                 "目盛りで確認できます。",
        "duplex_long": "両面のファイルは長辺とじの両面印刷で印刷してください。裏面がずれる"
                       "ときはpnp calibrateの位置合わせシートを一度印刷し、表示されたずれを"
                       "指定して作り直してください。",
        "duplex_short": "両面のファイルは短辺とじの両面印刷で印刷してください。",
        "duplex_none": "表面のページをすべて印刷し、束を給紙トレイに戻して裏面のページを"
                       "印刷してください（ファイルは表面、裏面の順に並んでいます）。",
        "gutterfold": "表と裏が同じシートにあります。破線で折って貼り合わせてから切って"
                      "ください。",
        "cut": "シートの端のトンボに沿って切ってください。絵柄は切り線の外側に{bleed:g}mm"
               "（隣との間では間隔の半分）広がっているので、少しずれても白が出ません。",
        "boards": "{board}は片面{sheets}枚に分けて印刷されます。破線で切り、隣のシートに"
                  "重ねて十字を合わせ、重なりをのり付けしてください。各シートの小さな図が"
                  "位置を示します。",
        "sleeves": "スリーブ（任意）：{items}。",
        "sleeve_size": "{w:g}×{h:g}mmのカード用{n}枚", "size": "{w:g}×{h:g}mm",
        "supply": "ほかに用意するもの：{items}。",
        "label_example": "例", "label_note": "注", "label_reading": "私たちの解釈",
        "credits_inside": "目次のあとに全員を掲載",
        "credit_designer": "デザイナー", "credit_publisher": "発行",
        "scale_note": "縮尺 {scale}", "scale_larger": "{said}（小さな部品は{scale}）",
        "drawn_larger": "拡大して{scale}で表示", "drawn_part": "一部を表示",
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
# The nouns a set's own name may end in that count it better than its kind's word: a `reference`
# set named "Espionage reference sheet" counts "5 reference sheets", not "5 reference cards", as
# its kit does. The kind's word stays where the name ends in the same noun or in none of these.
NOUNS = {
    "en": {"card": "cards", "sheet": "sheets", "chit": "chits", "marker": "markers",
           "token": "tokens", "board": "boards", "tracker": "trackers", "track": "tracks",
           "pawn": "pawns", "standee": "standees", "mat": "mats", "tile": "tiles",
           "chip": "chips", "disc": "discs", "counter": "counters", "map": "maps",
           "aid": "aids"},
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

    def say(self, key: str, **values: object) -> str:
        """One of the engine's sentences in this language, filled with `values`."""
        table = SAY.get(self.lang, SAY["en"])
        return (table.get(key) or SAY["en"][key]).format(**values)

    def pieces(self, n: int, kind: str, name: str = "") -> str:
        """`12 cards`, `1 board`; `12枚` in Japanese. `name`, the set's own name, gives the
        noun when it ends in one of NOUNS other than the kind's (`5 reference sheets`)."""
        forms = PIECES.get(self.lang, PIECES["en"]).get(kind, (kind, kind + "s"))
        if self.lang == "ja":
            return f"{n}{forms[0]}"
        forms = _named_forms(name, forms, NOUNS.get(self.lang, {}))
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


def _named_forms(name: str, forms: tuple[str, str], nouns: dict[str, str]) -> tuple[str, str]:
    """The noun `name` ends in, when it is a known noun other than the kind's own, led by the
    kind's first word where the name has it too ("reference card" named "Espionage reference
    sheet" -> "reference sheet"; "player aid" named "Round track" -> "track")."""
    words = name.lower().split()
    if not words:
        return forms
    last = words[-1]
    singular = next((s for s, p in nouns.items() if last in (s, p)), None)
    head = forms[0].split()[-1]
    if singular is None or singular == head:
        return forms
    lead = forms[0].rsplit(" ", 1)[0] if " " in forms[0] else ""
    stem = lead + " " if lead and lead in words[:-1] else ""
    return stem + singular, stem + nouns[singular]


def _field(item: Any, key: str) -> Any:
    if key == "name":
        return getattr(item, "name", None)
    names = getattr(item, "names", None)  # a set's own name in another language
    if key.startswith("name_") and isinstance(names, dict) and key[5:] in names:
        return names[key[5:]]
    fields = getattr(item, "fields", None) or getattr(item, "defaults", None) or {}
    return fields.get(key)
