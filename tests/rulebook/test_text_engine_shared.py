"""Faces and books set text with one engine (pnp.layout.text): the same marked-up text, with
a bold word, a character the body font lacks and an inline icon, comes out in the same fonts,
character by character, with the icon taking the same room and sitting at the same height, on
a card face in the kit and in a paragraph of the rulebook. Measured from the PDFs."""

from __future__ import annotations

import ctypes
import re
import shutil
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
import yaml
from cli_in import invoke
from reportlab.lib.styles import ParagraphStyle

from pnp.errors import FitError
from pnp.layout.text.fit import fit_text
from pnp.layout.text.fonts import builtin_families, register_family
from pnp.layout.text.words import TextStyle
from pnp.rulebook.inline import BLANK
from pnp.rulebook.para import Paragraph

FIXTURE = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
# bold "2" and 漢 (in no Roboto: the first fallback that has it, IPAex Gothic, not BIZ UDPGothic
# after it), an icon, then 字 in the regular style
TEXT = "Gain **2 漢** :coin: then 字."
EXPECTED = [
    *(("G", "Roboto-Regular"), ("a", "Roboto-Regular"), ("i", "Roboto-Regular")),
    *(("n", "Roboto-Regular"), ("2", "Roboto-Bold"), ("漢", "IPAexGothic")),
    *(("t", "Roboto-Regular"), ("h", "Roboto-Regular"), ("e", "Roboto-Regular")),
    *(("n", "Roboto-Regular"), ("字", "IPAexGothic"), (".", "Roboto-Regular")),
]
COIN = {"box": [24, 24], "elements": [{"circle": {"cx": 12, "cy": 12, "r": 12,
                                                  "fill": "#c9a227"}}]}  # fmt: skip


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sixth game with the text on one agent's face (and so in the rulebook's list of
    agents); its kit of cards and its rulebook."""
    folder = Path(shutil.copytree(FIXTURE, tmp_path_factory.mktemp("g") / "sixth-game"))
    theme_file = folder / "templates" / "theme.yaml"
    theme = yaml.safe_load(theme_file.read_text())
    theme.update(fallback_fonts=["IPAex Gothic", "BIZ UDPGothic"], icons={"coin": COIN})
    theme_file.write_text(yaml.safe_dump(theme, allow_unicode=True))
    agents_file = folder / "agents.yaml"
    agents = yaml.safe_load(agents_file.read_text())
    sleeper = next(c for c in agents["components"] if c["id"] == "sleeper")
    sleeper["text"] = TEXT
    agents_file.write_text(yaml.safe_dump(agents, allow_unicode=True))
    out = tmp_path_factory.mktemp("out")
    code, output = invoke("build", str(folder), "--what", "cards,rulebook", "--out", str(out),
                          cwd=folder)  # fmt: skip
    assert code == 0, output
    return (
        out / "sixth-game" / "sixth-game-a4.pdf",
        out / "sixth-game" / "sixth-game-rulebook-a4.pdf",
    )


def setting(pdf: Path, before: str) -> tuple[list[tuple[str, str]], float, float, float]:
    """Where the text follows `before`: its characters with their fonts (subset prefix
    dropped); the room between 漢 and "then", the icon's width and its middle's rise above the
    baseline, each over the text's size."""
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            chars = [c for c in page.chars if c["text"].strip()]
            text = "".join(c["text"] for c in chars)
            at = text.find(before + "Gain")
            if at < 0:
                continue
            found = chars[at + len(before) : at + len(before) + len(EXPECTED)]
            fonts = [(c["text"], c["fontname"].split("+")[-1]) for c in found]
            kan, then = found[5], found[6]
            size = then["size"]
            baseline = page.height - then["matrix"][5]  # top-down, as pdfplumber's `top`
            [icon] = [o for o in page.curves if kan["x1"] < o["x0"] and o["x1"] < then["x0"]
                      and abs(o["top"] - then["top"]) < size]  # fmt: skip
            rise = baseline - (icon["top"] + icon["bottom"]) / 2
            return (
                fonts,
                (then["x0"] - kan["x1"]) / size,
                (icon["x1"] - icon["x0"]) / size,
                rise / size,
            )
    raise AssertionError(f"{before!r} followed by the text is on no page of {pdf.name}")


def test_a_face_and_a_book_set_the_same_text_in_the_same_fonts_and_icon_room(pdfs):
    kit, book = pdfs
    face_fonts, face_gap, face_icon, face_rise = setting(kit, "")
    book_fonts, book_gap, book_icon, book_rise = setting(book, "value4):")
    assert face_fonts == EXPECTED
    assert book_fonts == EXPECTED
    # the icon as tall (so as wide) as the type, with a space either side, on both
    assert face_icon == pytest.approx(1.0, abs=0.002)
    assert book_icon == pytest.approx(face_icon, abs=0.002)
    assert book_gap == pytest.approx(face_gap, abs=0.002)
    # centred on Roboto's capitals (cap height 0.711 em) on both
    assert face_rise == pytest.approx(0.711 / 2, abs=0.002)
    assert book_rise == pytest.approx(face_rise, abs=0.002)


def _game(root: Path, theme_extra: dict[str, object]) -> Path:
    """The sixth game with TEXT on the sleeper's face, built: its kit's and rulebook's folder."""
    folder = Path(shutil.copytree(FIXTURE, root / "sixth-game"))
    theme_file = folder / "templates" / "theme.yaml"
    theme = yaml.safe_load(theme_file.read_text())
    theme.update(fallback_fonts=["IPAex Gothic", "BIZ UDPGothic"], icons={"coin": COIN},
                 **theme_extra)  # fmt: skip
    theme_file.write_text(yaml.safe_dump(theme, allow_unicode=True))
    agents_file = folder / "agents.yaml"
    agents = yaml.safe_load(agents_file.read_text())
    next(c for c in agents["components"] if c["id"] == "sleeper")["text"] = TEXT
    agents_file.write_text(yaml.safe_dump(agents, allow_unicode=True))
    code, output = invoke("build", str(folder), "--what", "cards,rulebook", "--out",
                          str(root / "out"), cwd=folder)  # fmt: skip
    assert code == 0, output
    return root / "out" / "sixth-game"


def drawn(pdf: Path, char: str) -> set[tuple[str, float, tuple[float, ...], tuple[float, ...]]]:
    """How each text object showing `char` is drawn: 'fill' or 'fill+stroke', the stroke's
    width over the type's size, the fill's and (stroked) the stroke's colour."""
    doc = pdfium.PdfDocument(pdf)
    found = set()
    for page in doc:
        textpage = page.get_textpage()
        for obj in page.get_objects(max_depth=8):
            if obj.type != raw.FPDF_PAGEOBJ_TEXT or char not in _text_of(obj, textpage):
                continue
            mode = raw.FPDFTextObj_GetTextRenderMode(obj.raw)
            size, width = ctypes.c_float(), ctypes.c_float()
            raw.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
            raw.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
            stroked = mode == raw.FPDF_TEXTRENDERMODE_FILL_STROKE
            found.add((
                "fill+stroke" if stroked else "fill" if mode == 0 else f"mode {mode}",
                round(width.value / size.value, 4) if stroked else 0.0,
                _colour(obj, raw.FPDFPageObj_GetFillColor),
                _colour(obj, raw.FPDFPageObj_GetStrokeColor) if stroked else (),
            ))  # fmt: skip
    return found


def _text_of(obj: pdfium.PdfObject, textpage: pdfium.PdfTextPage) -> str:
    n = raw.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
    buf = ctypes.create_string_buffer(n)
    raw.FPDFTextObj_GetText(
        obj.raw, textpage.raw, ctypes.cast(buf, ctypes.POINTER(raw.FPDF_WCHAR)), n
    )
    return buf.raw.decode("utf-16-le")


def _colour(obj: pdfium.PdfObject, get: object) -> tuple[float, ...]:
    rgba = [ctypes.c_uint() for _ in range(4)]
    get(obj.raw, *map(ctypes.byref, rgba))  # type: ignore[operator]
    return tuple(c.value for c in rgba[:3])


@pytest.mark.parametrize("body", ["Roboto", "IPAex Gothic"])
def test_bold_in_a_font_without_a_bold_is_the_same_synthetic_bold_on_a_face_and_in_a_book(
    tmp_path, body
):
    """Bold in a one-weight font (IPAex Gothic: a fallback for 漢 under a Roboto body, or the
    body itself) is drawn as browsers draw it, on the face and in the book alike: the regular
    glyphs filled and stroked in the text's own colour, the stroke 1/24 of the size at text
    sizes (not a regular weight on one side, an accent colour on the other); 字, not bold,
    filled only, in the same colour."""
    out = _game(tmp_path, {"fonts": {"body": body}})
    kit, book = out / "sixth-game-a4.pdf", out / "sixth-game-rulebook-a4.pdf"
    [(mode, stroke, fill, edge)] = drawn(kit, "漢")
    assert (mode, edge) == ("fill+stroke", fill)
    assert stroke == pytest.approx(1 / 24, abs=0.002)  # 1/24 at 9 pt, a little less above
    assert drawn(book, "漢") == {(mode, stroke, fill, edge)}
    assert drawn(kit, "字") == drawn(book, "字") == {("fill", 0.0, fill, ())}


def test_a_heading_sets_what_its_display_font_lacks_in_a_fallback(tmp_path):
    """A heading in GNU Typewriter, which has no em dash nor curly apostrophe: those two are
    set in the body font (as a face's box sets what its font lacks in a fallback), the rest in
    the heading's own font; none is left to a glyph the font does not have."""
    folder = Path(shutil.copytree(FIXTURE, tmp_path / "sixth-game"))
    theme_file = folder / "templates" / "theme.yaml"
    theme = yaml.safe_load(theme_file.read_text())
    theme.update(families={"GNU Typewriter": {"regular": "GNUTypewriter.ttf"}},
                 fonts={"title": "GNU Typewriter"})  # fmt: skip
    theme_file.write_text(yaml.safe_dump(theme, allow_unicode=True))
    template = folder / "templates" / "rulebook.md.j2"
    template.write_text(template.read_text().replace("# Overview", "# Overview — an agent’s game"))
    code, output = invoke("build", str(folder), "--what", "rulebook", "--out", str(tmp_path),
                          cwd=folder)  # fmt: skip
    assert code == 0, output
    with pdfplumber.open(tmp_path / "sixth-game" / "sixth-game-rulebook-a4.pdf") as doc:
        chars = [c for page in doc.pages for c in page.chars  # the heading's (not the contents')
                 if c["text"].strip() and round(c["size"]) == 20]  # fmt: skip
    text = "".join(c["text"] for c in chars)
    at = text.find("Overview—anagent’sgame")
    assert at >= 0, f"the heading is not set in whole characters: {text[:80]!r}"
    fonts = {c["text"]: c["fontname"].split("+")[-1] for c in chars[at : at + 22]}
    assert fonts.pop("—") == fonts.pop("’") == "Roboto-Regular"
    assert set(fonts.values()) == {"GNUTypewriter"}


# bold starting and ending inside phrases (ターン**終了**), icons between words, a Latin word
JA = (
    "巨大**企業**のカードが**3枚以上**あるとき、「**傍受**」を行う。:coin:と:coin:の"
    "カードは無効になる。文書窃取・傍受・偽情報・察知が起きたら、Agent ターン**終了**。"
)


def face_lines(width: float) -> list[str] | None:
    """JA's lines in a face's text box `width` pt wide at 10 pt (None: a word does not fit);
    an icon is □."""
    family = builtin_families()["BIZ UDPGothic"]
    try:
        fitted = fit_text(JA, TextStyle(family, size=10, min_size=10), width, 10_000,
                          icon_aspect=lambda name: 1.0)  # fmt: skip
    except FitError:
        return None
    rows: dict[float, list[tuple[float, str]]] = {}
    for run in fitted.runs:
        rows.setdefault(round(run.y, 3), []).append((run.x, run.text))
    for icon in fitted.icons:  # on the line whose baseline is nearest its middle
        baseline = min(rows, key=lambda y: abs(y - icon.y - icon.h / 2))
        rows[baseline].append((icon.x, "□"))
    return ["".join(t for _, t in sorted(row)).replace(" ", "") for _, row in sorted(rows.items())]


def book_lines(width: float) -> list[str]:
    """JA's lines in a book's Japanese paragraph `width` pt wide at 10 pt; an icon is □."""
    name = register_family(builtin_families()["BIZ UDPGothic"])
    markup = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", JA).replace(
        ":coin:", f'<img src="{BLANK}" width="10" height="10"/>'
    )
    para = Paragraph(markup, ParagraphStyle("ja", fontName=name, fontSize=10, wordWrap="CJK"))
    para.wrap(width, 10_000)
    return [
        "".join("□" if hasattr(f, "cbDefn") else f.text for f in line.words).replace(" ", "")
        for line in para.blPara.lines
    ]


def test_japanese_breaks_into_the_same_lines_on_a_face_and_in_a_book_at_every_width():
    """One line filler (pnp.layout.text.lines) on one set of break places (the whole text's
    phrases and kinsoku, bold and icons included): a face's box and a book's paragraph of the
    same width set the same lines; only a word wider than the box differs (a face shrinks its
    type, a book's column cuts the word)."""
    compared = 0
    for width in range(40, 320, 3):
        face = face_lines(width)
        if face is None:
            continue
        assert face == book_lines(width), width
        compared += 1
    assert compared > 80
