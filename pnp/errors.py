"""One exception tree. Every error a user can cause is a PnpError with a readable message.

The CLI maps PnpError to exit code 2 (bad input or usage); anything else is a bug.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.names import did_you_mean


class PnpError(Exception):
    """A problem the user can fix: names the file and line where known."""

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        line: int | None = None,
        hint: str | None = None,
    ) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        self.line = line
        self.hint = hint
        super().__init__(self.format())

    def format(self) -> str:
        """`file:line: message` plus an optional hint line."""
        text = self.located()
        if self.hint:
            text += f"\n  {self.hint}"
        return text

    def located(self) -> str:
        """`file:line: message` (or as much of it as is known), without the hint."""
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line else "") + ": "
        return where + self.message


class InputError(PnpError):
    """Malformed or inconsistent input: YAML, catalog fields, deck lists, options."""


class UnknownNameError(InputError):
    """A name (game, card, deck, template, font) that is not known; carries close matches."""

    def __init__(self, message: str, *, suggestions: list[str] | None = None, **kw: Any) -> None:
        self.suggestions = list(suggestions or [])
        if "hint" not in kw or kw["hint"] is None:
            kw["hint"] = did_you_mean(self.suggestions)
        super().__init__(message, **kw)


class TemplateError(PnpError):
    """A layout template failed: names the template, its line and what went wrong."""


class FitError(PnpError):
    """Text that does not fit its box even at its minimum size."""


class GlyphError(PnpError):
    """A character that none of the chosen fonts can draw."""


class BuildError(PnpError):
    """A build could not be completed (output not writable, nothing to build, ...)."""


SIGINT = 2  # Ctrl-C's number, the same on every system


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM, SIGHUP: `number`) acted on once the work stopped in good order: held
    while files moved into place and acted on once all had moved, or ending a watch or studio.
    Unlike a plain KeyboardInterrupt, nothing is left half done (its message says what)."""

    def __init__(self, message: str = "", number: int = SIGINT) -> None:
        super().__init__(message)
        self.number = number


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP (`number`) taken as Ctrl-C: the work stops the same way, cleaning up
    what it staged, and the command exits 128 + `number` (pnp.io.interrupts)."""

    def __init__(self, number: int) -> None:
        super().__init__(f"signal {number}")
        self.number = number
