"""The `tts` export: the whole game as one Tabletop Simulator Saved Object.

Decks become `DeckCustom`s dealt from face sheets (pnp.export.tts); boards `Custom_Board`s;
every other set a bag of two-sided tiles (pnp.export.tts_objects). Beside `<game>.json` lies
its thumbnail `<game>.png`, as TTS expects.
"""

from __future__ import annotations

from PIL import Image

from pnp.catalog.model import ComponentSet, Game
from pnp.draw.face import FaceArt
from pnp.export.manifest import manifest_csv
from pnp.export.pieces import FaceSource, Piece, SetPieces, face_files
from pnp.export.raster import FaceImages, png_bytes, trim_frame
from pnp.export.targets import ExportOptions, Output
from pnp.export.tts import MAX_PIXELS, deck_object, deck_sheets, sheet_files
from pnp.export.tts_objects import bag_object, board_object, guid, saved_object, tile_object

BOARD_KINDS = ("board", "tracker", "mat")
THUMBNAIL_PX = 256
SPACING = 6.0  # table units between the objects laid out in a row
Rows = list[tuple[Piece, str, str]]


def export_tts(
    game: Game, sets: list[ComponentSet], options: ExportOptions, out: Output, faces: FaceSource
) -> None:
    """Face sheets, images, `<game>.json` and its thumbnail, and `manifest.csv`."""
    dpi = options.dpi_for("tts")
    images = FaceImages()
    objects: list[dict[str, object]] = []
    rows: Rows = []
    number = 1  # CustomDeck numbers run through the whole game
    first: FaceArt | None = None  # the thumbnail's face
    for s in sets:
        group = faces.draw(s, 0.0)
        if not group.pieces:  # every count 0: no deck of no cards on the table
            continue
        position = (len(objects) * SPACING, 0.0)
        if s.is_deck:
            sheets, files, ids = deck_sheets(group, number, images, dpi, out.budget)
            number += len(sheets)
            for name, data in files.items():
                out.write(name, data)
            objects.append(deck_object(group, sheets, ids, out.url, position, describe))
            rows += [(p, *sheet_files(p, sheets, ids)) for p in group.pieces]
        else:
            objects += _pieces(group, images, dpi, out, position, rows)
        # a deck's back usually carries the game's name: the best picture of the whole game
        first = first or group.shared_back or (group.pieces[0].front if group.pieces else None)
    out.write(f"{game.file_stem}.json", saved_object(game.title, objects))
    if first is not None:
        out.write(f"{game.file_stem}.png", png_bytes(_thumbnail(images, first), 72))
    out.write("manifest.csv", manifest_csv(rows))


def _pieces(
    group: SetPieces,
    images: FaceImages,
    dpi: float,
    out: Output,
    position: tuple[float, float],
    rows: Rows,
) -> list[dict[str, object]]:
    """Boards as `Custom_Board`s (each distinct side its own board), others as a bag of tiles."""
    trim = group.set.trim
    frame = trim_frame(trim.width_mm, trim.height_mm, dpi, longest=MAX_PIXELS)
    distinct = {a.key for p in group.pieces for a in (p.front, p.back) if a is not None}
    out.budget.spend(len(distinct) * frame.pixels, f"set {group.set.id!r} ({group.set.name})")
    objects: list[dict[str, object]] = []
    tiles: list[dict[str, object]] = []
    for piece, front, back in face_files(group):
        out.write(front, images.png(piece.front, frame))
        if piece.back is not None:
            out.write(back, images.png(piece.back, frame))
        rows.append((piece, front, back))
        c = piece.component
        if group.set.kind in BOARD_KINDS:
            sides = [(front, c.name)]
            if piece.back is not None and piece.back.key != piece.front.key:
                sides.append((back, f"{c.name} (back)"))
            for name, title in sides:
                at = (position[0] + len(objects) * SPACING, position[1])
                board = board_object(guid(c.set_id, name), title, out.url(name), trim.width_mm, at)
                objects.append(board)
            continue
        urls = (out.url(front), out.url(back) if back else "")
        for copy in range(c.count):
            tiles.append(tile_object(guid(c.set_id, c.id, copy), c.name, describe(piece), urls,
                                     group.set.shape, trim.width_mm))  # fmt: skip
    if tiles:
        objects.append(bag_object(guid(group.set.id), group.set.name, tiles, position))
    return objects


def describe(piece: Piece) -> str:
    """A card's description on the table: its fields, one `name: value` per line."""
    lines = []
    for key, value in piece.component.fields.items():
        if value is None or isinstance(value, dict):
            continue
        text = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        lines.append(f"{key}: {text}")
    return "\n".join(lines)


def _thumbnail(images: FaceImages, art: FaceArt) -> Image.Image:
    """The first face, fitted on a white square, as TTS shows a saved object."""
    frame = trim_frame(art.width_mm, art.height_mm, 300, longest=THUMBNAIL_PX - 16)
    face = images.image(art, frame)
    square = Image.new("RGB", (THUMBNAIL_PX, THUMBNAIL_PX), "white")
    square.paste(face, ((THUMBNAIL_PX - face.width) // 2, (THUMBNAIL_PX - face.height) // 2))
    return square
