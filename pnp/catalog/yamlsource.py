"""The one YAML loader: read YAML while remembering where every value came from.

Mappings and sequences come back as `SourceDict` / `SourceList`, which know the file and line of
themselves and of each item, so any later check can say `file:line: what was expected`.
Duplicate keys are an error (plain PyYAML silently keeps the last one), though a key may
override one a merge (`<<: *base`) brought in. Catalogs, deck lists, themes and the output of
face templates are all read here, with libyaml's parser when PyYAML has it (several times faster
than the pure-Python one).

Every document is bounded (pnp.limits): nesting depth, the values it expands to once aliases
are followed (a "billion laughs" is refused, not expanded), the digits of a whole number. Values
are plain: text, numbers, true/false, null, lists and mappings; a date stays the text it was
written as, and YAML's binary, set and ordered-map types are refused.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import Event
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from pnp.errors import InputError
from pnp.io import files
from pnp.limits import YAML_BYTES, YAML_C_BRACKETS, YAML_DEPTH, YAML_INT_DIGITS, YAML_VALUES
from pnp.names import quote

try:  # libyaml's parser; PyYAML built without it falls back to the pure-Python one
    from yaml._yaml import (
        CParser as _CParser,  # refuses a lone surrogate, raw or escaped, by itself
    )

    _LIBYAML = True
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    _LIBYAML = False

_TAG = "tag:yaml.org,2002:"
_SURROGATE = re.compile("[\ud800-\udfff]")
_MERGE = _TAG + "merge"


class SourceDict(dict):
    """A dict that knows its file, its own line and the line of each key."""

    file: str = ""
    line: int = 0
    key_lines: dict[Any, int]
    # keys written in another file than the mapping's own (an edition's overlay, say)
    key_files: dict[Any, str] = {}  # noqa: RUF012 - replaced, never mutated, when keys move
    size: int = 1  # values it holds once aliases are expanded, itself included
    height: int = 1  # levels of nesting, itself included

    def line_of(self, key: Any) -> int:
        """Line of `key`'s entry, or the mapping's own line when the key is absent."""
        return self.key_lines.get(key, self.line)

    def file_of(self, key: Any) -> str:
        """File of `key`'s entry: the mapping's own unless the key came from another file."""
        return self.key_files.get(key, self.file)


class SourceList(list):
    """A list that knows its file, its own line and the line of each item."""

    file: str = ""
    line: int = 0
    item_lines: list[int]
    size: int = 1
    height: int = 1

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if 0 <= index < len(self.item_lines) else self.line


_CONTAINERS = (SourceDict, SourceList)


def where(value: Any, key: Any = None) -> tuple[str | None, int | None]:
    """(file, line) of a value loaded by this module, or of one of its keys/items."""
    if isinstance(value, SourceDict) and key is not None:
        return value.file_of(key) or None, value.line_of(key)
    if isinstance(value, SourceDict | SourceList):
        return value.file or None, (value.line_of(key) if key is not None else value.line)
    return None, None


def plain(value: Any) -> Any:
    """Strip source tracking: plain dicts and lists for templates and JSON."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


class _Constructor(SafeConstructor):
    """SafeConstructor building SourceDict/SourceList with 1-based lines, within the limits."""

    source_file: str = ""
    depth = 0  # containers being built around the current one

    def error(self, message: str, node: Node | Event | None) -> InputError:
        line = node.start_mark.line + 1 if node is not None and node.start_mark else None
        return InputError(message, file=self.source_file, line=line)

    def enter(self, node: Node) -> None:
        self.depth += 1
        if self.depth > YAML_DEPTH:
            raise self.error(f"nested more than {YAML_DEPTH} levels deep", node)

    def account(self, result: SourceDict | SourceList, values: Any, node: Node) -> None:
        """Size and height of a finished container; aliases count each time they are used."""
        size, height = 1 + len(result), 1  # itself and its keys or items
        for value in values:
            if type(value) in _CONTAINERS:
                size += value.size - 1
                height = max(height, value.height + 1)
        result.size, result.height = size, height
        if size > YAML_VALUES:
            raise self.error(
                f"aliases expand this to more than {YAML_VALUES:,} values; "
                "write the values out instead",
                node,
            )
        if height > YAML_DEPTH:
            raise self.error(f"aliases nest this more than {YAML_DEPTH} levels deep", node)


def _construct_mapping(loader: _Constructor, node: MappingNode) -> SourceDict:
    loader.enter(node)
    merges = any(key_node.tag == _MERGE for key_node, _ in node.value)
    own = {id(key_node) for key_node, _ in node.value} if merges else None
    loader.flatten_mapping(node)  # merged keys first, so the mapping's own keys override them
    result = SourceDict()
    result.file = loader.source_file
    result.line = node.start_mark.line + 1
    lines: dict[Any, int] = {}
    result.key_lines = lines
    given: set[Any] = set()  # keys written in this mapping itself (not merged in)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise loader.error(
                "a mapping key must be a plain value, not a list or mapping", key_node
            ) from None
        if own is None or id(key_node) in own:
            if key in (given if own is not None else result):
                raise loader.error(
                    f"duplicate key {quote(key)} (first given on line {lines[key]})",
                    key_node,
                )
            given.add(key)
        result[key] = loader.construct_object(value_node, deep=True)
        lines[key] = key_node.start_mark.line + 1
    loader.account(result, result.values(), node)
    loader.depth -= 1
    return result


def _construct_sequence(loader: _Constructor, node: SequenceNode) -> SourceList:
    loader.enter(node)
    result = SourceList(loader.construct_object(child, deep=True) for child in node.value)
    result.file = loader.source_file
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    loader.account(result, result, node)
    loader.depth -= 1
    return result


def _construct_int(loader: _Constructor, node: ScalarNode) -> int:
    text = str(node.value)
    digits = len(text) if len(text) > YAML_INT_DIGITS else 0  # a sign, `_` or `0x` may pad it
    digits = digits and sum(c.isalnum() for c in text.removeprefix("0x").removeprefix("0o"))
    if digits > YAML_INT_DIGITS:
        raise loader.error(
            f"a whole number of {digits} digits is too long (at most {YAML_INT_DIGITS}); "
            "quote it if it is text",
            node,
        )
    return int(loader.construct_yaml_int(node))


def _construct_float(loader: _Constructor, node: ScalarNode) -> float:
    value = float(loader.construct_yaml_float(node))
    if not math.isfinite(value):
        raise loader.error(f"{str(node.value)[:40]!r} is not a finite number", node)
    return value


def _construct_str(loader: _Constructor, node: ScalarNode) -> str:
    text = loader.construct_scalar(node)
    if not text.isascii() and _SURROGATE.search(text):  # from a "\ud800" escape
        raise loader.error("a lone surrogate (U+D800 to U+DFFF) is not a character", node)
    return text


def _refuse(loader: _Constructor, node: Node) -> None:
    kind = node.tag.removeprefix(_TAG)
    raise loader.error(f"YAML type !!{kind} is not used here: write text, a list or a mapping",
                       node)  # fmt: skip


for _tag, _build in (
    ("map", _construct_mapping),
    ("seq", _construct_sequence),
    ("int", _construct_int),
    ("float", _construct_float),
    # a date stays the text it was written as: catalogs print it, and `2001-02-30` is no error
    ("timestamp", SafeConstructor.construct_yaml_str),
    ("binary", _refuse),
    ("set", _refuse),
    ("omap", _refuse),
    ("pairs", _refuse),
):
    _Constructor.add_constructor(_TAG + _tag, _build)  # type: ignore[type-var]


class _StrictStrConstructor(_Constructor):
    """For the pure-Python parser, which lets a "\\ud800" escape through."""


_StrictStrConstructor.add_constructor(_TAG + "str", _construct_str)  # type: ignore[type-var]


class _PyLoader(Reader, Scanner, Parser, Composer, _StrictStrConstructor, Resolver):
    """PyYAML's pure-Python parsing, pnp's own depth bound while composing.

    Used when libyaml is absent, for documents with enough brackets to nest deep, and again for a
    document libyaml refused as nested too deeply: libyaml's own limit (1,000 levels since 0.2.6)
    differs by version, so pnp's bound, with its line, is the one a user sees whatever libyaml
    is installed."""

    def __init__(self, stream: str) -> None:
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        _StrictStrConstructor.__init__(self)
        Resolver.__init__(self)
        self.compose_depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self.compose_depth += 1
        if self.compose_depth > YAML_DEPTH:
            raise self.error(f"nested more than {YAML_DEPTH} levels deep", self.peek_event())
        try:
            return Composer.compose_node(self, parent, index)
        finally:
            self.compose_depth -= 1


if _LIBYAML:

    class _CLoader(_CParser, _Constructor, Resolver):
        """libyaml parsing and composing, pnp's construction (several times faster)."""

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            _Constructor.__init__(self)
            Resolver.__init__(self)

    _FAST: type[_Constructor] = _CLoader
else:  # pragma: no cover - depends on how PyYAML was built
    _FAST = _PyLoader

_LIBYAML_TOO_DEEP = "maximum nesting depth"  # libyaml >= 0.2.6: "exceeded maximum nesting depth"


def parse_yaml(text: str, file: str | Path) -> Any:
    """Parse YAML text; syntax errors and values past the limits are InputErrors with the line."""
    deep = text.count("[") + text.count("{") > YAML_C_BRACKETS
    try:
        return _parse(text, file, _PyLoader if deep else _FAST)
    except yaml.MarkedYAMLError as exc:
        if _LIBYAML_TOO_DEEP not in str(exc.problem):
            raise _syntax_error(exc, file) from None
    # pnp's bound is lower than libyaml's: the pure-Python parse stops first, at its own line
    try:
        return _parse(text, file, _PyLoader)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, file) from None


def _parse(text: str, file: str | Path, kind: type[_Constructor]) -> Any:
    """One document parsed by `kind`; every error but a syntax error is an InputError here."""
    try:
        loader: Any = kind(text)  # type: ignore[call-arg]
    except yaml.reader.ReaderError as exc:  # the pure-Python reader checks characters up front
        raise _reader_error(exc, text, file) from None
    except UnicodeEncodeError as exc:  # libyaml reads UTF-8; a lone surrogate has none
        raise InputError(
            f"character U+{ord(text[exc.start]):04X} (a lone surrogate) is not allowed",
            file=file,
            line=text.count("\n", 0, exc.start) + 1,
        ) from None
    loader.source_file = str(file)
    try:
        return loader.get_single_data()
    except (InputError, yaml.MarkedYAMLError):
        raise
    except yaml.reader.ReaderError as exc:  # libyaml finds them while parsing
        raise _reader_error(exc, text, file) from None
    except yaml.YAMLError as exc:
        raise InputError(f"not valid YAML: {exc}", file=file) from None
    except (ValueError, OverflowError) as exc:  # a value PyYAML's own constructors refuse
        raise InputError(f"not valid YAML: {exc}", file=file) from None
    except RecursionError:
        raise InputError("YAML nested too deeply", file=file) from None
    finally:
        loader.dispose()


def _syntax_error(exc: yaml.MarkedYAMLError, file: str | Path) -> InputError:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else None
    problem = exc.problem or exc.context or "not valid YAML"
    return InputError(f"not valid YAML: {problem}", file=file, line=line)


def _reader_error(exc: yaml.reader.ReaderError, text: str, file: str | Path) -> InputError:
    """A control or other unacceptable character, at its line."""
    line = text.count("\n", 0, max(exc.position, 0)) + 1
    char = exc.character if isinstance(exc.character, str) else chr(exc.character)
    return InputError(
        f"not valid YAML: character {char!r} (U+{ord(char):04X}) is not allowed",
        file=file,
        line=line,
    )


def read_text(
    path: Path, roots: list[Path] | None = None, limit: int = YAML_BYTES, what: str = "file"
) -> str:
    """Read a UTF-8 text file of at most `limit` bytes (a regular file, inside `roots` when
    given); a missing, unreadable, special or binary file is an InputError naming `what`."""
    return files.read_text(path, limit=limit, roots=roots, what=what)


def load_yaml(path: Path, roots: list[Path] | None = None, what: str = "file") -> Any:
    """Read and parse one YAML file with line tracking (inside `roots` when given)."""
    return parse_yaml(read_text(path, roots, what=what), path)
