"""Words for messages: closest-name suggestions, slugs, and how a found value looks."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any


def closest(name: str, known: Iterable[str], n: int = 3) -> list[str]:
    """Up to `n` known names closest to `name`, best first (case-insensitive)."""
    known = list(dict.fromkeys(str(k) for k in known))
    lowered = {k.lower(): k for k in known}
    hits = difflib.get_close_matches(str(name).lower(), list(lowered), n=n, cutoff=0.5)
    if not hits:
        # a prefix or substring match still helps ("steal" -> "Steal Document")
        needle = str(name).lower()
        hits = [k for k in lowered if needle and (needle in k or k in needle)][:n]
    return [lowered[h] for h in hits]


def slug(text: str) -> str:
    """A lower-case id made of letters, digits and hyphens."""
    out = []
    for ch in str(text).lower():
        out.append(ch if ch.isalnum() and ch.isascii() else "-")
    return "-".join(part for part in "".join(out).split("-") if part)


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
    return repr(value)
