"""Typed reads of one YAML mapping, every error at the file and line of the key it is about.

The one field reader of the project: catalogs, composition rules, theme files and the elements a
face template writes all read their mappings through `Fields`, so a value is checked one way and
a mistake is reported one way: `file:line: what: `key` should be ..., found ...`.

A layer whose messages are located differently (a template's output has no file of its own)
subclasses `Fields` and overrides `error`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from pnp import units
from pnp.catalog.yamlsource import SourceDict, where
from pnp.errors import InputError, PnpError, UnknownNameError
from pnp.limits import FIELD_NUMBER, ID_CHARS
from pnp.names import closest, describe

# \Z, not $: `$` also matches before a final newline, which would let "id\n" into file names
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
# names Windows gives its devices: a file or folder of that name (any extension) cannot exist
WINDOWS_DEVICES = frozenset(
    ["con", "prn", "aux", "nul", *(f"{port}{n}" for port in ("com", "lpt") for n in range(10))]
)
T = TypeVar("T")


class _Required:
    """The default meaning "this key must be given"."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


class Fields:
    """Checked access to the keys of one mapping, described as `what` in messages."""

    def __init__(
        self,
        raw: Any,
        what: str,
        *,
        file: str | None = None,
        line: int | None = None,
    ) -> None:
        found_file, found_line = where(raw) if not (file and line) else (file, line)
        self.file = file or found_file
        self.line = line or found_line
        self.what = what
        if not isinstance(raw, Mapping):
            raise self.error(f"expected a mapping (key: value lines), found {describe(raw)}")
        self.raw: Mapping[Any, Any] = raw

    # -- locating and reporting ----------------------------------------------------------

    def line_of(self, key: Any = None) -> int | None:
        """Line of `key` (or of the mapping itself when the key is absent or None)."""
        if key is None:
            return self.line
        _, line = where(self.raw, key)
        return line or self.line

    def error(
        self,
        message: str,
        key: Any = None,
        *,
        hint: str | None = None,
        suggestions: list[str] | None = None,
        line: int | None = None,
    ) -> PnpError:
        """`what: message` at the key's line (or `line`); with suggestions, an UnknownNameError."""
        at = line or self.line_of(key)
        text = f"{self.what}: {message}" if self.what else message
        file = self.file_of(key) if line is None else self.file
        if suggestions is not None:
            return UnknownNameError(text, suggestions=suggestions, file=file, line=at, hint=hint)
        return InputError(text, file=file, line=at, hint=hint)

    def file_of(self, key: Any = None) -> str | None:
        """File of `key`: this mapping's, unless the key was written elsewhere (an overlay)."""
        if key is not None and isinstance(self.raw, SourceDict) and key in self.raw.key_files:
            return self.raw.key_files[key]
        return self.file

    # -- structure -----------------------------------------------------------------------

    def __contains__(self, key: object) -> bool:
        return key in self.raw

    def get(self, key: str, default: Any = None) -> Any:
        """The raw value of `key`, unchecked."""
        return self.raw.get(key, default)

    def check_keys(self, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
        """Refuse keys not in `allowed` (naming the closest) and missing `required` ones."""
        allowed, required = tuple(allowed), tuple(required)
        for key in self.raw:
            if key not in allowed:
                raise self.error(
                    f"unknown key {describe(key)} (known: {', '.join(allowed)})",
                    key,
                    suggestions=closest(key, allowed),
                )
        for key in required:
            if key not in self.raw:
                raise self.error(f"missing `{key}`")

    def _value(self, key: str, default: Any) -> Any:
        value = self.raw.get(key)
        if value is None:
            if default is REQUIRED:
                raise self.missing(key)
            return default
        return value

    def missing(self, key: str, expected: str = "") -> PnpError:
        """A required key that is absent (at the mapping's line) or empty (at its own line)."""
        detail = f" ({expected})" if expected else ""
        if key in self.raw:
            return self.error(f"`{key}` is empty{detail}", key)
        return self.error(f"missing `{key}`{detail}")

    def mapping(self, key: str, what: str | None = None, default: Any = REQUIRED) -> Fields:
        """The mapping under `key` as its own reader (`what` defaults to `what.key`)."""
        value = self._value(key, default)
        return type(self)(value, what or f"{self.what}.{key}", file=self.file_of(key),
                          line=self.line_of(key))  # fmt: skip

    def sub(self, raw: Any, what: str, key: str | None = None) -> Fields:
        """A reader for a nested value (a list item, say) that keeps this one's file."""
        file, line = where(raw)  # an item keeps its own file (an overlay's, say)
        return type(self)(raw, what, file=file or self.file, line=line or self.line_of(key))

    # -- scalars -------------------------------------------------------------------------

    def text(self, key: str, default: Any = REQUIRED) -> Any:
        """Text (a number YAML read as one is taken as its text)."""
        value = self._value(key, default)
        if value is default:
            return value
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise self.error(f"`{key}` should be text, found {describe(value)}", key)
        return str(value)

    def slug(self, key: str, default: Any = REQUIRED, *, file_name: bool = False) -> Any:
        """An id: lower-case letters, digits and hyphens; with `file_name` (it names files or
        folders), not a name Windows keeps for a device (con, aux, nul, com1, ...)."""
        value = self.text(key, default)
        if file_name and value is not default and str(value).lower() in WINDOWS_DEVICES:
            raise self.error(
                f"`{key}` {describe(value)} is a name Windows keeps for a device (con, prn, aux, "
                "nul, com0-9, lpt0-9): no file or folder may have it there, and this id names "
                "files and folders; choose another id",
                key,
            )
        if value is not default and not SLUG.match(value):
            raise self.error(
                f"`{key}` must be a slug (lower-case letters, digits and hyphens), "
                f"found {describe(value)}",
                key,
            )
        if value is not default and len(value) > ID_CHARS:
            raise self.error(f"`{key}` is {len(value)} characters long (at most {ID_CHARS})", key)
        return value

    def choice(self, key: str, allowed: Iterable[str], default: Any = REQUIRED) -> Any:
        """One of `allowed`; an unknown word names the closest."""
        allowed = tuple(allowed)
        value = self.raw.get(key)
        if value is None:
            if default is REQUIRED:
                raise self.missing(key, f"one of {', '.join(allowed)}")
            return default
        if value not in allowed:
            raise self.error(
                f"`{key}` must be one of {', '.join(allowed)}, found {describe(value)}",
                key,
                suggestions=closest(value, allowed),
            )
        return value

    def whole(
        self, key: str, default: Any = REQUIRED, *, low: int | None = 0, high: int | None = None
    ) -> Any:
        """A whole number in [low, high] (either bound may be None)."""
        value = self._value(key, default)
        if value is default:
            return value
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or (low is not None and value < low) or (high is not None and value > high):
            raise self.error(f"`{key}` should be {_whole_range(low, high)}, found "
                             f"{describe(value)}", key)  # fmt: skip
        return value

    def number(self, key: str, default: Any = REQUIRED, *, positive: bool = False) -> Any:
        """A number (whole or decimal)."""
        value = self._value(key, default)
        if value is default:
            return value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.error(f"`{key}` should be a number, found {describe(value)}", key)
        if not (-FIELD_NUMBER <= value <= FIELD_NUMBER) or not math.isfinite(value):
            raise self.error(f"`{key}` should be a finite number, found {describe(value)}", key)
        if positive and value <= 0:
            raise self.error(f"`{key}` should be more than 0, found {describe(value)}", key)
        return float(value)

    def flag(self, key: str, default: Any = REQUIRED) -> Any:
        """true or false."""
        value = self._value(key, default)
        if not isinstance(value, bool):
            raise self.error(f"`{key}` should be true or false, found {describe(value)}", key)
        return value

    def length(self, key: str, default: Any = REQUIRED, *, positive: bool = False) -> Any:
        """A length in mm: `63mm`, `2.5in`, `12pt`; a bare number is mm."""
        value = self._value(key, default)
        if value is default:
            return value
        mm = self.convert(key, lambda v: units.parse_length(v, what=f"`{key}`"), value)
        if positive and mm <= 0:
            raise self.error(f"`{key}` should be a length more than 0, found "
                             f"{describe(value)}", key)  # fmt: skip
        return mm

    def convert(self, key: str, convert: Any, value: Any) -> Any:
        """`convert(value)`, with any PnpError it raises located at `key`."""
        try:
            return convert(value)
        except PnpError as exc:
            message = exc.message
            if not message.startswith((key, f"`{key}`")):
                message = f"`{key}`: {message}"
            raise self.error(message, key, hint=exc.hint) from None


def _whole_range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number of {low} or more"
    if high is not None:
        return f"a whole number of at most {high}"
    return "a whole number"
