"""Token sheets, fold-over strips and standees: counts, cut lines, duplex mirroring, no overlaps."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from impose_faces import face, face_boxes, margin_lines, tick_circles, to_mm, words

from pnp.export.pdf import write_document
from pnp.impose.cut_guides import CLEAR_MM
from pnp.impose.document import Document
from pnp.impose.geometry import Rect, bleed_boxes
from pnp.impose.options import SheetOptions
from pnp.impose.packing import shelf_pack
from pnp.impose.sheet import Piece


def tokens() -> list[Piece]:
    rb, sb, mb = (
        face("RoundBack", 20, 20, shape="round"),
        face("SquareBack", 25, 25),
        face("MarkerBack", 40, 30),
    )
    out = [Piece(face(f"Round{i % 3}", 20, 20, shape="round"), rb) for i in range(30)]
    out += [Piece(face(f"Square{i % 2}", 25, 25), sb) for i in range(20)]
    out += [Piece(face("Chip", 15, 15, shape="round")) for _ in range(12)]  # one-sided
    out += [Piece(face("Marker", 40, 30), mb) for _ in range(5)]
    return out


def build(tmp_path, pieces, *, fold=False, name="tokens.pdf", **opts):
    doc = Document(SheetOptions(**opts), title="t", game_title="G")
    doc.add_packed(pieces, section="Tokens", fold=fold)
    return doc, write_document(doc, tmp_path / name)


SIZES = {"Round": (20, 20), "Square": (25, 25), "Chip": (15, 15), "Marker": (40, 30)}


def trims_on(page, counts: Counter) -> list[tuple[float, float, float, float]]:
    """Trim boxes (x0, y0, x1, y1) in mm of every fixture face on the page, found by the colour
    of its bleed box; `counts` is updated with the faces found."""
    out = []
    for name, (w, h) in SIZES.items():
        for key in [name] if name in ("Chip", "Marker") else [f"{name}{i}" for i in range(3)]:
            for cx, cy in face_boxes(page, key, w, h):
                counts[key] += 1
                out.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return out


def test_every_token_is_placed_once_without_overlap(tmp_path):
    _, pdf = build(tmp_path, tokens())
    printed: Counter = Counter()
    with pdfplumber.open(pdf) as d:
        fronts = [p for p in d.pages if "front" in words(p)]
        assert 1 <= len(fronts) < len(d.pages)  # the two-sided tokens get back pages
        for page in fronts:
            W, H = to_mm(page.width), to_mm(page.height)
            trims = trims_on(page, printed)
            # on the paper with at least the 4 mm margin, and no two trims overlapping
            assert all(
                x0 >= 4 and y0 >= 4 and x1 <= W - 4 and y1 <= H - 4 for x0, y0, x1, y1 in trims
            )
            for a, b in combinations(trims, 2):
                apart = (
                    a[2] <= b[0] + 1e-3
                    or b[2] <= a[0] + 1e-3
                    or a[3] <= b[1] + 1e-3
                    or b[3] <= a[1] + 1e-3
                )
                assert apart, (a, b)
    assert printed == {
        "Round0": 10, "Round1": 10, "Round2": 10, "Square0": 10, "Square1": 10,
        "Chip": 12, "Marker": 5,
    }  # fmt: skip


def test_round_tokens_get_cut_guides_aimed_at_their_circles(tmp_path):
    """Each round token's cut is guided by eight ticks in its bleed, not a line on the cut."""
    doc, pdf = build(tmp_path, tokens())
    with pdfplumber.open(pdf) as d:
        radii = Counter()
        for i, page in enumerate(d.pages):
            if doc.pages[i].side != "front":
                continue
            for _, _, r in tick_circles(page):
                radii[round(2 * (r - CLEAR_MM), 1)] += 1
    assert radii == {20.0: 30, 15.0: 12}


def test_same_size_tokens_form_a_neat_grid_with_crop_marks(tmp_path):
    pieces = [Piece(face("Square", 25, 25)) for _ in range(40)]
    _, pdf = build(tmp_path, pieces)
    with pdfplumber.open(pdf) as d:
        assert len(d.pages) == 1
        centres = face_boxes(d.pages[0], "Square", 25, 25)
        mx, my = margin_lines(d.pages[0])
    assert len(centres) == 40
    xs = sorted({round(x, 2) for x, _ in centres})
    ys = sorted({round(y, 2) for _, y in centres})
    assert len(xs) * len(ys) >= 40 and len(xs) <= 7  # rows and columns, not a scatter
    for line in (xs, ys):  # evenly spaced: a trim plus the same gap every time
        assert {round(b - a, 2) for a, b in zip(line, line[1:], strict=False)} <= {25.0, 31.0}
    steps = {round(b - a, 2) for a, b in zip(mx, mx[1:], strict=False)}
    assert steps <= {25.0, 6.0}, steps  # trims of 25 mm, 2 x 3 mm bleed between


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_double_sided_tokens_have_mirrored_backs(tmp_path, duplex):
    pieces = [Piece(face(f"T{i}", 30, 30), face(f"B{i}", 30, 30)) for i in range(12)]
    pieces += [Piece(face("Solo", 30, 30))]
    _, pdf = build(tmp_path, pieces, duplex=duplex, back_offset_mm=(0.5, 0.25))
    with pdfplumber.open(pdf) as d:
        front, back = d.pages
        assert "front" in words(front) and "back" in words(back)
        W, H = to_mm(front.width), to_mm(front.height)
        for i in range(12):
            (fx, fy), (bx, by) = (
                face_boxes(front, f"T{i}", 30, 30)[0],
                face_boxes(back, f"B{i}", 30, 30)[0],
            )
            bx, by = bx - 0.5, by - 0.25  # undo the back offset
            if duplex == "long":
                assert abs(bx - (W - fx)) <= 0.05 and abs(by - fy) <= 0.05
            else:
                assert abs(bx - fx) <= 0.05 and abs(by - (H - fy)) <= 0.05
        assert "Solo" not in words(back)


def test_fold_strips_put_the_back_beside_the_front(tmp_path):
    pieces = [Piece(face(f"T{i}", 30, 30), face(f"B{i}", 30, 30)) for i in range(6)]
    pieces += [
        Piece(face(f"R{i}", 24, 24, shape="round"), face(f"S{i}", 24, 24, shape="round"))
        for i in range(4)
    ]
    _, pdf = build(tmp_path, pieces, fold=True)
    with pdfplumber.open(pdf) as d:
        (page,) = d.pages  # no back page: each back is beside its front
        for front, back, size in [(f"T{i}", f"B{i}", 30) for i in range(6)] + [
            (f"R{i}", f"S{i}", 24) for i in range(4)
        ]:
            (fx, fy), (bx, by) = (
                face_boxes(page, front, size, size)[0],
                face_boxes(page, back, size, size)[0],
            )
            assert abs(bx - fx - size) <= 0.05 and abs(by - fy) <= 0.05
            fold_x = fx + size / 2
            folds = [
                ln for ln in page.lines
                if ln.get("dash") and abs(to_mm(ln["x0"]) - fold_x) < 0.01
                and to_mm(ln["y0"]) < fy < to_mm(ln["y1"])
            ]  # fmt: skip
            assert len(folds) == 1


def test_standees_fold_into_a_figure(tmp_path):
    pieces = [Piece(face("Red", 25, 40), face("RedBack", 25, 40)), Piece(face("Blue", 25, 40))]
    doc = Document(SheetOptions(tab_mm=12), title="t", game_title="G")
    doc.add_standees(pieces, section="Pawns")
    pdf = write_document(doc, tmp_path / "pawns.pdf")
    with pdfplumber.open(pdf) as d:
        (p,) = d.pages
        # the one-sided pawn shows its front on both sides of the figure, the back half on top
        (lx, ly), (ux, uy) = face_boxes(p, "Blue", 25, 40)
        assert abs(ux - lx) <= 0.05 and abs(uy - ly - 40) <= 0.05
        blue = [c for c in p.chars if c["text"] in "Blue" and abs(to_mm(c["x0"]) - lx) < 12.5]
        upper = [c for c in blue if to_mm(c["y0"]) > ly + 20]
        lower = [c for c in blue if to_mm(c["y0"]) < ly + 20]
        assert len(upper) == len(lower) == 4  # "Blue" on each half
        assert all(c["matrix"][0] < 0 for c in upper) and all(c["matrix"][0] > 0 for c in lower)
        (fx, fy), (bx, by) = face_boxes(p, "Red", 25, 40)[0], face_boxes(p, "RedBack", 25, 40)[0]
        assert (
            abs(bx - fx) <= 0.05 and abs(by - fy - 40) <= 0.05
        )  # the back sits on top of the front
        # the back is upside down: its name's glyphs run right to left
        chars = [c for c in p.chars if c["text"] in "RedBack"]
        back_chars = [c for c in chars if to_mm(c["y0"]) > fy + 20]
        assert back_chars and all(c["matrix"][0] < 0 for c in back_chars)
        folds = sorted(
            {
                round(to_mm(ln["y0"]) - fy, 2)
                for ln in p.lines
                if ln.get("dash") and abs(to_mm(ln["x0"]) - (fx - 12.5)) < 0.01
            }
        )
        assert folds == [-20.0, 20.0, 60.0]  # base tab fold, head fold, other base tab fold


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(5, 90), st.floats(5, 90)), min_size=1, max_size=40))
def test_shelf_pack_never_overlaps_and_keeps_every_box(sizes):
    area = Rect(10, 10, 190, 270)
    sheets = shelf_pack(sizes, area)
    assert sorted(i for s in sheets for i, _, _ in s) == list(range(len(sizes)))
    for sheet in sheets:
        boxes = [Rect(x, y, *sizes[i]).grow(-1e-9) for i, x, y in sheet]  # touching is fine
        assert all(_inside(b, area) for b in boxes)
        assert not any(a.intersects(b) for a, b in combinations(boxes, 2))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(0, 200), st.floats(0, 200), st.floats(5, 60), st.floats(5, 60)),
        max_size=12,
    ),
    st.floats(0, 5),
)
def test_bleed_boxes_never_overlap_and_hold_their_trim(raw, bleed):
    trims: list[Rect] = []
    for x, y, w, h in raw:
        r = Rect(x, y, w, h)
        if not any(r.intersects(t) for t in trims):
            trims.append(r)
    boxes = bleed_boxes(trims, bleed)
    assert all(_inside(t, b) for b, t in zip(boxes, trims, strict=True))
    inner = [b.grow(-1e-9) for b in boxes]  # boxes may touch, give or take rounding
    assert not any(a.intersects(b) for a, b in combinations(inner, 2))


def _inside(inner: Rect, outer: Rect, tol: float = 1e-6) -> bool:
    return (
        inner.x >= outer.x - tol
        and inner.y >= outer.y - tol
        and inner.right <= outer.right + tol
        and inner.top <= outer.top + tol
    )
