"""What imposition needs from drawing: a face of known trim size that can paint itself.

Drawing (layout -> fitted elements -> canvas) produces FaceArt; imposition places FaceArt on
sheets. Neither knows how the other works, so every product (card sheets, boards, tokens,
rulebook galleries, raster exports) reuses the same faces.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass
from operator import attrgetter

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.elements import Element
from pnp.draw.paint import paint
from pnp.draw.rl_private import page_code
from pnp.memo import Memo
from pnp.units import mm_to_pt

# Every PDF pnp writes imports this module first. Its streams stay binary (Flate only): ASCII85
# on top made each a quarter larger and cost time to encode, for mail systems of long ago.
rl_config.useA85 = 0


@dataclass(frozen=True, slots=True)  # slots: a 10,000-card deck holds 20,000 of them
class FaceArt:
    """One drawn face of a physical piece.

    Coordinates inside `draw` are PDF points with the origin at the bottom-left corner of the
    trim box; art may extend `bleed_mm` beyond the trim on every side (negative coordinates).
    Two faces with the same `key` paint identical art, so imposition may draw it once as a
    reusable form and place that form many times.
    """

    key: str
    width_mm: float
    height_mm: float
    bleed_mm: float
    draw: Callable[[Canvas], None] = field(compare=False, repr=False)
    shape: str = "rect"  # "rect" or "round": round pieces get a circular cut line
    label: str = ""  # e.g. "Red Agent (agent-red)"; used in messages and galleries

    @property
    def elements(self) -> tuple[Element, ...]:
        """The fitted elements it paints, when drawn from a layout; empty for other art."""
        elements: tuple[Element, ...] = getattr(self.draw, "elements", ())
        return elements


def face_pdf(art: FaceArt) -> bytes:
    """One face alone as a one-page PDF: the page is the trim plus the bleed on every side, with
    the face drawn at its place. Byte-identical for identical art (what raster exports render)."""
    bleed = mm_to_pt(art.bleed_mm)
    size = (mm_to_pt(art.width_mm) + 2 * bleed, mm_to_pt(art.height_mm) + 2 * bleed)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=size, invariant=1)
    canvas.translate(bleed, bleed)
    art.draw(canvas)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def face_key(
    elements: tuple[Element, ...], width_mm: float, height_mm: float, bleed_mm: float, shape: str
) -> str:
    """A stable hash of what a face paints: same art, same key, in any process."""
    parts = [_element_text(e) for e in elements]
    art = f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"  # repr of the canonical tuple
    sizes = (round(width_mm, 4), round(height_mm, 4), bleed_mm, shape)
    text = f"({art}, {', '.join(map(repr, sizes))})"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


# canonical text of recent top-level elements by identity: the faces of a set share most of
# theirs (pnp.layout.items), so each is spelt out once
_SPELT: Memo[int, str] = Memo(512)


def _element_text(element: Element) -> str:
    text = _SPELT.get(id(element))
    return text if text is not None else _SPELT.put(id(element), _spell(element), held=element)


def make_face_art(
    elements: tuple[Element, ...],
    *,
    width_mm: float,
    height_mm: float,
    bleed_mm: float,
    shape: str = "rect",
    label: str = "",
    key: str | None = None,
) -> FaceArt:
    """Wrap fitted elements as FaceArt; drawing is clipped to the bleed box. `key`: their
    face_key, when the caller has it already (a worker process worked it out)."""
    bleed = mm_to_pt(bleed_mm)
    box = (-bleed, -bleed, mm_to_pt(width_mm) + 2 * bleed, mm_to_pt(height_mm) + 2 * bleed)
    ident = (id(elements), box, shape)
    hit = _WRAPPED.get(ident)
    if hit is None:  # the same elements (every back of a deck) share one painter
        if key is None:
            key = face_key(elements, width_mm, height_mm, bleed_mm, shape)
        hit = _WRAPPED.put(ident, (_Painter(box, elements), key), held=elements)
    return FaceArt(
        key=hit[1],
        width_mm=width_mm,
        height_mm=height_mm,
        bleed_mm=bleed_mm,
        draw=hit[0],
        shape=shape,
        label=label,
    )


# painters and keys of recent faces, by the identity of their elements, box and shape
_WRAPPED: Memo[tuple, tuple[_Painter, str]] = Memo(64)


class _Painter:
    """What FaceArt.draw calls: paint the elements clipped to the bleed box (a small object
    rather than a closure, and one for all the faces that paint the same elements)."""

    __slots__ = ("box", "elements", "clip")

    def __init__(self, box: tuple[float, float, float, float], elements: tuple[Element, ...]):
        self.box = box
        self.elements = elements
        # what reportlab's clipPath writes for the box (a new path; its canvas clips even-odd)
        self.clip = f"n {fp_str(box)} re W* n"

    def __call__(self, canvas: Canvas) -> None:
        # q/Q by hand: every element paints in a saved state of its own, so reportlab's record
        # of the state (what canvas.saveState copies, ~4 µs) is the same after as before
        code = page_code(canvas)
        code.append("q")
        code.append(self.clip)
        paint(canvas, self.elements)
        code.append("Q")


# per element type: its name and a getter of the fields its key follows (None: not a dataclass)
_KEY_FIELDS: Memo[type, tuple[str, Callable[[object], tuple] | None]] = Memo(256)


def _canonical(value: object) -> object:
    """`value` as plain tuples, floats rounded: what a face key hashes. Hot (every element of
    every face), so types are dispatched by identity and each dataclass's fields read once."""
    kind = type(value)
    if kind is float:
        return round(value, 4) + 0.0  # type: ignore[call-overload]  # + 0.0 folds -0.0 into 0.0
    if kind is tuple:
        return tuple(map(_canonical, value))  # type: ignore[call-overload]
    if kind is str or kind is int:
        return value
    name, get = _KEY_FIELDS.get(kind) or _key_getter(kind, value)
    if get is not None:
        return (name, *map(_canonical, get(value)))
    if isinstance(value, tuple | list):
        return tuple(_canonical(v) for v in value)
    if isinstance(value, float):
        return round(value, 4) + 0.0
    return value


def _spell(value: object) -> str:
    """repr(_canonical(value)), written out directly: a float's text is looked up, not worked
    out again (a set's faces repeat the same few positions, sizes and colours)."""
    kind = type(value)
    if kind is float:
        return _float(value)  # type: ignore[arg-type]
    if kind is str or kind is int:
        return repr(value)
    if kind is tuple:
        items: tuple = value  # type: ignore[assignment]
        if len(items) == 1:  # the one-item tuple's comma, as repr writes it
            return f"({_spell(items[0])},)"
        floats = _FLOATS.get  # a float's text looked up in place: no call when known
        texts = [floats(v) or _float_text(v) if type(v) is float else _spell(v) for v in items]
        return f"({', '.join(texts)})"
    name, get = _KEY_FIELDS.get(kind) or _key_getter(kind, value)
    if get is not None:  # floats looked up here: a call saved on most fields
        floats = _FLOATS.get
        texts = [floats(v) or _float_text(v) if type(v) is float else _spell(v) for v in get(value)]
        return f"({name!r}, {', '.join(texts)})"
    return repr(_canonical(value))


# the canonical text of a float (rounded to 4 places, -0.0 as 0.0) by its value: equal floats
# have one text, and only floats (not ints or bools, which compare equal) come here
_FLOATS: Memo[float, str] = Memo(4096)


def _float_text(value: float) -> str:
    return _FLOATS.put(value, repr(round(value, 4) + 0.0))


def _float(value: float) -> str:
    return _FLOATS.get(value) or _float_text(value)


def _key_getter(kind: type, value: object) -> tuple[str, Callable[[object], tuple] | None]:
    getter: tuple[str, Callable[[object], tuple] | None] = ("", None)
    if is_dataclass(value):
        keyed = [f for f in fields(value) if f.metadata.get("key", True)]
        get = attrgetter(*(f.name for f in keyed))
        getter = (kind.__name__, get if len(keyed) > 1 else lambda v: (get(v),))
        # a field added later is spelt only when set, so older faces keep their keys
        late = [(i, f.default) for i, f in enumerate(keyed) if f.metadata.get("late")]
        if late:
            getter = (kind.__name__, _without_unset(get, late))
    return _KEY_FIELDS.put(kind, getter)


def _without_unset(
    get: Callable[[object], tuple], late: list[tuple[int, object]]
) -> Callable[[object], tuple]:
    """`get`, leaving out the `late` fields (index, default) that hold their default."""

    def spelt(value: object) -> tuple:
        values = get(value)
        unset = {i for i, default in late if values[i] == default}
        return tuple(v for i, v in enumerate(values) if i not in unset) if unset else values

    return spelt
