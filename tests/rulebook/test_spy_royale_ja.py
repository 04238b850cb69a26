"""Spy Royale in Japanese, whole: `pnp build spy-royale --lang ja` writes a Japanese kit and
book beside the English ones; every Japanese layout (A4, Letter, booklet, the kit's faces)
breaks its lines between phrases and by kinsoku; the book is Japanese (Latin letters at most
5% of its characters); and the rulings a table would otherwise argue over are settled in both
books, quoting the cards' printed text from the catalog. Measured from the built PDFs."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from cli_in import run
from conftest import page_of
from jalines import broken_rules, lines_of
from readers import opened, page_texts
from rendered import render_game_faces

from pnp.catalog.games import resolve_game
from pnp.catalog.languages import in_languages

GAME = "spy-royale"


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return run(*args)  # in-process (tests/cli_in.py)


@pytest.fixture(scope="module")
def built(products) -> dict[str, Path]:
    """The Japanese kit and its book (A4, Letter, booklet) and the English book, as `pnp build`
    writes them (each built once per session, tests/products.py). The Letter and booklet books
    are those of `--all --edition all`, which builds every language: the same bytes `--lang ja`
    writes, shared with the tests of every book's pages."""
    kit = products.build(GAME, "--lang", "ja") / GAME
    every = {"letter": ("--paper", "letter"), "booklet": ("--booklet",)}
    folders = {k: products.books(*o) / GAME for k, o in every.items()}
    return {
        "kit": kit / f"{GAME}-ja-a4.pdf",
        "a4": kit / f"{GAME}-rulebook-ja-a4.pdf",
        "letter": folders["letter"] / f"{GAME}-rulebook-ja-letter.pdf",
        "booklet": folders["booklet"] / f"{GAME}-rulebook-ja-booklet-a4.pdf",
        "en": products.rulebook(GAME),
    }


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME)


def text(path: Path) -> str:
    """The whole PDF's text without whitespace (lines break anywhere in a paragraph)."""
    return re.sub(r"\s+", "", "".join(page_texts(path)))


def printed(markup: str) -> str:
    """A card text as it prints: no bold markers, icons and spaces gone."""
    return re.sub(r"\*\*|\*|:[a-z][\w-]*:|\s+", "", markup)


@pytest.mark.parametrize("layout", ["kit", "a4", "letter", "booklet"])
def test_japanese_lines_break_between_phrases_and_by_kinsoku(built, game, layout):
    words = [r["name_ja"] for r in game.tables["factions"].rows]
    words += sorted({c.fields["name_ja"] for c in game.components if "name_ja" in c.fields})
    lines = lines_of(built[layout], skip=1)  # after the cover's fan of tilted cards
    assert len(lines) > 500
    assert broken_rules(lines, words) == []


def test_the_japanese_kit_prints_japanese_cards_and_aid(built, game):
    """Each face of the kit, read alone: its Japanese text, none of the English words."""
    ja = in_languages(game, "ja")[0]
    faces = [art for sides in render_game_faces(ja).values() for pair in sides.values()
             for art in pair if art is not None]  # fmt: skip
    printed_faces = {re.sub(r"\s+", "", page_of(art).extract_text() or "") for art in faces}
    shown = "|".join(printed_faces)
    for component in game.components:
        if "text_ja" in component.fields:
            assert printed(component.fields["text_ja"]) in shown, component.id
    words = game.meta["words_ja"]
    aid = game.component("player-aid").fields
    for word in (words["scores_from"], words["cannot_be_disabled"], words["mission_duration"],
                 aid["front_title_ja"], aid["back_title_ja"]):  # fmt: skip
        assert printed(word) in shown
    for english in ("SCORESFROM", "CANNOTBEDISABLED", "THISTURN", "Whohitswhom", "DISABLED"):
        assert english not in shown
    assert built["kit"].exists() and built["kit"].name == "spy-royale-ja-a4.pdf"


def test_a_language_the_game_does_not_list_is_refused(tmp_path):
    result = pnp("build", GAME, "--lang", "jp", "--out", str(tmp_path))
    assert result.returncode == 2
    assert "not written in 'jp'" in result.stderr and "ja" in result.stderr


def test_the_japanese_book_is_japanese(built):
    with opened(built["a4"]) as pdf:
        pages = [p.extract_text() or "" for p in pdf.pages]
    chars = [c for page in pages for c in page if not c.isspace()]
    latin = [c for c in chars if c.isascii() and c.isalpha()]
    assert len(latin) <= 0.05 * len(chars), f"{len(latin)} of {len(chars)} are Latin letters"
    assert "min" not in pages[0] and "20分" in pages[0]
    assert len([p for p in pages if "pnp " in p]) <= 1, "the build's commands on one page only"
    assert not any("自動で書かれています" in p for p in pages)
    filled = {n: used for n, used in enumerate(page_fill(built["a4"]), 1)}
    assert [n for n, used in filled.items() if used < 0.25 and 1 < n < len(filled)] == []


def page_fill(path: Path) -> list[float]:
    """How far down each page its content reaches, as a share of the area between the top
    margin and the running footer (the cover's and a chapter's last page are measured too)."""
    import pypdfium2

    shares = []
    for page in pypdfium2.PdfDocument(path):
        image = page.render(scale=0.4).to_pil().convert("L")
        width, height = image.size
        top, bottom = int(height * 0.04), int(height * 0.92)
        pixels = image.load()
        rows = [y for y in range(top, bottom)
                if any(pixels[x, y] < 200 for x in range(0, width, 2))]  # fmt: skip
        shares.append((rows[-1] - rows[0]) / (bottom - top) if rows else 0.0)
    return shares


def test_no_latin_spaces_around_bold_or_icons_in_japanese(built, game):
    """「傍受が**3枚以上**ある」 prints without the spaces its Markdown source has: no space
    character is set between two Japanese characters (an icon's room is no character)."""
    wiretap = game.component("wiretap").fields["text_ja"]
    assert " **" in wiretap  # the source spaces its bold
    wide = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff（）「」、。]")
    with opened(built["a4"]) as pdf:
        streams = ["".join(c["text"] for c in page.chars) for page in pdf.pages]
    assert re.sub(r"\*\*| ", "", wiretap) in "".join(streams)
    spaced = [m.group() for s in streams for m in re.finditer(f"{wide.pattern} +{wide.pattern}", s)]
    assert spaced == []


def test_the_sniper_acts_in_step_3_even_disabled_and_other_specials_only_enabled(built, game):
    sniper = next(c for c in game.components if c.name == "Sniper")
    en, ja = text(built["en"]), text(built["a4"])
    assert "Likeanycard,aspecialcardthatisdisableddoesnothing" not in en
    assert printed(f"The {sniper.name} is not among them: it is a disable card") in en
    assert printed("A special card that is disabled does nothing, except the Sniper") in en
    assert printed(f"{sniper.fields['name_ja']}はここには入りません") in ja
    steps = {r["step"]: r for r in game.tables["turn-steps"].rows}
    assert "Sniper acted in step 3" in steps[5]["text"] and "狙撃は手順3" in steps[5]["text_ja"]


def test_a_disguise_copying_fake_intel_has_its_step(built, game):
    disguise = next(c for c in game.components if c.name == "Disguise")
    assert "at the step that card acts" in disguise.fields["text"]
    en, ja = text(built["en"]), text(built["a4"])
    assert printed("A copied Fake Intel or Sniper disables in step 3") in en
    assert printed("偽情報や狙撃をまねた場合は、手順3で") in ja
    assert printed("as long as this card is not disabled") in en


def test_the_books_quote_each_special_cards_printed_text(built, game):
    en, ja = text(built["en"]), text(built["a4"])
    for card in (c for c in game.components if c.fields.get("special")):
        assert printed(card.fields["text"]) in en, card.id
        assert printed(card.fields["text_ja"]) in ja, card.id


def test_the_two_player_mission_removal_is_our_marked_variant(built, game):
    """The rulebook deals every mission at every table; taking two out at two players is ours,
    and it says so where it is offered and on the cards, not in the setup steps."""
    out = [c for c in game.components if "min_players" in c.fields]
    assert {c.id for c in out} == {"corridors-of-power", "blackout"}
    setup = " ".join(r["text"] for r in game.tables["setup-steps"].rows)
    assert "take out" not in setup and "3+" not in setup
    en = text(built["en"])
    assert printed("A variant of ours for two players, not the rulebook's") in en
    assert printed("Shuffle all 20 mission cards") in en
    ja = text(built["a4"])
    assert printed("2人用の変則ルール（私たちの案で、ルールブックにはありません）") in ja


def test_the_builders_section_speaks_japanese_and_the_book_its_kit(built):
    """The builder's page names the kit's pages and lists its pieces in Japanese (file names
    may stay Latin), and the book never sends a player to English cards the kit does not have."""
    with opened(built["a4"]) as pdf:
        pages = [re.sub(r"\s+", "", p.extract_text() or "") for p in pdf.pages]
    builder = next(p for p in pages if "このキットを作る方へ" in p and "spy-royale-ja-a4.pdf" in p)
    assert re.search(r"spy-royale-ja-a4\.pdf（\d+〜\d+ページ）", builder), builder[:400]
    assert "pages" not in builder and not re.search(r"[\u3040-\u30ff\u4e00-\u9fff],", builder)
    assert "アクションカード、ミッション期間カード" in builder
    whole = "".join(pages)
    assert "英語で印刷" not in whole and "カードの表記" not in whole
