"""What exports promise that no other test would miss if it broke: a build whose files cannot all
be put in place puts none there; the proof gallery shows a card's name as text, whatever
characters it holds; the glossary points at the page that sets a term in bold."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from hostile import make_game
from lxml import html

# --- a build is moved into place whole, or not at all ------------------------------------------

SPLIT = ["sixth-game-agents-a4.pdf", "sixth-game-rulebook-a4.pdf", "sixth-game-tokens-a4.pdf"]


def listing(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def test_a_split_build_writes_these_files(tmp_path, run_pnp):
    """The files the next test blocks one at a time are every file the build writes."""
    make_game(tmp_path)
    run = run_pnp("build", "game", "--split", "--out", "out", cwd=tmp_path)
    assert run.code == 0, run.output
    assert listing(tmp_path / "out") == ["sixth-game", *(f"sixth-game/{f}" for f in SPLIT)]


@pytest.mark.parametrize("blocked", SPLIT)
def test_a_folder_in_the_way_of_one_file_keeps_every_file_out(tmp_path, blocked, run_pnp):
    make_game(tmp_path)
    out = tmp_path / "out"
    (out / "sixth-game" / blocked).mkdir(parents=True)  # a folder where a PDF should go
    (out / "sixth-game" / "notes.txt").write_text("mine")
    before = listing(out)
    run = run_pnp("build", "game", "--split", "--out", "out", cwd=tmp_path)
    run.refused(f"out/sixth-game/{blocked}: a folder is in the way; nothing was written")
    assert listing(out) == before  # not one of the other PDFs, whichever is moved first
    assert (out / "sixth-game" / "notes.txt").read_text() == "mine"


def test_a_file_in_the_way_of_a_later_game_keeps_the_first_game_out(tmp_path, run_pnp):
    first = make_game(tmp_path, name="first") / "game.yaml"
    first.write_text(first.read_text().replace("id: sixth-game", "id: first"))
    make_game(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "sixth-game").write_text("a file where the game's folder should be")
    run = run_pnp("build", "first", "game", "--out", "out", cwd=tmp_path)
    run.refused("is in the way; nothing was written")
    assert listing(out) == ["sixth-game"]  # nothing of the first game either
    assert (out / "sixth-game").read_text() == "a file where the game's folder should be"


# --- the proof gallery shows names as text -----------------------------------------------------

NAME = '<b>x</b> & "q"'
TEXT = "<script>alert(1)</script> & more"


@pytest.fixture(scope="module")
def gallery(tmp_path_factory, run_pnp):
    """index.html of a proof of the sixth game whose Mole is called NAME and says TEXT."""
    root = tmp_path_factory.mktemp("gallery")
    cards = make_game(root) / "agents.yaml"
    mole = "{id: mole, name: Mole,"
    said = "text: Look at one card in a rival's hand.}"
    text = cards.read_text()
    assert mole in text and said in text
    text = text.replace(mole, f"{{id: mole, name: '{NAME}',").replace(said, f"text: '{TEXT}'}}")
    cards.write_text(text)
    run = run_pnp("export", "game", "--to", "proof", "--out", "out", cwd=root)
    assert run.code == 0, run.output
    return html.fromstring((root / "out" / "sixth-game" / "proof" / "index.html").read_bytes())


def mole_figures(page) -> list:
    return [f for f in page.iter("figure") if "mole-" in f.find("img").get("src")]


def test_a_card_name_with_markup_shows_as_its_characters(gallery):
    figures = mole_figures(gallery)
    assert [f.get("data-side") for f in figures] == ["front"]  # the backs are all alike
    for figure in figures:
        caption = figure.find("figcaption")
        # the caption's parts, as the page lays them out, and no element from the name
        assert [child.tag for child in caption] == ["span", "b", "span", "dl"]
        name = caption[1]
        assert name.text == NAME and len(name) == 0
        side = figure.get("data-side")
        assert figure.find("img").get("alt") == f"{NAME}, {side}"


def test_no_element_comes_from_a_card_name_or_field(gallery):
    # the page's own: one <b> a caption, one <script> (the filter); a name or field adds none
    figures = list(gallery.iter("figure"))
    assert len(list(gallery.iter("b"))) == len(figures)
    assert len(list(gallery.iter("script"))) == 1
    for figure in mole_figures(gallery):
        fields = dict(zip(figure.iter("dt"), figure.iter("dd"), strict=True))
        assert {dt.text: dd.text for dt, dd in fields.items()}["text"] == TEXT


# --- the glossary points at a term's defining page ---------------------------------------------

RULEBOOK = """# Overview

Deal three cards to each player and put a chip beside each of them. A Handler may be dealt too.

```pnp
pagebreak
```

# Scoring

Every **chip** is worth its value in points at the end of the game.

```pnp
pagebreak
```

# Reminders

Count each **chip** again before you score.

## Glossary

```pnp
glossary
```
"""


@pytest.fixture(scope="module")
def rulebook_pages(tmp_path_factory, run_pnp) -> list[str]:
    root = tmp_path_factory.mktemp("glossary")
    make_game(root, {"templates/rulebook.md.j2": RULEBOOK})
    run = run_pnp("build", "game", "--what", "rulebook", "--out", "out", cwd=root)
    assert run.code == 0, run.output
    with pdfplumber.open(root / "out" / "sixth-game" / "sixth-game-rulebook-a4.pdf") as pdf:
        return [" ".join((p.extract_text() or "").split()) for p in pdf.pages]


def page_number(pages: list[str], words: str) -> int:
    """The number of the one page whose text holds `words`, as printed at its foot."""
    (found,) = [i for i, text in enumerate(pages) if words in text]
    assert pages[found].endswith(f"Sixth Game {found + 1}")  # the folio is the page's number
    return found + 1


def glossary_row(pages: list[str], term: str) -> int:
    (glossary,) = [t for t in pages if "Glossary Term Meaning Page" in t]
    match = re.search(rf"(?<!\w){term} [A-Z][^.]*\. (\d+)\b", glossary)
    assert match, glossary
    return int(match[1])


def test_the_glossary_points_at_the_page_with_the_term_in_bold(rulebook_pages):
    # `chip` is first mentioned in the overview, set in bold under Scoring (where it is
    # explained), and in bold again under Reminders
    mentioned = page_number(rulebook_pages, "put a chip beside each of them")
    explained = page_number(rulebook_pages, "is worth its value in points at the end of the game")
    again = page_number(rulebook_pages, "Count each chip again")
    assert len({mentioned, explained, again}) == 3
    assert glossary_row(rulebook_pages, "chip") == explained


def test_a_term_never_in_bold_points_at_its_first_mention(rulebook_pages):
    mentioned = page_number(rulebook_pages, "A Handler may be dealt too")
    assert glossary_row(rulebook_pages, "Handler") == mentioned
