"""Icons by keyword: `{{ card.text | icons }}` writes each keyword the theme declares
(`keywords: {Wood: wood}`) as its inline icon (`:wood:`), so a card's text says "Pay 2 Wood" in
the sheet and shows the wood icon on the card.

Whole words only and as written: `Wood` in "Woodland" or "wood" stays text. A backslash
before a keyword writes the word itself (`\\Stone Wheels` is the card name, not an icon); the
backslash is taken off. Text inside `:icon:` markup is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any


def icon_filter(keywords: Mapping[str, str]) -> Callable[[Any], Any]:
    """The `icons` filter of a theme with these keywords (word -> icon name)."""
    if not keywords:
        return _unchanged
    words = sorted(keywords, key=len, reverse=True)  # `Victory Point` before `Victory`
    pattern = re.compile(
        r"(\\?)(?<![\w:])(" + "|".join(re.escape(w) for w in words) + r")(?![\w:])"
    )

    def icons(text: Any) -> Any:
        if not isinstance(text, str):
            return text

        def swap(match: re.Match[str]) -> str:
            if match[1]:  # escaped: the word itself
                return match[2]
            return f":{keywords[match[2]]}:"

        return pattern.sub(swap, text)

    return icons


def _unchanged(text: Any) -> Any:
    return text
