"""Rulebooks, measured from the PDF with independent readers (pypdf, pdfplumber): outline and
contents point at the pages that hold the headings, counts and card names come from the catalog,
fonts are embedded, rebuilds are byte-identical, booklets are in signature order, and bad
Markdown is refused at the template's line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
import yaml
from cli_in import run
from pypdf import PdfReader
from readers import page_texts

FIXTURE = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"


def pnp(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run(*args, cwd=cwd)  # in-process (tests/cli_in.py)


@pytest.fixture(scope="module")
def built(products) -> Path:
    """The sixth game's A4 rulebook, built once per session (tests/products.py)."""
    folder = products.build(str(FIXTURE), "--what", "rulebook")
    return folder / "sixth-game" / "sixth-game-rulebook-a4.pdf"


def game_copy(tmp_path: Path, rulebook: str, **game: object) -> Path:
    """The sixth game in tmp_path with its rulebook template replaced."""
    folder = tmp_path / "game"
    shutil.copytree(FIXTURE, folder)
    (folder / "templates" / "rulebook.md.j2").write_text(rulebook, encoding="utf-8")
    if game:
        doc = yaml.safe_load((folder / "game.yaml").read_text())
        doc["game"].update(game)
        (folder / "game.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True))
    return folder


def test_outline_entries_land_on_pages_showing_their_titles(built):
    reader = PdfReader(built)
    texts = page_texts(built)
    entries = []

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                entries.append((item.title, reader.get_destination_page_number(item)))

    walk(reader.outline)
    titles = [t for t, _ in entries]
    assert titles[:3] == ["Overview", "The agents", "Playing"]
    assert "Quick reference" in titles
    for title, page in entries:
        assert title in texts[page], (title, page)


def test_contents_page_numbers_match_the_pages_holding_the_headings(built):
    texts = page_texts(built)
    contents = texts[1]
    assert contents.startswith("Contents")
    entries = contents.removeprefix("Contents")
    listed = re.findall(r"([A-Z][A-Za-z ]+?)\s*(?:\.\s*){3,}(\d+)", entries)
    assert len(listed) >= 6
    for title, number in listed:
        assert title.strip() in texts[int(number) - 1], (title, number)


def test_components_and_gallery_come_from_the_catalog(built):
    cards = yaml.safe_load((FIXTURE / "agents.yaml").read_text())["components"]
    chips = yaml.safe_load((FIXTURE / "chips.yaml").read_text())["components"]
    text = " ".join(page_texts(built))
    assert f"{sum(c['count'] for c in cards)} cards, 63 × 88 mm" in text
    assert f"{sum(c['count'] for c in chips)} chips, 20 × 20 mm" in text
    gallery = next(t for t in page_texts(built) if t.startswith("Cards"))
    for card in cards:
        assert f"{card['name']} ×{card['count']}" in gallery


def test_fonts_are_embedded_and_metadata_set(built):
    reader = PdfReader(built)
    fonts = {}
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for name, font in fonts.items():
        descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object().get(
            "/FontDescriptor"
        )
        assert "/FontFile2" in descriptor.get_object(), name
    assert reader.metadata.title == "Sixth Game — rulebook"
    assert reader.metadata.author == "A Designer"


def test_rebuilds_are_byte_identical(built, tmp_path):
    # a process of its own: nothing this worker has remembered from earlier builds helps it
    command = ["build", str(FIXTURE), "--what", "rulebook", "--out", str(tmp_path)]
    second = subprocess.run([sys.executable, "-m", "pnp.cli", *command], capture_output=True)
    assert second.returncode == 0
    assert (tmp_path / "sixth-game" / built.name).read_bytes() == built.read_bytes()


def test_booklet_pages_are_in_signature_order(tmp_path):
    # a rule (---) breaks the page: short chapters would otherwise run on, several to a page
    pages = "\n---\n\n".join(f"# Page {n}\n\nText of page {n}.\n" for n in range(1, 8))
    folder = game_copy(tmp_path, pages)
    result = pnp("build", str(folder), "--what", "rulebook", "--booklet", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    path = tmp_path / "sixth-game" / "sixth-game-rulebook-booklet-a4.pdf"
    with pdfplumber.open(path) as pdf:
        sides = []
        for page in pdf.pages:
            assert (round(page.width), round(page.height)) == (842, 595)  # A4 landscape
            halves = [page.crop((0, 0, page.width / 2, page.height)),
                      page.crop((page.width / 2, 0, page.width, page.height))]  # fmt: skip
            sides.append([_folio(h.extract_text() or "") for h in halves])
    # cover (1), contents (2), chapters on pages 3..9, blank 10..12: signature order
    assert sides == [[None, 1], [2, None], [None, 3], [4, 9], [8, 5], [6, 7]]
    assert "fold" in (pdfplumber.open(path).pages[0].extract_text() or "")


def _folio(text: str) -> int | None:
    """The page number printed in a body page's footer, 1 for the cover, None for a blank."""
    if "Sixth Game" in text and "players" in text:
        return 1
    numbers = re.findall(r"(\d+)\s*$", text.strip())
    return int(numbers[0]) if numbers else None


@pytest.mark.parametrize(
    ("markdown", "line", "message"),
    [
        ("# Fine\n\nText.\n\n<b>bold</b>\n", 5, "raw HTML"),
        ("# Fine\n\n#### Too deep\n", 3, "heading level 4"),
        ("# Fine\n\n```pnp\ngalery\n```\n", 4, "unknown directive 'galery'"),
        ("# Fine\n\nUse the :nope: icon.\n", 3, "unknown icon 'nope'"),
        ("# Fine\n\nSee [there](http://x).\n", 3, "links are not supported"),
        ("# Fine\n\n```pnp\ntable nothing\n```\n", 4, "no table 'nothing'"),
    ],
)
def test_bad_markdown_is_refused_at_the_template_line(tmp_path, markdown, line, message):
    folder = game_copy(tmp_path, markdown)
    result = pnp("build", str(folder), "--what", "rulebook", "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert f"rulebook.md.j2:{line}:" in result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not list((tmp_path / "out").rglob("*.pdf"))


def test_a_missing_field_names_the_template_line(tmp_path):
    folder = game_copy(tmp_path, "# Rules\n\nThe deck holds {{ set_by_id['agents'].totl }}.\n")
    result = pnp("build", str(folder), "--what", "rulebook", "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "rulebook.md.j2:3" in result.stderr and "has no field 'totl'" in result.stderr
    assert "did you mean: total" in result.stderr


def test_a_quick_reference_longer_than_a_page_is_refused(tmp_path):
    long = "\n".join(f"- point {n}: " + "words " * 20 for n in range(80))
    folder = game_copy(tmp_path, f"# Rules\n\nText.\n\n```pnp\nquickref\n```\n\n{long}\n")
    result = pnp("build", str(folder), "--what", "rulebook", "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "quick reference fits only at" in result.stderr and "rulebook.md.j2:6" in result.stderr
    assert "must fit on one page at 80% size or more" in result.stderr


def test_every_language_the_catalog_lists_gets_its_edition(tmp_path):
    folder = game_copy(tmp_path, "# Rules\n\nShuffle the deck.\n", languages=["en", "ja"])
    ja = "# ルール\n\n山札をよく切り、各プレイヤーに3枚ずつ配ります。「スパイ」の手番です。\n"
    (folder / "templates" / "rulebook.ja.md.j2").write_text(ja * 12, encoding="utf-8")
    result = pnp("build", str(folder), "--what", "rulebook", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    written = sorted(p.name for p in (tmp_path / "sixth-game").iterdir())
    assert written == ["sixth-game-rulebook-a4.pdf", "sixth-game-rulebook-ja-a4.pdf"]
    with pdfplumber.open(tmp_path / "sixth-game" / "sixth-game-rulebook-ja-a4.pdf") as pdf:
        body = pdf.pages[2]
        lines = (body.extract_text() or "").split("\n")
        assert any("山札をよく切り" in line for line in lines)
        assert not any(line[:1] in "、。」）" for line in lines if line)
        assert {c["fontname"].split("+")[-1] for c in body.chars if c["text"] == "札"} == {
            "IPAexGothic"
        }


def test_the_glossary_points_at_the_page_that_explains_each_term(built):
    texts = page_texts(built)
    explained = next(i for i, t in enumerate(texts) if "is worth its value" in t) + 1
    glossary = next(t for t in texts if "Glossary Term Meaning Page" in t)
    # `chip` is set in bold where the overview explains it; Handler is only mentioned in a list
    assert re.search(rf"chip A round token worth its value in points at the end\. {explained}\b",
                     glossary)  # fmt: skip
    handler = next(i for i, t in enumerate(texts) if "Handler" in t and i > 1) + 1
    assert re.search(rf"Handler An agent that cancels a card\. {handler}\b", glossary)


def test_characters_the_body_font_lacks_are_set_in_the_fallback_font(tmp_path):
    folder = game_copy(tmp_path, "# Rules\n\nThe draw pile (山札) sits face down.\n")
    result = pnp("build", str(folder), "--what", "rulebook", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    with pdfplumber.open(tmp_path / "sixth-game" / "sixth-game-rulebook-a4.pdf") as pdf:
        chars = [c for page in pdf.pages for c in page.chars]
    font_of = {c["text"]: c["fontname"].split("+")[-1] for c in chars}
    assert font_of["山"] == font_of["札"] == "IPAexGothic"
    assert "IPAex" not in font_of["w"]  # the English around them stays in the body font


def test_a_character_no_font_has_is_refused_at_its_line(tmp_path):
    folder = game_copy(tmp_path, "# Rules\n\nText.\n\nA grin \U0001f600 here.\n")
    result = pnp("build", str(folder), "--what", "rulebook", "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "rulebook.md.j2:5" in result.stderr and "no font has the character" in result.stderr
    assert "U+1F600" in result.stderr and "Traceback" not in result.stderr
