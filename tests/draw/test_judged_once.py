"""The checks every face goes through (cut safety, legibility, its key) remember what they learnt
about each shared element (pnp.memo, by identity): every answer must still be what working it out
afresh gives, whatever else the face holds, its size, and whichever object had an id before."""

from __future__ import annotations

import gc

from pnp.draw.cut_safety import CutFinding, check_cuts
from pnp.draw.elements import (
    Circle,
    Element,
    Group,
    Image,
    Paint,
    Polyline,
    Rectangle,
    Text,
    TextRun,
)
from pnp.draw.face import face_key
from pnp.draw.legibility import check_face
from pnp.units import mm_to_pt

INK, CREAM, NAVY = (0.1, 0.1, 0.1), (0.96, 0.94, 0.89), (0.18, 0.37, 0.55)
POKER = (63.0, 88.0, 3.0)


def _background(fill: tuple[float, float, float] = CREAM) -> Rectangle:
    """Out through the 3 mm bleed on every side of a poker card."""
    return Rectangle(-mm_to_pt(3), -mm_to_pt(3), mm_to_pt(69), mm_to_pt(94), Paint(fill=fill))


def _frame(inset_mm: float) -> Rectangle:
    """A 0.5 pt frame `inset_mm` inside a poker card's trim."""
    at, paint = mm_to_pt(inset_mm), Paint(stroke=INK, stroke_width=0.5)
    return Rectangle(at, at, mm_to_pt(63 - 2 * inset_mm), mm_to_pt(88 - 2 * inset_mm), paint)


def _cuts(elements: tuple[Element, ...], size: tuple[float, float, float] = POKER,
          back: bool = False) -> list[str]:  # fmt: skip
    return [f"{f.edge}: {f.detail}" for f in check_cuts(elements, *size, back=back)]


def test_a_shared_element_is_judged_anew_on_a_face_of_another_size() -> None:
    """A strip 1 mm from a poker card's right edge lies 8 mm inside a tarot card's."""
    strip = Rectangle(mm_to_pt(50), mm_to_pt(20), mm_to_pt(12), mm_to_pt(40),
                      Paint(stroke=INK, stroke_width=0.5))  # fmt: skip
    assert _cuts((strip,)) == ["right: a line or frame runs 1.0 mm from the cut"]
    assert _cuts((strip,), (70.0, 120.0, 3.0)) == []
    assert _cuts((strip,)) == ["right: a line or frame runs 1.0 mm from the cut"]


def test_a_shared_background_is_judged_with_what_else_the_face_paints() -> None:
    """Cards of one set share their background; a strip that stops 2 mm short of the trim
    shows on the card that has it, and on no other."""
    background = _background()
    strip = Rectangle(mm_to_pt(55), mm_to_pt(20), mm_to_pt(6), mm_to_pt(60), Paint(fill=NAVY))
    change = "right: its colour changes 2.0 mm inside the cut (#f5f0e3 to #2e5e8c)"
    assert _cuts((background,)) == []
    assert _cuts((background, strip)) == [change]
    assert _cuts((background,)) == []
    assert _cuts((background, strip)) == [change]


def test_a_back_is_judged_as_a_back_and_a_front_as_a_front() -> None:
    """The same two halves: a front may change colour across the card, a back may not."""
    top = Rectangle(-9, mm_to_pt(44), mm_to_pt(70), mm_to_pt(47.1), Paint(fill=NAVY))
    faces = (_background(), top)
    assert _cuts(faces) == []
    (uneven,) = _cuts(faces, back=True)
    assert uneven.startswith("edges: its edges are not one colour")
    assert _cuts(faces) == []


def test_an_element_made_where_another_was_is_judged_for_itself() -> None:
    """Frames made and dropped one after another (new objects often take a dropped one's id)
    are each judged on their own inset."""
    for i in range(40):
        inset = (1.0, 5.0)[i % 2]
        found = check_cuts((_frame(inset),), *POKER)
        assert [f.edge for f in found] == (["top", "bottom", "left", "right"] if inset == 1.0
                                           else []), i  # fmt: skip
        assert all(isinstance(f, CutFinding) for f in found)
        gc.collect()


def _name(color: tuple[float, float, float], text: str = "Agent Dossier") -> Text:
    run = TextRun(mm_to_pt(6), mm_to_pt(78), text, "Helvetica-Bold", 12.0, color)
    return Text(12.0, 1, (run,), name="name")


def test_a_shared_text_box_is_judged_over_what_lies_under_it_on_each_face() -> None:
    name = _name(INK)
    assert check_face((_background(), name)) == []
    (faint,) = check_face((_background(NAVY), name))
    assert faint.too_faint and faint.element == "text 'name'"
    assert check_face((_background(), name)) == []
    assert check_face((name,)) == []  # on the paper
    assert check_face((name,), paper=(0.2, 0.2, 0.2))[0].too_faint


def test_a_text_box_made_where_another_was_is_judged_for_itself() -> None:
    """Text boxes made and dropped one after another (each tends to take the place of the one
    before), faint or not."""
    runs = [_name((0.8, 0.8, 0.8) if i % 2 else INK, f"Card {i}").children for i in range(40)]
    for i, children in enumerate(runs):
        text = Text(12.0, 1, children, name="name")
        found = [f.sample for f in check_face((text,))]
        assert found == ([f"Card {i}"] if i % 2 else []), i
        del text
        gc.collect()


def test_a_group_made_where_another_was_is_judged_for_itself() -> None:
    """Groups made and dropped one after another (each tends to take the place of the one
    before), their text boxes shrunk to half or not."""
    texts = [_name(INK, f"Card {i}") for i in range(40)]
    for i, text in enumerate(texts):
        scale = (0.5, 1.0)[i % 2]
        group = Group(0.0, 0.0, (text,), scale_x=scale, scale_y=scale)
        found = [(f.sample, f.size) for f in check_face((group,))]
        assert found == ([(f"Card {i}", 6.0)] if scale < 1 else []), i
        del group
        gc.collect()


def test_a_face_made_where_another_was_keeps_a_key_of_its_own() -> None:
    """Keys of faces made and dropped one after another: the same as those of equal faces."""
    expected = {inset: face_key((_frame(inset),), *POKER, "rect") for inset in (1.0, 5.0)}
    assert expected[1.0] != expected[5.0]
    for i in range(40):
        inset = (1.0, 5.0)[i % 2]
        assert face_key((_frame(inset),), *POKER, "rect") == expected[inset], i
        gc.collect()


INK_FILL = Paint(fill=(0.1, 0.2, 0.3), stroke=None, stroke_width=0.5)
SPELT = {  # faces whose key spells each kind of value: the keys earlier versions gave them
    "ints and floats": ((Rectangle(1, 2, 3.0, 4.00001, INK_FILL),
                         Rectangle(1.0, 2.0, 3.0, 4.00001, INK_FILL)),
                        ("645798fcb069b7e8d59a", "9746c66f0b403914221b")),
    "signed zero": ((Circle(-0.0, 0.0, 1e-05, INK_FILL),
                     Circle(-0.00001, 0.00004, 123456.123456, INK_FILL)),
                    ("0eaa927fea99a1bec635", "9793e5885681e63ae95a")),
    "bools and None": ((Polyline(((0.0, 0.0), (1, 1.5)), True, INK_FILL),
                        Image(0.0, 0.0, 5.0, 5.0, "svg", "ab", "p", clip=None,
                              tint=(1.0, 1.0, 1.0), drop_background=True)),
                       ("24507f3dbf99e6af8b78", "bef9efb338609e0a74ce")),
    "one of each": ((Group(1.0, 2.0, (Text(9.0, 1, (TextRun(1.0, 2.0, "It's \u00e9", "F", 9.0,
                                                            (0.0, 0.0, 0.0)),), name="n"),),
                           rotate=90.0),),
                    ("aa362bef02336409cde0", "52d8fc05236bd93d2ec1")),
}  # fmt: skip


def test_a_face_key_spells_every_kind_of_value_as_before() -> None:
    """A key names a drawn face in the PDF: the same elements keep their key from version to
    version (an int is not a float, -0.0 is 0.0, a bool and None are themselves)."""
    for name, (elements, expected) in SPELT.items():
        keys = (face_key(elements, 63.0, 88.0, 3.0, "rect"),
                face_key(elements, 63, 88.0000001, -0.0, "round"))  # fmt: skip
        assert keys == expected, name
