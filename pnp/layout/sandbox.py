"""The Jinja environment face templates run in: immutable sandbox, strict undefined values.

A template cannot reach files or Python internals, and naming a field the data lacks stops the
build naming the record and the field. Data reaches templates as Records, which know their own
path ("card", "game.tables[2]") for those messages.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, FileSystemLoader, StrictUndefined
from jinja2.runtime import Undefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

from pnp.names import closest, did_you_mean


class Record(dict[str, Any]):
    """A mapping as templates see it; knows its own name so a missing field can be named."""

    # underscored, so a field called `path` is still reachable as `card.path`
    __slots__ = ("_record_path",)

    def __init__(self, path: str, items: Mapping[str, Any]) -> None:
        super().__init__(items)
        self._record_path = path


def wrap_context(value: Any, path: str) -> Any:
    """Copy plain data into Records (mappings) and lists, naming each mapping by its path."""
    if isinstance(value, Mapping):
        return Record(path, {k: wrap_context(v, f"{path}.{k}") for k, v in value.items()})
    if isinstance(value, list | tuple):
        return [wrap_context(v, f"{path}[{i}]") for i, v in enumerate(value)]
    return value


class FieldUndefined(StrictUndefined):
    """Strict undefined whose message names the record: "card has no field 'cots'"."""

    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        obj, name = self._undefined_obj, self._undefined_name
        if not self._undefined_hint and isinstance(obj, Record):
            message = f"{obj._record_path} has no field {name!r}"
            hint = did_you_mean(closest(name, obj))
            return f"{message} ({hint})" if hint else message
        return str(super()._undefined_message)


def to_yaml(value: Any) -> str:
    """Jinja filter `yaml`: any value as a safe YAML flow scalar or collection (JSON syntax)."""
    if isinstance(value, Undefined):
        value._fail_with_undefined_error()
    return json.dumps(value, ensure_ascii=False, default=str)


class TemplateLoader(FileSystemLoader):
    """A file loader that remembers which files are templates, to find their traceback lines."""

    def __init__(self, paths: list[Path]) -> None:
        super().__init__([str(p) for p in paths])
        self.files: set[str] = set()

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        self.files.add(filename)
        return source, filename, uptodate


def sandbox(loader: BaseLoader) -> ImmutableSandboxedEnvironment:
    """The environment every face template runs in."""
    env = ImmutableSandboxedEnvironment(
        loader=loader,
        undefined=FieldUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.loopcontrols"],
    )
    env.filters["yaml"] = to_yaml
    return env
