"""What a face reads besides the catalog, and which of it changed since the last look.

A face depends on its templates (its front or back and every template that one includes,
imports or extends) and on what every face shares: the theme, images, icons and fonts. A save
of one template lays out again only the faces whose templates reach it; a change to anything
shared lays out every face (`Inputs.shared` differs).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import TemplateNotFound

from pnp.catalog.model import Game
from pnp.errors import PnpError
from pnp.io.inputs import DATA_SUFFIXES, is_input_name
from pnp.layout.templates import TemplateSet
from pnp.memo import Memo
from pnp.resources import fonts_dir, templates_dir

Stat = tuple[str, int, int]  # path, size, modification time (ns)
TEMPLATE_SUFFIX = ".j2"
# the templates a source names, by the source's digest: a save parses the saved one alone
_REFS: Memo[str, tuple[str | None, ...]] = Memo(1024)


@dataclass(frozen=True)
class Inputs:
    """The files faces read, by size and time: templates apart from everything else."""

    shared: tuple[Stat, ...] = ()
    templates: tuple[Stat, ...] = ()
    # per face template name: a digest of its source and of every template it reaches
    closures: dict[str, str] = field(default_factory=dict, compare=False)


def look(game: Game) -> Inputs:
    """The size and time of every file a face may read besides the catalog (no closures)."""
    roots = [game.templates_dir, templates_dir() / "_common", fonts_dir(), game.root]
    shared: list[Stat] = []
    templates: list[Stat] = []
    for root in roots:
        for folder, _, files in os.walk(root):
            for name in files:
                path = Path(folder) / name
                catalog = folder == str(game.root) and path.suffix.lower() in DATA_SUFFIXES
                if catalog or not is_input_name(name):
                    continue
                try:
                    st = path.stat()
                except OSError:
                    continue
                kind = templates if name.endswith(TEMPLATE_SUFFIX) else shared
                kind.append((str(path), st.st_size, st.st_mtime_ns))
    return Inputs(tuple(sorted(set(shared))), tuple(sorted(set(templates))))


def with_closures(inputs: Inputs, templates: TemplateSet, names: Iterable[str]) -> Inputs:
    """`inputs` with the closure digest of each face template in `names`."""
    every = _digest(repr(inputs.templates))  # what a template naming others at run time reaches
    read: dict[str, tuple[str, list[str | None]]] = {}  # the faces share their macro files
    closures = {name: _closure(templates, name, every, read) for name in sorted(set(names))}
    return Inputs(inputs.shared, inputs.templates, closures)


def _closure(
    templates: TemplateSet, name: str, every: str, read: dict[str, tuple[str, list[str | None]]]
) -> str:
    """A digest of `name`'s source and of every template it reaches (by literal name; a name
    worked out at run time reaches them all); `read`: each template's digest and references,
    as read for the closures before."""
    seen: dict[str, str] = {}
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        if current not in read:
            source, named = _source_and_refs(templates, current)
            read[current] = (_digest(source), named)
        seen[current], refs = read[current]
        for ref in refs:
            if ref is None:
                seen["*"] = every
            else:
                todo.append(ref)
    return _digest(repr(sorted(seen.items())))


def _source_and_refs(templates: TemplateSet, name: str) -> tuple[str, list[str | None]]:
    """A template's source and the templates it names; a missing or broken one is its own
    marker (laying it out says what is wrong, with the line)."""
    env = templates.env
    try:
        assert env.loader is not None
        source = env.loader.get_source(env, name)[0]
    except TemplateNotFound:
        return f"(missing {name})", []
    except (PnpError, OSError) as exc:
        return f"(unreadable {name}: {exc})", []

    return source, list(_REFS.get_or_make(_digest(source), lambda: _named(source)))


# a tag that brings in another template; its argument, up to the tag's end
_TAG = re.compile(r"\{%[-+]?\s*(?:include|import|from|extends)\s+(.*?)[-+]?%\}", re.DOTALL)
_LITERAL = re.compile(r"""(['"])([^'"]+)\1(?:\s+(?:as|import|ignore|with|without)\b.*)?\s*$""",
                      re.DOTALL)  # fmt: skip


def _named(source: str) -> tuple[str | None, ...]:
    """The templates `source` includes, imports or extends: each named by a literal, or None
    for a name worked out at run time (a scan, not a parse: a save of a large template costs a
    millisecond; a tag inside a comment only adds a template the face is then said to reach)."""
    out: list[str | None] = []
    for tag in _TAG.finditer(source):
        literal = _LITERAL.match(tag.group(1).strip())
        out.append(literal.group(2) if literal else None)
    return tuple(out)


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()
