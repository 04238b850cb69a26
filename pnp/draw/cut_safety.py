"""Will a face survive real scissors and a drifting printer? Checked on its fitted elements.

A hand cut misses by about 1 mm and a home printer shifts the back 0.5-2 mm from the front, so
what lies near the trim ends up on some cards and not on others. The rules (docs/print-design.md):
- within `PANEL_MM` of the trim a rectangular face is one colour that runs on into the bleed
  at every point of its edge: no frame, border, strip, panel edge or line in that band (a
  header band or a background that runs out through the bleed is fine), and no text within
  `SAFE_MM`; a back keeps its panels `BACK_PANEL_MM` inside, as the printer shifts it too;
- a back is one colour along all four edges, so drift cannot make one back differ from another.

Only edges parallel to the cut count: an element boundary that crosses the band at right angles
(a header band meeting the side edge) is the same on every copy however it is cut. Round
pieces are held to the same rules along their circle (pnp.draw.cut_round). Findings name the
edge and what is there, for one warning line per template and problem (`CutSurvey`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw.coverage import IDENTITY, Cover, colour_at, painted_covers
from pnp.draw.cut_frame import (
    BACK_PANEL_MM,
    CLOSE,
    EDGES,
    PANEL_MM,
    PAPER,
    SAFE_MM,
    Box,
    CutFinding,
    Frame,
    Span,
    mm,
    reaches,
    within,
)
from pnp.draw.cut_marks import line_or_text, marks, text_box
from pnp.draw.cut_round import round_findings
from pnp.draw.elements import RGB, Circle, Element, Polyline, Text
from pnp.memo import Memo
from pnp.units import mm_to_pt

__all__ = ["SAFE_MM", "CutFinding", "CutSurvey", "check_cuts"]


def check_cuts(
    elements: tuple[Element, ...], width_mm: float, height_mm: float, bleed_mm: float, *,
    back: bool = False, shape: str = "rect",
) -> list[CutFinding]:  # fmt: skip
    """Every problem near the cut of a face, one per edge and kind (a round face's along its
    cut circle, pnp.draw.cut_round)."""
    if shape == "round":
        return _round(elements, (width_mm, height_mm, bleed_mm), back)
    if shape != "rect":
        return []
    size = (width_mm, height_mm, bleed_mm)
    remembered = _PARTS.get
    shown = []  # only what reaches the band matters: most of a face lies inside it
    for element in elements:
        part = remembered((id(element), size)) or _part(element, size)
        if part is not _NOTHING:
            shown.append(part)
    key = (tuple(map(id, shown)), *size, back)
    found = _FACES.get(key)
    if found is None:
        found = _FACES.put(key, _face_findings(shown, size, back), held=shown)
    return list(found)


def _round(elements: tuple[Element, ...], size: tuple[float, float, float], back: bool
           ) -> list[CutFinding]:  # fmt: skip
    """A round face's findings, remembered by its elements (a set's tokens repeat faces)."""
    key = (tuple(map(id, elements)), *size, back, "round")
    found = _FACES.get(key)
    if found is None:
        found = _FACES.put(key, round_findings(elements, *size, back), held=list(elements))
    return list(found)


@dataclass(frozen=True, slots=True)
class _Part:
    """What one top-level element brings to the cut check of a face of one size: its fills
    that reach the band, and what its lines and text show at each edge (EDGES order; () when
    they show nothing)."""

    covers: tuple[Cover, ...]
    marks: tuple[tuple[CutFinding, ...], ...]


# by element identity and the face size it was worked out for: a set's faces share most
# elements
_PARTS: Memo[tuple[int, tuple[float, float, float]], _Part] = Memo(512)
# a face's findings, by the parts that reach its band, its size and whether it is a back
_FACES: Memo[tuple, tuple[CutFinding, ...]] = Memo(256)


def _part(element: Element, size: tuple[float, float, float]) -> _Part:
    """What `element` brings to a face of `size` (_NOTHING for most), remembered."""
    return _PARTS.put((id(element), size), _part_of(element, size), held=element)


def _part_of(element: Element, size: tuple[float, float, float]) -> _Part:
    frame, band, inner = _frame(size)
    if isinstance(element, Text):  # it fills nothing; most text lies inside (a card's name)
        box = text_box(element, IDENTITY)
        if box is None or within(box, frame.inner(SAFE_MM)):
            return _NOTHING
    covers = tuple(c for c in painted_covers((element,)) if not within(c[0], inner))
    placed = [m for m in marks((element,), IDENTITY) if not within(m[0], inner)]
    if not placed:
        return _Part(covers, ()) if covers else _NOTHING
    shown = tuple(
        tuple(f for box, e, m in placed if (f := line_or_text(e, m, box, frame, edge, band)))
        for edge in EDGES
    )
    return _Part(covers, shown)


_NOTHING = _Part((), ())


def _frame(size: tuple[float, float, float]) -> tuple[Frame, Span, Box]:
    """A face's frame, its band (from the bleed to PANEL_MM inside the trim) and what lies
    inside the deepest band (a back's)."""
    return _FRAMES.get(size) or _FRAMES.put(size, _frame_of(*size))


_FRAMES: Memo[tuple[float, float, float], tuple[Frame, Span, Box]] = Memo(64)


def _frame_of(width_mm: float, height_mm: float, bleed_mm: float) -> tuple[Frame, Span, Box]:
    frame = Frame(mm_to_pt(width_mm), mm_to_pt(height_mm))
    return frame, (-mm_to_pt(bleed_mm), mm_to_pt(PANEL_MM)), frame.inner(BACK_PANEL_MM)


def _face_findings(
    parts: list[_Part], size: tuple[float, float, float], back: bool
) -> tuple[CutFinding, ...]:
    """The first finding of each edge and kind, edge by edge: colour changes first, then the
    lines and text in paint order; a back's uneven edges last."""
    frame, band, _ = _frame(size)
    if back:
        band = (band[0], mm_to_pt(BACK_PANEL_MM))
    covers = [cover for part in parts for cover in part.covers]
    marked = [part.marks for part in parts if part.marks]
    found: dict[tuple[str, str], CutFinding] = {}
    for i, edge in enumerate(EDGES):
        change = _colour_change(covers, frame, edge, band)
        if change is not None:
            found[(edge, "colour")] = change
        for shown in marked:
            for finding in shown[i]:
                found.setdefault((edge, finding.kind), finding)
    uneven = _back_edges(covers, frame, -band[0]) if back else None
    if uneven is not None:
        found.setdefault(("edges", "back"), uneven)
    return tuple(found.values())


def _colour_change(covers: list[Cover], frame: Frame, edge: str, band: Span) -> CutFinding | None:
    """The first fill, in paint order, whose boundary runs along the band with a change of
    colour that a miscut would show."""
    for face_box, inverse, shape, _ in covers:
        along, depth = frame.spans(edge, face_box)
        if not reaches(along, depth, frame.length(edge), band):
            continue
        upright = inverse[1] == 0 and inverse[2] == 0 and not isinstance(shape, Circle | Polyline)
        for d in depth if upright else _depths(band):
            if band[0] + 0.5 < d < band[1] - 0.5:
                change = _visible_change(covers, frame, edge, along, d)
                if change is not None:
                    return CutFinding(edge, "colour", change)
    return None


def _depths(band: Span) -> list[float]:
    """Depths to look for a change at, for shapes whose outline is not a box."""
    return [band[0] + (band[1] - band[0]) * f for f in (0.2, 0.45, 0.7, 0.95)]


def _visible_change(
    covers: list[Cover], frame: Frame, edge: str, along: Span, depth: float
) -> str | None:
    """What the eye sees across `depth` along the box's run: None when both sides of it have
    one colour at every sampled point."""
    a0, a1 = max(along[0], 0.0), min(along[1], frame.length(edge))
    for f in (0.1, 0.5, 0.9):
        a = a0 + (a1 - a0) * f
        outer = colour_at(frame.point(edge, a, depth - 0.4), covers, PAPER)
        inner = colour_at(frame.point(edge, a, depth + 0.4), covers, PAPER)
        if _differ(outer, inner):
            where = "inside" if depth > 0 else "outside"
            at = f"{mm(abs(depth))} mm {where}" if abs(depth) >= 0.15 else "at"
            return f"its colour changes {at} the cut ({_hex(outer)} to {_hex(inner)})"
    return None


def _back_edges(covers: list[Cover], frame: Frame, out: float) -> CutFinding | None:
    """A back's edges, sampled along all four: one colour, or a finding naming two."""
    depths = [mm_to_pt(1.5)] + ([-out / 2] if out > 0 else [])
    seen: list[tuple[str, RGB | None]] = []
    for edge in EDGES:
        length = frame.length(edge)
        for f in (0.1, 0.5, 0.9):
            for d in depths:
                seen.append((edge, colour_at(frame.point(edge, length * f, d), covers, PAPER)))
    first_edge, first = seen[0]
    for edge, colour in seen[1:]:
        if _differ(first, colour):
            return CutFinding("edges", "back", f"its edges are not one colour ({_hex(first)} at "
                              f"the {first_edge}, {_hex(colour)} at the {edge})")  # fmt: skip
    return None


def _differ(a: RGB | None, b: RGB | None) -> bool:
    if a is None or b is None:  # over an image: only image against image is alike
        return (a is None) != (b is None)
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) > CLOSE


def _hex(colour: RGB | None) -> str:
    if colour is None:
        return "an image"
    return "#{:02x}{:02x}{:02x}".format(*(round(c * 255) for c in colour))


class CutSurvey:
    """Findings over the faces of one set, one line per template, edge and kind."""

    def __init__(self) -> None:
        self._seen: dict[int, object] = {}
        self._kinds: dict[tuple[str, str, str], tuple[CutFinding, str, int]] = {}

    def add(self, template: str, elements: tuple[Element, ...], found: list[CutFinding],
            label: str) -> None:  # fmt: skip
        """Count one face drawn from `template` (once per distinct face)."""
        if id(elements) in self._seen:
            return
        self._seen[id(elements)] = elements  # held, so its id is not reused
        for finding in found:
            key = (template, finding.edge, finding.kind)
            first, example, count = self._kinds.get(key, (finding, label, 0))
            self._kinds[key] = (first, example, count + 1)

    def lines(self, where: str) -> list[str]:
        """`where: template: top edge: its colour changes ... on 9 faces, e.g. Name (id)`."""
        out = []
        for (template, edge, _), (finding, example, count) in self._kinds.items():
            faces = "1 face" if count == 1 else f"{count} faces"
            side = "" if edge == "edges" else f"{edge} edge: "
            out.append(f"{where}: {template}: {side}{finding.detail} on {faces}, e.g. {example}")
        return out
