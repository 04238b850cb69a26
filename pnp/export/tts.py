"""Tabletop Simulator decks: face sheets and the `DeckCustom` objects that deal from them.

A deck's distinct faces are laid on sheets of at most 10 x 7 cards and 4096 px on either side
(cells scaled down to fit); the last slot of every sheet holds the hidden face (the deck's back,
what other players see of a card in a hand), so `BackIsHidden` is false. A deck with more
faces than a sheet holds is split over several sheets, each its own `CustomDeck` number; card
ids are number x 100 + slot. A deck whose backs differ gets back sheets laid like its faces
(`UniqueBack`). Every copy of a card is one entry of `ContainedObjects`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from pnp.draw.face import FaceArt
from pnp.export.pieces import Piece, SetPieces
from pnp.export.raster import (
    MM_PER_INCH,
    FaceImages,
    Frame,
    PixelBudget,
    png_bytes,
    rasterize,
)
from pnp.export.tts_objects import CARD_MM, guid, object_base

MAX_COLUMNS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden face
CARD_TYPES = {"rect": 0, "round": 4}  # TTS card shapes: rounded rectangle, circle
Url = Callable[[str], str]


@dataclass(frozen=True)
class Sheet:
    """One `CustomDeck` entry: a face sheet, its back image, and its grid."""

    number: int
    face_file: str
    back_file: str
    columns: int
    rows: int
    unique_back: bool


def grid(faces: int) -> tuple[int, int]:
    """(columns, rows) for `faces` distinct faces plus the hidden slot: the fewest rows the
    10-column limit allows, at least 2 x 2 (TTS's deck importer takes no smaller grid)."""
    slots = faces + 1
    rows = max(2, math.ceil(slots / MAX_COLUMNS))
    return max(2, math.ceil(slots / rows)), rows


def cell_frame(width_mm: float, height_mm: float, columns: int, rows: int, dpi: float) -> Frame:
    """One card's cell: its trim at `dpi`, or smaller so the sheet stays within 4096 px."""
    per_mm = min(
        dpi / MM_PER_INCH, MAX_PIXELS / (columns * width_mm), MAX_PIXELS / (rows * height_mm)
    )
    size = (max(1, math.floor(width_mm * per_mm)), max(1, math.floor(height_mm * per_mm)))
    return Frame(size=size, trim=(float(size[0]), float(size[1])), dpi=per_mm * MM_PER_INCH)


def compose(cells: list[Image.Image], columns: int, rows: int, hidden: Image.Image) -> Image.Image:
    """A sheet: cells left to right, top to bottom, and `hidden` in the last slot."""
    width, height = hidden.size
    sheet = Image.new("RGB", (columns * width, rows * height), "white")
    for slot, cell in enumerate(cells):
        sheet.paste(cell, ((slot % columns) * width, (slot // columns) * height))
    last = columns * rows - 1
    sheet.paste(hidden, ((last % columns) * width, (last // columns) * height))
    return sheet


def _slots(group: SetPieces, unique: bool) -> list[tuple[FaceArt, FaceArt | None]]:
    """The distinct (front, back) pairs of a deck, in order of first appearance."""
    seen: dict[tuple[str, str | None], tuple[FaceArt, FaceArt | None]] = {}
    for piece in group.pieces:
        back = piece.back if unique else None
        seen.setdefault((piece.front.key, back.key if back else None), (piece.front, back))
    return list(seen.values())


def _slot_of(piece: Piece, unique: bool) -> tuple[str, str | None]:
    return (piece.front.key, piece.back.key if unique and piece.back else None)


def deck_sheets(
    group: SetPieces,
    first_number: int,
    images: FaceImages,
    dpi: float,
    budget: PixelBudget | None = None,
) -> tuple[list[Sheet], dict[str, bytes], dict[tuple[str, str | None], int]]:
    """The deck's sheets, their PNG files (name -> bytes; in the set's own folder, as every
    set's files, so no name of one set, nor the game's `<game>.json|png`, is another's) and each
    face's card id. Every
    sheet of a deck has cells of one size (the first, fullest sheet's), so one back fits all.
    Their pixels are counted against `budget` before they are drawn."""
    budget = budget or PixelBudget()
    unique = group.shared_back is None and any(p.back for p in group.pieces)
    slots = _slots(group, unique)
    trim = group.set.trim
    frame = cell_frame(trim.width_mm, trim.height_mm, *grid(min(len(slots), PER_SHEET)), dpi)
    sheets, files, ids = [], {}, {}
    for n, start in enumerate(range(0, len(slots), PER_SHEET)):
        chunk = slots[start : start + PER_SHEET]
        number = first_number + n
        columns, rows = grid(len(chunk))
        pixels = columns * rows * frame.pixels * (2 if unique else 1)
        budget.spend(pixels, f"the sheets of deck {group.set.id!r}")
        hidden = _cell(images, group.shared_back or chunk[0][1], frame)
        fronts = [rasterize(front, frame) for front, _ in chunk]  # each once: not kept
        face_file = f"{group.set.id}/sheet-{n + 1}.png"
        files[face_file] = png_bytes(compose(fronts, columns, rows, hidden), frame.dpi)
        if unique:
            backs = [_cell(None, back, frame) for _, back in chunk]  # each once: not kept
            back_file = f"{group.set.id}/backs-{n + 1}.png"
            files[back_file] = png_bytes(compose(backs, columns, rows, hidden), frame.dpi)
        else:
            back_file = f"{group.set.id}/back.png"
            files[back_file] = png_bytes(hidden, frame.dpi)
        sheets.append(Sheet(number, face_file, back_file, columns, rows, unique))
        for index, (front, back) in enumerate(chunk):
            ids[(front.key, back.key if back else None)] = number * 100 + index
    return sheets, files, ids


def _cell(images: FaceImages | None, art: FaceArt | None, frame: Frame) -> Image.Image:
    """A face's cell (kept in `images` for the next use, when given)."""
    if art is None:  # a deck without backs: a plain grey back
        return Image.new("RGB", frame.size, (128, 128, 128))
    return images.image(art, frame) if images is not None else rasterize(art, frame)


def sheet_files(
    piece: Piece, sheets: list[Sheet], ids: dict[tuple[str, str | None], int]
) -> tuple[str, str]:
    """(face sheet, back image) a piece of the deck is dealt from."""
    unique = bool(sheets) and sheets[0].unique_back
    number = ids[_slot_of(piece, unique)] // 100
    sheet = next(s for s in sheets if s.number == number)
    return sheet.face_file, sheet.back_file


def custom_deck(sheet: Sheet, url: Url, shape: str) -> dict[str, object]:
    return {
        "FaceURL": url(sheet.face_file),
        "BackURL": url(sheet.back_file),
        "NumWidth": sheet.columns,
        "NumHeight": sheet.rows,
        "BackIsHidden": False,
        "UniqueBack": sheet.unique_back,
        "Type": CARD_TYPES.get(shape, 0),
    }


def deck_object(
    group: SetPieces,
    sheets: list[Sheet],
    ids: dict[tuple[str, str | None], int],
    url: Url,
    position: tuple[float, float],
    describe: Callable[[Piece], str],
) -> dict[str, object]:
    """A `DeckCustom` (or a lone `CardCustom` for a one-card deck) holding every copy."""
    decks = {str(s.number): custom_deck(s, url, group.set.shape) for s in sheets}
    unique = bool(sheets) and sheets[0].unique_back
    trim = group.set.trim
    sideways = trim.width_mm > trim.height_mm
    short, long = sorted((trim.width_mm, trim.height_mm))
    scale = (short / CARD_MM[0], long / CARD_MM[1])  # TTS turns a sideways card itself
    cards = []
    for piece in group.pieces:
        card_id = ids[_slot_of(piece, unique)]
        number = str(card_id // 100)
        for copy in range(piece.count):
            ident = guid(group.set.id, piece.component.id, copy)
            card = object_base("Card", ident, (0.0, 0.0), scale)
            card.update(
                Nickname=piece.component.name,
                Description=describe(piece),
                CardID=card_id,
                SidewaysCard=sideways,
                Hands=True,
                CustomDeck={number: decks[number]},
            )
            cards.append(card)
    if len(cards) == 1:
        single = dict(cards[0])
        transform = object_base("", "", position, scale)["Transform"]
        single.update(Name="CardCustom", Transform=transform)
        return single
    deck = object_base("DeckCustom", guid(group.set.id), position, scale)
    deck["Transform"]["rotZ"] = 180.0  # type: ignore[index]  # a deck lies face down
    deck.update(
        Nickname=group.set.name,
        SidewaysCard=sideways,
        Hands=False,
        DeckIDs=[c["CardID"] for c in cards],
        CustomDeck=decks,
        ContainedObjects=cards,
    )
    return deck
