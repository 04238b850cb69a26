"""What a failing face template is told: the file, the line and what went wrong, in words.

A template's failure reaches TemplateSet as a Jinja or Python exception; these turn it into a
TemplateError naming the template line (the innermost template frame of the traceback), the
template that called it when that is another file, and the closest known name for a missing
one.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from jinja2 import Environment, TemplateNotFound, TemplateSyntaxError, UndefinedError
from jinja2.sandbox import SecurityError

from pnp.errors import PnpError, TemplateError
from pnp.layout import budget
from pnp.layout.output import display_path
from pnp.names import closest, did_you_mean, quote, shorten


def not_found(
    exc: TemplateNotFound, name: str, prefix: str, env: Environment, search: Iterable[Path]
) -> TemplateError:
    """A template name that names no file: where it was looked for, and the closest names."""
    known = {
        n.removesuffix(".j2").removesuffix(".yaml"): n
        for n in env.list_templates(filter_func=lambda n: n.endswith(".j2"))
    }
    stem = str(exc.name).removesuffix(".j2").removesuffix(".yaml")
    where = ", ".join(str(p) for p in search)
    return TemplateError(
        f"{prefix}template {quote(exc.name)} not found (looked in {where})",
        file=None if exc.name == name else name,
        hint=did_you_mean(known[k] for k in closest(stem, known)),
    )


def runtime_error(
    exc: Exception, file: str, prefix: str, values: Mapping[str, Any], templates: set[str]
) -> TemplateError:
    """A failure while a template ran, at the innermost line of the template files
    `templates`."""
    frames = [
        (f.filename, f.lineno)
        for f in traceback.extract_tb(exc.__traceback__)
        if f.filename in templates
    ]
    inner_file, line = (display_path(frames[-1][0]), frames[-1][1]) if frames else (file, None)
    hint = None
    if isinstance(exc, UndefinedError):
        message = exc.message or "undefined value"
        name = message.split("'")[1] if message.endswith("is undefined") else None
        hint = did_you_mean(closest(name, values)) if name else None
    elif isinstance(exc, SecurityError):
        message = f"not allowed in a template: {exc}"
    elif isinstance(exc, TemplateNotFound):
        message = f"template {quote(exc.name)} not found"
    elif isinstance(exc, PnpError):  # a template it includes cannot be read
        message, hint = exc.message, exc.hint
        if exc.file:
            inner_file, line = display_path(exc.file), exc.line
    else:
        message = _failure(exc)
    caller = _call_site(frames, inner_file) if inner_file != file else None
    if caller is not None:
        message += f" (called from {display_path(caller[0])}:{caller[1]})"
    return TemplateError(prefix + message, file=inner_file, line=line, hint=hint)


def syntax_error(exc: TemplateSyntaxError, prefix: str) -> TemplateError:
    return TemplateError(
        f"{prefix}template syntax error: {exc.message}",
        file=display_path(exc.filename or exc.name or "template"),
        line=exc.lineno,
    )


def _call_site(frames: list[tuple[str, int | None]], inner: str) -> tuple[str, int | None] | None:
    """Where the failing template file `inner` was called from: the last template frame in
    another file (a child template's block calling a macro, not the base template it
    extends)."""
    outer = [f for f in frames if display_path(f[0]) != inner]
    return outer[-1] if outer else None


def _failure(exc: Exception) -> str:
    """What went wrong inside a template, in words (a limit names itself)."""
    if isinstance(exc, budget.LimitError):
        return str(exc)
    if isinstance(exc, RecursionError):
        return "templates call or include each other too deeply: does one include itself?"
    if isinstance(exc, MemoryError):
        return "the template asked for more memory than there is"
    return shorten(f"{type(exc).__name__}: {exc}", 200)
