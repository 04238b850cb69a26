"""Props: one element's properties, read through the project's one field reader.

A `Fields` whose mistakes are TemplateErrors naming the card, the element (`element 3 (text
'rules')`) and the output line they were written on, plus the readers only elements need:
colours and font sizes from the theme, point lists, opacity.
"""

from __future__ import annotations

from typing import Any

from pnp.catalog.fields import REQUIRED, Fields
from pnp.catalog.yamlsource import where
from pnp.errors import TemplateError
from pnp.layout.frame import Face, Frame
from pnp.layout.theme import QUOTE_HEX, RGB
from pnp.limits import LENGTH_MM, POINTS
from pnp.memo import Memo
from pnp.names import describe, did_you_mean
from pnp.units import parse_length

# colours a theme gave for a text (a palette name, a hex), by the theme's identity and the text
# (the faces of a set paint with the same few); in a 1-tuple, as "none" gives None
_colors: Memo[tuple[int, str], tuple[RGB | None]] = Memo(1024)


class Props(Fields):
    """Checked access to one element's properties, placed in `frame` on `face`."""

    def __init__(
        self,
        raw: Any,
        what: str,
        *,
        face: Face,
        frame: Frame,
        place: str = "",
        file: str | None = None,
        line: int | None = None,
    ) -> None:
        self.face = face
        self.frame = frame
        self.place = place  # "3" or "3.2": where the element is in the list, for messages
        super().__init__(raw, what, file=file or frame.origin.file, line=line)

    def error(
        self,
        message: str,
        key: Any = None,
        *,
        hint: str | None = None,
        suggestions: list[str] | None = None,
        line: int | None = None,
    ) -> TemplateError:
        """`label: element N (kind): message`, at the key's line of the template's output."""
        if hint is None and suggestions is not None:
            hint = did_you_mean(suggestions)
        return self.frame.origin.error(f"{self.what}: {message}", line or self.line_of(key), hint)

    def mapping(self, key: str, what: str | None = None, default: Any = REQUIRED) -> Props:
        """The mapping under `key` as its own reader."""
        value = self._value(key, default)
        return self._nested(value, what or f"{self.what}.{key}", self.line_of(key))

    def sub(self, raw: Any, what: str, key: str | None = None) -> Props:
        """A reader for a nested value (a list item, say)."""
        return self._nested(raw, what, where(raw)[1] or self.line_of(key))

    def _nested(self, raw: Any, what: str, line: int | None) -> Props:
        return Props(
            raw, what, face=self.face, frame=self.frame, place=self.place, file=self.file, line=line
        )

    # -- what only elements read ---------------------------------------------------------

    def font_size(self, key: str, default: Any = REQUIRED) -> Any:
        """Points for a size name from the theme or a length (a bare number is points)."""
        value = self._value(key, default)
        return None if value is None else self.convert(key, self.face.theme.font_size, value)

    def color(self, key: str, default: str | None) -> RGB | None:
        """A colour from the theme's palette or hex; `current` is the colour an icon is drawn
        in (ink outside icons); None for `none` or when absent without a default."""
        value = self.raw.get(key, default)
        if value is None and key in self.raw:
            raise self.error(f"`{key}` is empty", key, hint=QUOTE_HEX)
        if value is None:
            return None
        if str(value) == "current":
            current = self.frame.current
            return current if current is not None else self.color(key, "ink")
        theme = self.face.theme
        known = _colors.get((id(theme), value)) if type(value) is str else None
        if known is not None:
            return known[0]
        color: RGB | None = self.convert(key, theme.color, value)
        if type(value) is str:
            _colors.put((id(theme), value), (color,), held=theme)
        return color

    def length(self, key: str, default: Any = REQUIRED, *, positive: bool = False) -> Any:
        """`Fields.length`; a bare number within range, the usual value, taken as it is (what
        pnp.units.parse_length makes of it: that many mm)."""
        value: Any = self.raw.get(key)
        kind = type(value)
        in_range = (kind is int or kind is float) and -LENGTH_MM <= value <= LENGTH_MM
        if in_range and (value > 0 or not positive):
            return float(value)
        return super().length(key, default, positive=positive)

    def opacity(self) -> float:
        """`opacity`, from 0 (invisible) to 1 (opaque, the default)."""
        value: float = self.number("opacity", 1.0)
        if not 0 <= value <= 1:
            raise self.error(f"`opacity` should be between 0 and 1, found {value:g}", "opacity")
        return value

    def points(self, key: str, minimum: int) -> list[tuple[float, float]]:
        """A list of at least `minimum` [x, y] lengths."""
        value = self._value(key, REQUIRED)
        if (
            not isinstance(value, list)
            or not minimum <= len(value) <= POINTS
            or not all(isinstance(pt, list) and len(pt) == 2 for pt in value)
        ):
            raise self.error(
                f"`{key}` should be a list of {minimum} to {POINTS:,} [x, y] pairs, "
                f"found {describe(value)}",
                key,
            )
        return [(self._length(key, a), self._length(key, b)) for a, b in value]

    def _length(self, key: str, value: object) -> float:
        mm: float = self.convert(key, lambda v: parse_length(v, what=f"`{key}`"), value)
        return mm
