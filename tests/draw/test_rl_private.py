"""reportlab's private names that pnp relies on (pnp.draw.rl_private): each still does what pnp
needs, measured from the PDF a real Canvas writes, and no other module of pnp touches them.

A reportlab (or svglib) upgrade that renames or drops one fails here, by name."""

from __future__ import annotations

import ast
import io
import time
from pathlib import Path

import pdfplumber
import pypdf
import pytest
import svglib.fonts
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

import pnp
from pnp.draw import rl_private
from pnp.draw.rl_private import (
    alias_font,
    current_matrix,
    first_subset_memo,
    font_state,
    form_xobject,
    keep_first_subset_memo,
    page_code,
    pdf_document,
    set_creation_time,
    set_current_matrix,
    text_code,
    text_formatter,
    use_svglib_fonts,
)
from pnp.draw.ttfont import TTFont
from pnp.resources import fonts_dir

SIZE = (200.0, 200.0)


def _canvas() -> tuple[Canvas, io.BytesIO]:
    buf = io.BytesIO()
    return Canvas(buf, pagesize=SIZE, invariant=1), buf


def _pdf(canvas: Canvas, buf: io.BytesIO) -> bytes:
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def test_page_code_is_what_the_page_draws() -> None:
    canvas, buf = _canvas()
    code = page_code(canvas)
    code.append("0 0 1 rg 10 20 30 40 re f")
    assert page_code(canvas) is code
    canvas.beginForm("F")
    assert page_code(canvas) is not code  # a form draws into a list of its own...
    canvas.endForm()
    assert page_code(canvas) is code  # ...and the page's comes back
    [rect] = pdfplumber.open(io.BytesIO(_pdf(canvas, buf))).pages[0].rects
    assert (rect["x0"], rect["y0"], rect["width"], rect["height"]) == (10, 20, 30, 40)
    assert tuple(rect["non_stroking_color"]) == (0, 0, 1)


def test_the_current_matrix_is_reportlabs_record_of_the_transform() -> None:
    canvas, _ = _canvas()
    start = current_matrix(canvas)
    canvas.translate(5, 7)
    assert current_matrix(canvas) == (1, 0, 0, 1, 5, 7)
    assert canvas.absolutePosition(0, 0) == (5, 7)
    set_current_matrix(canvas, start)
    assert canvas.absolutePosition(0, 0) == (0, 0)


def test_font_state_is_the_canvas_font() -> None:
    canvas = Canvas(io.BytesIO(), initialFontName="Times-Roman", initialFontSize=9)
    assert font_state(canvas) == ("Times-Roman", 9)
    canvas.setFont("Courier-Bold", 13)
    assert font_state(canvas) == ("Courier-Bold", 13)


def test_an_alias_font_is_the_same_font_embedded_once() -> None:
    if "RlPrivateRoboto" not in pdfmetrics.getRegisteredFontNames():
        path = str(fonts_dir() / "Roboto-Regular.ttf")
        pdfmetrics.registerFont(TTFont("RlPrivateRoboto", path))
    alias_font("RlPrivateRoboto-Alias", "RlPrivateRoboto")
    assert pdfmetrics.getFont("RlPrivateRoboto-Alias") is pdfmetrics.getFont("RlPrivateRoboto")
    canvas, buf = _canvas()
    canvas.setFont("RlPrivateRoboto", 10)
    canvas.drawString(20, 100, "Agent")
    canvas.setFont("RlPrivateRoboto-Alias", 10)
    canvas.drawString(20, 80, "Dossier")
    page = pypdf.PdfReader(io.BytesIO(_pdf(canvas, buf))).pages[0]
    embedded = [name for name in page["/Resources"]["/Font"] if "+" in name]  # /F2+0: a subset
    assert len(embedded) == 1, embedded


def test_text_accessors_show_strings_where_the_text_matrix_says() -> None:
    if "RlPrivateRoboto" not in pdfmetrics.getRegisteredFontNames():
        path = str(fonts_dir() / "Roboto-Regular.ttf")
        pdfmetrics.registerFont(TTFont("RlPrivateRoboto", path))
    canvas, buf = _canvas()
    text = canvas.beginText(20, 100)
    code, show = text_code(text), text_formatter(text)
    for font, origin, word in (
        ("Helvetica", (20, 100), "Agent"),
        ("RlPrivateRoboto", (60, 40), "Dossier"),
    ):
        text.setFont(font, 10)
        text.setTextOrigin(*origin)
        code.append(show(word))
    assert text_code(text) is code  # formatting gave the object its own list back
    canvas.drawText(text)
    page = pdfplumber.open(io.BytesIO(_pdf(canvas, buf))).pages[0]
    words = [
        (w["text"], round(w["x0"]), round(SIZE[1] - w["bottom"])) for w in page.extract_words()
    ]
    assert [(t, x) for t, x, _ in words] == [("Agent", 20), ("Dossier", 60)]
    assert 97 <= words[0][2] <= 100 and 37 <= words[1][2] <= 40  # baselines, less the descent
    assert {c["fontname"].split("+")[-1] for c in page.chars} == {"Helvetica", "Roboto-Regular"}


def test_form_xobject_is_the_form_written_to_the_file() -> None:
    canvas, buf = _canvas()
    canvas.beginForm("F")
    canvas.setFillAlpha(0.5)
    canvas.rect(0, 0, 10, 10, stroke=0, fill=1)
    canvas.endForm()
    form = form_xobject(canvas, "F")
    assert form.ExtGState  # reportlab records the alpha, pnp lists it (pnp.impose.render)
    resources = pdfdoc.PDFResourceDictionary()
    resources.ExtGState = form.ExtGState
    form.Resources = resources
    canvas.doForm("F")
    page = pypdf.PdfReader(io.BytesIO(_pdf(canvas, buf))).pages[0]
    [xobject] = page["/Resources"]["/XObject"].values()
    states = xobject.get_object()["/Resources"]["/ExtGState"].values()
    assert [s.get_object()["/ca"] for s in states] == [0.5]


def test_pdf_document_is_where_pages_are_added() -> None:
    canvas, buf = _canvas()
    document = pdf_document(canvas)
    assert isinstance(document, pdfdoc.PDFDocument) and pdf_document(canvas) is document
    added = []
    add = document.addPage
    document.addPage = lambda page: (added.append(page), add(page))  # what pnp.draw.pages does
    canvas.drawString(10, 10, "x")
    _pdf(canvas, buf)
    assert len(added) == 1


def test_creation_time_is_the_documents_date() -> None:
    canvas, buf = _canvas()
    set_creation_time(canvas, 1_600_000_000)
    info = pypdf.PdfReader(io.BytesIO(_pdf(canvas, buf))).metadata
    assert info is not None
    expected = time.strftime("D:%Y%m%d%H%M%S+00'00'", time.gmtime(1_600_000_000))
    assert info["/CreationDate"] == info["/ModDate"] == expected


def test_the_first_subset_memo_lives_on_the_fonts_state() -> None:
    font = TTFont("RlPrivateMemo", str(fonts_dir() / "Roboto-Regular.ttf"))

    class Doc:
        """What a font keys its subsets by."""

    doc = Doc()
    font.splitString("Agent", doc)
    state = font.state[doc]
    assert first_subset_memo(state) is None
    font.splitString("Agent", doc)  # the quick path keeps its table on the state
    memo = first_subset_memo(state)
    assert memo is not None and memo[0] == len(state.assignments)
    keep_first_subset_memo(state, None)
    assert first_subset_memo(state) is None


def test_svglib_draws_with_the_font_map_pnp_gives_it() -> None:
    from pnp.draw import svg

    assert isinstance(svglib.fonts.get_global_font_map(), svg._StandardFonts)
    before, mine = svglib.fonts.get_global_font_map(), svglib.fonts.FontMap()
    try:
        use_svglib_fonts(mine)
        assert svglib.fonts.get_global_font_map() is mine
    finally:
        use_svglib_fonts(before)


def _wrapped_names() -> set[str]:
    """The private names rl_private reads or writes: its `x._name` and its "_name" strings."""
    tree = ast.parse(Path(rl_private.__file__).read_text())
    names = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    names |= {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) is str
    }
    return {n for n in names if n.startswith("_") and not n.startswith("__") and " " not in n}


def _private_uses(path: Path, wrapped: set[str]) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        name = None
        if isinstance(node, ast.Attribute) and node.attr in wrapped:
            name = node.attr
        elif isinstance(node, ast.Constant) and node.value in wrapped:
            name = node.value
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in _THEIRS:
            parts = (node.module or "").split(".") + [a.name for a in node.names]
            name = next((p for p in parts if p.startswith("_")), None)
        elif isinstance(node, ast.Import):
            parts = [
                p for a in node.names if a.name.split(".")[0] in _THEIRS for p in a.name.split(".")
            ]
            name = next((p for p in parts if p.startswith("_")), None)
        if name is not None:
            found.append(f"{path}:{getattr(node, 'lineno', '?')}: {name}")
    return found


_THEIRS = ("reportlab", "svglib")


def test_no_module_but_rl_private_touches_reportlabs_private_names() -> None:
    wrapped = _wrapped_names()
    assert {"_code", "_doc", "_currentMatrix", "_formatText", "_timeStamp", "_font_map"} <= wrapped
    assert "_pnp_first_subset" in wrapped
    package = Path(pnp.__file__).parent
    modules = [p for p in sorted(package.rglob("*.py")) if p != Path(rl_private.__file__)]
    assert len(modules) > 50
    found = [use for path in modules for use in _private_uses(path, wrapped)]
    assert found == [], "use pnp.draw.rl_private:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        "canvas._code.append('q')",
        "getattr(state, '_pnp_first_subset')",
        "from reportlab.pdfbase.pdfdoc import _x",
        "import reportlab.lib._private",
    ],
)
def test_the_scan_sees_private_uses(source: str, tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(source + "\n")
    assert _private_uses(path, _wrapped_names())


def test_a_cjk_line_breaks_at_an_inline_picture() -> None:
    """Three characters fill the line, a picture overflows it: reportlab's CJK breaker called
    ord("") there; with the module's `ord` shadowed the picture starts the next line."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.platypus import Paragraph

    from pnp.draw.rl_private import cjk_lines_break_beside_pictures

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    style = ParagraphStyle("ja", fontName="HeiseiMin-W3", fontSize=10, wordWrap="CJK")
    picture = Path(pnp.__file__).parent / "rulebook" / "blank.png"
    cjk_lines_break_beside_pictures()
    text = f'あいう<img src="{picture}" width="10" height="10"/>えお'
    paragraph = Paragraph(text, style)
    paragraph.wrap(35, 1000)
    assert len(paragraph.blPara.lines) == 2


def test_frame_room_is_where_the_frame_stands() -> None:
    from reportlab.platypus import Frame, Spacer

    from pnp.draw.rl_private import canvas_memo, frame_room

    canvas, _ = _canvas()
    frame = Frame(0, 0, 100, 150, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    assert frame_room(frame) == (True, 150, 150, 100)
    frame.add(Spacer(10, 40), canvas)
    assert frame_room(frame) == (False, 110, 150, 100)
    made = canvas_memo(canvas, dict)
    assert canvas_memo(canvas, list) is made  # kept on the canvas, made once
