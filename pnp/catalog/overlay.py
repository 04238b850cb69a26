"""An edition's overlay applied to the catalog as it is read: only what differs is written.

The overlay (`editions/<id>.yaml`, docs/editions.md) holds the catalog's own shapes: `game` keys
replaced, `tables` replaced, dropped or changed row by row, `rules` replaced, dropped or added by
id, and per set its head's keys and its components changed, dropped or added by id. It is merged
into the YAML as read, before anything is checked, so every value goes through the one loader;
a key that came from the overlay keeps the overlay's file and line for messages.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pnp.catalog.fields import Fields
from pnp.catalog.yamlsource import SourceDict, SourceList, load_yaml, where
from pnp.names import closest, describe, quote

OVERLAY_KEYS = ("game", "tables", "rules", "sets")
TABLE_PATCH_KEYS = ("title", "note", "source", "rows", "update", "add")
SET_PATCH_KEYS = ("set", "components")


def merged(base: Any, patch: Any, extra: dict[Any, Any] | None = None) -> SourceDict:
    """`base` with `patch`'s keys replacing its own (a copy); moved keys remember their file."""
    out = SourceDict(base)
    out.file, out.line = getattr(base, "file", ""), getattr(base, "line", 0)
    out.size, out.height = getattr(base, "size", 1), getattr(base, "height", 1)
    out.key_lines = dict(getattr(base, "key_lines", {}))
    files = dict(getattr(base, "key_files", {}))
    for key, value in {**patch, **(extra or {})}.items():
        file, line = where(patch, key)
        out[key] = value
        out.key_lines[key] = line or 0
        files[key] = file or ""
    out.key_files = files
    return out


def _listed(items: Iterable[Any], like: SourceList) -> SourceList:
    """A SourceList of `items`, located where `like` is."""
    out = SourceList(items)
    out.file, out.line, out.size, out.height = like.file, like.line, like.size, like.height
    out.item_lines = [getattr(i, "line", like.line) or like.line for i in out]
    return out


class Overlay:
    """One edition's overlay, read and checked; `apply_*` give the catalog's YAML with it."""

    def __init__(self, doc: Any, path: Path) -> None:
        self.fields = Fields(doc, "edition overlay", file=str(path), line=1)
        self.fields.check_keys(OVERLAY_KEYS)
        self.sets = self.fields.mapping("sets", "`sets`", _only({}))
        self.used_sets: set[str] = set()

    @classmethod
    def read(cls, path: Path, folder: Path) -> Overlay:
        return cls(load_yaml(path, roots=[folder], what="edition overlay"), path)

    # --- game.yaml ---------------------------------------------------------------------

    def apply_game(self, doc: SourceDict) -> SourceDict:
        """game.yaml's document with the overlay's `game`, `tables` and `rules`."""
        extra: dict[str, Any] = {}
        patch = self.fields.raw
        if "game" in patch:
            game = Fields(doc, "game.yaml").mapping("game", "game")
            extra["game"] = merged(game.raw, self.fields.mapping("game", "`game`").raw)
        if "tables" in patch:
            extra["tables"] = self._tables(doc.get("tables"))
        if "rules" in patch:
            extra["rules"] = self._rules(doc.get("rules"))
        return _replace(doc, extra, patch) if extra else doc

    def _tables(self, base: Any) -> SourceDict:
        tables = self.fields.mapping("tables", "`tables`")
        out = merged(base if isinstance(base, SourceDict) else {}, {})
        for table_id, patch in tables.raw.items():
            if patch is None and table_id in out:
                del out[table_id]
            elif table_id in out:
                body = tables.mapping(table_id, f"table {table_id!r} of the overlay")
                body.check_keys(TABLE_PATCH_KEYS)
                table = merged(out[table_id], _without(body.raw, ("update", "add")))
                table["rows"] = self._rows(body, table.get("rows"))
                out[table_id] = table
            elif isinstance(patch, dict) and "rows" in patch:  # a table only this edition has
                out = merged(out, _only(tables.raw, table_id))
            else:
                known = [str(t) for t in out]
                raise tables.error(
                    f"no table {quote(table_id)} to change (tables: {', '.join(known) or 'none'}; "
                    "a new table needs `rows`)", table_id, suggestions=closest(table_id, known),
                )  # fmt: skip
        return out

    def _rows(self, body: Fields, rows: Any) -> Any:
        """Rows after `update` (rows matched by `where`: `set` keys or `remove`) and `add`."""
        if not isinstance(rows, SourceList):
            return rows  # the loader says what is wrong with them
        out = list(rows)
        for i, change in enumerate(body.get("update") or []):
            step = body.sub(change, f"{body.what} update {i + 1}", "update")
            step.check_keys(("where", "set", "remove"), required=("where",))
            where = step.mapping("where", f"{step.what} where").raw
            hits = [k for k, row in enumerate(out) if _matches(row, where)]
            if not hits:
                raise step.error(f"no row matches {_shown(where)}", "where")
            if step.flag("remove", False):
                out = [row for k, row in enumerate(out) if k not in hits]
            elif "set" in step:
                new = step.mapping("set", f"{step.what} set").raw
                out = [merged(row, new) if k in hits else row for k, row in enumerate(out)]
        add = body.get("add")
        if add is not None:
            if not isinstance(add, list):
                raise body.error(f"`add`: expected a list of rows, found {describe(add)}", "add")
            out.extend(add)
        return _listed(out, rows)

    def _rules(self, base: Any) -> SourceList:
        patch = self.fields.get("rules")
        if not isinstance(patch, SourceList):
            raise self.fields.error(f"`rules`: expected a list of rules, found {describe(patch)}",
                                    "rules")  # fmt: skip
        out = list(base) if isinstance(base, SourceList) else []
        ids = [r.get("id") if isinstance(r, dict) else None for r in out]
        for i, rule in enumerate(patch):
            item = self.fields.sub(rule, f"overlay rule {i + 1}", "rules")
            rule_id = item.slug("id")
            if item.flag("remove", False):
                if rule_id not in ids:
                    known = [str(x) for x in ids]
                    raise item.error(f"no rule {quote(rule_id)} to remove", "id",
                                     suggestions=closest(rule_id, known))  # fmt: skip
                k = ids.index(rule_id)
                del out[k], ids[k]
            elif rule_id in ids:
                out[ids.index(rule_id)] = rule
            else:
                out.append(rule)
                ids.append(rule_id)
        return _listed(out, base if isinstance(base, SourceList) else patch)

    # --- set files ---------------------------------------------------------------------

    def set_patch(self, set_id: str) -> Fields | None:
        """The overlay's entry for a set; None when it changes nothing there."""
        if set_id not in self.sets.raw:
            return None
        self.used_sets.add(set_id)
        if self.sets.raw[set_id] is None:
            return None
        body = self.sets.mapping(set_id, f"set {set_id!r} of the overlay")
        body.check_keys(SET_PATCH_KEYS)
        return body

    def drops_set(self, set_id: str) -> bool:
        if set_id in self.sets.raw and self.sets.raw[set_id] is None:
            self.used_sets.add(set_id)
            return True
        return False

    def apply_set(self, doc: Any) -> Any:
        """A set file's document with the overlay's keys in its `set:` head."""
        head = doc.get("set") if isinstance(doc, SourceDict) else None
        set_id = head.get("id") if isinstance(head, SourceDict) else None
        body = self.set_patch(str(set_id)) if set_id is not None else None
        if body is None or "set" not in body:
            return doc
        patch = body.mapping("set", f"{body.what} head")
        if "id" in patch:
            raise patch.error("an edition cannot rename a set", "id")
        return _replace(doc, {"set": merged(head, patch.raw)}, patch.raw)

    def apply_components(self, set_id: str, items: list[Fields], make: Any) -> list[Fields]:
        """A set's components (as readers) changed, dropped and added by id."""
        body = self.set_patch(set_id)
        if body is None or "components" not in body:
            return items
        patches = body.mapping("components", f"the overlay's components of set {set_id!r}")
        by_id = {_item_id(item): item for item in items}
        out: list[Fields] = []
        for item in items:
            cid = _item_id(item)
            if cid not in patches.raw:
                out.append(item)
            elif patches.raw[cid] is not None:
                change = patches.mapping(cid, f"component {cid!r} of the overlay")
                item.raw = merged(item.raw, change.raw)
                out.append(item)
        for cid in patches.raw:
            if cid in by_id:
                continue
            change = patches.raw[cid]
            if not isinstance(change, SourceDict) or not {"name", "count"} <= change.keys():
                raise patches.error(
                    f"no component {quote(cid)} in set {set_id!r} to change (a new one needs "
                    "name, count and source)", cid, suggestions=closest(str(cid), by_id),
                )  # fmt: skip
            new = merged(change, {}, {"id": cid})
            new.key_lines["id"], new.key_files["id"] = patches.line_of(cid) or 0, change.file
            out.append(make(new, patches.line_of(cid)))
        return out

    def check_sets(self, known: Iterable[str]) -> None:
        """Every set the overlay names exists in the catalog."""
        known = list(known)
        for set_id in self.sets.raw:
            if set_id not in self.used_sets:
                raise self.sets.error(f"no set {quote(set_id)} in the catalog (sets: "
                                      f"{', '.join(known)})", set_id,
                                      suggestions=closest(str(set_id), known))  # fmt: skip


def _replace(doc: SourceDict, extra: dict[str, Any], patch: Any) -> SourceDict:
    out = merged(doc, {})
    for key, value in extra.items():
        out[key] = value
        if key not in doc:  # a key only the overlay has is located there
            out.key_lines[key] = patch.line_of(key)
            out.key_files = {**out.key_files, key: patch.file}
    return out


def _without(raw: Any, keys: tuple[str, ...]) -> SourceDict:
    """`raw` less `keys`, located as it was."""
    return _only(raw, *(k for k in raw if k not in keys))


def _only(raw: Any, *keys: Any) -> SourceDict:
    """`raw`'s `keys` alone, each located as it was."""
    out = SourceDict({k: raw[k] for k in keys})
    out.file, out.line = getattr(raw, "file", ""), getattr(raw, "line", 0)
    out.key_lines = {k: where(raw, k)[1] or 0 for k in keys}
    out.key_files = {k: where(raw, k)[0] or "" for k in keys}
    return out


def _matches(row: Any, where: Any) -> bool:
    return isinstance(row, dict) and all(row.get(k) == v for k, v in where.items())


def _shown(where: Any) -> str:
    return ", ".join(f"{k}: {v!r}" for k, v in where.items())


def _item_id(item: Fields) -> str:
    return str(item.raw.get("id") or getattr(item, "derived_id", None) or "")
