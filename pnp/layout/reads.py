"""Which context names a face template may read: a face that reads no per-card name comes out
the same for every card of a set, and is laid out once for all of them.

Jinja tells the names a template's own text reads (`jinja2.meta.find_undeclared_variables`,
its macros included); a template it extends or includes, or imports `with context`, reads the
caller's context too, so its names count as well. A template named by an expression (not a
literal) could be any: then nothing is known (None).

Parsing is most of the cost (~50 ms for a game's macro file of flags), and the faces of a game
share their macro files: given a memo, each file is parsed once for all the templates that
import it, not once per template.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, TemplateNotFound, TemplateSyntaxError, meta, nodes

from pnp.memo import Memo

# a template's own names and the templates it shares its context with; None: cannot be told
Own = tuple[frozenset[str], tuple[str, ...]] | None
OwnMemo = Memo[str, tuple[Own]]


def template_reads(
    env: Environment, name: str, parsed: OwnMemo | None = None
) -> frozenset[str] | None:
    """The context names template `name` (and what it shares its context with) may read;
    None when that cannot be told (an unreadable template, one named by an expression).
    `parsed`: each file's own reads, kept across calls for one environment."""
    names: set[str] = set()
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen:  # a template shared twice (or itself) reads nothing more again
            continue
        seen.add(current)
        own = _own(env, current) if parsed is None else _kept(env, current, parsed)
        if own is None:
            return None
        names |= own[0]
        todo += own[1]
    return frozenset(names)


def _kept(env: Environment, name: str, parsed: OwnMemo) -> Own:
    return parsed.get_or_make(name, lambda: (_own(env, name),))[0]


def _own(env: Environment, name: str) -> Own:
    """The names template `name`'s own text reads, and the templates it shares its context
    with (by literal name)."""
    try:
        assert env.loader is not None
        source = env.loader.get_source(env, name)[0]
        tree = env.parse(source, name)
    except (TemplateNotFound, TemplateSyntaxError, AssertionError):
        return None
    shared: list[str] = []
    shares: Any
    for shares in tree.find_all((nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport)):
        if not getattr(shares, "with_context", True):  # sees the environment's globals only
            continue
        target = shares.template
        if not isinstance(target, nodes.Const) or not isinstance(target.value, str):
            return None
        shared.append(target.value)
    return frozenset(meta.find_undeclared_variables(tree)), tuple(shared)
