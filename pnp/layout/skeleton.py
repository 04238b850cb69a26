"""Template output items read once per shape: the quoted texts and plain numbers apart, the
rest parsed once.

The faces of a deck write the same items with different quoted texts: `- text: {x: 6, y: 20,
w: 51, h: 60, text: "…this card's rules…", size: 9}`, the quoted part from the `yaml` filter;
boards and tokens write the same items at different places: `- {star: {cx: 12.5, cy: 40, ...}}`.
Parsing YAML is a third of laying out such an item, so an item is read as its skeleton (each
double-quoted text and each plain number replaced by a numbered stand-in), parsed once per
distinct skeleton, and filled in with the texts, decoded as YAML decodes them, and the numbers,
read as YAML reads them.

Only what reads the same both ways takes this path: a quoted text on one line, of printable
characters, whose escapes are among those JSON writes (`\\"`, `\\\\`, `\\n`, `\\t`, `\\r`, `\\b`,
`\\f`, `\\uXXXX` but no surrogate halves), standing alone as a value; a number written `12`,
`-3` or `40.25` (no sign `+`, no leading zero, no exponent, at most 15 digits before the point)
after `: `, `, `, `- ` or `[` and before a separator, bracket, comment or line end, where YAML
reads it as an int, or a float when it has a point. Anything else, and any stand-in that does
not come back whole as a value in the parsed skeleton (a quote inside a comment or another
scalar, a number inside a longer plain text, a tag or a key), reads the item as written
(`None`), which also words every error.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pnp.catalog.yamlsource import SourceDict, SourceList, parse_yaml
from pnp.errors import InputError
from pnp.memo import Memo

# a double-quoted scalar on one line: printable characters and JSON's escapes, or anything else
# (which then fails _PLAIN_TEXT or _ESCAPE and sends the item the long way)
_QUOTED = re.compile(r'"((?:[^"\\\n]|\\.)*)"([ \t]*:)?')  # with a colon: a mapping key
_PLAIN_TEXT = re.compile(r"[^\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\ue000]*")
_ESCAPE = re.compile(r"\\(?:[\"\\nrtbf]|u(?![dD][89a-fA-F])[0-9a-fA-F]{4})|\\")
# a plain number YAML reads as an int (or, with a point, a float) when it stands alone
_NUMBER = re.compile(
    r"(?:(?<=[:,-] )|(?<=\[))-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]+)?(?=[ \t]*(?:[,\]}\n#]|\Z))"
)
_STAND_IN = "\ue000"  # a private-use character: a stand-in is it and a number
_SIZE = 1024  # skeletons kept (a board writes hundreds)
_VALUES = 256  # stand-ins in one item at most
_JSON = json.JSONDecoder(strict=False)  # a tab may stand in a quoted text as itself

Value = str | int | float  # what a stand-in stands for
# where a parsed skeleton's stand-ins are: a text's number, or for a list or mapping the
# (index or key, plan) of each entry holding some
Plan = int | tuple[tuple[Any, "Plan"], ...]


class _Skeleton:
    """A parsed skeleton and where its stand-ins came back (no plan: not all of them whole)."""

    def __init__(self, parsed: Any, values: int) -> None:
        self.parsed = parsed
        found: list[int] = []
        try:
            plan = _plan(parsed, values, found)
        except _Unfit:
            plan = None
        self.plan = plan if plan is not None and len(found) == values else None


_skeletons: Memo[tuple[str, str], _Skeleton] = Memo(_SIZE)
# skeletons of quoted texts alone met once: met again, they are kept as they are, made from the
# skeleton with numbers out (the numbers of a deck's items stay put, so its faces skip the number
# pass; a board's pieces move, and share the skeleton with numbers out)
_met: Memo[tuple[str, str], bool] = Memo(_SIZE)


def parse_item(chunk: str, file: str | Path) -> Any:
    """`parse_yaml(chunk, file)`, by way of the chunk's skeleton when it reads the same;
    None when the chunk must be parsed as written."""
    if _STAND_IN in chunk:
        return None
    values: list[Value] = []
    skeleton = _QUOTED.sub(lambda m: _stand_in(m, values), chunk)
    if _STAND_IN + "!" in skeleton or len(values) > _VALUES:
        return None
    texts = (str(file), skeleton)
    known = _skeletons.get(texts) if values else None
    if known is None:
        met = _met.get(texts) is not None
        if values and not met:
            _met.put(texts, True)
        count = len(values)
        skeleton = _NUMBER.sub(lambda m: _number(m, values), skeleton)
        if not values or len(values) > _VALUES:
            return None
        key = (texts[0], skeleton)
        known = _skeletons.get(key) or _parsed(key, len(values))
        if met and known is not None and known.plan is not None:  # its texts alone from now on
            stand_ins = [f"{_STAND_IN}{i}" for i in range(count)]
            numbered = _fill(known.parsed, known.plan, [*stand_ins, *values[count:]])
            _skeletons.put(texts, _Skeleton(numbered, count))
    if known is None or known.plan is None:
        return None
    return _fill(known.parsed, known.plan, values)


def _parsed(key: tuple[str, str], values: int) -> _Skeleton | None:
    """The skeleton `key[1]` of `values` stand-ins parsed and kept; None when YAML refuses it."""
    try:
        parsed = parse_yaml(key[1], key[0])
    except InputError:
        return None
    known = _Skeleton(parsed, values)
    return _skeletons.put(key, known)


def _stand_in(match: re.Match[str], values: list[Value]) -> str:
    """The stand-in for one quoted text (remembered in `values`), or a mark that the chunk
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
    values.append(body)
    return f'"{_STAND_IN}{len(values) - 1}"'


def _number(match: re.Match[str], values: list[Value]) -> str:
    """The stand-in for one plain number, a plain scalar itself (read as text unless filled)."""
    token = match.group()
    values.append(float(token) if "." in token else int(token))  # as YAML's constructors do
    return f"{_STAND_IN}{len(values) - 1}"


class _Unfit(Exception):
    """A stand-in came back inside a longer text: read the item as written."""


def _plan(value: Any, values: int, found: list[int]) -> Plan | None:
    """Where the stand-ins are in `value` (None: nowhere), each one's number added to `found`
    as often as it comes back; raises _Unfit for one inside another text."""
    kind = type(value)
    if kind is str:
        if _STAND_IN not in value:
            return None
        index = value[1:]
        if value[0] == _STAND_IN and index.isdigit() and int(index) < values:
            found.append(int(index))
            return int(index)
        raise _Unfit
    if kind is SourceList:
        entries: Any = enumerate(value)
    elif kind is SourceDict:
        entries = value.items()  # a key is never filled: a stand-in there is missing at the end
    else:
        return None
    plan = tuple((k, p) for k, v in entries if (p := _plan(v, values, found)) is not None)
    return plan or None


def _fill(parsed: Any, plan: Plan, values: list[Value]) -> Any:
    """A copy of the lists and mappings on the way to each stand-in, each replaced by its value;
    the rest is the parsed skeleton's own (read, never changed, by the compiler)."""
    if isinstance(plan, int):
        return values[plan]
    out = type(parsed)(parsed)
    out.__dict__.update(parsed.__dict__)  # file, lines, size
    for key, sub in plan:
        out[key] = _fill(parsed[key], sub, values)
    return out
