"""Which template line wrote each line of a template's output.

A face template's output is YAML that has no file of its own; when it is wrong, the line to
mend is in the template. Rendering again with `traced_render`, every piece of output is taken
with the template line the render stood at when it wrote that piece (the innermost template:
a block of a base template, an included file; a macro's output is placed at its caller's
line), so `pnp show --yaml` numbers the output by template line and a YAML error quotes the
line that produced it. Rendering is deterministic, so the traced output is the output that
failed.

Two items on one output line (`- text: {...}- rect: {...}`) are what whitespace control
(`{%-`, `-%}`) does when it eats the line break between two elements; `two_items` finds them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import Template

from pnp.errors import TemplateError

# an item after another on one line: `}` or `]` then `- key:`
_SEARCHED = 40  # template lines looked through for the template's own text
_SECOND_ITEM = re.compile(r"[}\]]\s*(-\s+[A-Za-z_][\w-]*\s*:)")


@dataclass(frozen=True)
class Written:
    """The template and line that wrote an output line's first visible character."""

    template: str
    line: int | None

    def __str__(self) -> str:
        return f"{self.template}:{self.line}" if self.line else self.template


@dataclass
class Trace:
    """A template's output and, for each piece of it, where that piece was written."""

    text: str
    # (offset in the output, who wrote from there on, whether the piece is the template's own
    # text, whose lines follow the template's)
    starts: list[tuple[int, Written, bool]]
    sources: _Sources | None = None

    def __post_init__(self) -> None:
        self.lines = list(_lines(self.text))

    def at(self, number: int, column: int | None = None) -> Written | None:
        """Who wrote output line `number` (1-based): its character at `column`, or else its
        first visible character."""
        if not 0 < number <= len(self.lines) or not self.starts:
            return None
        start, line = self.lines[number - 1]
        asked = column is not None
        if column is None:
            column = len(line) - len(line.lstrip()) if line.strip() else 0
        offset = start + column
        found = self.starts[0]
        for piece in self.starts:
            if piece[0] > offset:
                break
            found = piece
        piece_offset, written, own_text = found
        if own_text and asked and self.sources is not None and offset > piece_offset:
            # inside the template's own text: found in its source, as a comment or tag it
            # skipped may have joined two of its lines into one output line
            end = next((p[0] for p in self.starts if p[0] > offset), len(self.text))
            found_line = self.sources.find(written, self.text[offset : min(end, offset + 40)])
            return Written(written.template, found_line)
        if own_text and written.line is not None:
            return Written(written.template, written.line + self.text.count("\n", piece_offset,
                                                                            offset))  # fmt: skip
        return written


def traced_render(template: Template, values: Mapping[str, Any]) -> Trace:
    """The output of `template` rendered with `values` once more, each piece with who wrote it.

    Jinja records a template line for each expression it writes, not for the template's own
    text between them (it runs on from the last line recorded): such text is found in the
    template's source from that line on."""
    parts: list[str] = []
    starts: list[tuple[int, Written, bool]] = []
    offset = 0
    sources = _Sources(template)
    generator = template.generate(values)
    for chunk in generator:
        if not chunk:
            continue
        written, exact = _where(generator, template.name or "template")
        if not exact:
            written = Written(written.template, sources.find(written, chunk))
        starts.append((offset, written, not exact))
        parts.append(chunk)
        offset += len(chunk)
    return Trace("".join(parts), starts, sources)


class _Sources:
    """The source lines of the templates a render runs through, read once each."""

    def __init__(self, template: Template) -> None:
        self.environment = template.environment
        self.lines: dict[str, list[str] | None] = {}

    def find(self, written: Written, chunk: str) -> int | None:
        """The template line where `chunk` (the template's own text) starts: its first visible
        line looked for from the line Jinja recorded on, less the line breaks before it."""
        lines = self._lines(written.template)
        start = written.line or 1  # text before any expression: from the template's top
        if lines is None:
            return written.line
        skipped, first = 0, ""
        for part in chunk.split("\n"):
            if part.strip():
                first = part.strip()
                break
            skipped += 1
        if not first:
            return start
        for number in range(start, min(len(lines), start + _SEARCHED) + 1):
            if first in lines[number - 1]:
                return max(start, number - skipped)
        return start

    def _lines(self, name: str) -> list[str] | None:
        if name not in self.lines:
            try:
                loader = self.environment.loader
                source = loader.get_source(self.environment, name)[0] if loader else None
            except Exception:  # a template that cannot be read again: lines as recorded
                source = None
            self.lines[name] = source.splitlines() if source is not None else None
        return self.lines[name]


def two_items(line: str) -> int | None:
    """Where the second item starts when one output line holds two (else None)."""
    if not line.lstrip().startswith("-"):
        return None
    match = _SECOND_ITEM.search(line)
    return match.start(1) if match else None


def _where(generator: Any, fallback: str) -> tuple[Written, bool]:
    """The template line the innermost running template stands at, and whether Jinja recorded
    that line for the very code line writing (an expression) rather than for one before it."""
    inner = generator
    while getattr(getattr(inner, "gi_yieldfrom", None), "gi_frame", None) is not None:
        inner = inner.gi_yieldfrom
    frame = inner.gi_frame
    if frame is None:
        return Written(fallback, None), False
    names = frame.f_globals
    line, exact = _template_line(names, frame.f_lineno)
    return Written(str(names.get("name") or fallback), line), exact


def _template_line(names: Mapping[str, Any], code_line: int) -> tuple[int | None, bool]:
    """Jinja's `debug_info` (`tmpl=code&...`) read back: the template line of a code line."""
    pairs = [tuple(map(int, p.split("="))) for p in str(names.get("debug_info", "")).split("&")
             if "=" in p]  # fmt: skip
    found, exact = None, False
    for template_line, line in pairs:
        if line <= code_line:
            found, exact = template_line, line == code_line
    return found, exact


def _lines(text: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in text.splitlines(keepends=True):
        yield offset, line.rstrip("\r\n")
        offset += len(line)


_QUOTED = re.compile(r"\[output line (\d+): ")
WHITESPACE_HINT = (
    "keep each element on its own line: a `-` inside `{%-`, `-%}`, `{{-` or `-}}` removes the "
    "line break next to it"
)


def located(error: TemplateError, trace: Trace) -> TemplateError:
    """`error` (quoting an output line) with the template line that wrote that output line,
    and, when the line holds two items, both template lines and what joined them."""
    match = _QUOTED.search(error.message)
    if match is None:
        return error
    number = int(match[1])
    written = trace.at(number)
    if written is None:
        return error
    message, hint = f"{error.message} (written by {written})", error.hint
    line = trace.lines[number - 1][1]
    second = two_items(line)
    if second is not None:
        other = trace.at(number, second)
        message += (
            f"; two items landed on output line {number} (the second written by {other}): "
            "whitespace control joined them"
        )
        hint = WHITESPACE_HINT
    return TemplateError(message, file=error.file, line=error.line, hint=hint)
