"""Is a face's text legible once printed? Size and contrast of every text run, measured on the
fitted elements (what the canvas paints), so every template and game is checked the same way.

A run is legible when it is set at `MIN_SIZE_PT` or more (after any group scaling) and its
colour has a WCAG 2 contrast ratio of `MIN_CONTRAST` or more against what lies under it: the
fills of the shapes painted before it at a few points along its baseline, blended by their
opacity over the paper. Runs over an image are not judged for contrast (its pixels are not
known here).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.draw.coverage import (
    IDENTITY,
    SHAPES,
    Cover,
    Matrix,
    apply,
    blend,
    colour_at,
    cover_of,
    walk,
)
from pnp.draw.elements import RGB, Element, Image, Rectangle, Text, TextRun
from pnp.memo import Memo

MIN_SIZE_PT = 7.0
MIN_CONTRAST = 4.5
PAPER: RGB = (1.0, 1.0, 1.0)


@dataclass(frozen=True)
class Finding:
    """One illegible text box: its element (as the template names it), its smallest printed size
    and worst contrast, and the start of its text."""

    element: str
    size: float
    contrast: float
    sample: str

    @property
    def too_small(self) -> bool:
        return _too_small(self.size)

    @property
    def too_faint(self) -> bool:
        return _too_faint(self.contrast)


def _too_small(size: float) -> bool:
    return size < MIN_SIZE_PT - 0.05


def _too_faint(contrast: float) -> bool:
    return contrast < MIN_CONTRAST - 0.005


def luminance(color: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0..1 channels)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21."""
    return _CONTRASTS.get((a, b)) or _CONTRASTS.put((a, b), _contrast(a, b))


_CONTRASTS: Memo[tuple[RGB, RGB], float] = Memo(4096)  # a deck's faces ask about a few pairs


def _contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def check_face(elements: tuple[Element, ...], paper: RGB = PAPER) -> list[Finding]:
    """Every text box of a face with a run below MIN_SIZE_PT or MIN_CONTRAST, in paint order."""
    painted: list[Cover] = []  # the filled shapes and images painted so far
    findings = []
    remembered = _STEPS.get
    for element in elements:
        if type(element) is Text:  # placed as it is: remembered by itself, no steps to walk
            finding = _judge(element, element, IDENTITY, painted, paper)
            if finding is not None:
                findings.append(finding)
            continue
        steps = remembered(id(element))
        for cover, placed in _steps(element) if steps is None else steps:
            if cover is not None:
                painted.append(cover)
            elif placed is not None:
                finding = _judge(placed, *placed, painted, paper)
                if finding is not None:
                    findings.append(finding)
    return findings


Placed = tuple[Text, Matrix]  # a text box and its placement on the face
Step = tuple[Cover | None, Placed | None]  # a fill painted, or a text box to judge


def _steps(element: Element) -> tuple[Step, ...]:
    """A top-level element's fills and text boxes in paint order, worked out once per element
    (by its identity, pnp.memo: the faces of a set share most of theirs)."""
    found: list[Step] = []
    for matrix, part in walk((element,), IDENTITY):
        if isinstance(part, Text):
            found.append((None, (part, matrix)))
        elif isinstance(part, SHAPES):
            cover = cover_of(part, matrix)
            if cover is not None:
                found.append((cover, None))
    return _STEPS.put(id(element), tuple(found), held=element)


def _judge(
    placed: object, text: Text, matrix: Matrix, painted: list[Cover], paper: RGB
) -> Finding | None:
    """A text box's finding when it is illegible. Measured once per placement (`placed`: the
    text box itself at the top level, else its step), fills under it and paper: a text box
    shared by the faces of a set over the same background is measured once."""
    key = (id(placed), *map(id, painted), paper)
    hit = _MEASURED.get(key)
    if hit is None:
        measured = _measure(text, matrix, painted, paper, True) or ()  # (): it has no text
        hit = _MEASURED.put(key, measured, held=(placed, tuple(painted)))
    if hit and (_too_small(hit[0]) or _too_faint(hit[1])):
        return _finding(text, *hit)
    return None


_STEPS: Memo[int, tuple[Step, ...]] = Memo(512)  # by the element's identity
# a text box's size and contrast, or (): by the identities of it and the fills under it
_MEASURED: Memo[tuple, tuple[float, ...]] = Memo(512)


def measure(
    text: Text, matrix: Matrix, painted: list[Cover], paper: RGB, *, shortcut: bool = True
) -> Finding | None:
    """A text box's smallest printed size and worst contrast (None: it has no text).

    Each run is judged at three points of its middle line. When every fill that reaches
    those points covers all of them (a text box on its card's background), the colour under
    them is one, and each distinct colour of the runs is judged once against it.
    """
    measured = _measure(text, matrix, painted, paper, shortcut)
    return None if measured is None else _finding(text, *measured)


def _measure(
    text: Text, matrix: Matrix, painted: list[Cover], paper: RGB, shortcut: bool
) -> tuple[float, float] | None:
    """`measure`'s size and contrast, rounded as a Finding holds them."""
    scale = math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
    runs = [r for r in text.children if isinstance(r, TextRun) and r.text.strip()]
    if not runs:
        return None
    points = [(run, point) for run in runs for point in _sample_points(run, matrix)]
    worst = math.inf
    if shortcut and _one_ground(points, painted):
        under = colour_at(points[0][1], painted, paper)
        if under is not None:
            for color, opacity in {(r.color, r.opacity) for r in runs}:
                worst = min(worst, contrast_ratio(blend(color, under, opacity), under))
    else:
        for run, point in points:
            under = colour_at(point, painted, paper)
            if under is not None:
                worst = min(worst, contrast_ratio(blend(run.color, under, run.opacity), under))
    size = min(run.size for run in runs) * scale
    return round(size, 2), round(worst, 2)


def _finding(text: Text, size: float, contrast: float) -> Finding:
    first = next(r for r in text.children if isinstance(r, TextRun) and r.text.strip())
    element = f"text {text.name!r}" if text.name else text.where  # a name holds across cards
    return Finding(element, size, contrast, first.text.strip()[:24])


def _sample_points(run: TextRun, matrix: Matrix) -> list[tuple[float, float]]:
    """Three points of a run's middle line, on the face."""
    try:
        width = stringWidth(run.text, run.font, run.size)
    except KeyError:  # a font reportlab does not know: judge the start only
        width = 0.0
    y = run.y + 0.35 * run.size
    return [apply(matrix, run.x + fraction * width, y) for fraction in (0.05, 0.5, 0.95)]


def _one_ground(points: list[tuple[TextRun, tuple[float, float]]], painted: list[Cover]) -> bool:
    """True when every painted shape reaching the points' box is an upright rectangle (or
    image) covering all of it: then one colour lies under every point."""
    xs, ys = [p[0] for _, p in points], [p[1] for _, p in points]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    for (fx0, fy0, fx1, fy1), inverse, shape, _ in painted:
        if fx1 < x0 or fx0 > x1 or fy1 < y0 or fy0 > y1:
            continue  # reaches none of the points
        upright = inverse[1] == 0 and inverse[2] == 0 and isinstance(shape, Rectangle | Image)
        if not (upright and fx0 <= x0 and x1 <= fx1 and fy0 <= y0 and y1 <= fy1):
            return False
    return True


class Survey:
    """Findings over the faces of one set, one line per illegible element kind (a template's
    text box), with its smallest size and worst contrast over every face that has it."""

    def __init__(self) -> None:
        self._seen: dict[int, object] = {}  # faces judged (fitting caches identical faces)
        self._kinds: dict[tuple[str, str], tuple[Finding, int]] = {}

    def add(
        self, template: str, elements: tuple[Element, ...], judged: list[Finding] | None = None
    ) -> None:
        """Judge one face drawn from `template` (`judged`: its check_face, made already)."""
        if id(elements) in self._seen:
            return
        self._seen[id(elements)] = elements  # held, so its id is not reused
        for found in check_face(elements) if judged is None else judged:
            key = (template, found.element)
            worst, count = self._kinds.get(key, (found, 0))
            worst = Finding(worst.element, min(worst.size, found.size),
                            min(worst.contrast, found.contrast), worst.sample)  # fmt: skip
            self._kinds[key] = (worst, count + 1)

    def lines(self, where: str) -> list[str]:
        """`where: template: element: 6.5 pt (under 7), contrast 3.1:1 (under 4.5:1) ...`."""
        out = []
        for (template, element), (found, count) in self._kinds.items():
            problems = []
            if found.too_small:
                problems.append(f"{found.size:g} pt (under {MIN_SIZE_PT:g} pt)")
            if found.too_faint:
                problems.append(f"contrast {found.contrast:.2f}:1 (under {MIN_CONTRAST:g}:1)")
            faces = "1 face" if count == 1 else f"{count} faces"
            out.append(f"{where}: {template}: {element or 'text'}: {', '.join(problems)} "
                       f"on {faces}, e.g. {found.sample!r}")  # fmt: skip
        return out
