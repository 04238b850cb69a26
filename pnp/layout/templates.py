"""Face templates: sandboxed Jinja -> YAML elements -> fitted elements -> FaceArt.

A face template (`*.yaml.j2`) writes a YAML list of elements (see docs/templates.md). The
TemplateSet of a game renders it (pnp.layout.sandbox), reads its output (pnp.layout.output) and
compiles the elements (pnp.layout.compiler); every failure names the card and the template.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Required, TypedDict, Unpack

from jinja2 import Template, TemplateNotFound, TemplateSyntaxError

from pnp.draw.elements import Element
from pnp.draw.face import FaceArt, make_face_art
from pnp.errors import TemplateError
from pnp.io.files import confine
from pnp.layout import budget
from pnp.layout.assets import Assets
from pnp.layout.compiler import Compiler, Item
from pnp.layout.frame import Frame
from pnp.layout.images import icon_aspect, place_icon
from pnp.layout.items import ItemCache
from pnp.layout.keywords import icon_filter
from pnp.layout.output import Origin, display_path, read_output
from pnp.layout.reads import OwnMemo, template_reads
from pnp.layout.records import Record, renamed, wrap_context
from pnp.layout.sandbox import TemplateLoader, add_filter, sandbox
from pnp.layout.template_errors import not_found, runtime_error, syntax_error
from pnp.layout.theme import RGB, Theme
from pnp.layout.trace import Trace, located, traced_render
from pnp.limits import OUTPUT_CHARS
from pnp.memo import Memo
from pnp.resources import templates_dir
from pnp.units import pt_to_mm

_CACHE_SIZE = 512
FittedKey = tuple[str, str, float, float, float]


class Face(TypedDict, total=False):
    """The face a template draws: its trim in mm, its bleed in mm (3 unless given), its shape
    and a label naming it in messages (e.g. "Mole (mole)")."""

    width_mm: Required[float]
    height_mm: Required[float]
    bleed_mm: float
    shape: str
    label: str


class TemplateSet:
    """The face templates of one game: its own folder first, then the shared `_common` ones."""

    def __init__(
        self,
        search_paths: list[Path],
        asset_roots: list[Path],
        theme: Theme,
        roots: list[Path] | None = None,
    ) -> None:
        """Templates are looked up in `search_paths`, images and icons in `asset_roots`; any
        file read must lie inside `roots` (default: the asset roots) or the project's shared
        templates once links are resolved."""
        self.search_paths = [Path(p) for p in search_paths]
        allowed = [*(asset_roots if roots is None else roots), templates_dir()]
        for folder in (*self.search_paths, *asset_roots):
            confine(folder, allowed, what="templates folder")
        self.theme = theme
        self.assets = Assets(asset_roots, allowed)
        self._loader = TemplateLoader(self.search_paths, allowed)
        self.env = sandbox(self._loader)
        add_filter(self.env, "icons", icon_filter(theme.keywords))
        self._theme_context = wrap_context(theme.as_context(), "theme")
        self._fitted: OrderedDict[FittedKey, tuple[Element, ...]] = OrderedDict()
        self._contexts: dict[tuple[str, int], tuple[Any, Any]] = {}  # see _wrapped
        self._named: dict[int, tuple[Any, str, Any]] = {}  # see _wrapped
        self._trims: dict[tuple[float, float], Record] = {}  # `trim` by face size
        self._templates: dict[str, Template] = {}  # see _template
        self._items = ItemCache()  # compiled element items, shared by the faces that write them
        # names each template may read: one environment's templates do not change (see sandbox)
        self._reads: Memo[str, tuple[frozenset[str] | None]] = Memo(256)
        self._parsed: OwnMemo = Memo(256)  # each file's own reads, shared by its importers

    def source(self, template_name: str, context: Mapping[str, Any], **face: Unpack[Face]) -> str:
        """The YAML a template writes for this context (what `layout` then reads)."""
        return self._output(template_name, context, face)[0]

    def layout(
        self, template_name: str, context: Mapping[str, Any], **face: Unpack[Face]
    ) -> tuple[Element, ...]:
        """Fitted elements of one face: points, origin at the trim's bottom-left.

        Raises TemplateError, FitError or GlyphError naming the card (`label`) and template.
        """
        return self.layout_keyed(template_name, context, **face)[1]

    def layout_keyed(
        self, template_name: str, context: Mapping[str, Any], **face: Unpack[Face]
    ) -> tuple[FittedKey, tuple[Element, ...]]:
        """`layout`, with the key the face's elements are kept by (what `adopt` takes)."""
        text, file = self._output(template_name, context, face)
        width_mm, height_mm = face["width_mm"], face["height_mm"]
        bleed_mm, label = face.get("bleed_mm", 3.0), face.get("label", "")
        key = (file, text, width_mm, height_mm, bleed_mm)
        if key in self._fitted:  # identical output (e.g. every card's back) is fitted once
            self._fitted.move_to_end(key)
            return key, self._fitted[key]
        size = (width_mm, height_mm, bleed_mm)

        def compiler(output: str) -> Compiler:
            origin = Origin(file, label, output.splitlines())
            return Compiler(self.theme, self.assets, *size, origin)

        elements = self._items.compile(text, file, size, compiler)
        if elements is None:  # read whole: its form needs it, or an error needs the message
            whole = compiler(text)
            try:
                elements = whole.compile(read_output(text, whole.origin))
            except TemplateError as exc:  # say which template line wrote the output line
                raise located(exc, self.trace(template_name, context, **face)) from None
        return key, self._keep(key, elements)

    def trace(self, template_name: str, context: Mapping[str, Any], **face: Unpack[Face]) -> Trace:
        """The YAML a face template writes, each line with the template line that wrote it."""
        values = self._values(
            context, face["width_mm"], face["height_mm"], face.get("bleed_mm", 3.0),
            face.get("shape", "rect"),
        )  # fmt: skip
        prefix = f"{face.get('label', '')}: "
        template = self._template(template_name, prefix)
        token = budget.start(budget.Budget())
        try:
            return traced_render(template, values)
        except TemplateSyntaxError as exc:
            raise syntax_error(exc, prefix) from None
        except Exception as exc:  # as _render: a failure inside a template is the template's
            file = display_path(template.filename or template_name)
            raise runtime_error(exc, file, prefix, values, self._loader.files) from None
        finally:
            budget.stop(token)

    def traced_items(
        self, template_name: str, context: Mapping[str, Any], **face: Unpack[Face]
    ) -> tuple[Trace, list[Item]]:
        """A face's output with the template line of each of its lines, and its top-level
        element items each with the elements it built (what the studio shows of a face)."""
        trace = self.trace(template_name, context, **face)
        size = (face["width_mm"], face["height_mm"], face.get("bleed_mm", 3.0))
        origin = Origin(self._output(template_name, context, face)[1], face.get("label", ""),
                        trace.text.splitlines())  # fmt: skip
        whole = Compiler(self.theme, self.assets, *size, origin)
        try:
            return trace, whole.traced(read_output(trace.text, whole.origin))
        except TemplateError as exc:
            raise located(exc, trace) from None

    def reads(self, template_name: str) -> frozenset[str] | None:
        """The context names a template may read (pnp.layout.reads); None: any."""
        make = lambda: (template_reads(self.env, template_name, self._parsed),)  # noqa: E731
        return self._reads.get_or_make(template_name, make)[0]

    def adopt(self, key: FittedKey, elements: tuple[Element, ...]) -> tuple[Element, ...]:
        """Elements another process fitted for `key` (pnp.pipeline.split), taken as `layout`
        would have returned them here: the ones kept already for `key`, else `elements`, kept
        now. Taken in layout order, identical faces are one object, as in one process."""
        if key in self._fitted:
            self._fitted.move_to_end(key)
            return self._fitted[key]
        return self._keep(key, elements)

    def _keep(self, key: FittedKey, elements: tuple[Element, ...]) -> tuple[Element, ...]:
        self._fitted[key] = elements
        if len(self._fitted) > _CACHE_SIZE:
            self._fitted.popitem(last=False)
        return elements

    def render_face(
        self, template_name: str, context: Mapping[str, Any], **face: Unpack[Face]
    ) -> FaceArt:
        """Draw one face from its template; same input, same FaceArt key and canvas calls."""
        elements = self.layout(template_name, context, **face)
        return make_face_art(elements, **face)

    def render_document(self, template_name: str, context: Mapping[str, Any]) -> tuple[str, str]:
        """(text, template path for messages) of a document template such as a rulebook's
        Markdown: the same sandbox and context names as a face, without a face's size."""
        values = {k: self._wrapped(k, v) for k, v in context.items()}
        values["theme"] = self._theme_context
        return self._render(template_name, values, "")

    def template_path(self, template_name: str) -> Path | None:
        """The file a template name resolves to, or None when there is none."""
        try:
            return Path(self.env.get_template(template_name).filename or "")
        except (TemplateNotFound, TemplateSyntaxError):
            return None

    def icon(
        self, name: str, height_pt: float, color: RGB | None
    ) -> tuple[float, tuple[Element, ...]]:
        """A theme icon `height_pt` tall, drawn in `color`: (its width in points, its fitted
        elements with the origin at the icon's bottom-left). UnknownNameError for a bad name."""
        origin = Origin(str(self.theme.source or "theme"))
        mm = pt_to_mm(height_pt)
        compiler = Compiler(self.theme, self.assets, mm, mm, 0.0, origin)
        width = icon_aspect(compiler, name) * height_pt
        frame = Frame(ref=height_pt, top_level=True, origin=origin)
        return width, (place_icon(compiler, name, (0.0, 0.0, width, height_pt), frame, color, 1),)

    # ---------------------------------------------------------------------------------------

    def _values(
        self,
        context: Mapping[str, Any],
        width_mm: float,
        height_mm: float,
        bleed_mm: float,
        shape: str,
    ) -> dict[str, Any]:
        """What the template sees: the context as Records, plus the theme and the face's size."""
        values = {k: self._wrapped(k, v) for k, v in context.items()}
        trim = self._trims.get((width_mm, height_mm))
        if trim is None:  # one per size: a Record cannot change
            trim = self._trims[width_mm, height_mm] = Record(
                "trim", {"w": width_mm, "h": height_mm}
            )
        values.update(
            theme=self._theme_context,
            trim=trim,
            bleed=bleed_mm,
            safe=self.theme.safe_zone_mm,
            shape=shape,
        )
        return values

    def _output(
        self, template_name: str, context: Mapping[str, Any], face: Face
    ) -> tuple[str, str]:
        """(YAML text, template path for messages) a face template writes for `context`."""
        values = self._values(
            context, face["width_mm"], face["height_mm"], face.get("bleed_mm", 3.0),
            face.get("shape", "rect"),
        )  # fmt: skip
        return self._render(template_name, values, face.get("label", ""))

    def _wrapped(self, name: str, value: Any) -> Any:
        """`value` as Records, made once per object: the faces of a set share their `game`,
        `set` and `tables` (templates cannot change them)."""
        cached = self._contexts.get((name, id(value)))
        if cached is None or cached[0] is not value:
            # a face's `card` is its `component` too: made once, then renamed
            twin = self._named.get(id(value))
            if twin is not None and twin[0] is value:
                cached = (value, renamed(twin[2], twin[1], str(name)))
            else:
                cached = (value, wrap_context(value, str(name)))
            if len(self._contexts) > _CACHE_SIZE:
                self._contexts.clear()
                self._named.clear()
            self._contexts[(name, id(value))] = cached
            self._named[id(value)] = (value, str(name), cached[1])
        return cached[1]

    def _render(self, name: str, values: dict[str, Any], label: str) -> tuple[str, str]:
        """(YAML text, template path for messages)."""
        prefix = f"{label}: " if label else ""
        template = self._templates.get(name)
        if template is None:  # Jinja's cache, without its lookup on every face
            template = self._templates[name] = self._template(name, prefix)
        file = display_path(template.filename or name)
        context = template.new_context(values)
        token = budget.start(budget.Budget())
        try:
            try:  # Template.generate, without a generator around the template's own
                return _collect(template.root_render_func(context)), file
            except Exception:
                self.env.handle_exception()  # raises it, its traceback in template lines
        except TemplateSyntaxError as exc:
            raise syntax_error(exc, prefix) from None
        except Exception as exc:  # any failure inside a template is the template's to fix
            raise runtime_error(exc, file, prefix, values, self._loader.files) from None
        finally:
            budget.stop(token)

    def _template(self, name: str, prefix: str) -> Template:
        try:
            return self.env.get_template(name)
        except TemplateNotFound as exc:
            raise not_found(exc, name, prefix, self.env, self.search_paths) from None
        except TemplateSyntaxError as exc:
            raise syntax_error(exc, prefix) from None


def _collect(chunks: Iterator[str]) -> str:
    """A template's output, refused once longer than OUTPUT_CHARS."""
    out, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > OUTPUT_CHARS:
            raise budget.LimitError(f"the template wrote more than {OUTPUT_CHARS:,} characters")
        out.append(chunk)
    return "".join(out)
