"""The Japanese side's words as a Japanese player reads them, from the built kit and book
(pypdfium2's text): no English word in the kit but the scale bar's unit, ranges written 3〜12
(not the Latin 3-12), no Latin colon after Japanese words (「選ぶ:」 was the aid's), the player
aid in the book's register (です/ます; the cards keep their terse printed form), and a cover
that says players and ages the Japanese way and names each credit once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from readers import page_texts

GAME = "spy-royale"
WIDE = r"[\u3040-\u30ff\u4e00-\u9fff）」]"
UNITS = {"mm"}  # the scale bar's unit on every sheet, as rulers print it
POLITE = re.compile(r"(ます|です|ません|ください|ましょう)$")
PLAIN = re.compile(r"(る|く|う|つ|ぬ|ぶ|む|た|だ|い|す|ず)$")  # a verb's or adjective's end
AID_TITLES = ("勢力の関係", "ゲームの流れ")


@pytest.fixture(scope="module")
def kit(products) -> list[str]:
    return page_texts(products.build(GAME, "--lang", "ja") / GAME / f"{GAME}-ja-a4.pdf")


@pytest.fixture(scope="module")
def book(products) -> list[str]:
    return page_texts(products.build(GAME, "--lang", "ja") / GAME / f"{GAME}-rulebook-ja-a4.pdf")


def test_the_japanese_kit_prints_no_english_word(kit):
    words = {(n, w) for n, page in enumerate(kit, 1) for w in re.findall(r"[A-Za-z]{2,}", page)}
    assert {(n, w) for n, w in words if w not in UNITS} == set()


def test_the_letter_kit_and_book_name_their_paper_in_japanese(products):
    """「レターサイズに実寸で印刷」, not 「Letterに」 (A4 is written A4 in Japanese too)."""
    kit = products.build(GAME, "--lang", "ja", "--paper", "letter") / GAME
    book = products.build("--all", "--what", "rulebook", "--paper", "letter") / GAME
    kit_page = page_texts(kit / f"{GAME}-ja-letter.pdf")[0]
    builder = [p for p in page_texts(book / f"{GAME}-rulebook-ja-letter.pdf") if "合計：" in p]
    assert "レターサイズに実寸" in kit_page and "Letter" not in kit_page
    assert builder and "レターサイズ用紙" in builder[-1] and "Letter" not in builder[-1]


def test_ranges_are_written_with_a_wave_dash(kit, book):
    """「3〜12ページ」, 「2〜5人」: a Latin hyphen or en dash between two numbers reads as a
    minus sign or a date to a Japanese reader."""
    hyphened = [(name, n, m.group()) for name, pages in (("kit", kit), ("book", book))
                for n, page in enumerate(pages, 1)
                for m in re.finditer(r"\d+[-–]\d+\S*", page)]  # fmt: skip
    assert hyphened == []
    assert "シート1〜5" in kit[0] and "3〜12ページ" in kit[0]


def test_no_latin_colon_follows_a_japanese_word(kit, book):
    found = [(name, n, m.group()) for name, pages in (("kit", kit), ("book", book))
             for n, page in enumerate(pages, 1)
             for m in re.finditer(f"{WIDE}:", page)]  # fmt: skip
    assert found == []


def test_the_player_aid_speaks_in_desu_masu(kit):
    """Its rules and notes end politely, as the book's do; its rank lines are noun phrases."""
    aid = [page for page in kit if any(title in page for title in AID_TITLES)]
    assert len(aid) >= 2
    sentences = [s for page in aid for s in re.findall(r"[^。]+。", page.replace(" ", ""))]
    plain = [s[-20:] for s in sentences if PLAIN.search(s[:-1]) and not POLITE.search(s[:-1])]
    assert len(sentences) > 20 and plain == []


def test_the_cover_says_players_and_ages_in_japanese_and_each_credit_once(book, products):
    cover = book[0]
    assert "2〜5人" in cover and "10歳以上" in cover and "10+" not in cover
    ja = products.build(GAME, "--lang", "ja") / GAME / f"{GAME}-rulebook-ja-a4.pdf"
    for path in (ja, products.rulebook(GAME)):
        credits = [line.split(sep, 1)[1].strip() for line in cover_lines(path)
                   for sep in (": ", "：") if sep in line]  # fmt: skip
        assert len(credits) > 5 and len(credits) == len(set(credits)), credits


def cover_lines(path: Path) -> list[str]:
    """The cover's lines as pdfium reads them (the credits one to a line)."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(path)
    try:
        return pdf[0].get_textpage().get_text_range().splitlines()
    finally:
        pdf.close()


def test_the_scoring_target_has_one_name_on_cards_aid_and_book(kit, book):
    """What an Eavesdrop scores from is named as its cards name it (「得点対象」) on the aid's
    legend and in the book's table of targets: once it was ここから得点, そこから得点 and 得点源."""
    from pnp.catalog.games import resolve_game

    game = resolve_game(GAME)
    term = game.meta["words_ja"]["scores_from"]
    scoring = sum(c.count for c in game.sets["action"].components
                  if c.fields.get("target_role") == "score")  # fmt: skip
    aid = [page for page in kit if AID_TITLES[0] in page]
    assert sum(page.count(term) for page in kit if page not in aid) == scoring
    assert aid and all(f"傍受する（{term}）" in page for page in aid)
    assert any(f"傍受の{term}" in page for page in book)
