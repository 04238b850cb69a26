"""Which font sets each character: a style's face first, then its fallbacks' in turn.

A theme names a body family and `fallback_fonts` (Japanese, symbols); a character the first
face lacks is set in the first fallback that has it, one character at a time, and a character
no face has is an error naming the files tried. Faces (pnp.layout.text.words) and books
(pnp.rulebook.inline) choose by these same rules, so a text reads in the same fonts on both.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

from pnp.errors import GlyphError
from pnp.layout.text.fonts import FontFace, FontFamily, glyphs, has_glyph, style_face
from pnp.memo import Memo

SPACES = frozenset(" \t\n")  # set in the lead face: they separate runs, they are no glyph
FontRun = tuple[str, FontFace]  # characters set in one face


def faces_of(families: Sequence[FontFamily], bold: bool, italic: bool) -> list[FontFace]:
    """The faces tried in turn for a character in this style: each family's nearest file
    (emboldened for bold in a family without a bold face)."""
    return [style_face(f, bold, italic) for f in families]


def invisible(char: str) -> bool:
    """A control or format character (a zero-width joiner, a soft hyphen): set in no font."""
    return unicodedata.category(char) in ("Cc", "Cf") and char not in SPACES


def face_for(char: str, faces: Sequence[FontFace]) -> FontFace | None:
    """The first of `faces` that has `char`, or None."""
    for face in faces:
        if has_glyph(face, char):
            return face
    return None


def glyph_error(
    char: str,
    faces: Sequence[FontFace],
    where: str | None = None,
    file: str | None = None,
    line: int | None = None,
) -> GlyphError:
    """No face has `char`: the error naming it, where it was met and the files tried."""
    tried = ", ".join(dict.fromkeys(f.path.name for f in faces))
    lead = f"{where}: " if where else ""
    return GlyphError(
        f"{lead}no font has the character {char!r} (U+{ord(char):04X}); tried {tried}",
        file=file,
        line=line,
        hint="add a font that has it to fallback_fonts in the game's theme.yaml",
    )


# per face: the characters it sets, and the spaces that never need a look-up
_sets: Memo[str, frozenset[str]] = Memo(64)


def _chars_of(face: FontFace) -> frozenset[str]:
    def make() -> frozenset[str]:
        return frozenset(c for c in map(chr, glyphs(face)) if not invisible(c)) | SPACES

    return _sets.get_or_make(face.name, make)


def font_runs(
    text: str, faces: Sequence[FontFace], fail: Callable[[str], GlyphError]
) -> list[FontRun]:
    """`text` cut into runs of one face each (spaces in the lead's, invisible characters
    left out); `fail(char)` makes the error for a character no face has."""
    lead = faces[0]
    if _chars_of(lead).issuperset(text):  # nearly every text: no character to look up
        return [(text, lead)] if text else []
    runs: list[FontRun] = []
    for char in text:
        if invisible(char):
            continue
        face = lead if char in SPACES else face_for(char, faces)
        if face is None:
            raise fail(char)
        if runs and runs[-1][1] is face:
            runs[-1] = (runs[-1][0] + char, face)
        else:
            runs.append((char, face))
    return runs
