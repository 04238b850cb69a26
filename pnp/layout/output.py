"""A template's output: its YAML read into element mappings, and messages that point into it.

The output has no file of its own, so a message names the template and quotes the output line
(`[output line 4: fill: crimsn]`). Elements written in a theme file (an icon's elements) are
located at that file's line instead: `Origin` knows which of the two a mistake is in.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.catalog.yamlsource import parse_yaml
from pnp.errors import InputError, TemplateError
from pnp.layout.theme import QUOTE_HEX
from pnp.memo import Memo
from pnp.names import describe, printable

QUOTE_HINT = "quote text values with the yaml filter, e.g. text: {{ card.text | yaml }}"
_UNQUOTED_HEX = re.compile(r":\s+#[0-9a-fA-F]{3,6}\b")
_SHOWN = 80  # characters of an output line quoted in a message


@dataclass(frozen=True)
class Origin:
    """Where elements were written: a template's output (`lines`) or a file such as a theme."""

    file: str  # the template, or the file the elements were read from
    label: str = ""  # the card being drawn, for messages
    lines: Sequence[str] | None = None  # the template's output; None: lines are `file`'s own

    def error(
        self, message: str, line: int | None = None, hint: str | None = None
    ) -> TemplateError:
        """`label: message` located at `line` of the output (quoted) or of the file."""
        text = f"{self.label}: {message}" if self.label else message
        if self.lines is None:
            return TemplateError(text, file=self.file, line=line, hint=hint)
        return TemplateError(text + self.quote(line), file=self.file, hint=hint)

    def quote(self, line: int | None) -> str:
        """` [output line N: text]`, or nothing when the line is unknown."""
        if not line or self.lines is None or not 0 < line <= len(self.lines):
            return ""
        return f" [output line {line}: {printable(self.lines[line - 1].strip()[:_SHOWN])}]"


def read_output(text: str, origin: Origin) -> list[object]:
    """The element items a template wrote: a YAML list, or a mapping with only `elements:`."""
    try:
        data = parse_yaml(text, origin.file)
    except InputError as exc:
        raise _yaml_error(exc, origin) from None
    if data is None:
        return []
    if isinstance(data, dict) and set(data) == {"elements"}:
        data = data["elements"] or []
    if not isinstance(data, list):
        raise origin.error(
            "the template's output must be a YAML list of elements "
            f"(or a mapping with only `elements:`), found {describe(data)}"
        )
    return data


def _yaml_error(exc: InputError, origin: Origin) -> TemplateError:
    """The loader's complaint as the template's, at the output line (or at an unquoted hex
    colour, the usual cause: `#` starts a YAML comment)."""
    line: int | None = exc.line
    hint: str | None = QUOTE_HINT
    for number, text in enumerate(origin.lines or (), start=1):
        if _UNQUOTED_HEX.search(text):
            line, hint = number, QUOTE_HEX
            break
    if not exc.message.startswith("not valid YAML"):  # a limit or a bad value, not quoting
        line, hint = exc.line, None
    message = exc.message.removeprefix("not valid YAML: ")
    return origin.error(f"the template's output is not valid YAML: {message}", line, hint)


def display_path(path: str) -> str:
    """A template path relative to the working folder when inside it (shorter messages); links
    are not followed, so a message names the file the game holds."""
    cwd = os.getcwd()
    return _DISPLAYED.get((path, cwd)) or _DISPLAYED.put((path, cwd), _display_path(path, cwd))


_DISPLAYED: Memo[tuple[str, str], str] = Memo(256)  # asked for every face drawn; by folder too


def _display_path(path: str, cwd: str) -> str:
    p = Path(path)
    try:
        return str(Path(os.path.abspath(p)).relative_to(Path(cwd)))
    except ValueError:
        return str(p)
