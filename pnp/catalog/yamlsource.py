"""The one YAML loader: read YAML while remembering where every value came from.

Mappings and sequences come back as `SourceDict` / `SourceList`, which know the file and line of
themselves and of each item, so any later check can say `file:line: what was expected`.
Duplicate keys are an error (plain PyYAML silently keeps the last one). Catalogs, deck lists,
themes and the output of face templates are all read here, with libyaml's parser when PyYAML
has it (several times faster than the pure-Python one).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnp.errors import InputError


class SourceDict(dict):
    """A dict that knows its file, its own line and the line of each key."""

    file: str = ""
    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        """Line of `key`'s entry, or the mapping's own line when the key is absent."""
        return self.key_lines.get(key, self.line)


class SourceList(list):
    """A list that knows its file, its own line and the line of each item."""

    file: str = ""
    line: int = 0
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if 0 <= index < len(self.item_lines) else self.line


def where(value: Any, key: Any = None) -> tuple[str | None, int | None]:
    """(file, line) of a value loaded by this module, or of one of its keys/items."""
    if isinstance(value, SourceDict | SourceList):
        return value.file or None, (value.line_of(key) if key is not None else value.line)
    return None, None


_SafeBase: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def plain(value: Any) -> Any:
    """Strip source tracking: plain dicts and lists for templates and JSON."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


class _Loader(_SafeBase):
    """SafeLoader building SourceDict/SourceList with 1-based line numbers."""

    source_file: str = ""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> SourceDict:
    loader.flatten_mapping(node)
    result = SourceDict()
    result.file = loader.source_file
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise InputError(
                "a mapping key must be a plain value, not a list or mapping",
                file=loader.source_file,
                line=key_node.start_mark.line + 1,
            ) from None
        if key in result:
            raise InputError(
                f"duplicate key {key!r} (first given on line {result.key_lines[key]})",
                file=loader.source_file,
                line=key_node.start_mark.line + 1,
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> SourceList:
    result = SourceList(loader.construct_object(child, deep=True) for child in node.value)
    result.file = loader.source_file
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def parse_yaml(text: str, file: str | Path) -> Any:
    """Parse YAML text; syntax errors become InputError with the file and line."""
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as exc:  # the pure-Python reader checks characters up front
        raise _reader_error(exc, text, file) from None
    loader.source_file = str(file)
    try:
        return loader.get_single_data()
    except InputError:
        raise
    except yaml.reader.ReaderError as exc:  # libyaml finds them while parsing
        raise _reader_error(exc, text, file) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "not valid YAML"
        raise InputError(f"not valid YAML: {problem}", file=file, line=line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"not valid YAML: {exc}", file=file) from None
    except RecursionError:
        raise InputError("YAML nested too deeply", file=file) from None
    finally:
        loader.dispose()


def _reader_error(exc: yaml.reader.ReaderError, text: str, file: str | Path) -> InputError:
    """A control or other unacceptable character, at its line."""
    line = text.count("\n", 0, max(exc.position, 0)) + 1
    char = exc.character if isinstance(exc.character, str) else chr(exc.character)
    return InputError(
        f"not valid YAML: character {char!r} (U+{ord(char):04X}) is not allowed",
        file=file,
        line=line,
    )


def read_text(path: Path) -> str:
    """Read a UTF-8 text file; a missing, unreadable or binary file is an InputError."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("file not found", file=path) from None
    except IsADirectoryError:
        raise InputError("expected a file, found a folder", file=path) from None
    except UnicodeDecodeError as exc:
        raise InputError(
            f"not UTF-8 text (byte {exc.start}): is this the right file?", file=path
        ) from None
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", file=path) from None


def load_yaml(path: Path) -> Any:
    """Read and parse one YAML file with line tracking."""
    return parse_yaml(read_text(path), path)
