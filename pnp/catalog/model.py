"""Load a game folder (game.yaml + one YAML file per set) into typed objects.

Every object remembers the file and line it came from, so later stages (rules, layout, build)
can point a user at the exact place to fix. Schema problems raise InputError.
See docs/catalog-format.md for the format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp import units
from pnp.catalog.yamlsource import SourceDict, SourceList, load_yaml
from pnp.errors import InputError, UnknownNameError
from pnp.names import closest, describe

SOURCES = ("rulebook", "original")
KINDS = (
    "card", "chip", "token", "marker", "board", "tracker", "pawn", "standee",
    "reference", "aid", "mat", "tile",
)  # fmt: skip
PRODUCTS = ("cards", "boards", "tokens", "aids")
SHAPES = ("rect", "round")
# Named piece sizes in millimetres (width, height), portrait.
NAMED_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
    "a6": (105.0, 148.0),
    "a5": (148.0, 210.0),
    "half-letter": (139.7, 215.9),
}
RESERVED_COMPONENT_KEYS = ("id", "name", "count", "source", "note")
GAME_KEYS = ("game", "tables", "rules")
META_KEYS = (
    "id", "title", "subtitle", "designer", "publisher", "players", "play_time", "ages",
    "source", "notes", "year", "credits",
)  # fmt: skip
SET_KEYS = (
    "id", "name", "kind", "size", "shape", "front", "back", "product", "source", "fields",
    "note", "orientation", "imposition",
)  # fmt: skip
# How a set is laid on sheets; the default follows its kind.
IMPOSITIONS = ("grid", "packed", "tiled", "standee")
DEFAULT_IMPOSITION = {
    "board": "tiled", "tracker": "tiled", "mat": "tiled",
    "chip": "packed", "token": "packed", "marker": "packed", "tile": "packed",
    "pawn": "standee", "standee": "standee",
}  # fmt: skip
TABLE_KEYS = ("title", "source", "note", "rows")
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Origin:
    """Where a thing was written: file and 1-based line."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Size:
    """Trim size of a piece in millimetres."""

    width_mm: float
    height_mm: float
    name: str | None = None


@dataclass
class Component:
    """One kind of physical piece (a card, a chip value, a board) and how many copies exist."""

    id: str
    name: str
    count: int
    source: str
    kind: str
    set_id: str
    fields: dict[str, Any]
    origin: Origin
    note: str | None = None

    @property
    def deck(self) -> str | None:
        """The deck id for cards, else None."""
        return self.set_id if self.kind == "card" else None

    def value(self, key: str) -> Any:
        """A field or one of id/name/count/source/kind/deck; None when absent."""
        if key in ("id", "name", "count", "source", "kind", "deck"):
            return getattr(self, key)
        if key == "set":
            return self.set_id
        return self.fields.get(key)

    def context(self) -> dict[str, Any]:
        """The mapping templates see as `card`: fields at top level plus the reserved keys."""
        ctx = dict(self.fields)
        ctx.update(
            id=self.id, name=self.name, count=self.count, source=self.source, kind=self.kind,
            deck=self.deck, set=self.set_id, fields=dict(self.fields), note=self.note,
        )  # fmt: skip
        return ctx


@dataclass
class ComponentSet:
    """Components that share a size, shape, templates and product; a set of cards is a deck."""

    id: str
    name: str
    kind: str
    size: Size
    shape: str
    front: str | None
    back: str | None
    product: str
    source: str
    components: list[Component]
    origin: Origin
    defaults: dict[str, Any] = field(default_factory=dict)
    note: str | None = None
    orientation: str = "portrait"
    imposition: str = "grid"

    @property
    def is_deck(self) -> bool:
        return self.kind == "card"

    @property
    def total(self) -> int:
        return sum(c.count for c in self.components)

    def context(self) -> dict[str, Any]:
        """The mapping templates see as `set` (and `deck`)."""
        return {
            "id": self.id, "name": self.name, "kind": self.kind, "shape": self.shape,
            "product": self.product, "total": self.total, "note": self.note,
            "size": {"width": self.size.width_mm, "height": self.size.height_mm,
                     "name": self.size.name},
            **{k: v for k, v in self.defaults.items() if k not in ("id", "name")},
        }  # fmt: skip


@dataclass
class Table:
    """A reference table: rows of scalars, printed on aids and read by rules and templates."""

    id: str
    title: str
    source: str
    rows: list[dict[str, Any]]
    origin: Origin
    note: str | None = None
    row_lines: list[int] = field(default_factory=list)

    @property
    def columns(self) -> list[str]:
        cols: dict[str, None] = {}
        for row in self.rows:
            cols.update(dict.fromkeys(row))
        return list(cols)


@dataclass
class RuleSpec:
    """A composition rule as written: parsed and checked by pnp.rules.checks."""

    id: str
    text: str
    check: str
    params: dict[str, Any]
    origin: Origin
    raw: SourceDict | None = None


@dataclass
class Game:
    """A whole game: metadata, sets of components, tables and composition rules."""

    id: str
    title: str
    meta: dict[str, Any]
    root: Path
    templates_dir: Path
    sets: dict[str, ComponentSet]
    tables: dict[str, Table]
    rules: list[RuleSpec]
    origin: Origin

    @property
    def components(self) -> list[Component]:
        return [c for s in self.sets.values() for c in s.components]

    @property
    def decks(self) -> dict[str, ComponentSet]:
        return {k: s for k, s in self.sets.items() if s.is_deck}

    def component(self, component_id: str) -> Component:
        for c in self.components:
            if c.id == component_id:
                return c
        raise UnknownNameError(
            f"no component {component_id!r} in {self.id}",
            suggestions=closest(component_id, [c.id for c in self.components]),
        )

    def context(self) -> dict[str, Any]:
        """The mapping templates see as `game`."""
        return {"id": self.id, "title": self.title, **{k: v for k, v in self.meta.items()}}

    def tables_context(self) -> dict[str, list[dict[str, Any]]]:
        """The mapping templates see as `tables`: table id -> rows."""
        return {t.id: [dict(r) for r in t.rows] for t in self.tables.values()}

    def table_info_context(self) -> dict[str, dict[str, Any]]:
        """The mapping templates see as `table_info`: table id -> title, note, source, columns."""
        return {
            t.id: {"title": t.title, "note": t.note, "source": t.source, "columns": t.columns}
            for t in self.tables.values()
        }


# --- helpers -----------------------------------------------------------------------------


def parse_length(value: Any, *, file: str, line: int, what: str) -> float:
    """A positive length in mm (`"63mm"`, `"2.5in"`, a bare number is mm), located for errors."""
    try:
        mm = units.parse_length(value, what=what)
    except InputError as exc:
        raise InputError(exc.message, file=file, line=line, hint=exc.hint) from None
    if mm <= 0:
        raise InputError(
            f"{what}: expected a positive length, found {value!r}", file=file, line=line
        )
    return mm


def _expect_mapping(value: Any, what: str, file: str, line: int) -> SourceDict:
    if not isinstance(value, dict):
        raise InputError(
            f"{what}: expected a mapping (key: value lines), found {describe(value)}",
            file=file,
            line=line,
        )
    return value  # type: ignore[return-value]


def _check_keys(mapping: SourceDict, allowed: tuple[str, ...], what: str) -> None:
    for key in mapping:
        if key not in allowed:
            raise UnknownNameError(
                f"{what}: unknown key {key!r} (known: {', '.join(allowed)})",
                file=mapping.file,
                line=mapping.line_of(key),
                suggestions=closest(str(key), allowed),
            )


def _text(mapping: SourceDict, key: str, what: str, *, required: bool = True) -> str | None:
    value = mapping.get(key)
    if value is None:
        if required:
            raise InputError(f"{what}: missing `{key}`", file=mapping.file, line=mapping.line)
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise InputError(
            f"{what}: `{key}` should be text, found {describe(value)}",
            file=mapping.file,
            line=mapping.line_of(key),
        )
    return str(value)


def _slug(mapping: SourceDict, key: str, what: str) -> str:
    value = _text(mapping, key, what)
    assert value is not None
    if not SLUG.match(value):
        raise InputError(
            f"{what}: `{key}` must be a slug (lower-case letters, digits and hyphens), "
            f"found {value!r}",
            file=mapping.file,
            line=mapping.line_of(key),
        )
    return value


def _choice(mapping: SourceDict, key: str, allowed: tuple[str, ...], what: str, default=None):
    value = mapping.get(key, default)
    if value is None:
        raise InputError(
            f"{what}: missing `{key}` (one of {', '.join(allowed)})",
            file=mapping.file,
            line=mapping.line,
        )
    if value not in allowed:
        raise UnknownNameError(
            f"{what}: `{key}` must be one of {', '.join(allowed)}, found {value!r}",
            file=mapping.file,
            line=mapping.line_of(key),
            suggestions=closest(str(value), allowed),
        )
    return value


def _plain(value: Any) -> Any:
    """Strip source tracking: plain dicts and lists for templates and JSON."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _check_field_value(value: Any, file: str, line: int, what: str) -> None:
    """Fields hold scalars, lists and small mappings of those; anything else is a mistake."""
    if isinstance(value, dict):
        for k, v in value.items():
            _check_not_split_text(value, k, v, file, line, what)
            _check_field_value(v, file, line, what)
    elif isinstance(value, list):
        for v in value:
            _check_field_value(v, file, line, what)
    elif value is not None and not isinstance(value, str | int | float | bool):
        raise InputError(
            f"{what}: expected text, a number, true/false, a list or a mapping, "
            f"found {type(value).__name__}",
            file=file,
            line=line,
        )


def _check_not_split_text(
    mapping: Any, key: Any, value: Any, file: str, line: int, what: str
) -> None:
    """Catch `{text: Roll, then move}`: YAML splits it at the comma into a key with no value."""
    if value is None and isinstance(key, str) and " " in key.strip():
        if isinstance(mapping, SourceDict):
            line = mapping.line_of(key)
        raise InputError(
            f"{what}: {key!r} is a key with no value; text holding a comma inside {{...}} "
            "must be quoted",
            file=file,
            line=line,
        )


# --- loading -----------------------------------------------------------------------------


def parse_size(value: Any, file: str, line: int, what: str) -> Size:
    """A named size (poker, mini, tarot, square, ...) or {width, height} or {diameter}."""
    if isinstance(value, str):
        if value not in NAMED_SIZES:
            raise UnknownNameError(
                f"{what}: unknown size {value!r} (named sizes: {', '.join(NAMED_SIZES)}, "
                "or {width: 63mm, height: 88mm}, or {diameter: 20mm})",
                file=file,
                line=line,
                suggestions=closest(value, NAMED_SIZES),
            )
        w, h = NAMED_SIZES[value]
        return Size(w, h, value)
    if isinstance(value, dict):
        keys = set(value)
        vline = value.line_of if isinstance(value, SourceDict) else (lambda k: line)
        if keys == {"diameter"}:
            d = parse_length(value["diameter"], file=file, line=vline("diameter"), what=what)
            return Size(d, d)
        if keys == {"width", "height"}:
            w = parse_length(value["width"], file=file, line=vline("width"), what=what + " width")
            h = parse_length(
                value["height"], file=file, line=vline("height"), what=what + " height"
            )
            return Size(w, h)
    raise InputError(
        f"{what}: expected a named size ({', '.join(NAMED_SIZES)}), "
        f"{{width: 63mm, height: 88mm}} or {{diameter: 20mm}}, found {_plain(value)!r}",
        file=file,
        line=line,
    )


def _load_meta(doc: SourceDict, file: str) -> dict[str, Any]:
    meta = _expect_mapping(doc.get("game"), "`game`", file, doc.line_of("game"))
    _check_keys(meta, META_KEYS, "game")
    _slug(meta, "id", "game")
    _text(meta, "title", "game")
    _choice(meta, "source", SOURCES, "game", default="rulebook")
    players = meta.get("players")
    if players is not None:
        p = _expect_mapping(players, "game.players", file, meta.line_of("players"))
        for key in ("min", "max"):
            v = p.get(key)
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise InputError(
                    f"game.players.{key}: expected a whole number of at least 1, found {v!r}",
                    file=file,
                    line=p.line_of(key),
                )
        if p["min"] > p["max"]:
            raise InputError(
                f"game.players: min ({p['min']}) is more than max ({p['max']})",
                file=file,
                line=p.line,
            )
    notes = meta.get("notes")
    if notes is not None and not (
        isinstance(notes, list) and all(isinstance(n, str) for n in notes)
    ):
        raise InputError(
            "game.notes: expected a list of sentences", file=file, line=meta.line_of("notes")
        )
    return _plain(meta)


def _load_tables(doc: SourceDict, file: str) -> dict[str, Table]:
    raw = doc.get("tables")
    if raw is None:
        return {}
    raw = _expect_mapping(raw, "`tables`", file, doc.line_of("tables"))
    tables: dict[str, Table] = {}
    for table_id, body in raw.items():
        what = f"table {table_id!r}"
        if not isinstance(table_id, str) or not SLUG.match(table_id):
            raise InputError(f"{what}: table ids are slugs", file=file, line=raw.line_of(table_id))
        body = _expect_mapping(body, what, file, raw.line_of(table_id))
        _check_keys(body, TABLE_KEYS, what)
        rows = body.get("rows")
        if not isinstance(rows, list) or not rows:
            raise InputError(
                f"{what}: `rows` should be a non-empty list of mappings",
                file=file,
                line=body.line_of("rows"),
            )
        for i, row in enumerate(rows):
            row_line = rows.line_of(i) if isinstance(rows, SourceList) else body.line
            _expect_mapping(row, f"{what} row {i + 1}", file, row_line)
            _check_field_value(row, file, row_line, f"{what} row {i + 1}")
        tables[table_id] = Table(
            id=table_id,
            title=_text(body, "title", what, required=False)
            or table_id.replace("-", " ").capitalize(),
            source=_choice(body, "source", SOURCES, what, default="rulebook"),
            note=_text(body, "note", what, required=False),
            rows=_plain(rows),
            origin=Origin(file, raw.line_of(table_id)),
            row_lines=[rows.line_of(i) for i in range(len(rows))]
            if isinstance(rows, SourceList)
            else [],
        )
    return tables


def _load_rules(doc: SourceDict, file: str) -> list[RuleSpec]:
    raw = doc.get("rules")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InputError(
            f"`rules`: expected a list of rules, found {describe(raw)}",
            file=file,
            line=doc.line_of("rules"),
        )
    rules: list[RuleSpec] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(raw):
        line = raw.line_of(i)
        item = _expect_mapping(item, f"rule {i + 1}", file, line)
        rule_id = _slug(item, "id", f"rule {i + 1}")
        if rule_id in seen:
            raise InputError(
                f"rule id {rule_id!r} used twice (first on line {seen[rule_id]})",
                file=file,
                line=item.line_of("id"),
            )
        seen[rule_id] = item.line_of("id")
        text = _text(item, "text", f"rule {rule_id!r}")
        check = _text(item, "check", f"rule {rule_id!r}")
        params = {k: v for k, v in item.items() if k not in ("id", "text", "check")}
        rules.append(RuleSpec(rule_id, text or "", check or "", params, Origin(file, line), item))
    return rules


def _load_set(path: Path, doc: Any, seen_ids: dict[str, Origin]) -> ComponentSet:
    file = str(path)
    doc = _expect_mapping(doc, "set file", file, 1)
    _check_keys(doc, ("set", "components"), "set file")
    head = _expect_mapping(doc.get("set"), "`set`", file, doc.line_of("set") if "set" in doc else 1)
    _check_keys(head, SET_KEYS, "set")
    set_id = _slug(head, "id", "set")
    what = f"set {set_id!r}"
    kind = _choice(head, "kind", KINDS, what)
    product = _choice(head, "product", PRODUCTS, what, default="cards" if kind == "card" else None)
    shape = _choice(head, "shape", SHAPES, what, default="rect")
    size = parse_size(head.get("size"), file, head.line_of("size"), f"{what} size")
    if shape == "round" and abs(size.width_mm - size.height_mm) > 1e-6:
        raise InputError(
            f"{what}: a round piece needs {{diameter: ...}}, not different width and height",
            file=file,
            line=head.line_of("size"),
        )
    front = _text(head, "front", what)
    back = _text(head, "back", what, required=False)
    source = _choice(head, "source", SOURCES, what, default="rulebook")
    orientation = _choice(head, "orientation", ("portrait", "landscape"), what, default="portrait")
    imposition = _choice(
        head, "imposition", IMPOSITIONS, what, default=DEFAULT_IMPOSITION.get(kind, "grid")
    )
    defaults = head.get("fields") or {}
    defaults = _expect_mapping(defaults, f"{what} fields", file, head.line_of("fields"))
    _check_field_value(defaults, file, head.line_of("fields"), f"{what} fields")
    raw_components = doc.get("components")
    if not isinstance(raw_components, list) or not raw_components:
        raise InputError(
            f"{what}: `components` should be a non-empty list",
            file=file,
            line=doc.line_of("components") if "components" in doc else doc.line,
        )
    components = []
    for i, item in enumerate(raw_components):
        line = raw_components.line_of(i)
        item = _expect_mapping(item, f"{what} component {i + 1}", file, line)
        cid = _slug(item, "id", f"{what} component {i + 1}")
        cwhat = f"component {cid!r}"
        if cid in seen_ids:
            raise InputError(
                f"{cwhat}: id used twice (first at {seen_ids[cid]})",
                file=file,
                line=item.line_of("id"),
            )
        seen_ids[cid] = Origin(file, item.line_of("id"))
        name = _text(item, "name", cwhat)
        count = item.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InputError(
                f"{cwhat}: `count` should be a whole number of 0 or more, found {describe(count)}",
                file=file,
                line=item.line_of("count"),
            )
        csource = _choice(item, "source", SOURCES, cwhat)
        fields = _plain(defaults)
        for key, value in item.items():
            _check_not_split_text(item, key, value, file, line, cwhat)
            if key in RESERVED_COMPONENT_KEYS:
                continue
            if not isinstance(key, str):
                raise InputError(
                    f"{cwhat}: field names are text, found {key!r}",
                    file=file,
                    line=item.line_of(key),
                )
            _check_field_value(value, file, item.line_of(key), f"{cwhat} field {key!r}")
            fields[key] = _plain(value)
        components.append(
            Component(
                id=cid,
                name=name or cid,
                count=count,
                source=csource,
                kind=kind,
                set_id=set_id,
                fields=fields,
                origin=Origin(file, line),
                note=_text(item, "note", cwhat, required=False),
            )  # fmt: skip
        )
    return ComponentSet(
        id=set_id, name=_text(head, "name", what) or set_id, kind=kind, size=size, shape=shape,
        front=front, back=back, product=product, source=source, components=components,
        origin=Origin(file, head.line), defaults=_plain(defaults),
        note=_text(head, "note", what, required=False), orientation=orientation,
        imposition=imposition,
    )  # fmt: skip


def load_game(folder: Path, templates_dir: Path | None = None) -> Game:
    """Load a game folder: `game.yaml` plus every other `*.yaml` file as a set."""
    folder = Path(folder)
    game_file = folder / "game.yaml"
    if not folder.is_dir():
        raise InputError("not a game folder (expected a folder with game.yaml)", file=folder)
    if not game_file.is_file():
        raise InputError("missing game.yaml: a game folder needs one", file=folder)
    doc = load_yaml(game_file)
    file = str(game_file)
    doc = _expect_mapping(doc, "game.yaml", file, 1)
    _check_keys(doc, GAME_KEYS, "game.yaml")
    meta = _load_meta(doc, file)
    tables = _load_tables(doc, file)
    rules = _load_rules(doc, file)
    sets: dict[str, ComponentSet] = {}
    seen_ids: dict[str, Origin] = {}
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "game.yaml":
            continue
        component_set = _load_set(path, load_yaml(path), seen_ids)
        if component_set.id in sets:
            raise InputError(
                f"set id {component_set.id!r} used twice (also in {sets[component_set.id].origin})",
                file=path,
                line=component_set.origin.line,
            )
        sets[component_set.id] = component_set
    if templates_dir is None:
        templates_dir = folder / "templates"
    return Game(
        id=meta["id"], title=meta["title"], meta=meta, root=folder, templates_dir=templates_dir,
        sets=sets, tables=tables, rules=rules, origin=Origin(file, 1),
    )  # fmt: skip
