"""Files templates may use: found only inside the asset roots, known by content digest.

Images and SVG icons are named by templates and themes; a name that leaves the game's folders
(`..`, an absolute path elsewhere) is refused, and a file's digest (not its path) is what a face
key follows, so moving a file does not change the art.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PIL import Image as PILImage

from pnp.draw.svg import load_svg
from pnp.errors import InputError

RASTER = {".png", ".jpg", ".jpeg"}


class Assets:
    """Files templates may use: only those inside the asset roots, by content digest."""

    def __init__(self, roots: list[Path]) -> None:
        self.roots = [Path(r).resolve() for r in roots]
        self._digests: dict[tuple[Path, int, int], str] = {}
        self._sizes: dict[str, tuple[float, float]] = {}

    def resolve(self, src: str, first: Path | None = None) -> Path:
        """The file `src` names, looked up in `first` then each root; InputError when it is
        outside them or missing."""
        roots = ([first.resolve()] if first else []) + self.roots
        raw = Path(src)
        candidates = [raw.resolve()] if raw.is_absolute() else [(r / raw).resolve() for r in roots]
        for candidate in candidates:
            if not any(candidate.is_relative_to(r) for r in roots):
                raise InputError(
                    f"{src!r} is outside the game's folder and the project",
                    hint="name files inside the game's folder, without '..'",
                )
        for candidate in candidates:
            if candidate.is_file():
                return candidate
        raise InputError(f"file {src!r} not found (looked in {', '.join(map(str, roots))})")

    def digest(self, path: Path) -> str:
        """A short hash of the file's bytes, read once per version of the file."""
        stat = path.stat()
        key = (path, stat.st_mtime_ns, stat.st_size)
        if key not in self._digests:
            self._digests[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:20]
        return self._digests[key]

    def image(self, path: Path) -> tuple[str, str, float, float]:
        """(kind, digest, width, height) of an image file; width/height only as a ratio."""
        suffix = path.suffix.lower()
        if suffix not in RASTER | {".svg"}:
            raise InputError(f"{path.name}: images must be PNG, JPEG or SVG")
        digest = self.digest(path)
        if digest not in self._sizes:
            self._sizes[digest] = _size(path, suffix, digest)
        w, h = self._sizes[digest]
        return ("svg" if suffix == ".svg" else "raster"), digest, w, h


def _size(path: Path, suffix: str, digest: str) -> tuple[float, float]:
    if suffix == ".svg":
        drawing = load_svg(path, digest)
        return float(drawing.width), float(drawing.height)
    try:
        with PILImage.open(path) as im:
            return float(im.width), float(im.height)
    except OSError:
        raise InputError(f"{path.name}: not a readable image") from None
