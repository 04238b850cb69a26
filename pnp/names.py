"""Words for messages: closest-name suggestions and how a found value looks.

Every "did you mean" in pnp comes from `closest` and is worded by `did_you_mean`, so all
messages suggest names the same way.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

MAX_SHOWN = 120  # characters of any input value quoted in a message


def closest(name: object, known: Iterable[object], n: int = 3) -> list[str]:
    """Up to `n` known names closest to `name`, best first (case-insensitive)."""
    names = list(dict.fromkeys(str(k) for k in known))
    lowered = {k.lower(): k for k in names}
    needle = str(name).lower()
    hits = difflib.get_close_matches(needle, list(lowered), n=n, cutoff=0.5)
    if not hits:
        # a prefix or substring match still helps ("scout" -> "Scout Leader")
        hits = [k for k in lowered if needle and (needle in k or k in needle)][:n]
    return [lowered[h] for h in hits]


def did_you_mean(suggestions: Iterable[str]) -> str | None:
    """`did you mean: a, b?`, or None when there is nothing to suggest."""
    shown = list(suggestions)
    return f"did you mean: {', '.join(shown)}?" if shown else None


def describe(value: Any) -> str:
    """A found value in a message: `nothing`, `a list`, `'three'`, `the boolean true`."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return shorten(repr(value))


def printable(text: str) -> str:
    """`text` safe to print to a terminal: control characters (an escape sequence, say) and
    lone surrogates written as escapes, newlines kept."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\n" else _escape(c) for c in text)


def _escape(char: str) -> str:
    return repr(char)[1:-1] if not 0xD800 <= ord(char) <= 0xDFFF else f"\\u{ord(char):04x}"


def quote(value: object) -> str:
    """`repr(value)` for a message, cut to MAX_SHOWN characters."""
    return shorten(repr(value))


def shorten(text: str, limit: int = MAX_SHOWN) -> str:
    """`text` cut to `limit` characters, marked with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
