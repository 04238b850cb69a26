"""Tabletop Simulator objects other than decks, and the Saved Object file that holds them all.

Boards become `Custom_Board`s; every other piece (tokens, markers, chips, tiles, aids) becomes
a two-sided `Custom_Tile` (a circle for round pieces), the copies of a set gathered in a `Bag`.
The JSON is written with sorted keys and fixed GUIDs (hashes of the piece's ids), so the same
game gives the same bytes. Sizes on the table are a reading of TTS's units: a tile of scale 1 is
about 50 mm wide, a card of scale 1 a poker card (other cards are scaled to their size).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

TILE_MM = 50.0  # our reading: the width of a Custom_Tile at scale 1
CARD_MM = (63.0, 88.0)  # a card of scale 1 is a poker card
TILE_TYPES = {"rect": 0, "round": 2}  # Custom_Tile shapes: box, circle
GREY = {"r": 0.713, "g": 0.713, "b": 0.713}


def guid(*parts: object) -> str:
    """A stable 6-hex-digit GUID for the object named by `parts`."""
    return hashlib.sha256("/".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def object_base(
    name: str,
    ident: str,
    position: tuple[float, float],
    scale: float | tuple[float, float] = 1.0,
) -> dict[str, object]:
    """The fields every TTS object has, lying face up at (x, z) on the table, scaled by `scale`
    (across, along) or by one factor both ways."""
    across, along = scale if isinstance(scale, tuple) else (scale, scale)
    return {
        "Name": name,
        "GUID": ident,
        "Transform": {
            "posX": position[0],
            "posY": 1.0,
            "posZ": position[1],
            "rotX": 0.0,
            "rotY": 180.0,
            "rotZ": 0.0,
            "scaleX": across,
            "scaleY": 1.0,
            "scaleZ": along,
        },
        "Nickname": "",
        "Description": "",
        "ColorDiffuse": GREY,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
    }


def board_object(
    ident: str, name: str, image: str, width_mm: float, position: tuple[float, float]
) -> dict[str, object]:
    """A `Custom_Board` showing one face, locked in place as a board is."""
    board = object_base("Custom_Board", ident, position, scale=width_mm / (2 * TILE_MM))
    board.update(
        Nickname=name,
        Locked=True,
        CustomImage={"ImageURL": image, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                     "WidthScale": 0.0},
    )  # fmt: skip
    return board


def tile_object(
    ident: str, name: str, description: str, images: tuple[str, str], shape: str, width_mm: float
) -> dict[str, object]:
    """A two-sided `Custom_Tile` (front image, back image or "")."""
    tile = object_base("Custom_Tile", ident, (0.0, 0.0), scale=width_mm / TILE_MM)
    tile.update(
        Nickname=name,
        Description=description,
        CustomImage={
            "ImageURL": images[0],
            "ImageSecondaryURL": images[1],
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {"Type": TILE_TYPES.get(shape, 0), "Thickness": 0.1,
                           "Stackable": True, "Stretch": True},
        },
    )  # fmt: skip
    return tile


def bag_object(
    ident: str, name: str, contents: list[dict[str, object]], position: tuple[float, float]
) -> dict[str, object]:
    """A `Bag` holding the copies of a set's pieces."""
    bag = object_base("Bag", ident, position)
    bag.update(Nickname=name, ContainedObjects=contents)
    return bag


def unique_guids(objects: Sequence[dict[str, object]]) -> None:
    """Give every object (contained ones too) a GUID no other has: six hex digits hold 16.7
    million, so a game of 10,000 pieces may well hash two alike; a later one is hashed again
    (with a number) until it is new, in the order the file lists them, so the same game still
    gives the same GUIDs."""
    seen: set[str] = set()
    stack = list(reversed(objects))
    while stack:
        obj = stack.pop()
        ident = first = str(obj.get("GUID") or "")
        again = 0
        while ident in seen:
            again += 1
            ident = guid(first, again)
        if ident:
            obj["GUID"] = ident
            seen.add(ident)
        contained = obj.get("ContainedObjects")
        if isinstance(contained, list):
            stack += reversed(contained)


def saved_object(name: str, objects: Sequence[dict[str, object]]) -> bytes:
    """The Saved Object file: every object of the game in `ObjectStates`, each GUID unique."""
    unique_guids(objects)
    document = {
        "SaveName": name,
        "GameMode": "",
        "Date": "",
        "VersionNumber": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "TabStates": {},
        "ObjectStates": list(objects),
    }
    return (json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
