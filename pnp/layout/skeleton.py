"""Template output items read once per shape: the quoted texts apart, the rest parsed once.

The faces of a deck write the same items with different quoted texts: `- text: {x: 6, y: 20,
w: 51, h: 60, text: "…this card's rules…", size: 9}`, the quoted part from the `yaml` filter.
Parsing YAML is a third of laying out such an item, so an item is read as its skeleton (each
double-quoted text replaced by a numbered stand-in), parsed once per distinct skeleton, and
filled in with the texts, decoded as YAML decodes them.

Only what reads the same both ways takes this path: a quoted text on one line, of printable
characters, whose escapes are among those JSON writes (`\\"`, `\\\\`, `\\n`, `\\t`, `\\r`, `\\b`,
`\\f`, `\\uXXXX` but no surrogate halves), standing alone as a value. Anything else, and any
stand-in that does not come back whole as a value in the parsed skeleton (a quote inside a
comment or another scalar), reads the item as written (`None`), which also words every error.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from pathlib import Path
from typing import Any

from pnp.catalog.yamlsource import SourceDict, SourceList, parse_yaml
from pnp.errors import InputError

# a double-quoted scalar on one line: printable characters and JSON's escapes, or anything else
# (which then fails _PLAIN_TEXT or _ESCAPE and sends the item the long way)
_QUOTED = re.compile(r'"((?:[^"\\\n]|\\.)*)"([ \t]*:)?')  # with a colon: a mapping key
_PLAIN_TEXT = re.compile(r"[^\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\ue000]*")
_ESCAPE = re.compile(r"\\(?:[\"\\nrtbf]|u(?![dD][89a-fA-F])[0-9a-fA-F]{4})|\\")
_STAND_IN = "\ue000"  # a private-use character: a stand-in is it and a number
_SIZE = 256
_JSON = json.JSONDecoder(strict=False)  # a tab may stand in a quoted text as itself

_skeletons: OrderedDict[tuple[str, str], Any] = OrderedDict()


def parse_item(chunk: str, file: str | Path) -> Any:
    """`parse_yaml(chunk, file)`, by way of the chunk's skeleton when it reads the same;
    None when the chunk must be parsed as written."""
    if _STAND_IN in chunk:
        return None
    texts: list[str] = []
    skeleton = _QUOTED.sub(lambda m: _stand_in(m, texts), chunk)
    if not texts or len(texts) > 64 or _STAND_IN + "!" in skeleton:
        return None
    key = (str(file), skeleton)
    parsed = _skeletons.get(key)
    if parsed is None:
        try:
            parsed = parse_yaml(skeleton, file)
        except InputError:
            return None
        if len(_skeletons) >= _SIZE:
            _skeletons.popitem(last=False)
        _skeletons[key] = parsed
    filled = _Fill(texts)
    result = filled.copy(parsed)
    return result if filled.ok and filled.used == len(texts) else None


def _stand_in(match: re.Match[str], texts: list[str]) -> str:
    """The stand-in for one quoted text (remembered in `texts`), or a mark that the chunk
    must be read as written."""
    body = match.group(1)
    if match.group(2) is not None:  # a key stays as written (the skeleton's cache key has it)
        return match.group(0)
    if _PLAIN_TEXT.fullmatch(body) is None:
        return _STAND_IN + "!"
    if "\\" in body:
        if any(e == "\\" for e in _ESCAPE.findall(body)):
            return _STAND_IN + "!"
        body = _JSON.decode(f'"{body}"')
    texts.append(body)
    return f'"{_STAND_IN}{len(texts) - 1}"'


class _Fill:
    """Copies a parsed skeleton with each stand-in replaced by its text."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.used = 0
        self.ok = True

    def copy(self, value: Any) -> Any:
        kind = type(value)
        if kind is str:
            if _STAND_IN not in value:
                return value
            index = value[1:]
            if value[0] == _STAND_IN and index.isdigit() and int(index) < len(self.texts):
                self.used += 1
                return self.texts[int(index)]
            self.ok = False  # a stand-in inside another text: read the item as written
            return value
        if kind is SourceList:
            out = SourceList(self.copy(v) for v in value)
            out.__dict__.update(value.__dict__)
            return out
        if kind is SourceDict:
            mapping = SourceDict((k, self.copy(v)) for k, v in value.items())
            mapping.__dict__.update(value.__dict__)
            return mapping
        return value
