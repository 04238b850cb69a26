"""Load a game folder (game.yaml + one YAML file per set) into the typed model.

Every value is read through `Fields`, so a schema problem is an InputError at the file and line
of the key it is about, and every quantity is checked against its plausible range (pnp.limits).
See docs/catalog-format.md for the format.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pnp.catalog.allowed import Allowed, check_value, read_declarations
from pnp.catalog.editions import choose_edition, overlay_path, read_editions
from pnp.catalog.fields import REQUIRED, SLUG, Fields
from pnp.catalog.folder import catalog_files, load_catalog_file
from pnp.catalog.model import (
    DEFAULT_IMPOSITION,
    GAME_KEYS,
    IMPOSITIONS,
    KINDS,
    META_KEYS,
    NAMED_SIZES,
    OUTPUT_NAMES,
    PRODUCTS,
    RESERVED_COMPONENT_KEYS,
    SET_KEYS,
    SHAPES,
    SOURCES,
    TABLE_KEYS,
    Component,
    ComponentSet,
    Edition,
    Game,
    Origin,
    RuleSpec,
    Size,
    Table,
)
from pnp.catalog.overlay import Overlay
from pnp.catalog.seamspec import parse_seams
from pnp.catalog.sheetcolumns import text_of
from pnp.catalog.sheetfilter import SheetClaims, check_claims
from pnp.catalog.sheetset import sheet_rows
from pnp.catalog.yamlsource import SourceDict, SourceList, plain
from pnp.errors import InputError
from pnp.limits import COPIES, GAME_COPIES, PIECE_MM, PLAYERS
from pnp.names import closest, describe, quote

LANGUAGE = re.compile(r"^[a-z]{2,3}\Z")
_SCALARS = (str, int, float, bool)  # a field value holding nothing else


def load_game(folder: Path, templates_dir: Path | None = None, edition: str | None = None) -> Game:
    """Load a game folder: `game.yaml` plus every other `*.yaml` file as a set, in `edition`
    (the default edition when None; see docs/editions.md)."""
    folder = Path(folder)
    game_file, set_files = catalog_files(folder)
    raw = load_catalog_file(game_file, folder)
    doc = Fields(raw, "game.yaml", file=str(game_file), line=1)
    doc.check_keys(GAME_KEYS)
    editions = read_editions(doc)
    chosen = choose_edition(editions, edition, _game_id(raw, folder))
    overlay = _overlay(folder, chosen)
    if overlay is not None:
        doc = Fields(overlay.apply_game(raw), "game.yaml", file=str(game_file), line=1)
    meta = _load_meta(doc)
    tables = _load_tables(doc)
    rules = _load_rules(doc)
    sets: dict[str, ComponentSet] = {}
    seen_ids: dict[str, Origin] = {}
    claims: SheetClaims = {}  # rows of sheets that sets share (`where:`), by sheet
    for path in set_files:
        set_doc = load_catalog_file(path, folder)
        if overlay is not None:
            if overlay.drops_set(_set_id(set_doc)):
                continue
            set_doc = overlay.apply_set(set_doc)
        component_set = _load_set(path, set_doc, seen_ids, overlay, claims)
        if component_set.id in sets:
            raise InputError(
                f"set id {component_set.id!r} used twice (also in {sets[component_set.id].origin})",
                file=path,
                line=component_set.origin.line,
            )
        sets[component_set.id] = component_set
        _check_pieces(sets, component_set)
    if overlay is not None:
        overlay.check_sets(sets)
    check_claims(claims)
    return Game(
        id=meta["id"], title=meta["title"], meta=meta, root=folder,
        templates_dir=templates_dir if templates_dir is not None else folder / "templates",
        sets=sets, tables=tables, rules=rules, origin=Origin(str(game_file), 1),
        edition=chosen, editions=editions,
    )  # fmt: skip


def _game_id(raw: Any, folder: Path) -> str:
    head = raw.get("game") if isinstance(raw, dict) else None
    return str(head.get("id")) if isinstance(head, dict) and head.get("id") else folder.name


def _set_id(doc: Any) -> str:
    head = doc.get("set") if isinstance(doc, dict) else None
    return str(head.get("id")) if isinstance(head, dict) else ""


def _overlay(folder: Path, edition: Edition | None) -> Overlay | None:
    """The edition's overlay when it has one (an edition without is the catalog as written)."""
    if edition is None:
        return None
    path = overlay_path(folder, edition)
    return Overlay.read(path, folder) if path.exists() else None


def _check_pieces(sets: dict[str, ComponentSet], last: ComponentSet) -> None:
    """A game's pieces, every copy counted, stay within GAME_COPIES (each is imposed)."""
    total = sum(s.total for s in sets.values())
    if total > GAME_COPIES:
        raise InputError(
            f"the game holds {total:,} pieces with this set, more than {GAME_COPIES:,}: "
            "is a count too large?",
            file=last.origin.file,
            line=last.origin.line,
        )


# --- game.yaml -----------------------------------------------------------------------------


def _load_meta(doc: Fields) -> dict[str, Any]:
    meta = doc.mapping("game", "game")
    codes = meta.get("languages") if isinstance(meta.get("languages"), list) else []
    # a key in another language the game lists: `title_ja`, `words_ja`, `credits_ja`
    meta.check_keys([*META_KEYS, *(f"{k}_{c}" for c in codes[1:] for k in META_KEYS)])
    meta.slug("id", file_name=True)
    meta.text("title")
    meta.choice("source", SOURCES, "rulebook")
    if "players" in meta:
        players = meta.mapping("players", "game.players")
        low, high = (players.whole(k, low=1, high=PLAYERS) for k in ("min", "max"))
        if low > high:
            raise players.error(f"min ({low}) is more than max ({high})")
    notes = meta.get("notes")
    if notes is not None and not (
        isinstance(notes, list) and all(isinstance(n, str) for n in notes)
    ):
        raise meta.error("`notes`: expected a list of sentences", "notes")
    _check_text_list(meta, "supplies", "a list of things players supply (dice, pawns, ...)")
    _check_text_list(meta, "languages", "a list of language codes, the first the main one")
    _check_text_list(meta, "cover", "a list of component ids for the rulebook's cover")
    languages = meta.get("languages") or []
    for code in languages:
        if not LANGUAGE.match(code):
            raise meta.error(f"`languages`: {quote(code)} is not a language code like en or ja",
                             "languages")  # fmt: skip
    return plain(meta.raw)


def _check_text_list(meta: Fields, key: str, expected: str) -> None:
    value = meta.get(key)
    if value is not None and not (
        isinstance(value, list) and value and all(isinstance(v, str) for v in value)
    ):
        raise meta.error(f"`{key}`: expected {expected}, found {describe(value)}", key)


def _load_tables(doc: Fields) -> dict[str, Table]:
    if doc.get("tables") is None:
        return {}
    raw = doc.mapping("tables", "`tables`")
    tables: dict[str, Table] = {}
    for table_id in raw.raw:
        if not isinstance(table_id, str) or not SLUG.match(table_id):
            raise raw.error(f"table {quote(table_id)}: table ids are slugs", table_id)
        body = raw.mapping(table_id, f"table {table_id!r}")
        body.check_keys(TABLE_KEYS)
        rows = body.get("rows")
        if not isinstance(rows, SourceList) or not rows:
            raise body.error("`rows` should be a non-empty list of mappings", "rows")
        for i, row in enumerate(rows):
            _check_field_value(body.sub(row, f"{body.what} row {i + 1}", "rows"), row)
        tables[table_id] = Table(
            id=table_id,
            title=body.text("title", None) or table_id.replace("-", " ").capitalize(),
            source=body.choice("source", SOURCES, "rulebook"),
            note=body.text("note", None),
            rows=plain(rows),
            origin=Origin(raw.file_of(table_id) or str(doc.file), raw.line_of(table_id) or 1),
            row_lines=[rows.line_of(i) for i in range(len(rows))],
        )
    return tables


def _load_rules(doc: Fields) -> list[RuleSpec]:
    raw = doc.get("rules")
    if raw is None:
        return []
    if not isinstance(raw, SourceList):
        raise doc.error(f"`rules`: expected a list of rules, found {describe(raw)}", "rules")
    rules: list[RuleSpec] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(raw):
        rule = doc.sub(item, f"rule {i + 1}", "rules")
        rule_id = rule.slug("id")
        if rule_id in seen:
            raise rule.error(f"rule id {rule_id!r} used twice (first on line {seen[rule_id]})",
                             "id")  # fmt: skip
        seen[rule_id] = rule.line_of("id") or 0
        rule.what = f"rule {rule_id!r}"
        text, check = rule.text("text"), rule.text("check")
        params = {k: v for k, v in rule.raw.items() if k not in ("id", "text", "check")}
        origin = Origin(rule.file or str(doc.file), rule.line or raw.line_of(i))
        rules.append(RuleSpec(rule_id, text, check, params, origin, item))
    return rules


# --- set files -------------------------------------------------------------------------------


def _load_set(
    path: Path,
    doc: Any,
    seen_ids: dict[str, Origin],
    overlay: Overlay | None = None,
    claims: SheetClaims | None = None,
) -> ComponentSet:
    file = Fields(doc, "set file", file=str(path), line=1)
    file.check_keys(("set", "components", "sheet", "columns", "where"))
    head = file.mapping("set", "set")
    localized = tuple(k for k in head.raw if re.fullmatch(r"name_[a-z]{2}", str(k)))
    head.check_keys(SET_KEYS + localized)  # `name_ja`: the set's name in another language
    set_id = head.slug("id", file_name=True)
    head.what = f"set {set_id!r}"
    kind = head.choice("kind", KINDS)
    _check_output_name(head, set_id, kind)
    shape = head.choice("shape", SHAPES, "rect")
    size = parse_size(head, "size")
    if shape == "round" and abs(size.width_mm - size.height_mm) > 1e-6:
        raise head.error("a round piece needs {diameter: ...}, not different width and height",
                         "size")  # fmt: skip
    imposition = head.choice("imposition", IMPOSITIONS, DEFAULT_IMPOSITION.get(kind, "grid"))
    orientation = head.choice("orientation", ("portrait", "landscape"), "portrait")
    trim = ComponentSet.turned(size, orientation)
    fields = head.mapping("fields", f"{head.what} fields", {})
    _check_field_value(fields, fields.raw)
    defaults, kinds, checks = read_declarations(fields)
    source = head.choice("source", SOURCES, "rulebook")
    rows, columns = sheet_rows(path, file, head, source, kinds if "fields" in head else None,
                               claims)  # fmt: skip
    items = _component_items(file, head, set_id, rows, overlay)
    components = [_load_component(item, head, plain(defaults), seen_ids, checks) for item in items]
    return ComponentSet(
        id=set_id, name=head.text("name") or set_id, kind=kind, size=size, shape=shape,
        front=head.text("front"), back=head.text("back", None),
        product=head.choice("product", PRODUCTS, "cards" if kind == "card" else REQUIRED),
        source=head.choice("source", SOURCES, "rulebook"), components=components,
        origin=Origin(str(path), head.line or 1), defaults=plain(defaults),
        note=head.text("note", None),
        orientation=orientation,
        imposition=imposition, seams=parse_seams(head, trim, imposition),
        sheet_columns=tuple((c.header, text_of(c.key, c.sub)) for c in columns),
        names={k[5:]: str(head.text(k)) for k in localized},
    )  # fmt: skip


def _component_items(
    file: Fields, head: Fields, set_id: str, rows: list[Fields], overlay: Overlay | None
) -> list[Fields]:
    """The set's components as readers: its `components:` list, then its sheet's rows, with
    the edition's overlay applied."""
    raw = file.get("components", [])
    if not isinstance(raw, list) or not (raw or rows):
        at = "components" if "components" in file else None
        raise head.error("`components` should be a non-empty list (or name a spreadsheet: "
                         "`sheet: cards.csv`)", at)  # fmt: skip
    items = [file.sub(item, f"{head.what} component {i + 1}", "components")
             for i, item in enumerate(raw)] + rows  # fmt: skip
    if overlay is None:
        return items
    return overlay.apply_components(
        set_id, items, lambda new, line: file.sub(new, f"{head.what} component", "components")
    )


def _load_component(
    item: Fields,
    head: Fields,
    defaults: dict[str, Any],
    seen_ids: dict[str, Origin],
    checks: dict[str, Allowed],
) -> Component:
    cid = item.slug("id", file_name=True)
    item.what = f"component {cid!r}"
    if cid in seen_ids:
        raise item.error(f"id used twice (first at {seen_ids[cid]})", "id")
    seen_ids[cid] = Origin(str(item.file), item.line_of("id") or 0)
    name = item.text("name")
    count = item.whole("count", high=COPIES)
    source = item.choice("source", SOURCES)
    fields = {k: v for k, v in defaults.items() if v is not None}  # null: a field, no default
    for key, value in item.raw.items():
        _check_not_split_text(item, key, value)
        if key in RESERVED_COMPONENT_KEYS:
            continue
        if not isinstance(key, str):
            raise item.error(f"field names are text, found {describe(key)}", key)
        if not isinstance(value, _SCALARS):  # most fields are: nothing inside to check
            _check_field_value(item, value, f"{item.what} field {quote(key)}", item.line_of(key))
        fields[key] = plain(value)
    for key, allowed in checks.items():
        if fields.get(key) is not None:
            check_value(item, key, fields[key], allowed)
    return Component(
        id=cid, name=name or cid, count=count, source=source, kind=str(head.raw["kind"]),
        set_id=str(head.raw["id"]), fields=fields, origin=Origin(str(item.file), item.line or 0),
        note=item.text("note", None),
    )  # fmt: skip


def parse_size(head: Fields, key: str) -> Size:
    """A named size (poker, mini, tarot, square, ...) or {width, height} or {diameter}."""
    value = head.get(key)
    what = "size"
    if isinstance(value, str):
        if value not in NAMED_SIZES:
            raise head.error(
                f"unknown size {quote(value)} (named sizes: {', '.join(NAMED_SIZES)}, "
                "or {width: 63mm, height: 88mm}, or {diameter: 20mm})",
                key,
                suggestions=closest(value, NAMED_SIZES),
            )
        w, h = NAMED_SIZES[value]
        return Size(w, h, value)
    if isinstance(value, SourceDict) and set(value) in ({"diameter"}, {"width", "height"}):
        box = head.mapping(key, f"{head.what} {what}")
        keys = ("diameter", "diameter") if "diameter" in value else ("width", "height")
        w, h = (_piece_length(box, k) for k in keys)
        return Size(w, h)
    raise head.error(
        f"`{key}`: expected a named size ({', '.join(NAMED_SIZES)}), "
        f"{{width: 63mm, height: 88mm}} or {{diameter: 20mm}}, found {quote(plain(value))}",
        key,
    )


def _piece_length(box: Fields, key: str) -> float:
    """A piece's width, height or diameter: from 3 mm (a tiny marker) to 2 m (a big board)."""
    mm: float = box.length(key, positive=True)
    low, high = PIECE_MM
    if not low <= mm <= high:
        raise box.error(f"`{key}` should be {low:g} to {high:g} mm, found {mm:g} mm", key)
    return mm


def _check_output_name(head: Fields, set_id: str, kind: str) -> None:
    """A deck's PDF is named by its id, so the id cannot be the name of a game's other PDFs."""
    taken = set_id in OUTPUT_NAMES or any(set_id.startswith(f"{n}-") for n in OUTPUT_NAMES[-1:])
    if kind == "card" and taken:
        raise head.error(
            f"a deck cannot be called {set_id!r}: its PDF would take the name of the game's "
            f"{set_id.split('-')[0]} PDF (names kept for them: {', '.join(OUTPUT_NAMES)})",
            "id",
        )


# --- field values ----------------------------------------------------------------------------


def _check_field_value(
    at: Fields, value: Any, what: str | None = None, line: int | None = None
) -> None:
    """Fields hold scalars, lists and small mappings of those; anything else is a mistake."""
    if isinstance(value, dict):
        for k, v in value.items():
            _check_not_split_text(at, k, v, value)
            _check_field_value(at, v, what, line)
    elif isinstance(value, list):
        for v in value:
            _check_field_value(at, v, what, line)
    elif value is not None and not isinstance(value, str | int | float | bool):
        raise InputError(
            f"{what or at.what}: expected text, a number, true/false, a list or a mapping, "
            f"found {type(value).__name__}",
            file=at.file,
            line=line or at.line,
        )


def _check_not_split_text(at: Fields, key: Any, value: Any, mapping: Any = None) -> None:
    """Catch `{text: Roll, then move}`: YAML splits it at the comma into a key with no value."""
    if value is None and isinstance(key, str) and " " in key.strip():
        line = mapping.line_of(key) if isinstance(mapping, SourceDict) else at.line_of(key)
        raise at.error(
            f"{quote(key)} is a key with no value; text holding a comma inside {{...}} "
            "must be quoted",
            line=line,
        )
