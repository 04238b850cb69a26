"""The figure directives' bodies read into plain data, each part with its template line.

```pnp
anatomy SET COMPONENT [back] [SCALE]        a face with numbered call-outs
  ELEMENT: label                            one call-out per line, numbered in order
  caption: text

setup [SCALE]  /  example [SCALE]           rows of real pieces
  row: label  /  area: label                a new row (`area` frames it)
  KIND SET [COMPONENT ...] [back|front] [xN] [crop ELEMENT ELEMENT] [as NAME]: label
  marker SET COMPONENT [back] on NAME at ELEMENT [ghost] [as NAME]: label
  label on NAME at ELEMENT [above|below|left|right]: text   beside a piece, level with ELEMENT
  arrow NAME -> NAME: label
  die N [N ...] [as NAME]: label
  note [as NAME]: text
  caption: text
```

KIND is `piece` (one face), `stack` (a pile of cards showing its top: a deck shows its back),
`fan` (a hand) or `spread` (pieces side by side, overlapping); `crop` shows a piece's part
that two of its elements span (a board's tracks). ELEMENT names an element of the
face's template, `NAME=TEXT` one that shows TEXT (underscores for spaces), `NAME#K` the K-th
of that name, `NAME@ELEMENT` the one around another (`cell@value=9`). SCALE is
`1:4` (a quarter of the printed size) or `2:1` (twice).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.errors import InputError
from pnp.rulebook.markdown import BodyLine, Directive

KINDS = ("piece", "stack", "fan", "spread")
SIDES = ("back", "front")
EDGE_SIDES = ("above", "below", "left", "right")
_COUNT = re.compile(r"^[x×](\d{1,3})$")
_SCALE = re.compile(r"^(\d{1,3}(?:\.\d+)?):(\d{1,3}(?:\.\d+)?)$")
_SELECTOR = re.compile(r"^(?P<name>[^=#]+)(?:=(?P<text>[^#]+))?(?:#(?P<nth>\d{1,4}))?$")


@dataclass(frozen=True)
class Selector:
    """Which element of a face: by name, optionally the one showing `text`, the `nth` such;
    `around`: only those whose box holds that element's middle (`cell@value=9`)."""

    name: str
    text: str | None = None
    nth: int = 1
    around: Selector | None = None

    def __str__(self) -> str:
        text = f"={self.text}" if self.text is not None else ""
        around = f"@{self.around}" if self.around is not None else ""
        return f"{self.name}{text}{f'#{self.nth}' if self.nth != 1 else ''}{around}"


@dataclass(frozen=True)
class Callout:
    selector: Selector
    label: str
    line: int


@dataclass(frozen=True)
class Anatomy:
    set_id: str
    component: str
    back: bool
    scale: float | None
    callouts: list[Callout]
    caption: str
    line: int


@dataclass(frozen=True)
class Piece:
    """A row's item: faces of a set (`kind` one of KINDS), a die or a note."""

    kind: str  # piece, stack, fan, spread, die, note
    set_id: str
    components: list[str]
    side: str | None  # "back", "front" or None (the kind's default)
    count: int | None
    name: str | None
    label: str
    line: int
    dice: list[int] = field(default_factory=list)
    crop: tuple[Selector, Selector] | None = None  # show the part of the face they span


@dataclass
class Row:
    label: str
    framed: bool
    line: int
    items: list[Piece] = field(default_factory=list)


@dataclass(frozen=True)
class Marker:
    set_id: str
    component: str
    back: bool
    on: str
    at: Selector
    ghost: bool
    name: str | None
    label: str
    line: int


@dataclass(frozen=True)
class Edge:
    """Words on a side of a named piece, level with one of its elements (a track's name)."""

    on: str
    at: Selector
    side: str
    label: str
    line: int


@dataclass(frozen=True)
class Arrow:
    start: str
    end: str
    label: str
    line: int


@dataclass
class Tableau:
    kind: str  # "setup" or "example"
    scale: float | None
    line: int
    rows: list[Row] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    caption: str = ""


def fail(message: str, line: int, hint: str | None = None) -> InputError:
    """An error at a line of the rulebook's Markdown (the book maps it to the template)."""
    return InputError(message, line=line, hint=hint)


def parse_scale(word: str, line: int) -> float | None:
    """`1:4` -> 0.25, `2:1` -> 2.0; None when `word` is not a scale."""
    match = _SCALE.match(word)
    if match is None:
        return None
    a, b = float(match.group(1)), float(match.group(2))
    if not (a and b) or not 0.02 <= a / b <= 10:
        raise fail(f"scale {word}: write it like 1:4 (a quarter size) or 2:1 (twice)", line)
    return a / b


def parse_selector(text: str, line: int) -> Selector:
    own, at, around = text.partition("@")
    if at:
        inner = parse_selector(around, line)
        outer = parse_selector(own, line)
        return Selector(outer.name, outer.text, outer.nth, inner)
    match = _SELECTOR.match(text.strip())
    if match is None:
        raise fail(f"{text!r} is not an element: write NAME, NAME=TEXT, NAME#K or NAME@ELEMENT",
                   line)  # fmt: skip
    nth = int(match.group("nth") or 1)
    if nth < 1:
        raise fail(f"{text!r}: #K counts from 1", line)
    text = match.group("text")  # underscores are spaces: `spy-country=GREAT_BRITAIN`
    return Selector(match.group("name").strip(), text.replace("_", " ") if text else text, nth)


def _split(body: BodyLine) -> tuple[str, str]:
    """`what: label` -> (what, label); a line without `: ` has no label."""
    head, sep, label = body.text.partition(": ")
    if not sep and body.text.endswith(":"):
        head = body.text[:-1]
    return head.strip(), label.strip()


def read_anatomy(d: Directive) -> Anatomy:
    if len(d.args) < 2:
        raise fail("write `anatomy SET COMPONENT [back] [SCALE]`, then a line `ELEMENT: label` "
                   "per call-out", d.line)  # fmt: skip
    set_id, component, *rest = d.args
    back, scale = False, None
    for word in rest:
        if word == "back":
            back = True
        elif (found := parse_scale(word, d.line)) is not None:
            scale = found
        else:
            raise fail(f"anatomy: {word!r} is neither `back` nor a scale like 1:1", d.line)
    callouts, caption = [], ""
    for body in d.body:
        head, label = _split(body)
        if head == "caption":
            caption = label
        elif not label:
            raise fail(f"call-out {head!r} has no label: write `{head}: what it is`", body.line)
        else:
            callouts.append(Callout(parse_selector(head, body.line), label, body.line))
    if not callouts:
        raise fail("anatomy: no call-outs (a line `ELEMENT: label` under the directive)", d.line)
    return Anatomy(set_id, component, back, scale, callouts, caption, d.line)


def read_tableau(d: Directive) -> Tableau:
    scale = None
    for word in d.args:
        scale = parse_scale(word, d.line)
        if scale is None:
            raise fail(f"{d.name}: {word!r} is not a scale like 1:4", d.line)
    out = Tableau(d.name, scale, d.line)
    for body in d.body:
        head, label = _split(body)
        words = head.split()
        if not words:
            raise fail("an empty item: write `KIND SET ...: label`", body.line)
        kind = words[0]
        if kind == "caption":
            out.caption = label
        elif kind in ("row", "area"):
            out.rows.append(Row(label, kind == "area", body.line))
        elif kind == "marker":
            out.markers.append(_marker(words[1:], label, body.line))
        elif kind == "arrow":
            out.arrows.append(_arrow(words[1:], label, body.line))
        elif kind == "label":
            out.edges.append(_edge(words[1:], label, body.line))
        elif kind in (*KINDS, "die", "note"):
            if not out.rows:
                out.rows.append(Row("", False, body.line))
            out.rows[-1].items.append(_piece(kind, words[1:], label, body.line))
        else:
            raise fail(f"{d.name}: unknown item {kind!r}", body.line,
                       "items: " + ", ".join((*KINDS, "die", "note", "marker", "label", "arrow",
                                              "row", "area", "caption")))  # fmt: skip
    if not any(r.items for r in out.rows):
        raise fail(f"{d.name}: nothing to draw (a line like `stack SET: label`)", d.line)
    return out


def _named(words: list[str], line: int) -> tuple[list[str], str | None]:
    """Words without a trailing `as NAME`, and the name."""
    if "as" in words:
        at = words.index("as")
        if at != len(words) - 2:
            raise fail("`as NAME` comes last, before the colon", line)
        return words[:at], words[-1]
    return words, None


def _piece(kind: str, words: list[str], label: str, line: int) -> Piece:
    words, name = _named(words, line)
    if kind == "note":
        if words:
            raise fail("write `note: text` (or `note as NAME: text`)", line)
        return Piece("note", "", [], None, None, name, label, line)
    if kind == "die":
        if not words or not all(w.isdigit() and 1 <= int(w) <= 6 for w in words):
            raise fail("write `die N [N ...]` with faces from 1 to 6", line)
        return Piece("die", "", [], None, None, name, label, line, [int(w) for w in words])
    if not words:
        raise fail(f"write `{kind} SET [COMPONENT ...] [back] [xN]: label`", line)
    set_id, *rest = words
    side, count, components = None, None, []
    crop = None
    if "crop" in rest:
        at = rest.index("crop")
        if kind != "piece" or len(rest) < at + 3:
            raise fail("write `piece SET COMPONENT crop ELEMENT ELEMENT`: the part of the face "
                       "the two elements span", line)  # fmt: skip
        if not label.strip():  # a part of a board out of context is a puzzle to a reader
            raise fail(
                "a cropped piece needs a label naming the piece and the part shown "
                "(`...: The tracker's top half, United States to Israel`)",
                line,
            )
        crop = (parse_selector(rest[at + 1], line), parse_selector(rest[at + 2], line))
        rest = rest[:at] + rest[at + 3 :]
    for word in rest:
        if word in SIDES:
            side = word
        elif (match := _COUNT.match(word)) is not None:
            count = int(match.group(1))
        else:
            components.append(word)
    if count == 0:
        raise fail("x0: a count is at least 1", line)
    return Piece(kind, set_id, components, side, count, name, label, line, crop=crop)


def _marker(words: list[str], label: str, line: int) -> Marker:
    words, name = _named(words, line)
    ghost = "ghost" in words
    words = [w for w in words if w != "ghost"]
    back = "back" in words
    words = [w for w in words if w != "back"]
    if len(words) != 6 or words[2] != "on" or words[4] != "at":
        raise fail("write `marker SET COMPONENT [back] on NAME at ELEMENT [ghost] [as NAME]`",
                   line)  # fmt: skip
    return Marker(words[0], words[1], back, words[3], parse_selector(words[5], line), ghost,
                  name, label, line)  # fmt: skip


def _arrow(words: list[str], label: str, line: int) -> Arrow:
    if len(words) != 3 or words[1] not in ("->", "→"):
        raise fail("write `arrow NAME -> NAME: label`", line)
    return Arrow(words[0], words[2], label, line)


def _edge(words: list[str], label: str, line: int) -> Edge:
    side = words.pop() if len(words) == 5 else "above"
    if len(words) != 4 or words[0] != "on" or words[2] != "at" or side not in EDGE_SIDES:
        raise fail("write `label on NAME at ELEMENT [above|below|left|right]: text`", line)
    if not label:
        raise fail("a label needs its text: `label on NAME at ELEMENT: text`", line)
    return Edge(words[1], parse_selector(words[3], line), side, label, line)
