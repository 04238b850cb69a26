"""One face opened: its sizes, its named elements (box, template line, fitted properties), the
YAML its template wrote and the component's fields, as JSON-ready data for the page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from jinja2 import TemplateError, meta

from pnp.catalog.context import face_context
from pnp.catalog.model import Game
from pnp.errors import PnpError
from pnp.io.files import read_text
from pnp.layout.output import display_path
from pnp.layout.templates import TemplateSet
from pnp.layout.trace import Written
from pnp.limits import TEMPLATE_BYTES
from pnp.memo import Memo
from pnp.names import printable
from pnp.resources import templates_dir
from pnp.studio.book import BLEED_MM, Face
from pnp.studio.elements import traced_element

MAX_TEMPLATES = 64  # template files searched for an element's name


def card_data(game: Game, templates: TemplateSet, face: Face) -> dict[str, Any]:
    """What the page shows of an opened face (every string plain text, for the page to show
    as text)."""
    s = game.sets[face.set_id]
    component = next(c for c in s.components if c.id == face.component_id)
    w, h = s.trim.width_mm, s.trim.height_mm
    sources = _template_files(game, templates, face.template)
    context = face_context(game, s, component)
    size = {"width_mm": w, "height_mm": h, "bleed_mm": BLEED_MM, "shape": s.shape,
            "label": f"{component.name} ({component.id})"}  # fmt: skip
    trace, items = templates.traced_items(face.template, context, **size)  # type: ignore[arg-type]
    roots = (game.root, templates_dir())

    def where(name: str | None, written: Written | None) -> str:
        """A named element's line naming it (a shared macro's own line), else the line the
        trace gives (a macro's caller's)."""
        found = _line_of(name, sources, roots) if name else ""
        if found or written is None or not written.line:
            return found
        path = templates.template_path(written.template)
        return f"{display_path(str(path or written.template))}:{written.line}"

    elements = [traced_element(item, trace, h, where) for item in items]
    yaml = trace.text
    fields = {"id": component.id, "name": component.name, "count": component.count,
              **{k: _plain(v) for k, v in component.fields.items()}}  # fmt: skip
    return {
        "ident": face.ident, "key": face.art.key, "name": face.name, "set": s.name,
        "side": face.side, "count": face.count, "template": face.template,
        "template_file": display_path(str(sources[0])) if sources else face.template,
        "origin": f"{display_path(component.origin.file)}:{component.origin.line}",
        "trim": [w, h], "bleed": BLEED_MM, "safe": templates.theme.safe_zone_mm,
        "shape": s.shape, "elements": elements, "yaml": printable(yaml),
        "fields": fields, "warnings": list(face.warnings),
    }  # fmt: skip


def _plain(value: Any) -> Any:
    """A field's value as JSON can carry it."""
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return str(value)


def _template_files(game: Game, templates: TemplateSet, name: str) -> list[Path]:
    """The face's template, then the templates it imports, includes or extends, in the order
    found (read through the templates' own confined loader)."""
    files: list[Path] = []
    todo = [name]
    while todo and len(files) < MAX_TEMPLATES:
        current = todo.pop(0)
        path = templates.template_path(current)
        if path is None or path in files:
            continue
        files.append(path)
        try:
            source = templates.env.loader.get_source(templates.env, current)[0]  # type: ignore[union-attr]
            todo += [r for r in meta.find_referenced_templates(templates.env.parse(source)) if r]
        except (PnpError, TemplateError):
            continue
    return files


def _line_of(name: str, files: list[Path], roots: tuple[Path, ...]) -> str:
    """`file:line` of the first template line naming the element `name`, or ""."""
    pattern = re.compile(r"""\bname\s*[:=]\s*["']?""" + re.escape(name) + r"""["']?\s*[,}\n)]""")
    for path in files:
        for number, line in _lines(str(path), roots, _stamp(path)):
            if pattern.search(line + "\n"):
                return f"{display_path(str(path))}:{number}"
    return ""


def _stamp(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


# a template's lines by path, folders read from and modification time
_LINES: Memo[tuple[str, tuple[Path, ...], int], list[tuple[int, str]]] = Memo(256)


def _lines(path: str, roots: tuple[Path, ...], stamp: int) -> list[tuple[int, str]]:
    return _LINES.get_or_make((path, roots, stamp), lambda: _read_lines(path, roots))


def _read_lines(path: str, roots: tuple[Path, ...]) -> list[tuple[int, str]]:
    """A template file's lines, read as builds read it (inside the game's folder and pnp's
    templates, a regular file, bounded); none when it cannot be read."""
    try:
        text = read_text(path, limit=TEMPLATE_BYTES, roots=roots, what="template")
    except PnpError:
        return []
    return list(enumerate(text.splitlines(), start=1))
