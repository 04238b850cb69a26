"""Files templates may use: found only inside the asset roots, known by content digest.

Images and SVG icons are named by templates and themes. A name is looked up in the asset roots
(and first beside the theme, for its icons), but the file it names is read only if it lies
inside the allowed roots once links are resolved (pnp.io.files): `..`, an absolute path elsewhere
or a link out of the game's folder is refused. An image is checked whole (pnp.draw.raster,
pnp.draw.svg) the first time it is used, and a file's digest (not its path) is what a face key
follows, so moving a file does not change the art.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from pnp.draw.raster import check_raster
from pnp.errors import InputError
from pnp.io import files
from pnp.io.inputs import IMAGE_SUFFIXES
from pnp.limits import IMAGE_BYTES
from pnp.names import quote


class Assets:
    """Files templates may use: only those inside the allowed roots, by content digest."""

    def __init__(self, roots: list[Path], allowed: list[Path] | None = None) -> None:
        self.roots = [Path(r) for r in roots]
        self.allowed = [files.real_path(r) for r in (allowed if allowed is not None else roots)]
        self._digests: dict[tuple[Path, int, int], str] = {}
        self._sizes: dict[str, tuple[float, float]] = {}

    def resolve(self, src: str, first: Path | None = None) -> Path:
        """The file `src` names, looked up in `first` then each root; InputError when it is
        outside the allowed roots or missing."""
        if "\x00" in src:
            raise InputError("a file name cannot hold a NUL character")
        raw = Path(src)
        folders = ([first] if first else []) + self.roots
        candidates = [raw] if raw.is_absolute() else [folder / raw for folder in folders]
        for candidate in candidates:
            real = files.real_path(candidate)
            if not files.inside(real, self.allowed):
                raise InputError(
                    f"{quote(src)} is outside the game's folder and the project",
                    hint="name files inside the game's folder, without '..'",
                )
            if real.exists():
                return real
        shown = ", ".join(map(str, folders))
        raise InputError(f"file {quote(src)} not found (looked in {shown})")

    def read(self, path: Path) -> bytes:
        """The bytes of an asset file: regular, inside the allowed roots, at most IMAGE_BYTES."""
        return files.read_bytes(path, limit=IMAGE_BYTES, roots=self.allowed, what="image")

    def digest(self, path: Path) -> str:
        """A short hash of the file's bytes, read once per version of the file."""
        stat = path.stat()
        key = (path, stat.st_mtime_ns, stat.st_size)
        if key not in self._digests:
            self._digests[key] = hashlib.sha256(self.read(path)).hexdigest()[:20]
        return self._digests[key]

    def image(self, path: Path) -> tuple[str, str, float, float]:
        """(kind, digest, width, height) of an image file; width/height only as a ratio."""
        suffix = path.suffix.lower()
        if suffix not in IMAGE_SUFFIXES:
            raise InputError(f"{path.name}: images must be PNG, JPEG or SVG")
        digest = self.digest(path)
        if digest not in self._sizes:
            self._sizes[digest] = self._size(path, suffix, digest)
        w, h = self._sizes[digest]
        return ("svg" if suffix == ".svg" else "raster"), digest, w, h

    def _size(self, path: Path, suffix: str, digest: str) -> tuple[float, float]:
        if suffix == ".svg":
            from pnp.draw.svg import load_svg  # svglib costs ~0.06 s to import: only when used

            root = next((r for r in self.allowed if path.is_relative_to(r)), path.parent)
            drawing = load_svg(path, digest, root)
            return float(drawing.width), float(drawing.height)
        width, height = check_raster(self.read(path), path)
        return float(width), float(height)
