"""Spy Royale: the rulebook's disabling rules are in the catalog's turn steps, in both editions and
on the player aid; the targets the source printed only as lost icons are recorded as our readings,
marked as such in the rulebook, and the printed cards follow them; the Japanese edition names
factions and cards from the catalog and breaks lines by the rules. Measured from the built PDFs
with pdfplumber."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import page_of
from readers import page_texts, read
from rendered import render_game_faces

from pnp.catalog.games import resolve_game

GAME_ID = "spy-royale"
# characters a Japanese line may not start with (kinsoku): closing punctuation and small kana
NO_LINE_START = "、。，．）」』】〕・ゃゅょっぁぃぅぇぉャュョッァィゥェォー：；！？"


@pytest.fixture(scope="module")
def game():
    return resolve_game(GAME_ID)


@pytest.fixture(scope="module")
def built(products) -> dict[str, Path]:
    """Both editions of the A4 rulebook, built by the CLI (once per session,
    tests/products.py)."""
    return {"en": products.rulebook(GAME_ID),
            "ja": products.rulebook(GAME_ID, name=f"{GAME_ID}-rulebook-ja-a4.pdf")}  # fmt: skip


def texts(path: Path) -> list[str]:
    return page_texts(path)


def squeeze(text: str) -> str:
    """Text without any whitespace (line breaks fall anywhere in a paragraph)."""
    return re.sub(r"\s+", "", text)


def page_with(pages: list[str], heading: str) -> str:
    """The body page that starts with `heading` (not the contents)."""
    return next(t for t in pages[2:] if t.startswith(heading))


def column_under(page, heading: str) -> str:
    """The text of the aid column whose heading is `heading` (the aid's columns are 55 mm wide)."""
    words = page.extract_words()
    size = len(heading.split())
    start = next(
        w
        for i, w in enumerate(words)
        if " ".join(x["text"] for x in words[i : i + size]) == heading
    )
    column = page.crop((start["x0"] - 1, start["top"], start["x0"] + 55 * 72 / 25.4, page.height))
    return column.extract_text() or ""


def test_turn_steps_carry_the_disabling_rules(game):
    steps = {row["name"]: row for row in game.tables["turn-steps"].rows}
    disable, markers = steps["Disable"]["text"], steps["Markers"]["text"]
    assert "act together" in disable and "itself disabled" in disable
    assert "no next-turn effect" in markers and "stay face down" in markers
    for row in steps.values():  # the Japanese edition has every step too
        assert row["name_ja"] and row["text_ja"]


def test_both_editions_and_the_aid_show_every_turn_step(game, built):
    rows = game.tables["turn-steps"].rows
    en = squeeze(page_with(texts(built["en"]), "Playing a turn"))
    ja = squeeze(page_with(texts(built["ja"]), "ターンの進行"))
    _, back = render_game_faces(game, sets=["aid"])["aid"]["player-aid"]
    aid = squeeze(column_under(page_of(back), "A TURN"))
    for row in rows:
        assert squeeze(row["text"]) in en
        assert squeeze(row["text_ja"]) in ja
        assert squeeze(row["text"]) in aid


def test_disabling_section_states_each_rule(built):
    pages = texts(built["en"])
    start = next(i for i, t in enumerate(pages) if i > 2 and "Disabling" in t)
    section = squeeze(" ".join(pages[start : start + 2]))
    for sentence in (
        "even after its faction is enabled again",
        "All disables of a turn happen at once.",
        "It still disables its targets this turn",
        "A disabled card loses its next-turn effect.",
    ):
        assert squeeze(sentence) in section


def test_lost_icon_targets_are_readings_and_the_cards_follow_them(game, built):
    readings = [r for r in game.tables["readings"].rows if r["kind"] == "lost-icon"]
    assert game.tables["readings"].source == "original"
    assert {(r["from"], r["card"]) for r in readings} == {
        ("military", "Sniper"),
        ("political", "Fake Intel"),
        ("police", "Eavesdrop"),
    }
    relations = game.tables["faction-relations"].rows
    pages = [squeeze(t) for t in texts(built["en"])]
    for reading in readings:
        rows = [
            r for r in relations if (r["from"], r["card"]) == (reading["from"], reading["card"])
        ]
        assert {r["to"] for r in rows} == set(reading["to"])
        assert all(r["source"] == "original" and r["reading"] == "lost-icon" for r in rows)
        card = next(
            c
            for c in game.components
            if (c.fields.get("faction"), c.name) == (reading["from"], reading["card"])
        )
        printed = set(re.findall(r":faction-([a-z]+):", card.fields["text"]))
        assert printed == set(reading["to"]) == set(card.fields["targets"])
        # stated in a call-out labelled as our reading
        said = squeeze(f"{reading['subject']}. {reading['reading']}")
        assert any(said in page and "Ourreading" in page for page in pages)


def test_japanese_edition_names_factions_and_cards_from_the_catalog(game, built):
    book = " ".join(texts(built["ja"]))
    names = [row["name_ja"] for row in game.tables["factions"].rows]
    names += [c.fields["name_ja"] for c in game.components if "name_ja" in c.fields]
    assert all(name in book for name in names)


def test_no_markdown_markers_survive_in_either_edition(built):
    """No emphasis star left unparsed (Japanese punctuation beside a star keeps it from
    closing) and no quote marker run into the line before it ("*Blackout*> can")."""
    for path in built.values():
        text = " ".join(texts(path))
        assert "*" not in text and "`" not in text, path.name
        assert not re.search(r"\w>", text), re.search(r"\S*\w>\S*", text)


def test_japanese_lines_break_by_the_rules(built):
    with read(built["ja"]) as pdf:  # pdfplumber's lines, their characters read with pdfium
        # after the cover, whose fan of card faces holds rotated text of its own; the book's
        # own lines only: a face drawn at 1:4 in a figure sets 2 pt lines 2.5 pt apart, which
        # the reader runs together into false lines (the kit's faces are checked full size);
        # and a line of one character: both readers part the components list's 8.5 pt names
        # ("アクションカード") into one-character lines beside their pictures, though the page
        # sets each name on one line (looked at)
        starts = [line["text"].strip()[:1] for page in pdf.pages[1:]
                  for line in page.extract_text_lines()
                  if min(c["size"] for c in line["chars"]) >= 5
                  and len(line["text"].strip()) > 1]  # fmt: skip
    assert starts and not [s for s in starts if s and s in NO_LINE_START]


def test_quick_reference_fits_its_last_page(game, built):
    last = max(game.tables["final-scoring"].rows, key=lambda r: r["step"])
    for lang, title, text in (
        ("en", "Quick reference", last["text"]),
        ("ja", "クイックリファレンス", last["text_ja"]),
    ):
        page = texts(built[lang])[-1]
        assert page.startswith(title) and squeeze(text) in squeeze(page)


def test_the_english_book_names_factions_as_the_cards_do(game, built):
    """A faction is a name, capitalised as its cards and markers print it ("disables Police",
    "Political cards"); the readings and notes once wrote "disables police"."""
    text = " ".join(texts(built["en"]))
    names = [r["name"] for r in game.tables["factions"].rows]
    after = r"(?: cards?| Fake Intel| Eavesdrop| Steal Document| Detect|[.,;:)])"
    pattern = "|".join(rf"\b{n}{after}|\b(?:disables|from) {n}\b" for n in map(str.lower, names))
    lowered = [m.group() for m in re.finditer(pattern, text)]
    assert lowered == []
    assert "The Sniper disables Police" in text
