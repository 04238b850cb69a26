"""Font files, families and glyph coverage.

Fonts are TrueType files registered with reportlab once per process (registering the same file
twice is a no-op), so measuring a string here and drawing it later use the same metrics. A
family maps the four styles that text markup can ask for to files; a family without an italic
file uses its closest style instead. Bold in a family with no bold-weight face (IPAex Gothic)
is synthetic, as browsers draw it (CSS `font-synthesis`): the regular glyphs filled and
stroked in the text's colour (`stroke_width`), advances unchanged, on faces and in books alike.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import FF_FORCEBOLD, TTFError

from pnp.draw.rl_private import alias_font
from pnp.draw.ttfont import TTFont
from pnp.errors import InputError
from pnp.io import files
from pnp.limits import FONT_BYTES
from pnp.memo import Memo
from pnp.resources import fonts_dir

STYLES = ("regular", "bold", "italic", "bold_italic")
# how a TrueType file (or collection) begins; b"OTTO" is OpenType with PostScript outlines
TRUETYPE = (b"\x00\x01\x00\x00", b"true", b"ttcf")


@dataclass(frozen=True)
class FontFamily:
    """A family name and its TTF files; only `regular` is required."""

    name: str
    regular: Path
    bold: Path | None = None
    italic: Path | None = None
    bold_italic: Path | None = None

    def file_for(self, bold: bool = False, italic: bool = False) -> Path:
        """The file drawing this style, falling back to the nearest style the family has."""
        if bold and italic:
            return self.bold_italic or self.bold or self.italic or self.regular
        if bold:
            return self.bold or self.regular
        if italic:
            return self.italic or self.regular
        return self.regular


@dataclass(frozen=True)
class FontFace:
    """A registered font file: its reportlab name and vertical metrics per em."""

    name: str
    path: Path
    ascent: float
    descent: float  # positive: depth below the baseline
    cap_height: float
    embolden: bool = False  # synthetic bold: drawn filled and stroked (`stroke_width`)


def builtin_families() -> dict[str, FontFamily]:
    """The families shipped in `fonts/`, by the names themes use."""
    d = fonts_dir()
    return {
        "Roboto": FontFamily(
            "Roboto",
            d / "Roboto-Regular.ttf",
            d / "Roboto-Bold.ttf",
            d / "Roboto-Italic.ttf",
            d / "Roboto-BoldItalic.ttf",
        ),
        "Roboto Black": FontFamily("Roboto Black", d / "Roboto-Black.ttf"),
        "Roboto Condensed": FontFamily(
            "Roboto Condensed",
            d / "RobotoCondensed-Regular.ttf",
            d / "RobotoCondensed-Bold.ttf",
            d / "RobotoCondensed-Italic.ttf",
            d / "RobotoCondensed-BoldItalic.ttf",
        ),
        "IPAex Gothic": FontFamily("IPAex Gothic", d / "IPAexGothic.ttf"),
        # Japanese with a real bold, for rulebooks (OFL; Debian fonts-morisawa-bizud-gothic)
        "BIZ UDPGothic": FontFamily(
            "BIZ UDPGothic", d / "BIZUDPGothic-Regular.ttf", d / "BIZUDPGothic-Bold.ttf"
        ),
        # metric twins of Times New Roman, Arial, Courier New, Calibri and Cambria
        # (pnp.layout.text.fontnames; OFL; Debian fonts-liberation2, fonts-crosextra-*)
        **{name: _four(name, stem) for name, stem in (
            ("Liberation Serif", "LiberationSerif"), ("Liberation Sans", "LiberationSans"),
            ("Liberation Mono", "LiberationMono"), ("Carlito", "Carlito"), ("Caladea", "Caladea"),
        )},
    }  # fmt: skip


def _four(name: str, stem: str) -> FontFamily:
    """A family of four files named `STEM-Regular.ttf`, `-Bold`, `-Italic`, `-BoldItalic`."""
    d = fonts_dir()
    return FontFamily(name, *(d / f"{stem}-{s}.ttf" for s in ("Regular", "Bold", "Italic",
                                                              "BoldItalic")))  # fmt: skip


class _Registered:
    """The fonts registered with reportlab, by resolved path and by reportlab name. Not a
    memo: reportlab keeps a registered font for the life of the process, so forgetting one
    here would register its file a second time under another name."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.faces: dict[Path, FontFace] = {}
        self.names: dict[str, Path] = {}


_registered = _Registered()
# faces by the absolute path as asked for: resolving it again costs system calls per lookup
_given: Memo[Path, FontFace] = Memo(1024)


def load_face(path: Path) -> FontFace:
    """Register `path` with reportlab (once per process) and return its face.

    The reportlab name is the file's stem ("Roboto-Bold"), which is also what PDF readers
    report; a different file with the same stem gets a short hash suffix.
    """
    face = _given.get(path)
    if face is not None:
        return face
    given, path = path, Path(path).resolve()
    with _registered.lock:
        face = _registered.faces.get(path)
        if face is not None:
            _remember(given, face)
            return face
        name = path.stem
        names = _registered.names
        if name in names and names[name] != path:
            name += "-" + hashlib.sha256(str(path).encode()).hexdigest()[:6]
        try:
            font = TTFont(name, str(path))
        except (OSError, TTFError, ValueError, IndexError, KeyError) as exc:  # a damaged file
            raise InputError(f"cannot read font file: {str(exc)[:80]}", file=path) from None
        pdfmetrics.registerFont(font)
        f = font.face
        face = FontFace(
            name=name,
            path=path,
            ascent=f.ascent / 1000.0,
            descent=abs(f.descent) / 1000.0,
            cap_height=(f.capHeight or 0.7 * f.ascent) / 1000.0,
        )
        names[name] = path
        _registered.faces[path] = face
        _remember(given, face)
        return face


def loaded_fonts() -> dict[str, Path]:
    """The files registered so far by their reportlab names, in the order registered."""
    return dict(_registered.names)


def _remember(given: Path, face: FontFace) -> None:
    if Path(given).is_absolute():  # a relative path may name another file after a chdir
        _given.put(given, face)


def has_glyph(face: FontFace, char: str) -> bool:
    """True when the font's character map covers `char`."""
    return ord(char) in glyphs(face)


# the code points each registered font maps, by its name (a game uses a few fonts)
_cmaps: Memo[str, frozenset[int]] = Memo(64)


def glyphs(face: FontFace) -> frozenset[int]:
    """The code points `face`'s character map covers."""
    cmap = _cmaps.get(face.name)
    if cmap is None:
        cmap = _cmaps.put(face.name, frozenset(pdfmetrics.getFont(face.name).face.charToGlyph))
    return cmap


def text_width(text: str, face: FontFace, size: float) -> float:
    """Advance width of `text` in points at `size`, from the font's own metrics."""
    return pdfmetrics.stringWidth(text, face.name, size)


def style_face(family: FontFamily, bold: bool = False, italic: bool = False) -> FontFace:
    """The face drawing a style of `family`: its file for the style, emboldened when bold is
    asked of a face lighter than semibold (a family without a bold file)."""
    face = load_face(family.file_for(bold, italic))
    if not bold or _heavy(face):
        return face
    known = _emboldened.get(face.name)
    return known if known is not None else _emboldened.put(face.name, replace(face, embolden=True))


def _heavy(face: FontFace) -> bool:
    """A face of weight 600 or more (its OS/2 usWeightClass): bold enough as it is."""
    return bool(pdfmetrics.getFont(face.name).face.flags & FF_FORCEBOLD)


# emboldened faces by their face's name: one object each, as the faces themselves are
_emboldened: Memo[str, FontFace] = Memo(64)
# Skia's synthetic bold (Chrome's, Android's): an outline stroke of 1/24 of the size up to 9 pt,
# 1/32 from 36 pt, in between in proportion, thin enough to keep counters open
_STROKE = ((9.0, 1 / 24), (36.0, 1 / 32))


def stroke_width(size: float) -> float:
    """The width in points of the stroke that emboldens text at `size` points."""
    (small, thick), (large, thin) = _STROKE
    at = min(max((size - small) / (large - small), 0.0), 1.0)
    return size * (thick + (thin - thick) * at)


SYNTHETIC = "-SyntheticBold"  # ends the name a book's paragraphs know an emboldened face by


def pdf_name(face: FontFace) -> str:
    """The reportlab name that draws `face`: its own, or for an emboldened face an alias of
    the same font object (one font embedded) whose text a book's canvas strokes."""
    if not face.embolden:
        return face.name
    alias = face.name + SYNTHETIC
    with _registered.lock:
        alias_font(alias, face.name)
    return alias


def font_stroke(name: str, size: float) -> float:
    """The stroke of text at `size` in the reportlab font `name`: synthetic bold's for an
    emboldened face's name (`pdf_name`), else 0 (a book's paragraphs know faces by name)."""
    return stroke_width(size) if name.endswith(SYNTHETIC) else 0.0


def register_family(family: FontFamily) -> str:
    """Register a family's four styles and tell reportlab which is bold and italic, so flowing
    text (Platypus `<b>`, `<i>`) picks the right file, or an emboldened face (`pdf_name`);
    returns the regular face's name."""
    names = [pdf_name(style_face(family, b, i)) for b, i in _STYLE_FLAGS]
    pdfmetrics.registerFontFamily(
        names[0], normal=names[0], bold=names[1], italic=names[2], boldItalic=names[3]
    )
    return names[0]


_STYLE_FLAGS = ((False, False), (True, False), (False, True), (True, True))


def check_font_file(path: Path, roots: list[Path]) -> Path:
    """The real path of a TrueType file inside `roots`; InputError (naming no contents) when it
    is outside them, not a regular file, too large, or not a TrueType font."""
    head = files.peek(path, 4, limit=FONT_BYTES, roots=roots, what="font file")
    if head == b"OTTO":
        raise InputError("an OpenType font with PostScript outlines; use a TrueType (.ttf) font")
    if head not in TRUETYPE:
        raise InputError("not a TrueType (.ttf) font file")
    return files.real_path(path)
