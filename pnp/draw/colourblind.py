"""Faces told apart only by colour, for players who see colours differently.

A deck often marks a faction or a suit by colour. About 1 man in 12 sees red and green (or, far
more rarely, blue and yellow) differently: two factions whose colours become alike for them must
differ in something else too (an icon, a letter, a word, a shape). Faces are grouped by a field
of their components (`faction`, `suit`, ...); a group's colour is the fill it has on every face
that no other group has; its cues are the pictures and words on every one of its faces. Two
groups whose colours come within `CLOSE_DE` of each other under a simulated colour vision
deficiency (Machado, Oliveira & Fernandes 2009, severity 1) and whose cues are the same are
reported, with the two colours, the vision and the difference (CIE ΔE 1976).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pnp.draw.elements import RGB, Circle, Element, Group, Image, Polyline, Rectangle, Text, TextRun

CLOSE_DE = 12.0  # ΔE under which two flat colours are hard to tell apart across a table
MIN_GROUPS, MAX_GROUPS = 2, 12  # a field that marks a faction takes a few values
MIN_SHARE = 0.02  # a colour must cover this share of the face's filled area to mark it

# Machado et al. 2009, severity 1.0, on linear RGB
VISIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}  # fmt: skip


@dataclass(frozen=True)
class Look:
    """What a face shows: the area each fill colour covers, and its pictures and words."""

    colours: dict[RGB, float]
    cues: frozenset[str]


@dataclass(frozen=True)
class LookAlike:
    """Two groups of faces a player with `vision` cannot tell apart."""

    field: str
    values: tuple[str, str]
    colours: tuple[RGB, RGB]
    vision: str
    delta_e: float


def look(elements: Iterable[Element]) -> Look:
    """The colours (by area) and the cues (pictures, words) of a face's elements."""
    colours: dict[RGB, float] = {}
    cues: set[str] = set()
    _walk(tuple(elements), 1.0, colours, cues)
    return Look(colours, frozenset(cues))


def _walk(elements: Sequence[Element], scale: float, colours: dict[RGB, float],
          cues: set[str]) -> None:  # fmt: skip
    for e in elements:
        if isinstance(e, Group):
            _walk(e.children, scale * abs(e.scale_x * e.scale_y), colours, cues)
        elif isinstance(e, Text):
            words = "".join(r.text for r in e.children if isinstance(r, TextRun)).strip()
            if words:
                cues.add(f"text:{words}")
        elif isinstance(e, Image):
            cues.add(f"image:{e.digest}:{e.tint}")
        elif isinstance(e, Rectangle | Circle | Polyline) and e.paint.fill is not None:
            area = _area(e) * scale * e.paint.opacity
            colours[e.paint.fill] = colours.get(e.paint.fill, 0.0) + area
            if isinstance(e, Circle | Polyline):
                cues.add(f"shape:{type(e).__name__}:{len(getattr(e, 'points', ()))}")


def _area(e: Rectangle | Circle | Polyline) -> float:
    if isinstance(e, Rectangle):
        return e.w * e.h
    if isinstance(e, Circle):
        return math.pi * e.r * e.r
    pts = e.points
    return (
        abs(
            sum(
                x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True)
            )
        )
        / 2
    )


def look_alikes(faces: Sequence[tuple[dict[str, object], Look]]) -> list[LookAlike]:
    """Pairs of groups (by any field with a few values) told apart by colour alone, for some
    vision; `faces`: each face's component fields and its look."""
    found: list[LookAlike] = []
    names = {k for values, _ in faces for k, v in values.items() if isinstance(v, str)}
    # a group of one face has its own name for a cue: groups need two faces or more
    partitions: set[frozenset[frozenset[int]]] = set()  # two fields that group alike: once
    for name in sorted(names):
        groups: dict[str, list[Look]] = {}
        members: dict[str, set[int]] = {}
        for i, (values, seen) in enumerate(faces):
            value = values.get(name)
            if isinstance(value, str):
                groups.setdefault(value, []).append(seen)
                members.setdefault(value, set()).add(i)
        partition = frozenset(frozenset(m) for m in members.values())
        if any(v.startswith("#") for v in groups) or partition in partitions:
            continue  # the colour itself (`colour: "#cc3333"`), or a grouping already seen
        partitions.add(partition)
        if MIN_GROUPS <= len(groups) <= MAX_GROUPS and all(len(g) > 1 for g in groups.values()):
            found += _compare(name, groups)
    return found


def _compare(name: str, groups: dict[str, list[Look]]) -> list[LookAlike]:
    common = {v: _shared(looks) for v, looks in groups.items()}
    found = []
    values = sorted(groups)
    for i, a in enumerate(values):
        for b in values[i + 1 :]:
            (colours_a, cues_a), (colours_b, cues_b) = common[a], common[b]
            if cues_a != cues_b:
                continue  # a picture or a word tells them apart
            mark_a, mark_b = _mark(colours_a, colours_b), _mark(colours_b, colours_a)
            if mark_a is None or mark_b is None:
                continue  # not told apart by colour either: nothing for colour to lose
            vision, de = min(((v, delta_e(mark_a, mark_b, v)) for v in VISIONS),
                             key=lambda item: item[1])  # fmt: skip
            if de < CLOSE_DE:
                found.append(LookAlike(name, (a, b), (mark_a, mark_b), vision, de))
    return found


def _shared(looks: list[Look]) -> tuple[dict[RGB, float], frozenset[str]]:
    """The colours (with their least area) and cues every face of a group has."""
    colours = dict(looks[0].colours)
    for seen in looks[1:]:
        colours = {c: min(a, seen.colours[c]) for c, a in colours.items() if c in seen.colours}
    cues = frozenset.intersection(*(seen.cues for seen in looks))
    return colours, cues


def _mark(own: dict[RGB, float], other: dict[RGB, float]) -> RGB | None:
    """The largest colour a group has on all its faces that the other group lacks."""
    total = sum(own.values()) or 1.0
    mine = [(a, c) for c, a in own.items() if c not in other and a / total >= MIN_SHARE]
    return max(mine)[1] if mine else None


def delta_e(a: RGB, b: RGB, vision: str) -> float:
    """CIE 1976 ΔE between two sRGB colours (0-1) as `vision` sees them."""
    la, lb = _lab(_simulate(a, vision)), _lab(_simulate(b, vision))
    return math.dist(la, lb)


def _simulate(rgb: RGB, vision: str) -> tuple[float, float, float]:
    lin = [_linear(c) for c in rgb[:3]]
    out = [sum(m * c for m, c in zip(row, lin, strict=True)) for row in VISIONS[vision]]
    return (min(max(out[0], 0.0), 1.0), min(max(out[1], 0.0), 1.0), min(max(out[2], 0.0), 1.0))


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
