"""The Jinja environment face templates run in: immutable sandbox, strict undefined values.

A template cannot reach files or Python internals, and naming a field the data lacks stops the
build naming the record and the field. Data reaches templates as Records (pnp.layout.records),
which know their own path ("card", "game.tables[2]") for those messages.

Templates are read only from inside the game's folder and the project's shared templates, links
resolved; and what a template computes is bounded (pnp.layout.guard, pnp.layout.budget): every
loop step, call, operator, filter and `{{ ... }}` that could make something large or take long
is checked, so a hostile template fails in seconds with a message, never hangs or exhausts
memory. `lipsum` and `random` are left out: a face must come out the same every build.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, MutableMapping
from json.encoder import encode_basestring
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, FileSystemLoader, StrictUndefined, nodes
from jinja2.compiler import CodeGenerator, Frame, optimizeconst
from jinja2.loaders import split_template_path
from jinja2.runtime import Context, Undefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

from pnp.io import files
from pnp.layout import budget, guard, operators
from pnp.layout.compiled import CompiledTemplates, cache_folder
from pnp.layout.filters import guarded_filter
from pnp.layout.records import RECORD_ATTRIBUTES, Record
from pnp.limits import TEMPLATE_BYTES
from pnp.names import closest, did_you_mean, quote

_SURROGATE = re.compile("[\ud800-\udfff]")


class FieldUndefined(StrictUndefined):
    """Strict undefined whose message names the record: "card has no field 'cots'"."""

    __slots__ = ()

    @property
    def _undefined_message(self) -> str:
        obj, name = self._undefined_obj, self._undefined_name
        if not self._undefined_hint and isinstance(obj, Record):
            message = f"{obj._record_path} has no field {quote(name)}"
            hint = did_you_mean(closest(name, obj))
            return f"{message} ({hint})" if hint else message
        return str(super()._undefined_message)


def to_yaml(value: Any) -> str:
    """Jinja filter `yaml`: any value as a safe YAML flow scalar or collection (JSON syntax)."""
    if isinstance(value, Undefined):
        value._fail_with_undefined_error()
    if type(value) is str:  # what json.dumps does with a text, without making an encoder
        text = encode_basestring(guard.check_value(value))
    else:
        text = json.dumps(guard.check_value(value), ensure_ascii=False, default=str)
    # a lone surrogate (from a "\ud800" escape) cannot be written as UTF-8; escaped, YAML
    # reads it back and refuses it with the line
    return text if text.isascii() or not _SURROGATE.search(text) else json.dumps(value, default=str)


class TemplateLoader(FileSystemLoader):
    """Templates from the search paths, read only if they lie inside `roots` once links are
    resolved (a link to a file elsewhere is refused, not read); remembers which files are
    templates, to find their lines in tracebacks."""

    def __init__(self, paths: list[Path], roots: list[Path]) -> None:
        super().__init__([str(p) for p in paths])
        self.roots = [files.real_path(r) for r in roots]
        self.files: set[str] = set()

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)  # refuses `..`
        for folder in self.searchpath:
            filename = os.path.normpath(os.path.join(folder, *pieces))
            if os.path.lexists(filename):  # a folder or a pipe by that name is an error too
                break
        else:
            return super().get_source(environment, template)  # raises TemplateNotFound
        source = files.read_text(filename, limit=TEMPLATE_BYTES, roots=self.roots,
                                 what="template")  # fmt: skip
        mtime = os.path.getmtime(filename)
        self.files.add(filename)

        def uptodate() -> bool:
            try:
                return os.path.getmtime(filename) == mtime
            except OSError:
                return False

        return source, filename, uptodate


def _checked_operator(name: str) -> Callable[[CodeGenerator, nodes.BinExpr, Frame], None]:
    """A visitor writing `environment.<name>(left, right)` for a binary operator."""

    @optimizeconst
    def visit(self: CodeGenerator, node: nodes.BinExpr, frame: Frame) -> None:
        self.write(f"environment.{name}(")
        self.visit(node.left, frame)
        self.write(", ")
        self.visit(node.right, frame)
        self.write(")")

    return visit


class _GuardedCode(CodeGenerator):
    """Compiles templates so loops, `~` and literal lists, tuples and mappings go through
    GuardedSandbox's checks (Jinja writes them as plain Python otherwise)."""

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        if not isinstance(node.iter, nodes.Call) or node.iter.node != _LOOP:
            node.iter = nodes.Call(_LOOP, [node.iter], [], None, None, lineno=node.lineno)
        super().visit_For(node, frame)

    def visit_Call(self, node: nodes.Call, frame: Frame, forward_caller: bool = False) -> None:
        if node.node == _LOOP:  # a loop's items: straight to budget.loop, not through `call`
            self.write("environment.checked_loop(")
            self.visit(node.args[0], frame)
            self.write(")")
        else:
            super().visit_Call(node, frame, forward_caller=forward_caller)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.checked_concat(")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write(")")

    def visit_List(self, node: nodes.List, frame: Frame) -> None:
        self._checked(super().visit_List, node, frame)

    def visit_Dict(self, node: nodes.Dict, frame: Frame) -> None:
        self._checked(super().visit_Dict, node, frame)

    def visit_Tuple(self, node: nodes.Tuple, frame: Frame) -> None:
        if node.ctx != "load":  # a loop's or an assignment's targets
            super().visit_Tuple(node, frame)
        else:
            self._checked(super().visit_Tuple, node, frame)

    def _checked(self, visit: Callable[[Any, Frame], None], node: nodes.Node, frame: Frame) -> None:
        self.write("environment.checked_value(")
        visit(node, frame)
        self.write(")")

    # `+`, `*` and `%` call guard's functions for them, with no context to pass and no operator
    # to look up: most of what a face computes is arithmetic on coordinates (`**` keeps
    # Jinja's call_binop). Constant folding stays off for them: they are intercepted_binops.
    visit_Add = _checked_operator("checked_add")
    visit_Mul = _checked_operator("checked_mul")
    visit_Mod = _checked_operator("checked_mod")


_LOOP = nodes.EnvironmentAttribute("checked_loop")


class GuardedSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox with every way to grow or to stall bounded (pnp.layout.guard)."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    code_generator_class = _GuardedCode
    # called by the code _GuardedCode writes (as environment.<name>)
    checked_add = staticmethod(operators.add)
    checked_mul = staticmethod(operators.mul)
    checked_mod = staticmethod(operators.mod)
    checked_concat = staticmethod(guard.concat)
    checked_loop = staticmethod(budget.loop)
    checked_value = staticmethod(guard.check_value)

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """A template's globals as a plain dict, not Jinja's ChainMap over the environment's:
        every render copies them into its context, and a ChainMap copies ten times slower.
        The environment's globals are set before any template loads and never change."""
        return dict(super().make_globals(d))

    def getattr(self, obj: Any, attribute: str) -> Any:
        """`card.name`: a Record's field at once. Jinja looks for an attribute first, and a
        Record has none but its class's (`items`, `_record_path`): those, and any other
        object, go Jinja's way."""
        if type(obj) is Record and attribute not in RECORD_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                pass  # Jinja's undefined value, naming the field
        return super().getattr(obj, attribute)

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        operators.binop(operator, left, right)
        return guard.check_value(super().call_binop(context, operator, left, right))

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        state = budget.enter_call()
        try:
            args = guard.check_method(__obj, args, kwargs)
            result = super().call(__context, __obj, *args, **kwargs)
            return guard.check_value(result, "what this call returns")
        finally:
            budget.leave_call(state)


def add_filter(env: Environment, name: str, func: Callable[..., Any]) -> None:
    """Give `env` one more filter, a step of the render checked like the others."""
    env.filters[name] = guarded_filter(name, func)


_COMPILED: CompiledTemplates | None = None


def _compiled() -> CompiledTemplates:
    """One store of compiled templates for every environment of the process (the games of a
    build and `pnp validate --all` share `_common/`), backed by the user's cache folder."""
    global _COMPILED
    if _COMPILED is None:
        _COMPILED = CompiledTemplates(cache_folder())
    return _COMPILED


def sandbox(loader: BaseLoader) -> ImmutableSandboxedEnvironment:
    """The environment every face template runs in."""
    env = GuardedSandbox(
        loader=loader,
        # an environment lives for one build (a watched game's rebuild makes a new one), so a
        # template loaded once is not checked for changes on every face (a stat each time)
        auto_reload=False,
        bytecode_cache=_compiled(),
        undefined=FieldUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.loopcontrols"],
        finalize=guard.output,
    )
    env.filters["yaml"] = to_yaml
    for dropped in ("random", "urlize"):  # not the same every build; HTML only
        env.filters.pop(dropped, None)
    env.globals.pop("lipsum", None)
    env.filters = {name: guarded_filter(name, f) for name, f in env.filters.items()}
    return env
