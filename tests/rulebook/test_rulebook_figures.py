"""Rulebook figures, measured from the built PDFs with independent readers (pdfplumber's
objects read with pdfium, tests/pdfpage.py, for what is drawn where; pypdf for the outline):
every rulebook shows its figures in the chapters that explain them, drawn from the real faces;
an anatomy's numbered discs sit on the elements they name, and follow an element moved on the
card; a name the face lacks stops the build at its line with the closest names; a figure keeps
its caption and its lead-in, and a figure that does not fit leaves its page to the text after
it."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from cli_in import run
from pdfpage import PdfiumPage, read_pages
from pypdf import PdfReader
from readers import Pages, read

from pnp.catalog.games import resolve_game

FIXTURE = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
MM = 72 / 25.4
DISC_MM = 4.6  # a call-out's disc: 2.3 mm radius


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return run(*args)  # in-process (tests/cli_in.py)


@pytest.fixture(scope="session")
def books(products):
    """A built-in game's A4 rulebook in a language, each game built once per session
    (tests/products.py)."""

    def book(game: str, lang: str = "") -> Path:
        suffix = f"-{lang}" if lang else ""
        return products.rulebook(game, name=f"{game}-rulebook{suffix}-a4.pdf")

    return book


def chapters(path: Path) -> dict[str, tuple[range, str | None]]:
    """Chapter title -> the pages (0-based) it spans, from the PDF's outline, and the title of
    the chapter after it: a chapter starts on the page before it when enough of it is left, so
    the last page may be shared (the chapter ends above that title)."""
    reader = PdfReader(path)
    starts = [(item.title, reader.get_destination_page_number(item))
              for item in reader.outline if not isinstance(item, list)]  # fmt: skip
    after = [(title, page + 1) for title, page in starts[1:]] + [(None, len(reader.pages))]
    return {title: (range(start, end), following)
            for (title, start), (following, end) in zip(starts, after, strict=True)}  # fmt: skip


def heading_top(page: PdfiumPage, title: str) -> float:
    """The top of `title` set as a heading on `page`: its largest occurrence."""
    found = page.search(re.escape(title).replace("\\ ", r"\s+"), case=False)
    assert found, f"no heading {title!r} on page {page.page_number}"
    return min(found, key=lambda m: -max(c["size"] for c in m["chars"]))["top"]


def flat(text: str) -> str:
    return " ".join(text.split())


def find_caption(pdf: Pages, caption: str) -> tuple[int, dict]:
    """(page, match) of a figure's caption: the first line of it is enough."""
    for number, page in enumerate(pdf.pages):
        found = page.search(re.escape(caption))
        if found:
            return number, found[0]
    raise AssertionError(f"no caption {caption!r}")


def drawn_above(page: PdfiumPage, top: float, height_mm: float = 200) -> list[dict]:
    """What is painted in the band above `top` (a caption's top): shapes and characters."""
    low = top - height_mm * MM
    return [o for o in page.rects + page.curves + page.lines + page.chars
            if o["bottom"] <= top + 1 and o["top"] >= low]  # fmt: skip


# -- every book shows its figures in the chapters that explain them ---------------------------

FIGURES = {  # (book, language): chapter -> captions (their first words) of the figures in it
    ("1955-war-of-espionage", ""): {
        "Components": ["A country card,", "A mercenary card,"],
        "Setup": ["The table after the example's setup"],
        "Playing a turn": ["Alex's turn: a faded marker"],
    },
    ("spy-royale", ""): {
        "Setting up": ["Three players after the draft."],
        "Playing a turn": ["Turn 1 settled:", "Turn 2, each player's row"],
        "The action cards": ["An action card,"],
        "Missions": ["A mission card,"],
    },
    ("spy-royale", "ja"): {
        "ゲームの準備": ["ドラフトを終えた3人。"],
        "ターンの進行": ["1ターン目の処理のあと。", "2ターン目。"],
        "アクションカード": ["アクションカード："],
        "ミッション": ["ミッションカード："],
    },
    ("espionage-caledonian", ""): {
        "Components": ["A Dossier card:"],
        "Setup": ["Setup: every security marker"],
        "Playing a turn": ["A Crisis card:", "The crisis, the five cards"],
    },
    ("espionage-card-game", ""): {
        "Setup": ["The table for four:"],
        "Playing": ["A Mission card,", "A Reaction card,", "A chain of Reactions:"],
    },
    ("axis-allies-espionage", ""): {
        "Setup": ["One power's kit:"],
        "Spy networks": ["A level 2 network marker"],
        "Playing": ["The mission of the example,"],
    },
}
CASES = [(game, lang, chapter, caption) for (game, lang), by_chapter in FIGURES.items()
         for chapter, captions in by_chapter.items() for caption in captions]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "lang", "chapter", "caption"),
    CASES,
    ids=[f"{g}{'-' + lang if lang else ''}: {c}" for g, lang, _, c in CASES],
)
def test_each_rules_chapter_shows_its_figures(books, game, lang, chapter, caption):
    path = books(game, lang)
    pages, following = chapters(path)[chapter]
    with read(path) as pdf:
        number, match = find_caption(pdf, caption)
        assert number in pages, f"{caption!r} on page {number + 1}, {chapter!r} is {pages}"
        if number == pages[0]:
            assert match["top"] > heading_top(pdf.pages[number], chapter), "above its chapter"
        if following is not None and number == pages[-1]:
            assert match["top"] < heading_top(pdf.pages[number], following), "in the next one"
        drawn = drawn_above(pdf.pages[number], match["top"])
        shapes = [o for o in drawn if o["object_type"] != "char"]
        # the plainest piece drawn (an Axis & Allies network marker: disc, rings, numeral
        # plate) is 11 shapes; a page's own rules and boxes above a caption are a few
        assert len(shapes) > 8, f"{caption!r}: {len(shapes)} shapes above it: no picture"


def test_the_figures_draw_the_real_faces(books):
    """Text the catalog puts on a card shows in the figure above the caption."""
    game = resolve_game("1955-war-of-espionage")
    action = next(r for r in game.tables["special-actions"].rows if r["id"] == "military-transport")
    with read(books("1955-war-of-espionage")) as pdf:
        number, match = find_caption(pdf, "A country card,")
        words = "".join(c["text"] for c in drawn_above(pdf.pages[number], match["top"], 100)
                        if c["object_type"] == "char" and c["text"].strip())  # fmt: skip
    assert str(action["name"]).upper().replace(" ", "") in words


# -- an anatomy's call-outs sit on the elements they name --------------------------------------


Point = tuple[float, float]


def discs(page: PdfiumPage, above: float | None = None) -> dict[str, Point]:
    """Call-out number -> its disc's centre (PDF points, top-down): a filled circle 4.6 mm
    across with a white number in it; with `above`, the nearest over it (a caption's top:
    another anatomy may share the page, under it)."""
    out = {}
    circles = [c for c in page.curves if abs(c["width"] - DISC_MM * MM) < 0.6 * MM
               and abs(c["height"] - DISC_MM * MM) < 0.6 * MM]  # fmt: skip
    if above is not None:  # nearest last: it is the one kept
        circles = sorted((c for c in circles if c["bottom"] < above), key=lambda c: c["top"])
    for c in circles:
        cx, cy = (c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2
        inside = [ch["text"] for ch in page.chars if ch["x0"] >= c["x0"] - 1
                  and ch["x1"] <= c["x1"] + 1 and ch["top"] >= c["top"] - 1
                  and ch["bottom"] <= c["bottom"] + 1]  # fmt: skip
        if inside and "".join(inside).isdigit():
            out["".join(inside)] = (cx, cy)
    return out


def distance_mm(point: tuple[float, float], box: dict) -> float:
    """From a point to a box (0 inside it), in millimetres."""
    x, y = point
    dx = max(box["x0"] - x, 0, x - box["x1"])
    dy = max(box["top"] - y, 0, y - box["bottom"])
    return math.hypot(dx, dy) / MM


def nearest(page: PdfiumPage, text: str, point: tuple[float, float]) -> dict:
    """The place of `text` (words, any spaces between them) on the page nearest `point`."""
    matches = page.search(r"\s*".join(re.escape(w) for w in text.split()))
    assert matches, f"{text!r} not on the page"
    return min(matches, key=lambda m: distance_mm(point, m))


@pytest.mark.parametrize(("game", "caption", "callouts"), [
    ("spy-royale", "An action card,", {"2": "Fake Intel", "3": "MILITARY 軍司令部", "4": "DISABLES",
                                       "6": "THIS TURN + NEXT TURN"}),
    ("espionage-card-game", "A Mission card,", {"2": "SNIPER", "3": "SNIPER",
                                                "4": "Play it on your turn."}),
    ("1955-war-of-espionage", "A country card,", {"1": "2", "4": "FRANCE",
                                                  "5": "MILITARY TRANSPORT"}),
])  # fmt: skip
def test_an_anatomys_discs_sit_on_the_elements_they_name(books, game, caption, callouts):
    """Numbered in reading order: down the face, then across."""
    with read(books(game)) as pdf:
        number, match = find_caption(pdf, caption)
        page = pdf.pages[number]
        found = discs(page, above=match["top"])
        for n, text in callouts.items():
            assert n in found, f"no disc {n} above {caption!r} (found {sorted(found)})"
            element = nearest(page, text, found[n])
            assert distance_mm(found[n], element) < 4.0, (n, text, distance_mm(found[n], element))


# -- the fixture: an anatomy follows its element; a name the face lacks is refused ------------

ANATOMY = """# Overview

The parts of an agent card:

```pnp
anatomy agents handler
  title: Card name
  value: Value
  rules: What it does
  caption: An agent card.
```

Text after the figure.
"""


def game_copy(tmp_path: Path, rulebook: str) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(FIXTURE, folder)
    (folder / "templates" / "rulebook.md.j2").write_text(rulebook, encoding="utf-8")
    return folder


def build_copy(folder: Path, out: Path) -> Path:
    result = pnp("build", str(folder), "--what", "rulebook", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / "sixth-game" / "sixth-game-rulebook-a4.pdf"


def fixture_discs(path: Path) -> tuple[PdfiumPage, dict[str, tuple[float, float]]]:
    pdf = Pages(read_pages(path))
    number, _ = find_caption(pdf, "An agent card.")
    return pdf.pages[number], discs(pdf.pages[number])


def test_a_fixture_anatomy_points_at_its_elements(tmp_path):
    page, found = fixture_discs(build_copy(game_copy(tmp_path, ANATOMY), tmp_path / "out"))
    assert set(found) == {"1", "2", "3"}
    for n, text in {"1": "Handler", "2": "3", "3": "Any turn: cancel a card."}.items():
        assert distance_mm(found[n], nearest(page, text, found[n])) < 4.0, n


def test_moving_an_element_on_the_card_moves_its_call_out(tmp_path):
    before = fixture_discs(build_copy(game_copy(tmp_path, ANATOMY), tmp_path / "a"))[1]
    moved = game_copy(tmp_path / "moved", ANATOMY)
    front = moved / "templates" / "agent-front.yaml.j2"
    text = front.read_text()
    assert "name: rules, x: 5, y: 30," in text
    front.write_text(text.replace("name: rules, x: 5, y: 30,", "name: rules, x: 5, y: 44,"))
    after = fixture_discs(build_copy(moved, tmp_path / "b"))[1]
    drop = (after["3"][1] - before["3"][1]) / MM  # top-down: the rules went 14 mm lower
    assert 10 < drop < 18, drop
    assert after["1"] == pytest.approx(before["1"], abs=0.2)  # the title stayed, so did its disc


@pytest.mark.parametrize(("rename", "line", "names"), [
    (None, "titel: Card name", "did you mean: title?"),
    ("heading", "title: Card name", "heading"),
])  # fmt: skip
def test_an_unknown_element_is_refused_at_its_line(tmp_path, rename, line, names):
    rulebook = ANATOMY.replace("  title: Card name", f"  {line}")
    folder = game_copy(tmp_path, rulebook)
    if rename:  # the card's designer renamed the element the rulebook calls out
        front = folder / "templates" / "agent-front.yaml.j2"
        front.write_text(front.read_text().replace("name: title", f"name: {rename}"))
    result = pnp("build", str(folder), "--what", "rulebook", "--out", str(tmp_path / "out"))
    assert result.returncode == 2, result.stderr
    number = rulebook.splitlines().index(f"  {line}") + 1
    assert f"rulebook.md.j2:{number}:" in result.stderr
    assert "no element named" in result.stderr and names in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out" / "sixth-game").exists() or not any(
        (tmp_path / "out" / "sixth-game").glob("*rulebook*"))  # fmt: skip


# -- pagination ----------------------------------------------------------------------------------


def test_a_figure_keeps_its_lead_in_and_caption_on_its_page(books):
    with read(books("1955-war-of-espionage")) as pdf:
        number, match = find_caption(pdf, "Alex's turn: a faded marker")
        text = flat(pdf.pages[number].extract_text())
    assert "Alex's two card plays move two markers:" in text


FILLER = "A line of rules text that runs on, long enough to fill a page of the book. " * 6


def test_a_figure_too_tall_for_the_rest_of_a_page_waits_while_text_fills_it(tmp_path):
    """Most of a page of text, a setup as tall as half a page, then more text: the
    figure goes to the next page whole, and the text after it fills the gap it left."""
    paragraphs = "\n\n".join(f"Paragraph {i}. {FILLER}" for i in range(7))
    after = "\n\n".join(f"After {i}. {FILLER}" for i in range(3))
    rulebook = f"""# Overview

{paragraphs}

The whole deck, laid out:

```pnp
setup 1:2
  stack agents: The deck
  piece agents mole: A Mole
  piece agents courier: A Courier
  row
  piece agents handler: A Handler
  piece agents sleeper: A Sleeper
  caption: The agents at half size.
```

{after}
"""
    path = build_copy(game_copy(tmp_path, rulebook), tmp_path / "out")
    with read(path) as pdf:
        number, match = find_caption(pdf, "The agents at half size.")
        before = flat(pdf.pages[number - 1].extract_text())
        page = flat(pdf.pages[number].extract_text())
        shapes = [o for o in drawn_above(pdf.pages[number], match["top"])
                  if o["object_type"] != "char"]  # fmt: skip
    assert "Paragraph 6." in before and "After 0." in before  # the text after fills the gap
    assert "The whole deck, laid out:" in page  # the lead-in went with its figure
    assert "Scale 1:2" in page
    assert len(shapes) > 10


LABELLED = """# Overview

```pnp
example
  piece agents handler as card: The handler
  label on {on} at {at}: Its name
  caption: An agent card, labelled.
```
"""


@pytest.mark.parametrize(("on", "at", "said"), [
    ("crad", "title", "label: no piece is named 'crad'"),
    ("card", "titel", "no element named 'titel'"),
])  # fmt: skip
def test_a_label_naming_no_piece_or_element_is_refused_at_its_line(tmp_path, on, at, said):
    """`label on NAME at ELEMENT`: a name the figure or the face lacks stops the build at the
    label's line, with the closest name (exit 2, nothing written)."""
    folder = game_copy(tmp_path, LABELLED.format(on=on, at=at))
    result = pnp("build", str(folder), "--what", "rulebook", "--out", str(tmp_path / "out"))
    assert result.returncode == 2, result.stderr
    assert "rulebook.md.j2:6:" in result.stderr, result.stderr
    assert said in result.stderr and "did you mean" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
