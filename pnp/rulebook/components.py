"""The component list ("what's in the box"): each set's first face beside its name, count and
size, every face drawn at one scale, as a publisher's components page shows them, so a marker
looks as much smaller than a card as it is.

The scale is the largest of SCALES at which every set but the boards (sets tiled over several
sheets) fits the thumbnail box. A piece that scale would draw under MIN_PIECE_MM is drawn at
the first larger scale that keeps it that size, and its row says so; a board larger than the
box is cut to it (its top-left part, the cut edges drawn torn) and its row says it is a part.
The list's first row states the scale, and is repeated on every page the list runs to.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from reportlab.platypus import Flowable, TableStyle

from pnp.catalog.model import ComponentSet
from pnp.draw.face import FaceArt, make_face_art
from pnp.draw.footprint import crop_elements
from pnp.layout.text.markup import LineBreak, Span
from pnp.rulebook.blocks import DataTable, Story
from pnp.rulebook.data import RulebookData
from pnp.rulebook.flowables import OUTLINE, FaceForms
from pnp.rulebook.markdown import Inline
from pnp.rulebook.pieces import MIN_PIECE_MM, STEPS
from pnp.rulebook.words import Words
from pnp.units import mm_to_pt

SCALES = (1 / 2, 1 / 3, 1 / 4, 1 / 5, 1 / 6, 1 / 8, 1 / 10, 1 / 12)
BOX_MM = (50.0, 40.0)  # the thumbnails' box on a page as wide as A4's text, narrowed with it
TWO_UP_MM = 150.0  # a text this wide lists two pieces a row, each with a box PAIR_BOX_W wide
PAIR_BOX_W = 34.0  # leaves a piece's words 45 mm on A4: a line for count, size and sides
BOX_SHARE = 0.3  # of the text's width: the most the box takes on a narrower page
TOOTH = 1.6  # points: the depth of the teeth along a board's cut edge


@dataclass(frozen=True)
class Shown:
    """How one set's face is drawn: at `scale`, `window` (mm of the face from its top-left)
    the part shown when cut, and whether that scale is larger than the list's."""

    face: FaceArt
    scale: float
    window: tuple[float, float]
    enlarged: bool
    cut: bool


def box_mm(text_width: float) -> tuple[float, float]:
    """The thumbnails' box (mm) on a page whose text is `text_width` points wide."""
    w = min(BOX_MM[0], text_width * BOX_SHARE / mm_to_pt(1))
    return w, BOX_MM[1] * w / BOX_MM[0]


def list_scale(sets: list[tuple[ComponentSet, FaceArt]], box: tuple[float, float]) -> float:
    """The largest of SCALES at which every face but the boards' fits `box` (all of them
    when every set is a board)."""
    loose = [face for s, face in sets if s.imposition != "tiled"] or [f for _, f in sets]
    for scale in SCALES:
        if all(_fits(face, scale, box) for face in loose):
            return scale
    return SCALES[-1]


def _fits(face: FaceArt, scale: float, box: tuple[float, float]) -> bool:
    return face.width_mm * scale <= box[0] + 1e-6 and face.height_mm * scale <= box[1] + 1e-6


def shown(face: FaceArt, scale: float, box: tuple[float, float]) -> Shown:
    """`face` at the list's `scale`: enlarged when that makes it too small to make out, cut
    to `box` when too large for it."""
    needed = MIN_PIECE_MM / min(face.width_mm, face.height_mm)
    own = scale
    if scale < needed - 1e-9:
        own = min((s for s in STEPS if s >= needed - 1e-9), default=1.0)
    w, h = face.width_mm * own, face.height_mm * own
    cut = w > box[0] + 1e-6 or h > box[1] + 1e-6
    window = (min(w, box[0]) / own, min(h, box[1]) / own)
    if cut:  # only what shows: no hidden words of the board under the page's
        bottom = face.height_mm - window[1]
        kept = crop_elements(face.elements, (0.0, bottom, window[0], face.height_mm))
        face = make_face_art(kept, width_mm=face.width_mm, height_mm=face.height_mm,
                             bleed_mm=face.bleed_mm, shape=face.shape,
                             label=face.label)  # fmt: skip
    return Shown(face, own, window, own > scale, cut)


class Thumb(Flowable):
    """A face (or the `window` of it) at a scale, outlined; a cut one with torn cut edges."""

    def __init__(self, item: Shown, forms: FaceForms) -> None:
        super().__init__()
        self.item, self.forms = item, forms
        forms.plan(item.face)
        self.width = mm_to_pt(item.window[0] * item.scale)
        self.height = mm_to_pt(item.window[1] * item.scale)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas, item = self.canv, self.item
        path = self._outline()
        canvas.saveState()
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.translate(0, self.height - mm_to_pt(item.face.height_mm * item.scale))
        canvas.scale(item.scale, item.scale)
        self.forms.paint(canvas, item.face)
        canvas.restoreState()
        canvas.saveState()
        canvas.setStrokeColor(OUTLINE)
        canvas.setLineWidth(0.4)
        canvas.drawPath(self._outline(), stroke=1, fill=0)
        canvas.restoreState()

    def _outline(self):  # type: ignore[no-untyped-def]  # a reportlab path object
        """The face's shape; a cut board's right and bottom edges as teeth where cut."""
        w, h, item = self.width, self.height, self.item
        path = self.canv.beginPath()
        if item.face.shape == "round" and not item.cut:
            path.circle(w / 2, h / 2, min(w, h) / 2)
            return path
        if not item.cut:
            path.roundRect(0, 0, w, h, min(w, h) * 0.04)
            return path
        cut_right = item.window[0] < item.face.width_mm - 1e-6
        cut_bottom = item.window[1] < item.face.height_mm - 1e-6
        path.moveTo(0, h)
        path.lineTo(w, h)
        for x, y in _teeth((w, h), (w, 0), cut_right, inward=(-1, 0)):
            path.lineTo(x, y)
        for x, y in _teeth((w, 0), (0, 0), cut_bottom, inward=(0, 1)):
            path.lineTo(x, y)
        path.close()
        return path


def _teeth(a: tuple[float, float], b: tuple[float, float], torn: bool,
           inward: tuple[int, int]) -> list[tuple[float, float]]:  # fmt: skip
    """The points from `a` to `b`: a zigzag into the piece when `torn`, else straight."""
    if not torn:
        return [b]
    length = abs(b[0] - a[0]) + abs(b[1] - a[1])
    n = max(2, int(length / (2 * TOOTH)))
    out = []
    for i in range(1, n + 1):
        t = i / n
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if i < n and i % 2:
            x, y = x + inward[0] * TOOTH, y + inward[1] * TOOTH
        out.append((x, y))
    return out


def components_list(data: RulebookData, story: Story, line: int) -> list[Flowable]:
    """The `components` directive: the list, its scale in its first row; on a page wide
    enough (A4, Letter) two pieces a row, so a long list keeps to a page or two."""
    words = data.words
    sets = [(s, faced[0].front) for s in data.game.sets.values()
            if (faced := data.faces.get(s.id))]  # fmt: skip
    pairs = story.width >= mm_to_pt(TWO_UP_MM) and len(sets) > 3
    box = (PAIR_BOX_W, BOX_MM[1]) if pairs else box_mm(story.width)
    scale = list_scale(sets, box)
    items = [shown(face, scale, box) for _, face in sets]
    column = max(mm_to_pt(item.window[0] * item.scale) for item in items) + mm_to_pt(5)
    styles = story.styles
    head = story.paragraph([Span(words.say("scale_note", scale=ratio(scale)), italic=True)],
                           styles.small, line, terms=False)  # fmt: skip
    cells: list[list[Flowable | str]] = []
    for (component_set, _), item in zip(sets, items, strict=True):
        spans = _detail(component_set, item, words)
        cells.append([Thumb(item, data.forms),
                      story.paragraph(spans, styles.small, line, terms=False)])  # fmt: skip
    per_row = 2 if pairs else 1
    rows: list[list[Flowable | str]] = [[head] + [""] * (2 * per_row - 1)]
    for i in range(0, len(cells), per_row):
        rows.append([c for cell in cells[i : i + per_row] for c in cell])
    rows[-1] += [""] * (2 * per_row - len(rows[-1]))
    text = story.width / per_row - column
    table = DataTable(rows, colWidths=[column, text] * per_row, hAlign="LEFT", repeatRows=1)
    table.page_height = story.height
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), styles.body.fontName),
                               ("SPAN", (0, 0), (-1, 0)),
                               ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               *[("ALIGN", (k, 1), (k, -1), "CENTER")
                                 for k in range(0, 2 * per_row, 2)],
                               ("LEFTPADDING", (0, 0), (0, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 5)]))  # fmt: skip
    return [table]


def _detail(component_set: ComponentSet, item: Shown, words: Words) -> list[Inline]:
    """Name; count and real size; two-sided, on a line of its own (a narrow column broke it
    at its hyphen); how it is drawn when not as the list says."""
    size = component_set.trim
    parts = [words.pieces(component_set.total, component_set.kind, component_set.name),
             words.say("size", w=size.width_mm, h=size.height_mm)]  # fmt: skip
    spans: list[Inline] = [Span(words.name(component_set), bold=True), LineBreak(),
                           Span(words.list_sep.join(parts))]  # fmt: skip
    if component_set.back:
        spans += [LineBreak(), Span(words.two_sided)]
    drawn = []
    if item.enlarged:
        drawn.append(words.say("drawn_larger", scale=ratio(item.scale)))
    if item.cut:
        drawn.append(words.say("drawn_part"))
    if drawn:
        spans += [LineBreak(), Span(words.clause_sep.join(drawn), italic=True)]
    return spans


def ratio(scale: float) -> str:
    """1:4, 3:4, 2:1."""
    r = Fraction(scale).limit_denominator(12)
    return f"{r.numerator}:{r.denominator}"
