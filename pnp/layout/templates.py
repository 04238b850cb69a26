"""Face templates: sandboxed Jinja -> YAML elements -> fitted elements -> FaceArt.

A face template (`*.yaml.j2`) writes a YAML list of elements (see docs/templates.md). Jinja runs
in an immutable sandbox with strict undefined values: a template cannot reach files or Python
internals, and naming a field the data lacks stops the build with the template, line and field.
"""

from __future__ import annotations

import difflib
import json
import re
import traceback
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from jinja2 import (
    FileSystemLoader,
    StrictUndefined,
    TemplateNotFound,
    TemplateSyntaxError,
    UndefinedError,
)
from jinja2.runtime import Undefined
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from pnp.draw.elements import Element
from pnp.draw.face import FaceArt, make_face_art
from pnp.errors import TemplateError
from pnp.layout.elements import Assets, Compiler
from pnp.layout.theme import Theme

_CACHE_SIZE = 512
_UNQUOTED_HEX = re.compile(r":\s+#[0-9a-fA-F]{3,6}\b")


class Record(dict):
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
            close = difflib.get_close_matches(str(name), [str(k) for k in obj], n=3)
            return message + (f" (did you mean {', '.join(close)}?)" if close else "")
        return super()._undefined_message


def to_yaml(value: Any) -> str:
    """Jinja filter `yaml`: any value as a safe YAML flow scalar or collection (JSON syntax)."""
    if isinstance(value, Undefined):
        value._fail_with_undefined_error()
    return json.dumps(value, ensure_ascii=False, default=str)


class _Loader(FileSystemLoader):
    """A file loader that remembers which files are templates, to find their traceback lines."""

    def __init__(self, paths: list[Path]) -> None:
        super().__init__([str(p) for p in paths])
        self.files: set[str] = set()

    def get_source(self, environment, template):  # type: ignore[override]
        source, filename, uptodate = super().get_source(environment, template)
        self.files.add(filename)
        return source, filename, uptodate


# libyaml's parser (when PyYAML was built with it) reads template output several times faster
_SafeBase = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_SafeBase):  # type: ignore[misc, valid-type]
    """YAML loader whose mappings remember their line and refuse duplicate keys."""


class _Mapping(dict):
    line: int = 0


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> _Mapping:
    seen = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    mapping = _Mapping(loader.construct_mapping(node, deep=True))
    mapping.line = node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


class TemplateSet:
    """The face templates of one game: its own folder first, then the shared `_common` ones."""

    def __init__(self, search_paths: list[Path], asset_roots: list[Path], theme: Theme) -> None:
        self.search_paths = [Path(p) for p in search_paths]
        self.theme = theme
        self.assets = Assets(asset_roots)
        self._loader = _Loader(self.search_paths)
        self.env = ImmutableSandboxedEnvironment(
            loader=self._loader,
            undefined=FieldUndefined,
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            extensions=["jinja2.ext.loopcontrols"],
        )
        self.env.filters["yaml"] = to_yaml
        self._theme_context = wrap_context(theme.as_context(), "theme")
        self._fitted: OrderedDict[tuple, tuple[Element, ...]] = OrderedDict()

    def source(
        self,
        template_name: str,
        context: Mapping[str, Any],
        *,
        width_mm: float,
        height_mm: float,
        bleed_mm: float = 3.0,
        shape: str = "rect",
        label: str = "",
    ) -> str:
        """The YAML a template writes for this context (what `layout` then reads)."""
        return self._render(template_name, context, width_mm, height_mm, bleed_mm, shape, label)[0]

    def layout(
        self,
        template_name: str,
        context: Mapping[str, Any],
        *,
        width_mm: float,
        height_mm: float,
        bleed_mm: float = 3.0,
        shape: str = "rect",
        label: str = "",
    ) -> tuple[Element, ...]:
        """Fitted elements of one face: points, origin at the trim's bottom-left.

        Raises TemplateError, FitError or GlyphError naming the card (`label`) and template.
        """
        text, file = self._render(
            template_name, context, width_mm, height_mm, bleed_mm, shape, label
        )
        key = (file, text, width_mm, height_mm, bleed_mm)
        if key in self._fitted:  # identical output (e.g. every card's back) is fitted once
            self._fitted.move_to_end(key)
            return self._fitted[key]
        lines = text.splitlines()
        items = _parse_output(text, lines, file, label)
        compiler = Compiler(
            theme=self.theme,
            assets=self.assets,
            width_mm=width_mm,
            height_mm=height_mm,
            bleed_mm=bleed_mm,
            template=file,
            label=label,
            output_lines=lines,
        )
        elements = compiler.compile(items)
        self._fitted[key] = elements
        if len(self._fitted) > _CACHE_SIZE:
            self._fitted.popitem(last=False)
        return elements

    def render_face(
        self,
        template_name: str,
        context: Mapping[str, Any],
        *,
        width_mm: float,
        height_mm: float,
        bleed_mm: float = 3.0,
        shape: str = "rect",
        label: str = "",
    ) -> FaceArt:
        """Draw one face from its template; same input, same FaceArt key and canvas calls."""
        elements = self.layout(
            template_name,
            context,
            width_mm=width_mm,
            height_mm=height_mm,
            bleed_mm=bleed_mm,
            shape=shape,
            label=label,
        )
        return make_face_art(
            elements,
            width_mm=width_mm,
            height_mm=height_mm,
            bleed_mm=bleed_mm,
            shape=shape,
            label=label,
        )

    # ---------------------------------------------------------------------------------------

    def _render(self, name, context, width_mm, height_mm, bleed_mm, shape, label):
        """(YAML text, template path for messages)."""
        prefix = f"{label}: " if label else ""
        try:
            template = self.env.get_template(name)
        except TemplateNotFound as exc:
            raise self._not_found(exc, name, prefix) from None
        except TemplateSyntaxError as exc:
            raise _syntax_error(exc, prefix) from None
        file = _display(template.filename or name)
        values = {k: wrap_context(v, str(k)) for k, v in context.items()}
        values.update(
            theme=self._theme_context,
            trim=Record("trim", {"w": width_mm, "h": height_mm}),
            bleed=bleed_mm,
            safe=self.theme.safe_zone_mm,
            shape=shape,
        )
        try:
            return template.render(values), file
        except TemplateSyntaxError as exc:
            raise _syntax_error(exc, prefix) from None
        except Exception as exc:  # any failure inside a template is the template's to fix
            raise self._runtime_error(exc, file, prefix, values) from None

    def _not_found(self, exc: TemplateNotFound, name: str, prefix: str) -> TemplateError:
        known = {
            n.removesuffix(".j2").removesuffix(".yaml"): n
            for n in self.env.list_templates(filter_func=lambda n: n.endswith(".j2"))
        }
        stem = str(exc.name).removesuffix(".j2").removesuffix(".yaml")
        close = [known[k] for k in difflib.get_close_matches(stem, list(known), n=3)]
        where = ", ".join(str(p) for p in self.search_paths)
        return TemplateError(
            f"{prefix}template {exc.name!r} not found (looked in {where})",
            file=None if exc.name == name else name,
            hint=("did you mean: " + ", ".join(close) + "?") if close else None,
        )

    def _runtime_error(
        self, exc: Exception, file: str, prefix: str, values: Mapping[str, Any]
    ) -> TemplateError:
        frames = [
            (f.filename, f.lineno)
            for f in traceback.extract_tb(exc.__traceback__)
            if f.filename in self._loader.files
        ]
        inner_file, line = (_display(frames[-1][0]), frames[-1][1]) if frames else (file, None)
        hint = None
        if isinstance(exc, UndefinedError):
            message = exc.message or "undefined value"
            name = message.split("'")[1] if message.endswith("is undefined") else None
            close = difflib.get_close_matches(name, list(values), n=3) if name else []
            hint = ("did you mean: " + ", ".join(close) + "?") if close else None
        elif isinstance(exc, SecurityError):
            message = f"not allowed in a template: {exc}"
        elif isinstance(exc, TemplateNotFound):
            message = f"template {exc.name!r} not found"
        else:
            message = f"{type(exc).__name__}: {exc}"
        if frames and inner_file != file:
            message += f" (called from {file}:{frames[0][1]})"
        return TemplateError(prefix + message, file=inner_file, line=line, hint=hint)


def _parse_output(text: str, lines: list[str], file: str, label: str) -> list[Any]:
    prefix = f"{label}: " if label else ""
    try:
        data = yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = ""
        if mark is not None and mark.line < len(lines):
            where = f" [output line {mark.line + 1}: {lines[mark.line].strip()[:80]}]"
        hint = "quote text values with the yaml filter, e.g. text: {{ card.text | yaml }}"
        for number, line in enumerate(lines, start=1):
            if _UNQUOTED_HEX.search(line):
                where = f" [output line {number}: {line.strip()[:80]}]"
                hint = "quote hex colours, e.g. fill: '#8b2e2e' (a bare # starts a YAML comment)"
                break
        raise TemplateError(
            f"{prefix}the template's output is not valid YAML: {exc.problem}{where}",
            file=file,
            hint=hint,
        ) from None
    if data is None:
        return []
    if isinstance(data, dict) and set(data) == {"elements"}:
        data = data["elements"] or []
    if not isinstance(data, list):
        raise TemplateError(
            f"{prefix}the template's output must be a YAML list of elements "
            f"(or a mapping with only `elements:`), got {_kind(data)}",
            file=file,
        )
    return data


def _kind(data: object) -> str:
    return "a mapping" if isinstance(data, dict) else f"a {type(data).__name__}"


def _syntax_error(exc: TemplateSyntaxError, prefix: str) -> TemplateError:
    return TemplateError(
        f"{prefix}template syntax error: {exc.message}",
        file=_display(exc.filename or exc.name or "template"),
        line=exc.lineno,
    )


def _display(path: str) -> str:
    """A template path relative to the working folder when inside it (shorter messages)."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(p)
