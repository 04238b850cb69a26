"""A game's editions: which it declares, which one a build asks for, and where its overlay is.

An edition is the one catalog with a small overlay applied (`editions/<id>.yaml`: the texts,
counts, tables and rules that differ), so kit, rulebook, validator and exports of an edition are
all drawn from the same data. `game.yaml` declares the editions (`editions:`); the overlay's
shapes and how they apply are in pnp.catalog.overlay. See docs/editions.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.catalog.fields import SLUG, Fields
from pnp.catalog.model import Edition, Origin
from pnp.catalog.yamlsource import SourceList, plain
from pnp.errors import InputError, UnknownNameError
from pnp.names import closest, describe, quote

EDITION_KEYS = ("name", "description", "default", "changes")
CHANGE_KEYS = ("topic", "original", "edition", "why", "effect")
OVERLAY_FOLDER = "editions"
MAX_EDITIONS = 20
MAX_CHANGES = 200


def read_editions(doc: Fields) -> tuple[Edition, ...]:
    """The editions `game.yaml` declares, the default one marked (the first when none says)."""
    if doc.get("editions") is None:
        return ()
    raw = doc.mapping("editions", "`editions`")
    if not raw.raw:
        raise raw.error("`editions` is empty: declare each edition, or leave the key out")
    if len(raw.raw) > MAX_EDITIONS:
        raise raw.error(f"more than {MAX_EDITIONS} editions: is this the right file?")
    found = [_read_edition(raw, key) for key in raw.raw]
    defaults = [e for e in found if e.default]
    if len(defaults) > 1:
        raise InputError(
            f"editions {', '.join(quote(e.id) for e in defaults)} are all `default: true`: "
            "one edition is built when none is named",
            file=defaults[1].origin.file, line=defaults[1].origin.line,
        )  # fmt: skip
    if not defaults:
        first = found[0]
        found[0] = Edition(first.id, first.name, first.description, True, first.changes,
                           first.origin)  # fmt: skip
    return tuple(found)


def _read_edition(raw: Fields, key: Any) -> Edition:
    if not isinstance(key, str) or not SLUG.match(key):
        raise raw.error(f"edition {quote(key)}: an edition id is a slug like `original`", key)
    body = raw.mapping(key, f"edition {key!r}")
    body.check_keys(EDITION_KEYS)
    return Edition(
        id=key, name=body.text("name"), description=body.text("description"),
        default=bool(body.flag("default", False)),
        changes=_read_changes(body), origin=Origin(str(body.file), raw.line_of(key) or 1),
    )  # fmt: skip


def _read_changes(body: Fields) -> tuple[dict[str, str], ...]:
    rows = body.get("changes")
    if rows is None:
        return ()
    if not isinstance(rows, SourceList) or not rows:
        raise body.error(f"`changes`: expected a list of changes, found {describe(rows)}",
                         "changes")  # fmt: skip
    if len(rows) > MAX_CHANGES:
        raise body.error(f"`changes`: more than {MAX_CHANGES} rows", "changes")
    changes = []
    for i, row in enumerate(rows):
        change = body.sub(row, f"{body.what} change {i + 1}", "changes")
        change.check_keys(CHANGE_KEYS, required=CHANGE_KEYS[:4])
        for k in change.raw:
            change.text(k)
        changes.append({str(k): str(v) for k, v in plain(change.raw).items()})
    return tuple(changes)


def choose_edition(
    editions: tuple[Edition, ...], wanted: str | None, game_id: str
) -> Edition | None:
    """The edition `wanted` (the default when None); None for a game without editions."""
    if wanted is None:
        return next((e for e in editions if e.default), None)
    for edition in editions:
        if edition.id == wanted:
            return edition
    ids = [e.id for e in editions]
    if not ids:
        raise InputError(f"{game_id} has no editions, so --edition {wanted} names none "
                         "(declare them in game.yaml: `editions:`)")  # fmt: skip
    raise UnknownNameError(
        f"{game_id} has no edition {quote(wanted)} (editions: {', '.join(ids)})",
        suggestions=closest(wanted, ids),
    )


def overlay_path(folder: Path, edition: Edition) -> Path:
    """Where an edition's overlay lies (it may not exist: the catalog as written)."""
    return folder / OVERLAY_FOLDER / f"{edition.id}.yaml"
