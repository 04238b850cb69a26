"""`pnp icons`: game-icons.net icons by name, copied into a game with their credit.

The icons come from the npm package `@iconify-json/game-icons` (every game-icons.net icon in
one JSON file, kept up to date by the Iconify project), installed in the game's folder with
`npm install @iconify-json/game-icons` or named with `--from`. Each icon is written as
`templates/icons/NAME.svg` (black on nothing, ready for a theme's `color:`), and
`templates/icons/CREDITS.md` lists it with the attribution CC BY 3.0 asks for. The game then
builds from its own files: nothing is read from the package at build time.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path

from pnp.catalog.fields import SLUG
from pnp.errors import InputError, UnknownNameError
from pnp.io.files import inside, read_bytes, real_path
from pnp.names import closest

PACKAGE = Path("node_modules") / "@iconify-json" / "game-icons"
ICONS_JSON_BYTES = 32 * 1024 * 1024  # the package's icons.json is ~6.5 MB
CREDITS = "CREDITS.md"
CREDIT_HEAD = (
    "# Icon credits\n\nIcons from game-icons.net (https://game-icons.net), by its artists "
    "(Lorc, Delapouite and others: each icon's page names its author), licensed under CC BY "
    "3.0 (https://creativecommons.org/licenses/by/3.0/). Copied by `pnp icons` from the npm "
    "package @iconify-json/game-icons{version}; unchanged but for their colour, which the "
    "game's theme sets.\n\n"
)
PREFIX = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*-?\Z")  # `res-`: the start of a file name


def find_package(folder: Path, given: Path | None) -> Path:
    """The folder of the icon package: `given`, or node_modules/@iconify-json/game-icons in
    the game's folder or the working folder."""
    places = [given] if given is not None else [folder / PACKAGE, Path.cwd() / PACKAGE]
    for place in places:
        if place is not None and (place / "icons.json").is_file():
            return place
    raise InputError(
        "no game-icons package: run `npm install @iconify-json/game-icons` in the game's "
        f"folder, or name its folder with --from (looked in {', '.join(map(str, places))})"
    )


def add_icons(
    folder: Path, names: list[str], package: Path, to: Path | None = None, prefix: str = ""
) -> list[Path]:
    """Write each named icon to the game's templates/icons/ (or `to`, a folder inside the game)
    as `PREFIX` + name + `.svg`, and credit it there; the files written."""
    if prefix and not PREFIX.match(prefix):
        raise InputError(f"--prefix {prefix!r}: lower-case letters, digits and hyphens, as in "
                         "a file name (e.g. res-)")  # fmt: skip
    target = icon_folder(folder, to)
    icons, version = _read_package(package)
    for name in names:  # a name becomes a file name: letters, digits and hyphens only
        if not SLUG.match(name):
            raise InputError(f"{name!r} is not an icon name (lower-case letters, digits and "
                             "hyphens, as on game-icons.net: wood-pile)")  # fmt: skip
    unknown = [n for n in names if n not in icons]
    if unknown:
        raise UnknownNameError(f"no game-icons icon {unknown[0]!r} (names are as on "
                               "game-icons.net, e.g. wood-pile)",
                               suggestions=closest(unknown[0], icons))  # fmt: skip
    target.mkdir(parents=True, exist_ok=True)
    written = []
    files = [f"{prefix}{name}" for name in names]
    for name, file in zip(names, files, strict=True):
        written.append(_write(target / f"{file}.svg", _svg(icons[name])))
    written.append(_write(target / CREDITS, _credits(target / CREDITS, names, version, files)))
    return written


def icon_folder(folder: Path, to: Path | None) -> Path:
    """Where icons go: templates/icons/, or `to` (relative to the game's folder), which must
    lie inside the game's folder."""
    if to is None:
        return folder / "templates" / "icons"
    target = to if to.is_absolute() else folder / to
    if not inside(real_path(target), [real_path(folder)]):
        raise InputError(f"--to {to}: icons go inside the game's folder ({folder})")
    return target


def _read_package(package: Path) -> tuple[dict[str, dict[str, object]], str]:
    data = read_bytes(package / "icons.json", limit=ICONS_JSON_BYTES, roots=[package],
                      what="icon package")  # fmt: skip
    try:
        doc = json.loads(data)
        icons = doc["icons"]
        if not isinstance(icons, dict):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        raise InputError("not an Iconify icon set (no `icons`)",
                         file=package / "icons.json") from None  # fmt: skip
    version = ""
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError):  # no version: none said
        version = " " + str(json.loads((package / "package.json").read_text())["version"])
    size = {"width": doc.get("width", 512), "height": doc.get("height", 512)}
    return {name: {**size, **icon} for name, icon in icons.items()}, version


def _svg(icon: dict[str, object]) -> str:
    body = str(icon.get("body", "")).replace("currentColor", "#000")
    width, height = icon.get("width", 512), icon.get("height", 512)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}">{body}</svg>\n')  # fmt: skip


def _credits(path: Path, names: list[str], version: str, files: list[str]) -> str:
    """The credits file with a line for each icon (kept once, in order)."""
    text = (
        path.read_text(encoding="utf-8") if path.is_file() else CREDIT_HEAD.format(version=version)
    )
    for name, file in zip(names, files, strict=True):
        line = f"- `{file}.svg`: {name.replace('-', ' ')} (https://game-icons.net, search {name})\n"
        if line not in text:
            text += line
    return text


def _write(path: Path, text: str) -> Path:
    part = path.with_name(f".{path.name}.part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)
    return path
