"""Proofs to look over before printing: a contact sheet per set (every distinct face with its
name and count) and the faces a gallery shows.

Each distinct face appears once: a card's front with its count, and a back shared by the whole
set once, with the set's total.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from pnp.draw.face import FaceArt
from pnp.export.pieces import SetPieces, face_files
from pnp.limits import CONTACT_FACES, IMAGE_PIXELS
from pnp.memo import Memo
from pnp.resources import fonts_dir

COLUMNS = 6
GAP = 16  # pixels between cells and around the sheet
CAPTION_PX = 18
MIN_CELL_PX = 180  # small pieces still get room for a readable name
LATIN_FONT, WIDE_FONT = "Roboto-Regular.ttf", "IPAexGothic.ttf"  # the latter has kana and kanji


@dataclass(frozen=True)
class ProofFace:
    """One distinct face as a proof shows it."""

    set_id: str
    set_name: str
    name: str
    side: str  # "front" or "back"
    count: int
    file: str  # relative to the proof folder
    art: FaceArt
    fields: dict[str, str] = field(default_factory=dict)


def proof_faces(group: SetPieces) -> list[ProofFace]:
    """The set's distinct faces: fronts in catalog order, then its backs."""
    s = group.set
    faces: dict[str, ProofFace] = {}
    backs: dict[str, ProofFace] = {}
    for piece, front, back in face_files(group):
        c = piece.component
        fields = {k: _text(v) for k, v in c.fields.items() if v is not None}
        if piece.front.key in faces:
            old = faces[piece.front.key]
            faces[piece.front.key] = _recount(old, old.count + c.count)
        else:
            faces[piece.front.key] = ProofFace(
                s.id, s.name, c.name, "front", c.count, front, piece.front, fields
            )
        if piece.back is not None:
            name = "Back" if group.shared_back is not None else f"{c.name} (back)"
            old_back = backs.get(piece.back.key)
            backs[piece.back.key] = (
                _recount(old_back, old_back.count + c.count)
                if old_back
                else ProofFace(s.id, s.name, name, "back", c.count, back, piece.back)
            )
    return [*faces.values(), *backs.values()]


def _recount(face: ProofFace, count: int) -> ProofFace:
    return ProofFace(face.set_id, face.set_name, face.name, face.side, count, face.file,
                     face.art, face.fields)  # fmt: skip


def _text(value: object) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


def contact_names(set_id: str, faces: int) -> list[str]:
    """The set's contact sheets, CONTACT_FACES faces each: `SET-contact.png`, or for more
    faces `SET-contact-1.png`, `SET-contact-2.png`, ..."""
    sheets = max(1, math.ceil(faces / CONTACT_FACES))
    if sheets == 1:
        return [f"{set_id}-contact.png"]
    return [f"{set_id}-contact-{n}.png" for n in range(1, sheets + 1)]


def contact_scale(cell: tuple[int, int], faces: int) -> float:
    """How much a face of `cell` pixels is shrunk on a contact sheet of `faces` faces (at most
    CONTACT_FACES) so that the sheet stays within IMAGE_PIXELS: 1 when it does as it is."""
    count = max(1, min(faces, CONTACT_FACES))
    columns = min(COLUMNS, count)
    rows = math.ceil(count / columns)
    scale = 1.0
    while True:
        width = max(MIN_CELL_PX, round(cell[0] * scale))
        height = round(cell[1] * scale) + 3 * CAPTION_PX
        if (GAP + columns * (width + GAP)) * (GAP + rows * (height + GAP)) <= IMAGE_PIXELS:
            return scale
        scale *= 0.95


def contact_sheet(faces: list[ProofFace], images: list[Image.Image]) -> Image.Image:
    """Every face of a set in a grid, each captioned with its name and `×count` below it."""
    cell_w = max(MIN_CELL_PX, *(i.width for i in images))
    cell_h = max(i.height for i in images) + 3 * CAPTION_PX
    columns = min(COLUMNS, len(images))
    rows = math.ceil(len(images) / columns)
    sheet = Image.new(
        "RGB", (GAP + columns * (cell_w + GAP), GAP + rows * (cell_h + GAP)), (236, 236, 236)
    )
    draw = ImageDraw.Draw(sheet)
    for n, (face, image) in enumerate(zip(faces, images, strict=True)):
        x = GAP + (n % columns) * (cell_w + GAP)
        y = GAP + (n // columns) * (cell_h + GAP)
        sheet.paste(image, (x + (cell_w - image.width) // 2, y))
        y += image.height + CAPTION_PX // 3
        font = _font(face.name)
        draw.text((x, y), _clip(draw, face.name, font, cell_w), fill=(20, 20, 20), font=font)
        count = f"×{face.count} · {face.side}"
        draw.text((x, y + CAPTION_PX * 1.25), count, fill=(90, 90, 90), font=_font(count))
    return sheet


def _clip(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int) -> str:
    """`text`, cut with an ellipsis to fit `width` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def _font(text: str) -> ImageFont.FreeTypeFont:
    wide = any(ord(ch) > 0x2FFF for ch in text)  # CJK and kana: Roboto has none of them
    return _load_font(WIDE_FONT if wide else LATIN_FONT)


def _load_font(name: str) -> ImageFont.FreeTypeFont:
    return _FONTS.get_or_make(name, lambda: ImageFont.truetype(str(fonts_dir() / name), CAPTION_PX))


_FONTS: Memo[str, ImageFont.FreeTypeFont] = Memo(4)
