"""Reading input files: only regular files, only inside the folders they belong to, up to a size.

Every file pnp reads on a user's behalf (catalogs, deck lists, themes, templates, images, SVG,
fonts) comes through here. A link leading out of a game's folder, a FIFO that would block
forever, `/dev/zero`, a folder where a file should be and a file too large to be what it claims
are all refused before a byte is read, each with a message naming the file.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from pnp.errors import InputError
from pnp.limits import MB

# open() must not wait for a writer on a FIFO; fstat then tells what the file is
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def real_path(path: str | Path) -> Path:
    """`path` absolute, with every link resolved; a NUL character is an InputError."""
    if "\x00" in str(path):
        raise InputError("a file name cannot hold a NUL character", file=repr(str(path))[:120])
    return Path(os.path.realpath(path))


def inside(path: Path, roots: Iterable[Path]) -> bool:
    """True when the resolved `path` lies in one of the (resolved) `roots`."""
    return any(path.is_relative_to(root) for root in roots)


def confine(path: str | Path, roots: Iterable[Path], *, what: str = "file") -> Path:
    """The real path of `path`; InputError when it (or a link on the way) leaves `roots`."""
    real = real_path(path)
    allowed = [real_path(r) for r in roots]
    if not inside(real, allowed):
        link = real != Path(os.path.abspath(path))
        where = f"a link leading outside the game's folder (to {real})" if link else (
            "outside the game's folder")  # fmt: skip
        raise InputError(
            f"{what} is {where}",
            file=path,
            hint="pnp reads only files inside the game's folder and its own templates and fonts",
        )
    return real


def read_bytes(
    path: str | Path, *, limit: int, roots: Iterable[Path] | None = None, what: str = "file"
) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, confined to `roots` when given."""
    data = _read(path, limit, roots, what, limit + 1)
    if len(data) > limit:  # it grew while we read
        raise _too_large(path, len(data), limit, what)
    return data


def peek(
    path: str | Path,
    size: int,
    *,
    limit: int,
    roots: Iterable[Path] | None = None,
    what: str = "file",
) -> bytes:
    """The first `size` bytes of a file read_bytes would accept (to tell what kind it is)."""
    return _read(path, limit, roots, what, size)


def _read(
    path: str | Path, limit: int, roots: Iterable[Path] | None, what: str, most: int
) -> bytes:
    real = real_path(path) if roots is None else confine(path, roots, what=what)
    try:
        fd = os.open(real, _OPEN_FLAGS)
    except FileNotFoundError:
        raise InputError("file not found", file=path) from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror}", file=path) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError("expected a file, found a folder", file=path)
        if not stat.S_ISREG(info.st_mode):
            raise InputError("not a regular file (a pipe, device or socket)", file=path)
        if info.st_size > limit:
            raise _too_large(path, info.st_size, limit, what)
        return _read_all(fd, most)
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror}", file=path) from None
    finally:
        os.close(fd)


def read_text(
    path: str | Path, *, limit: int, roots: Iterable[Path] | None = None, what: str = "file"
) -> str:
    """A UTF-8 text file as read_bytes reads it, with newlines made `\\n` (as open() does)."""
    data = read_bytes(path, limit=limit, roots=roots, what=what)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"not UTF-8 text (byte {exc.start}): is this the right file?", file=path
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _read_all(fd: int, most: int) -> bytes:
    chunks, size = [], 0
    while size < most:
        chunk = os.read(fd, min(most - size, MB))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _too_large(path: str | Path, size: int, limit: int, what: str) -> InputError:
    return InputError(
        f"{what} is too large: {_size(size)} (at most {_size(limit)})",
        file=path,
    )


def _size(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{n / 1024:.0f} KB"
