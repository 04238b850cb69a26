"""A game as typed objects: components, the sets they come in, reference tables and rules.

Every object remembers the file and line it came from, so later stages (rules, layout, build)
can point a user at the exact place to fix. `pnp.catalog.load` builds them from a game folder;
the vocabulary a catalog may use (kinds, products, named sizes, ...) is defined here.
See docs/catalog-format.md for the format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import UnknownNameError
from pnp.names import closest, quote

if TYPE_CHECKING:  # the model alone (sizes for `pnp new --help`) needs no YAML parser
    from pnp.catalog.yamlsource import SourceDict

SOURCES = ("rulebook", "original")
KINDS = (
    "card", "chip", "token", "marker", "board", "tracker", "pawn", "standee",
    "reference", "aid", "mat", "tile",
)  # fmt: skip
PRODUCTS = ("cards", "boards", "tokens", "aids")
# The names of a game's PDFs other than its decks' (a deck's PDF is named by the deck's id);
# the rulebook also names its other editions `rulebook-LANG`.
OUTPUT_NAMES = ("boards", "tokens", "aids", "rulebook")
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
GAME_KEYS = ("game", "tables", "rules", "editions")
META_KEYS = (
    "id", "title", "subtitle", "designer", "publisher", "players", "play_time", "ages",
    "source", "notes", "year", "credits", "languages", "supplies", "cover",
)  # fmt: skip
SET_KEYS = (
    "id", "name", "kind", "size", "shape", "front", "back", "product", "source", "fields",
    "note", "orientation", "imposition", "seams",
)  # fmt: skip
# How a set is laid on sheets; the default follows its kind.
IMPOSITIONS = ("grid", "packed", "tiled", "standee")
DEFAULT_IMPOSITION = {
    "board": "tiled", "tracker": "tiled", "mat": "tiled",
    "chip": "packed", "token": "packed", "marker": "packed", "tile": "packed",
    "pawn": "standee", "standee": "standee",
}  # fmt: skip
TABLE_KEYS = ("title", "source", "note", "rows")


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


@dataclass(frozen=True)
class KeepClear:
    """A zone of a board its seams keep out of, as its templates place things: mm from the
    trim's top-left corner, y down; on the "front", the "back" or "both" sides."""

    x: float
    y: float
    w: float
    h: float
    side: str = "both"


@dataclass(frozen=True)
class Seams:
    """Where a tiled board's seams may run: off the spaces, words and pictures its faces paint
    (unless `derive` is false) and out of the `keep_clear` zones."""

    derive: bool = True
    keep_clear: tuple[KeepClear, ...] = ()


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


@dataclass
class ComponentSet:
    """Components that share a size, shape, templates and product; a set of cards is a deck."""

    id: str
    name: str
    kind: str
    size: Size
    shape: str
    front: str
    back: str | None
    product: str
    source: str
    components: list[Component]
    origin: Origin
    defaults: dict[str, Any] = field(default_factory=dict)
    note: str | None = None
    orientation: str = "portrait"
    imposition: str = "grid"
    seams: Seams = field(default_factory=Seams)
    # the columns of the set's sheet, in its order: (header as written, key it fills)
    sheet_columns: tuple[tuple[str, str], ...] = ()
    names: dict[str, str] = field(default_factory=dict)  # the set's name by language (`name_ja`)

    @property
    def is_deck(self) -> bool:
        return self.kind == "card"

    @property
    def trim(self) -> Size:
        """The size the pieces print at: `size`, turned on its side when the set is landscape."""
        return self.turned(self.size, self.orientation)

    @staticmethod
    def turned(size: Size, orientation: str) -> Size:
        """`size` as a set of that orientation prints it."""
        w, h = size.width_mm, size.height_mm
        if orientation == "landscape" and h > w:
            w, h = h, w
        return Size(w, h, size.name)

    @property
    def total(self) -> int:
        return sum(c.count for c in self.components)


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
    """A composition rule as written: parsed and checked by pnp.rules.registry."""

    id: str
    text: str
    check: str
    params: dict[str, Any]
    origin: Origin
    raw: SourceDict | None = None


@dataclass(frozen=True)
class Edition:
    """One edition a game declares: its id, how players know it, and how it differs."""

    id: str
    name: str
    description: str
    default: bool
    changes: tuple[dict[str, str], ...]
    origin: Origin

    def context(self) -> dict[str, Any]:
        """What templates see of it (`game.edition`, each of `game.editions`)."""
        return {
            "id": self.id, "name": self.name, "description": self.description,
            "default": self.default, "changes": [dict(c) for c in self.changes],
        }  # fmt: skip


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
    edition: Edition | None = None  # the edition loaded; None for a game without editions
    editions: tuple[Edition, ...] = ()  # every edition the game declares, the default marked

    @property
    def file_stem(self) -> str:
        """What its files are named after: the game's id, then the edition's unless default."""
        if self.edition is None or self.edition.default:
            return self.id
        return f"{self.id}-{self.edition.id}"

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
            f"no component {quote(component_id)} in {self.id}",
            suggestions=closest(component_id, [c.id for c in self.components]),
        )
