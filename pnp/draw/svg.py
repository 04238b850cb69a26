"""SVG files as reportlab drawings (vector, never rasterized), parsed once per content digest.

An SVG is checked before svglib sees it: it must be well-formed XML (svglib would draw half of
a truncated file), hold at most pnp.limits.SVG_ELEMENTS elements once `<use>` copies are
counted, and every file it refers to (`<image href>`, `<use href="other.svg#id">`) must be a
file inside `root` (the game's folder), links resolved; images it embeds or refers to are
checked like any image. svglib is also told `root`, so nothing it reads can leave it. Text in an
SVG is set in the standard PDF fonts, never looked up among the system's fonts: that lookup
runs a process per family name, and its answer differs from one machine to the next.
"""

from __future__ import annotations

import base64
import binascii
import re
import threading
from pathlib import Path
from typing import Any

import svglib.fonts
from lxml import etree
from reportlab.graphics.shapes import Drawing
from svglib.svglib import svg2rlg

from pnp.draw.raster import check_raster
from pnp.draw.rl_private import use_svglib_fonts
from pnp.errors import InputError
from pnp.io import files
from pnp.limits import IMAGE_BYTES, SVG_ELEMENTS
from pnp.memo import Memo

_svg_lock = threading.Lock()
_svg_cache: Memo[str, Drawing] = Memo(256)  # parsed SVGs by content digest
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")
_DATA_IMAGE = re.compile(r"data:image/[a-z+]+;base64,", re.IGNORECASE)
_NESTED_FILES = 8  # SVG files one SVG may pull in through <use>, counted through each other


class _StandardFonts(svglib.fonts.FontMap):
    """svglib's font map without system lookups: unknown families draw in Helvetica."""

    def use_fontconfig(self, *args: Any, **kwargs: Any) -> tuple[str | None, bool]:
        return None, False

    def register_font(
        self,
        font_family: str,
        font_path: str | None = None,
        weight: str = "normal",
        style: str = "normal",
        rlgFontName: str | None = None,
    ) -> tuple[str | None, bool]:
        if font_path is not None:  # a file name guessed from the family, searched system-wide
            return None, False
        return super().register_font(font_family, None, weight, style, rlgFontName)


# svglib asks its global map for fonts, for the SVGs an SVG refers to too
use_svglib_fonts(_StandardFonts())


def load_svg(path: Path, digest: str, root: Path | None = None) -> Drawing:
    """Parse an SVG once per process (by content digest) into a reportlab Drawing, after
    checking it (see the module's notes); its references must stay inside `root` (default:
    its own folder)."""
    drawing = _svg_cache.get(digest)
    if drawing is not None:
        return drawing
    with _svg_lock:  # one parse at a time: svglib's font map is global
        return _svg_cache.get_or_make(digest, lambda: _parse(path, root or path.parent))


def _parse(path: Path, root: Path) -> Drawing:
    check_svg(path, root)
    try:
        drawing = svg2rlg(str(path), external_reference_root=str(root))
    except Exception as exc:  # svglib raises many kinds on bad files
        raise InputError(f"cannot read SVG: {str(exc)[:80]}", file=path) from None
    if drawing is None or not _positive(drawing.width) or not _positive(drawing.height):
        raise InputError("cannot read SVG: no drawing or no size", file=path)
    return drawing


def check_svg(path: Path, root: Path, seen: tuple[Path, ...] = ()) -> None:
    """InputError, naming the file and line, for an SVG svglib should not be given."""
    data = files.read_bytes(path, limit=IMAGE_BYTES, roots=[root], what="SVG file")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        tree = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise InputError(f"not a well-formed SVG: {exc.msg}", file=path,
                         line=exc.lineno) from None  # fmt: skip
    if tree is None:
        raise InputError("not an SVG: no elements", file=path)
    count = _ElementCount(tree).total()
    if count > SVG_ELEMENTS:
        raise InputError(f"SVG too large: {count:,} elements counting <use> copies (at most "
                         f"{SVG_ELEMENTS:,})", file=path)  # fmt: skip
    for element in tree.iter():
        for attribute in _HREFS:
            href = element.get(attribute) if isinstance(element.tag, str) else None
            if href:
                _check_reference(href.strip(), path, root, element.sourceline, seen)


def _check_reference(href: str, svg: Path, root: Path, line: int | None,
                     seen: tuple[Path, ...]) -> None:  # fmt: skip
    if href.startswith("#"):
        return
    match = _DATA_IMAGE.match(href)
    if match:
        try:
            data = base64.b64decode(href[match.end() :], validate=False)
        except (binascii.Error, ValueError):
            raise InputError("an embedded image that is not base64", file=svg, line=line) from None
        check_raster(data, svg, line)
        return
    target = href.split("#", 1)[0]
    if ":" in target or target.startswith(("/", "\\")):
        raise InputError(f"SVG reference {target[:80]!r}: only files beside the SVG, inside the "
                         "game's folder, may be named", file=svg, line=line)  # fmt: skip
    path = svg.parent / target
    what = f"the file {target[:80]!r} the SVG refers to"
    try:
        data = files.read_bytes(path, limit=IMAGE_BYTES, roots=[root], what=what)
    except InputError as exc:
        raise InputError(exc.message, file=svg, line=line, hint=exc.hint) from None
    if path.suffix.lower() == ".svg":
        if path in seen or len(seen) >= _NESTED_FILES:
            raise InputError("SVG files refer to each other in a loop or too deeply", file=svg,
                             line=line)  # fmt: skip
        check_svg(path, root, (*seen, svg))
    else:
        check_raster(data, path)


class _ElementCount:
    """Elements of an SVG with each `<use>` counted as a copy of what it refers to."""

    def __init__(self, tree: Any) -> None:
        self.tree = tree
        self.ids = {e.get("id"): e for e in tree.iter() if isinstance(e.tag, str) and e.get("id")}
        self.done: dict[str, int] = {}  # elements of each id'd element, its copies included

    def total(self) -> int:
        try:
            return self.count(self.tree, ())
        except RecursionError:  # <use> chains deeper than Python's stack
            return SVG_ELEMENTS + 1

    def count(self, element: Any, using: tuple[str, ...]) -> int:
        if not isinstance(element.tag, str):  # a comment or processing instruction
            return 0
        n = 1 + sum(self.count(child, using) for child in element)
        for attribute in _HREFS:
            ref = element.get(attribute) or ""
            target = ref[1:] if ref.startswith("#") else ""
            if target in self.ids and target not in using and n <= SVG_ELEMENTS:
                if target not in self.done:
                    self.done[target] = self.count(self.ids[target], (*using, target))
                n += self.done[target]
        return n


def _positive(value: object) -> bool:
    return isinstance(value, int | float) and 0 < value < float("inf")
