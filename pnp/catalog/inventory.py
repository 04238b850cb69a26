"""What is in the box: every component with its count, as JSON, a readable list or CSV."""

from __future__ import annotations

import csv
import io
from typing import Any

from pnp.catalog.context import tables_context
from pnp.catalog.model import Component, ComponentSet, Game
from pnp.catalog.sheetset import read_text_cell
from pnp.errors import InputError, UnknownNameError
from pnp.names import closest, describe, quote


def inventory_data(game: Game) -> dict[str, Any]:
    """`{"game", "title", "components": [...], "tables": {id: rows}}` for `pnp inventory --json`."""
    components = [
        {
            "id": c.id,
            "name": c.name,
            "kind": c.kind,
            "deck": c.deck,
            "set": c.set_id,
            "count": c.count,
            "source": c.source,
            "fields": c.fields,
        }
        for c in game.components
    ]
    return {
        "game": game.id,
        "title": game.title,
        "components": components,
        "tables": tables_context(game),
    }


def inventory_text(game: Game) -> str:
    """A readable list: one block per set, one line per component."""
    lines = [f"{game.title} ({game.id})"]
    for component_set in game.sets.values():
        s, size = component_set, component_set.trim
        lines.append(
            f"\n{s.name} [{s.id}] — {s.total} x {s.kind}, {size.width_mm:g} x {size.height_mm:g} mm"
        )
        for c in component_set.components:
            lines.append(f"  {c.count:>3}  {c.name}  ({c.id}, {c.source})")
    if game.tables:
        lines.append("\nTables: " + ", ".join(game.tables))
    return "\n".join(lines)


def inventory_csv(game: Game, set_id: str | None) -> tuple[str, list[str]]:
    """One set as CSV that reads back as the same components (`pnp inventory --csv`).

    Returns the CSV text and warnings: values a spreadsheet cannot carry as they are (text that
    reads back as a number, say). Columns: id, name, count, source, note, then the fields in the
    order they first appear; a list field's header ends in `[]` and its items are split on `;`.
    """
    component_set = _one_set(game, set_id)
    keys: dict[str, bool] = {}  # field -> holds a list
    for c in component_set.components:
        for key, value in c.fields.items():
            keys[key] = keys.get(key, False) or isinstance(value, list)
    notes = any(c.note for c in component_set.components)
    header = ["id", "name", "count", "source", *(["note"] if notes else [])]
    header += [f"{k}[]" if is_list else k for k, is_list in keys.items()]
    out, warnings = io.StringIO(), list[str]()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for c in component_set.components:
        row = [c.id, c.name, str(c.count), c.source, *([c.note or ""] if notes else [])]
        for key in keys:
            row.append(_cell(c, key, c.fields.get(key), keys[key], warnings))
        writer.writerow(row)
    undeclared = [k for k in keys if component_set.defaults and k not in component_set.defaults]
    if undeclared:
        warnings.append(
            f"set {component_set.id!r} declares its fields, so a sheet may hold only those: "
            f"add the others to its `fields:` (`{undeclared[0]}: null` for one without a "
            f"default) before this sheet replaces its components: {', '.join(undeclared)}"
        )
    return out.getvalue(), warnings


def _one_set(game: Game, set_id: str | None) -> ComponentSet:
    if set_id is None and len(game.sets) == 1:
        return next(iter(game.sets.values()))
    if set_id is None:
        raise InputError(f"{game.id} has {len(game.sets)} sets: choose one with --set "
                         f"({', '.join(game.sets)})")  # fmt: skip
    if set_id not in game.sets:
        raise UnknownNameError(f"no set {quote(set_id)} in {game.id} (sets: "
                               f"{', '.join(game.sets)})",
                               suggestions=closest(set_id, game.sets))  # fmt: skip
    return game.sets[set_id]


def _cell(component: Component, key: str, value: Any, is_list: bool, warnings: list[str]) -> str:
    where = f"{component.origin}: {component.id}: field {quote(key)}"
    if value is None and is_list:
        warnings.append(f"{where}: absent here, an empty list when read back")
    if isinstance(value, dict) or (
        isinstance(value, list) and any(isinstance(v, dict | list) for v in value)
    ):
        raise InputError(f"{where} holds a mapping or nested list, which a spreadsheet cell "
                         "cannot hold: keep this set in YAML")  # fmt: skip
    items = value if isinstance(value, list) else [value]
    texts = [_scalar_text(v) for v in items]
    for item, text in zip(items, texts, strict=True):
        if isinstance(item, str) and read_text_cell(text) != item:
            warnings.append(f"{where}: the text {quote(item)} reads back as "
                            f"{describe(read_text_cell(text))}")  # fmt: skip
        if isinstance(value, list) and ";" in text:
            warnings.append(f"{where}: the item {quote(item)} holds `;`, which splits it")
    return ";".join(texts)


def _scalar_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
