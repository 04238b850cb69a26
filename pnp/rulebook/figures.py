"""The figure directives (`anatomy`, `setup`, `example`): their bodies read, every set,
component and element they name found among the faces the book already drew, and the
figure flowables made. A name that is not there stops the build at its line, with the
closest names known.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus import Flowable

from pnp.draw.elements import Element
from pnp.draw.face import FaceArt, make_face_art
from pnp.draw.footprint import Box, crop_elements, named_boxes
from pnp.errors import InputError, PnpError
from pnp.memo import Memo
from pnp.names import closest, did_you_mean
from pnp.rulebook.anatomy import AnatomyPicture, Spot
from pnp.rulebook.blocks import Story
from pnp.rulebook.components import ratio
from pnp.rulebook.data import Faced, RulebookData
from pnp.rulebook.edges import EdgeLabel
from pnp.rulebook.figure import Figure
from pnp.rulebook.figure_spec import (
    Piece,
    Selector,
    Tableau,
    fail,
    read_anatomy,
    read_tableau,
)
from pnp.rulebook.flowables import FaceImage
from pnp.rulebook.markdown import Directive
from pnp.rulebook.measure import text_width
from pnp.rulebook.para import Paragraph
from pnp.rulebook.pens import Pens
from pnp.rulebook.pieces import Dice, Item, Note
from pnp.rulebook.pins import LABEL_W, Link, Pin
from pnp.rulebook.tableau import Cell, Drawable, Line, TableauPicture

SHOWN = 8  # the most faces a fan or a spread draws


@dataclass
class Figures:
    """Makes the figures of one rulebook from its data."""

    data: RulebookData
    story: Story

    def __call__(self, d: Directive) -> list[Flowable]:
        try:
            figure = self._anatomy(d) if d.name == "anatomy" else self._tableau(d)
        except PnpError as exc:
            if exc.file is None:  # a line of the Markdown: the book maps it to the template
                exc.file = self.story.file
                exc.message = f"```pnp {d.name}: {exc.message}"
                exc.args = (exc.format(),)
            raise
        return [figure]

    @property
    def pens(self) -> Pens:
        return Pens(self.story, self.data.words)

    def _caption(self, text: str, line: int, pens: Pens) -> Paragraph | None:
        return pens.label(text, style=self.story.styles.figure_caption, line=line) if text \
            else None  # fmt: skip

    # -- anatomy -------------------------------------------------------------------------------

    def _anatomy(self, d: Directive) -> Figure:
        spec = read_anatomy(d)
        faced = self._component(spec.set_id, spec.component, d.line)
        face = faced.back if spec.back else faced.front
        if face is None:
            raise fail(f"{spec.component!r} has no back", d.line)
        where = f"{spec.set_id}/{spec.component} ({'back' if spec.back else 'front'})"
        spots = [Spot(find_element(face, c.selector, c.line, where), c.label)
                 for c in spec.callouts]  # fmt: skip
        pens = Pens(self.story, self.data.words, d.line)
        image = FaceImage(face, 1.0, forms=self.data.forms)
        picture = AnatomyPicture(image, spots, pens, spec.scale, self._note)
        return Figure(picture, self._caption(spec.caption, d.line, pens), self.story.height)

    # -- setup and example ---------------------------------------------------------------------

    def _tableau(self, d: Directive) -> Figure:
        spec = read_tableau(d)
        pens = Pens(self.story, self.data.words, d.line)
        cells: dict[str, Cell] = {}
        lines = []
        for row in spec.rows:
            line_cells = []
            for piece in row.items:
                labelled = piece.label and piece.kind != "note"  # a note's text is its own
                cell = Cell(self._thing(piece, pens), pens.label(piece.label, line=piece.line)
                            if labelled else None, piece.name)  # fmt: skip
                if piece.name:
                    if piece.name in cells:
                        raise fail(f"two items are named {piece.name!r}", piece.line)
                    cells[piece.name] = cell
                line_cells.append(cell)
            label = pens.label(f"**{row.label}**", "left", line=row.line) if row.label else None
            if line_cells:
                lines.append(Line(line_cells, label, row.framed))
        pins = self._pins(spec, cells, pens)
        self._edges(spec, cells, pens)
        names = set(cells) | {p.name for p in pins if p.name}
        links = []
        for a in spec.arrows:
            for end in (a.start, a.end):
                if end not in names:
                    raise fail(f"arrow: nothing is named {end!r} (`as NAME` names an item or a "
                               "marker)", a.line, did_you_mean(closest(end, names)))  # fmt: skip
            links.append(Link(a.start, a.end, pens.label(a.label, line=a.line) if a.label
                              else None))  # fmt: skip
        _make_room(cells, pins, links)
        picture = TableauPicture(lines, pins, links, pens, self.data.forms,
                                 setup=spec.kind == "setup", scale=spec.scale, note=self._note,
                                 page_height=self.story.height)  # fmt: skip
        return Figure(picture, self._caption(spec.caption, d.line, pens), self.story.height)

    def _thing(self, piece: Piece, pens: Pens) -> Drawable:
        if piece.kind == "die":
            return Dice(piece.dice, pens.ink)
        if piece.kind == "note":
            return Note(pens.label(piece.label, "left", line=piece.line), pens.tint, pens.accent)
        faced = self._set(piece.set_id, piece.line)
        chosen = [self._component(piece.set_id, c, piece.line) for c in piece.components]
        if not chosen:  # the set's own: a deck's first card; every copy, for a spread or fan
            chosen = [f for f in faced for _ in range(f.count)] if piece.kind in ("fan", "spread") \
                else faced[:1]  # fmt: skip
        count = piece.count or (len(chosen) if piece.kind in ("fan", "spread") else 1)
        side = piece.side or ("back" if piece.kind == "stack" and chosen[0].back else "front")
        faces = []
        for i in range(min(count, SHOWN) if piece.kind in ("fan", "spread") else 1):
            f = chosen[i % len(chosen)]
            face = f.back if side == "back" else f.front
            if face is None:
                raise fail(f"{f.component.id!r} has no back", piece.line)
            faces.append(face)
        layers = max(2, min(6, (piece.count or faced_total(faced)) // 8 + 1))
        window = None
        if piece.crop is not None:
            where = f"{piece.set_id}/{chosen[0].component.id}"
            a, b = (find_element(faces[0], c, piece.line, where) for c in piece.crop)
            margin = 2.0
            window = (max(min(a[0], b[0]) - margin, 0.0), max(min(a[1], b[1]) - margin, 0.0),
                      min(max(a[2], b[2]) + margin, faces[0].width_mm),
                      min(max(a[3], b[3]) + margin, faces[0].height_mm))  # fmt: skip
        source = None
        if window is not None:  # only what shows: no hidden text under the page's
            source = faces[0]
            kept = crop_elements(source.elements, window)
            faces[0] = make_face_art(kept, width_mm=source.width_mm, height_mm=source.height_mm,
                                     bleed_mm=source.bleed_mm, shape=source.shape,
                                     label=source.label)  # fmt: skip
        return Item(piece.kind, faces, self.data.forms, layers if piece.kind == "stack" else 1,
                    window, source)  # fmt: skip

    def _pins(self, spec: Tableau, cells: dict[str, Cell], pens: Pens) -> list[Pin]:
        out = []
        for m in spec.markers:
            host = cells.get(m.on)
            if host is None:
                raise fail(f"marker: no item is named {m.on!r} (name it with `as NAME`)", m.line,
                           did_you_mean(closest(m.on, cells)))  # fmt: skip
            placed = host.thing.face_at(1.0)
            if placed is None:
                raise fail(f"marker: {m.on!r} shows no face to stand on", m.line)
            faced = self._component(m.set_id, m.component, m.line)
            face = faced.back if m.back else faced.front
            if face is None:
                raise fail(f"{m.component!r} has no back", m.line)
            whole = getattr(host.thing, "source", None) or placed[0]
            x0, y0, x1, y1 = find_element(whole, m.at, m.line, f"{m.on!r}")
            window = getattr(host.thing, "window", None)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            if window is not None and not (window[0] <= cx <= window[2]
                                           and window[1] <= cy <= window[3]):  # fmt: skip
                raise fail(f"marker: {m.at} is outside the part of {m.on!r} shown (crop)", m.line)
            label = pens.label(m.label, "left", line=m.line) if m.label else None
            out.append(Pin(face, m.on, (cx, cy), m.ghost, m.name, label))
        return out

    def _edges(self, spec: Tableau, cells: dict[str, Cell], pens: Pens) -> None:
        """Each `label` put on its piece's side, level with the element it names."""
        for e in spec.edges:
            host = cells.get(e.on)
            if host is None or not isinstance(host.thing, Item):
                raise fail(f"label: no piece is named {e.on!r} (name it with `as NAME`)", e.line,
                           did_you_mean(closest(e.on, cells)))  # fmt: skip
            item = host.thing
            x0, y0, x1, y1 = find_element(item.source or item.faces[0], e.at, e.line, repr(e.on))
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            window = item.window
            if window is not None and not (window[0] <= cx <= window[2]
                                           and window[1] <= cy <= window[3]):  # fmt: skip
                raise fail(f"label: {e.at} is outside the part of {e.on!r} shown (crop)", e.line)
            align = {"left": "right", "right": "left"}.get(e.side, "center")
            text = pens.label(e.label, align, line=e.line)
            item.edges.append(EdgeLabel(e.side, (cx, cy), x1 - x0, text))

    # -- names ---------------------------------------------------------------------------------

    def _set(self, set_id: str, line: int) -> list[Faced]:
        faced = self.data.faces.get(set_id)
        if faced is None:
            raise fail(f"no set {set_id!r}", line, did_you_mean(closest(set_id, self.data.faces)))
        return faced

    def _component(self, set_id: str, component: str, line: int) -> Faced:
        faced = self._set(set_id, line)
        for f in faced:
            if f.component.id == component:
                return f
        raise fail(f"no component {component!r} in {set_id!r}", line,
                   did_you_mean(closest(component, [f.component.id for f in faced])))  # fmt: skip

    def _note(self, scale: float, larger: float | None = None) -> str:
        """ "Scale 1:8", or "Actual size"; with the scale small pieces are drawn at when larger
        (pnp.rulebook.pieces.MIN_PIECE_MM)."""
        words = self.data.words
        said = words.actual_size if abs(scale - 1) < 1e-6 else \
            words.say("scale_note", scale=ratio(scale))  # fmt: skip
        return said if larger is None else words.say("scale_larger", said=said,
                                                     scale=ratio(larger))  # fmt: skip


def _make_room(cells: dict[str, Cell], pins: list[Pin], links: list[Link]) -> None:
    """A piece whose markers an arrow joins keeps room each side for the arrow's label, so
    the label stands clear of its tracks beside the arrow, on a narrow page too."""
    hosts = {pin.name: pin.on for pin in pins if pin.name}
    for link in links:
        host = hosts.get(link.start)
        if link.label is None or host is None or hosts.get(link.end) != host:
            continue
        item = cells[host].thing
        if isinstance(item, Item):
            item.gutter = max(item.gutter, text_width(link.label, LABEL_W) + 8.0)  # its plate


def faced_total(faced: list[Faced]) -> int:
    return sum(f.count for f in faced)


# the named boxes of recent faces, by identity: a figure asks for several elements of one face,
# and the book for the same faces in several figures
_NAMED: Memo[int, list[tuple[str, Box, str]]] = Memo(256)


def _named_boxes(elements: tuple[Element, ...]) -> list[tuple[str, Box, str]]:
    known = _NAMED.get(id(elements))
    return known if known is not None else _NAMED.put(id(elements), named_boxes(elements), elements)


def find_element(face: FaceArt, selector: Selector, line: int, where: str) -> tuple[
        float, float, float, float]:  # fmt: skip
    """The box (mm) of the element `selector` picks on `face`; an InputError at `line`
    naming the closest names when there is none."""
    named = _named_boxes(face.elements)
    names = list(dict.fromkeys(n for n, _, _ in named))
    matches = [(box, text) for n, box, text in named if n == selector.name]
    if not matches:
        hint = did_you_mean(closest(selector.name, names)) or \
            f"its elements: {', '.join(names[:30])}"  # fmt: skip
        raise InputError(f"{where} has no element named {selector.name!r}", line=line, hint=hint)
    if selector.text is not None:
        shown = [t for _, t in matches]
        matches = [(b, t) for b, t in matches if t == selector.text]
        if not matches:
            raise InputError(
                f"{where}: no element {selector.name!r} shows {selector.text!r}",
                line=line,
                hint=did_you_mean(closest(selector.text, shown)),
            )
    if selector.around is not None:
        x0, y0, x1, y1 = find_element(face, selector.around, line, where)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        matches = [(b, t) for b, t in matches if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
        if not matches:
            raise InputError(f"{where}: no element {selector.name!r} lies around "
                             f"{selector.around}", line=line)  # fmt: skip
    if selector.nth > len(matches):
        raise InputError(f"{where}: {selector} asks for number {selector.nth}, but only "
                         f"{len(matches)} match", line=line)  # fmt: skip
    return matches[selector.nth - 1][0]
