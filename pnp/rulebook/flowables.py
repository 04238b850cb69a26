"""Flowables the rulebook adds to Platypus: faces drawn by their templates, call-out boxes,
headings that know their outline level, and markers for the quick reference.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Sequence

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import CondPageBreak, Flowable, PageBreak, Table, TableStyle
from reportlab.platypus.flowables import KeepInFrame, KeepTogether

from pnp.draw.face import FaceArt
from pnp.draw.rl_private import canvas_memo
from pnp.impose.render import FormCache
from pnp.rulebook.para import Paragraph
from pnp.rulebook.styles import Styles
from pnp.units import mm_to_pt

OUTLINE = Color(0.55, 0.55, 0.55)
CHAPTER_ROOM = 0.4  # a chapter starts on the current page when more than this share is left


class FaceForms:
    """The faces of one book: a face shown more than once is drawn once, as a PDF form, and
    placed by reference; a face shown once is painted where it stands (a form would only add
    an object). Every FaceImage says where it will be shown before the book is laid out."""

    def __init__(self) -> None:
        self.shown: Counter[tuple[str, float, float, float]] = Counter()

    def plan(self, face: FaceArt, times: int = 1) -> None:
        self.shown[_ident(face)] += times

    def paint(self, canvas: Canvas, face: FaceArt) -> None:
        """Paint `face` with its trim's bottom-left at the origin."""
        if self.shown[_ident(face)] < 2:
            face.draw(canvas)
            return
        forms = canvas_memo(canvas, lambda: FormCache("RuleFace"))
        canvas.doForm(forms.name_for(canvas, face))


def _ident(face: FaceArt) -> tuple[str, float, float, float]:
    return (face.key, round(face.width_mm, 4), round(face.height_mm, 4), face.bleed_mm)


class FaceImage(Flowable):
    """One face at `width` points, drawn by its template (vector), cut at its trim."""

    def __init__(
        self,
        face: FaceArt,
        width: float,
        *,
        outline: bool = True,
        forms: FaceForms | None = None,
        plan: bool = True,
    ) -> None:
        """`plan=False`: the face is drawn by something that planned it already."""
        super().__init__()
        self.face = face
        self.forms = forms or FaceForms()
        if plan:
            self.forms.plan(face)
        self.scale = width / mm_to_pt(face.width_mm)
        self.width = width
        self.height = mm_to_pt(face.height_mm) * self.scale
        self.outline = outline

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        path = canvas.beginPath()
        if self.face.shape == "round":
            path.circle(self.width / 2, self.height / 2, min(self.width, self.height) / 2)
        else:
            path.roundRect(0, 0, self.width, self.height, min(self.width, self.height) * 0.04)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.scale(self.scale, self.scale)
        self.forms.paint(canvas, self.face)
        canvas.restoreState()
        if self.outline:
            canvas.saveState()
            canvas.setStrokeColor(OUTLINE)
            canvas.setLineWidth(0.4)
            canvas.drawPath(path, stroke=1, fill=0)
            canvas.restoreState()


class FaceFan(Flowable):
    """A few faces fanned out like a hand of cards: the cover picture."""

    def __init__(
        self,
        faces: Sequence[FaceArt],
        height: float,
        max_width: float,
        below: Flowable,
        forms: FaceForms | None = None,
    ) -> None:
        super().__init__()
        self.faces = list(faces)
        self.forms = forms or FaceForms()
        for face in self.faces:
            self.forms.plan(face)
        self.max_height = height
        self.below = below  # what must still fit under the picture on the cover (the credits)
        self.width = max_width
        self.height = height
        self.scale = 1.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        _, below = self.below.wrap(avail_width, avail_height)
        self.height = max(min(self.max_height, avail_height - below - 30), 40.0)
        tallest = max(f.height_mm for f in self.faces)
        # fill the picture, but never show a piece more than twice its printed size
        self.scale = min(self.height * 0.72 / mm_to_pt(tallest), 2.0)
        low, high = self._rise()
        if high - low > self.height:  # the turned cards reach past the room: smaller
            self.scale *= self.height / (high - low)
        return self.width, self.height

    def _placements(self) -> list[tuple[FaceArt, float, float, float, float]]:
        """(face, angle, x offset along the card, width, height) for each card of the fan."""
        n = len(self.faces)
        spread = 11.0 if n > 1 else 0.0
        out = []
        for i, face in enumerate(self.faces):
            angle = spread * (i - (n - 1) / 2)
            w, h = mm_to_pt(face.width_mm) * self.scale, mm_to_pt(face.height_mm) * self.scale
            out.append((face, angle, -w / 2 + math.sin(math.radians(angle)) * w * 0.3, w, h))
        return out

    def _rise(self) -> tuple[float, float]:
        """The lowest and highest point of the turned cards, above their pivot."""
        ys = []
        for _, angle, dx, w, h in self._placements():
            a = math.radians(-angle)
            for x, y in ((dx, 0.0), (dx + w, 0.0), (dx, h), (dx + w, h)):
                ys.append(x * math.sin(a) + y * math.cos(a))
        return min(ys), max(ys)

    def _centre_shift(self) -> float:
        """How far to move the fan so its rotated cards sit centred in the frame."""
        xs = []
        for _, angle, dx, w, h in self._placements():
            a = math.radians(-angle)
            for x, y in ((dx, 0.0), (dx + w, 0.0), (dx, h), (dx + w, h)):
                xs.append(x * math.cos(a) - y * math.sin(a))
        return -(min(xs) + max(xs)) / 2

    def draw(self) -> None:
        canvas = self.canv
        shift = self._centre_shift()
        for face, angle, dx, w, h in self._placements():
            canvas.saveState()
            # pivot near the bottom centre, as a hand of cards is held
            canvas.translate(self.width / 2 + shift, -self._rise()[0])
            canvas.rotate(-angle)
            canvas.translate(dx, 0)
            canvas.saveState()
            canvas.setFillColor(Color(0, 0, 0, alpha=0.18))
            if face.shape == "round":
                canvas.circle(w / 2 + 2, h / 2 - 2, min(w, h) / 2, stroke=0, fill=1)
            else:
                canvas.roundRect(2, -2, w, h, w * 0.04, stroke=0, fill=1)
            canvas.restoreState()
            FaceImage(face, w, forms=self.forms, plan=False).drawOn(canvas, 0, 0)
            canvas.restoreState()


class Heading(Paragraph):
    """A heading paragraph: its outline level, its plain title and its bookmark key."""

    def __init__(self, text: str, style: object, level: int, title: str, key: str) -> None:
        super().__init__(text, style)
        self.level = level
        self.title = title
        self.key = key


FRAME_PAD = 6.0  # what a Platypus Frame keeps clear inside each of its edges (its default)


class ChapterBreak(CondPageBreak):
    """Where a chapter starts, as in a published book: on the current page when more than
    `CHAPTER_ROOM` of it is left, but a chapter short enough for one page is not split when
    the page is half used already (the builder's appendix with a few lines on a page of its
    own before the quick reference). `chapter`: its flowables, set once the story is made."""

    def __init__(self, frame_height: float) -> None:
        super().__init__(frame_height * CHAPTER_ROOM)
        self.frame_height = frame_height
        self.chapter: list[Flowable] = []
        self._whole: tuple[float, float] | None = None  # (width, the chapter's height)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        whole = self._measure(availWidth)
        if whole <= self.frame_height - 2 * FRAME_PAD and whole > availHeight \
                and availHeight < self.frame_height / 2:  # fmt: skip
            self.height = self.frame_height  # break: the chapter goes whole to the next page
        else:
            self.height = self.frame_height * CHAPTER_ROOM
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        return size

    def _measure(self, width: float) -> float:
        """The chapter's height at `width`, or a height past one page's as soon as it is known
        to be longer than a page (all `wrap` asks): most chapters are, and measuring them whole
        laid every flowable out once more than Platypus itself does."""
        if self._whole is None or self._whole[0] != width:
            canvas = Canvas(io.BytesIO())  # some flowables measure their text on a canvas
            longest, total = self.frame_height - 2 * FRAME_PAD, 0.0
            for f in self.chapter:
                total += f.wrapOn(canvas, width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                if total > longest:
                    break
            self._whole = (width, total)
        return self._whole[1]


def link_chapters(flowables: list[Flowable]) -> None:
    """Tell each chapter break which flowables its chapter holds (up to the next break)."""
    current: ChapterBreak | None = None
    for flowable in flowables:
        if isinstance(flowable, ChapterBreak):
            current = flowable
        elif current is not None and isinstance(flowable, PageBreak):
            current = None  # the quick reference: a chapter of its own after a page break
        elif current is not None:
            current.chapter.append(flowable)


class QuickRefBody(KeepInFrame):
    """The quick reference below its heading, set smaller when that is what keeps it on its
    one page (a paper shorter than the one it was written on): `text_scale` says how much."""

    def __init__(self, content: list[Flowable]) -> None:
        super().__init__(0, 0, content, mode="shrink")  # 0: the room the page has left

    @property
    def text_scale(self) -> float:
        return 1.0 / getattr(self, "_scale", 1.0)


class QuickRefStart(Flowable):
    """Marks where the one-page quick reference begins (the document checks it fits)."""

    width = height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        return None


def call_out(
    content: list[Flowable],
    kind: str,
    styles: Styles,
    width: float,
    label: Paragraph | None,
    topics: Sequence[str] = (),
) -> Flowable:
    """A tinted box with an accent bar on its left; `reading` boxes are dashed, marking the
    text as our reading of an unclear rule. `topics`: what its readings are about, noted
    with the page the box is drawn on (for the index of readings)."""
    rows: list[list[object]] = [[label]] if label is not None else []
    rows += [[item] for item in content]
    table = Table(rows, colWidths=[width - 6], hAlign="LEFT")
    palette = styles.palette
    background = palette.tint if kind in ("example", "reading") else Color(0.95, 0.95, 0.95)
    bar = palette.accent if kind != "note" else palette.muted
    commands: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), styles.body.fontName),
        ("BACKGROUND", (0, 0), (-1, -1), background if kind != "reading" else white),
        ("LINEBEFORE", (0, 0), (0, -1), 2.5, bar),
        ("LEFTPADDING", (0, 0), (-1, -1), 9),
        ("RIGHTPADDING", (0, 0), (-1, -1), 8),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, 0), 6),
        ("BOTTOMPADDING", (0, -1), (-1, -1), 6),
    ]
    if kind == "reading":
        commands.append(("BOX", (0, 0), (-1, -1), 0.6, bar, None, (2, 2)))
    table.setStyle(TableStyle(commands))
    table.spaceBefore, table.spaceAfter = 3, 7  # boxes one after another stay apart
    box = KeepTogether([table])
    box.pnp_topics = table.pnp_topics = tuple(topics)  # whichever Platypus draws, not split
    return box
