"""What is in the box: every component with its count, as JSON, a readable list or CSV."""

from __future__ import annotations

from typing import Any

from pnp.catalog.context import tables_context
from pnp.catalog.model import Component, ComponentSet, Game
from pnp.catalog.sheetcolumns import SUB_KEY
from pnp.catalog.sheetset import read_text_cell
from pnp.catalog.spreadsheet import csv_text
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


def inventory_decklist(game: Game) -> str:
    """The game's decks as a deck list (`pnp inventory --decklist`): every card with at least
    one copy, by id under its deck's `[section]`, as `pnp validate --game GAME FILE` reads."""
    lines = []
    for component_set in game.sets.values():
        cards = [c for c in component_set.components if c.count]
        if component_set.is_deck and cards:
            lines.append(f"[{component_set.id}]")
            lines += [f"{c.count} {c.id}" for c in cards]
    return "\n".join(lines) + "\n"


def inventory_csv(game: Game, set_id: str | None) -> tuple[str, list[str]]:
    """One set as CSV that reads back as the same components (`pnp inventory --csv`).

    Returns the CSV text and warnings: values a spreadsheet cannot carry as they are (text that
    reads back as a number, say). Columns: a set read from a sheet keeps its sheet's columns, in
    their order and under their headers (the set file's `columns:` reads them back), then any
    other; else id, name, count, source, note, then the fields in the order they first appear;
    a list field's header ends in `[]` and its items are split on `;`;
    a mapping field takes a column per key (`success.own`). A cell a spreadsheet would run as a
    formula is written inert (a leading `'`), which reading the sheet takes off again.
    """
    component_set = _one_set(game, set_id)
    columns = _field_columns(component_set)
    notes = any(c.note for c in component_set.components)
    standard = ["id", "name", "count", "source", *(["note"] if notes else [])]
    fields = {(f"{k}.{sub}" if sub else k): (k, sub, is_list)
              for (k, sub), is_list in columns.items()}  # fmt: skip
    order = _sheet_order(component_set, [*standard, *fields])
    own = {name for _, name in component_set.sheet_columns}
    header = [h if name in own else name + ("[]" if name in fields and fields[name][2] else "")
              for name, h in order]  # fmt: skip
    table, warnings = [header], list[str]()
    for c in component_set.components:
        plain = {"id": c.id, "name": c.name, "count": str(c.count), "source": c.source,
                 "note": c.note or ""}  # fmt: skip
        row = []
        for name, _ in order:
            if name in plain:
                row.append(plain[name])
                continue
            key, sub, is_list = fields[name]
            value = c.fields.get(key)
            if sub is not None:
                value = value.get(sub) if isinstance(value, dict) else None
            row.append(_cell(c, name, value, is_list and sub is None, warnings))
        table.append(row)
    keys = dict.fromkeys(key for key, _ in columns)
    undeclared = [k for k in keys if component_set.defaults and k not in component_set.defaults]
    if undeclared:
        warnings.append(
            f"set {component_set.id!r} declares its fields, so a sheet's other columns are left "
            f"out: add the others to its `fields:` (`{undeclared[0]}: null` for one without a "
            f"default) before this sheet replaces its components: {', '.join(undeclared)}"
        )
    return csv_text(table), warnings


def _sheet_order(component_set: ComponentSet, names: list[str]) -> list[tuple[str, str]]:
    """(key, header) of every column: those of the set's own sheet first, in its order and
    under the designer's headers, then the others (`id` when the sheet made ids from names)."""
    sheet = [(name, header) for header, name in component_set.sheet_columns if name in names]
    taken = {name for name, _ in sheet}
    return sheet + [(name, name) for name in names if name not in taken]


def _field_columns(component_set: ComponentSet) -> dict[tuple[str, str | None], bool]:
    """(field, key of a mapping field or None) -> whether it holds lists, in first-seen order."""
    columns: dict[tuple[str, str | None], bool] = {}
    for c in component_set.components:
        for key, value in c.fields.items():
            subs = value.items() if isinstance(value, dict) else [(None, value)]
            for sub, item in subs:
                if sub is not None and not SUB_KEY.match(f"{key}.{sub}"):
                    raise InputError(f"{c.origin}: {c.id}: field {quote(key)} has the key "
                                     f"{quote(sub)}, which no column can name: keep this set "
                                     "in YAML")  # fmt: skip
                columns[key, sub] = columns.get((key, sub), False) or isinstance(item, list)
    mixed = {k for k, sub in columns if sub} & {k for k, sub in columns if sub is None}
    if mixed:
        raise InputError(f"set {component_set.id!r}: field {quote(min(mixed))} is a mapping in "
                         "some components and not in others, which one sheet cannot hold: keep "
                         "this set in YAML", file=component_set.origin.file)  # fmt: skip
    return columns


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
        raise InputError(f"{where} holds a mapping inside a mapping or a list, which a "
                         "spreadsheet cell cannot hold: keep this set in YAML")  # fmt: skip
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
