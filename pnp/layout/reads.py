"""Which context names a face template may read: a face that reads no per-card name comes out
the same for every card of a set, and is laid out once for all of them.

Jinja tells the names a template's own text reads (`jinja2.meta.find_undeclared_variables`,
its macros included); a template it extends or includes, or imports `with context`, reads the
caller's context too, so its names count as well. A template named by an expression (not a
literal) could be any: then nothing is known (None).
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, TemplateNotFound, TemplateSyntaxError, meta, nodes


def template_reads(env: Environment, name: str) -> frozenset[str] | None:
    """The context names template `name` (and what it shares its context with) may read;
    None when that cannot be told (an unreadable template, one named by an expression)."""
    return _reads(env, name, set())


def _reads(env: Environment, name: str, seen: set[str]) -> frozenset[str] | None:
    if name in seen:  # a template that includes itself reads nothing more the second time
        return frozenset()
    seen.add(name)
    try:
        assert env.loader is not None
        source = env.loader.get_source(env, name)[0]
        tree = env.parse(source, name)
    except (TemplateNotFound, TemplateSyntaxError, AssertionError):
        return None
    names = set(meta.find_undeclared_variables(tree))
    shares: Any
    for shares in tree.find_all((nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport)):
        if not getattr(shares, "with_context", True):  # sees the environment's globals only
            continue
        target = shares.template
        if not isinstance(target, nodes.Const) or not isinstance(target.value, str):
            return None
        shared = _reads(env, target.value, seen)
        if shared is None:
            return None
        names |= shared
    return frozenset(names)
