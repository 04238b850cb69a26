"""How the built rulebooks are paginated, as a reader turning the pages sees it, measured from the
A4 PDFs with pdfplumber's objects read by pdfium (what is printed where, tests/pdfpage.py) and
pypdf (the outline): no page left nearly
empty, no heading stranded at the foot of a page, the quick reference a chapter of its own on
the last page, and the tool (commands, files, catalog tags) only in the builder's appendix."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bookpages import book_pages
from pdfpage import PdfiumPage
from pypdf import PdfReader
from readers import Pages, read

from pnp.catalog.games import resolve_game

MM = 72 / 25.4
TOP, BOTTOM = 20 * MM, 20 * MM  # the body frame's margins (pnp.rulebook.document)
HEADING_PT = 11.4  # the smallest heading is 11.5 pt; body text 10 pt
BODY_PT = 9.9
LEAD_IN = 3.5 * 14  # a figure's lead-in: three lines of body text at most
BOOKS = [
    ("spy-royale", ""),
    ("spy-royale", "ja"),
    ("espionage-card-game", ""),
    ("1955-war-of-espionage", ""),
    ("axis-allies-espionage", ""),
    ("espionage-caledonian", ""),
]
QUICK = {"": "Quick reference", "ja": "クイックリファレンス"}
BUILDER = {"": "For the builder of this kit", "ja": "このキットを作る方へ"}
TOOL = re.compile(r"\bpnp\b|bench/|\.yaml\b|scores-from|lost-icon")


@pytest.fixture(scope="session")
def book(products):
    """`book(game, lang)` -> the A4 rulebook `pnp build <game> --what rulebook` writes in a
    language ("" the game's first), built once per session (tests/products.py)."""

    def get(game: str, lang: str) -> Path:
        suffix = f"-{lang}" if lang else ""
        return products.rulebook(game, name=f"{game}-rulebook{suffix}-a4.pdf")

    return get


def top_level(path: Path) -> list[tuple[str, int]]:
    reader = PdfReader(path)
    return [(item.title, reader.get_destination_page_number(item))
            for item in reader.outline if not isinstance(item, list)]  # fmt: skip


def body_chars(page: PdfiumPage) -> list[dict]:
    """The characters inside the body frame: no page number or running footer."""
    return [c for c in page.chars if c["bottom"] < page.height - BOTTOM + 2 and c["text"].strip()]


def lowest(page: PdfiumPage) -> float:
    """How far down the frame the page is filled: text, pictures and drawn shapes."""
    limit = page.height - BOTTOM + 2
    bottoms = [c["bottom"] for c in body_chars(page)]
    for kind in (page.images, page.rects, page.curves):
        bottoms += [o["bottom"] for o in kind if o["bottom"] < limit and o["top"] > TOP - 2]
    return max(bottoms, default=TOP)


@pytest.mark.parametrize(("game", "lang"), BOOKS, scope="module")  # a book's tests together
def test_no_page_is_left_nearly_empty(book, game, lang):
    """Every body page but the last is filled at least a quarter of the way down."""
    with read(book(game, lang)) as pdf:
        frame = pdf.pages[0].height - TOP - BOTTOM
        for number, page in enumerate(pdf.pages[2:-1], start=3):
            filled = (lowest(page) - TOP) / frame
            assert filled >= 0.25, (game, lang, number, round(filled, 2))


@pytest.mark.parametrize(("game", "lang"), BOOKS, scope="module")  # a book's tests together
def test_no_heading_is_stranded_at_a_page_foot(book, game, lang):
    """A heading in the bottom 15% of the frame has text of its section under it."""
    with read(book(game, lang)) as pdf:
        for number, page in enumerate(pdf.pages[2:], start=3):
            chars = body_chars(page)
            foot = page.height - BOTTOM - 0.15 * (page.height - TOP - BOTTOM)
            heads = [c for c in chars if c["size"] >= HEADING_PT and c["top"] > foot]
            for head in heads:
                below = [c for c in chars if c["size"] < HEADING_PT and c["top"] > head["bottom"]]
                assert below, (game, lang, number, head["text"])


@pytest.mark.parametrize(("game", "lang"), BOOKS, scope="module")  # a book's tests together
def test_quick_reference_is_a_chapter_on_the_last_page(book, game, lang):
    path = book(game, lang)
    chapters = top_level(path)
    assert chapters[-1] == (QUICK[lang], len(PdfReader(path).pages) - 1), chapters[-3:]


@pytest.mark.parametrize(("game", "lang"), BOOKS, scope="module")  # a book's tests together
def test_the_tool_is_only_in_the_builders_appendix(book, game, lang):
    """Commands, source files and catalog tags appear only in the builder's appendix: from the
    page its heading is on to the page before the quick reference (Caledonian's balance table
    runs it over a second page), never in the players' chapters before it."""
    path = book(game, lang)
    chapters = top_level(path)
    start = next(page for title, page in chapters if title == BUILDER[lang])
    quick = next(page for title, page in chapters if title == QUICK[lang])
    with read(path) as pdf:
        hits = [n for n, page in enumerate(pdf.pages) if TOOL.search(page.extract_text() or "")]
    assert hits and set(hits) <= set(range(start, quick)), (hits, start, quick)


@pytest.mark.parametrize("options", [["--paper", "letter"], ["--booklet"]])
def test_every_book_builds_on_letter_and_as_a_booklet(products, options):
    """Letter is 18 mm shorter than A4 and a booklet's page is half of A4: every book still
    builds (a long table splits on a page of its own; the quick reference is set smaller to
    stay on its page, or takes a spread in a booklet), the quick reference on its last page:
    the six games' books, the Japanese one and the second editions' (`--edition all`)."""
    out = products.books(*options)  # fails unless it exits 0
    books = sorted(out.glob("*/*-rulebook*.pdf"))
    assert len(books) == 8, books
    if options[0] == "--paper":
        for path in books:
            chapters = top_level(path)
            assert chapters[-1][1] == len(PdfReader(path).pages) - 1, (path.name, chapters[-2:])


def test_no_numbered_page_of_a_booklet_is_blank_and_its_quick_reference_is_a_spread(products):
    """A booklet prints two half pages a side; each numbered page carries text above its
    footer (the Caledonian book had a blank page 28: a space pushed to the head of the page
    made it look begun, and the glossary, too tall for any page, broke to the next). Its
    quick reference takes two pages that face each other: it starts on a left, even page
    (the page before it, if it must be left blank, carries no number)."""
    out = products.books("--booklet")  # every edition's
    books = sorted(out.glob("*/*-rulebook*.pdf"))
    assert len(books) == 8, books
    for path in books:
        starts = []
        with read(path) as pdf:
            for sheet, page in enumerate(pdf.pages, start=1):
                for x0, x1 in ((0, page.width / 2), (page.width / 2, page.width)):
                    half = page.crop((x0, 0, x1, page.height))
                    foot = page.height - 16 * MM
                    body = [c for c in half.chars if c["text"].strip() and c["bottom"] < foot]
                    footer = "".join(c["text"] for c in half.chars if c["top"] >= foot)
                    assert body or not footer, (path.name, sheet, x0)
                    text = "".join(c["text"] for c in body[:40])
                    if text.startswith(tuple(q.replace(" ", "") for q in QUICK.values())) \
                            and footer:  # fmt: skip
                        starts.append(int(re.findall(r"\d+", footer)[-1]))
        assert len(starts) == 1 and starts[0] % 2 == 0, (path.name, starts)


# -- a published book's pagination: pages used, readings once, leaders clear, glossary pages --

READING_BOOKS = ["1955-war-of-espionage", "axis-allies-espionage"]  # readings as call-outs
DISC_PT = 2.3 * MM  # a call-out disc's radius: its own number is under the leader's start
LEANING = {"a", "an", "the", "of", "for", "to", "in", "on", "at", "by", "with", "and", "&"}


def players_pages(path: Path, lang: str) -> range:
    """The pages (0-based) of the players' chapters: the first chapter to the builder's."""
    chapters = top_level(path)
    end = next(page for title, page in chapters if title == BUILDER[lang])
    return range(chapters[0][1], end)


def opening_picture(page: PdfiumPage) -> float:
    """How tall the chapter heading at the page's top and the figure or table it leads into
    (after a lead-in of a few lines at most) are together, down to the body text after them;
    0 without either."""
    chars = body_chars(page)
    head = [c for c in chars if c["size"] >= HEADING_PT * 1.5 and c["top"] < TOP + 24]
    if not head:
        return 0.0
    below = max(c["bottom"] for c in head) + 1
    shapes = [o for kind in (page.images, page.rects, page.curves, page.lines) for o in kind
              if below < o["top"] < page.height - BOTTOM]  # fmt: skip
    start = min((o["top"] for o in shapes), default=page.height)
    if start > below + LEAD_IN:
        return 0.0
    # the body text after it starts a line at the margin; a table's cells and a figure's
    # labels are smaller or stand inside the picture
    margin = min(c["x0"] for c in head) + 24  # a list item's text is indented
    body = [c["top"] for c in chars if c["top"] > start and c["size"] >= BODY_PT
            and c["x0"] < margin]  # fmt: skip
    end = min(body, default=page.height - BOTTOM)
    bottom = max(o["bottom"] for o in shapes if o["top"] < end)
    return bottom - min(c["top"] for c in head)


@pytest.mark.parametrize(("game", "lang"), BOOKS, scope="module")  # a book's tests together
def test_the_players_pages_are_at_least_half_used(book, game, lang):
    """A chapter runs on where the last one ended when enough of the page is left, so no page
    of the players' chapters is less than half used, unless the next chapter opens with a
    figure or table too tall for the rest of it (a long table runs on under its heading)."""
    path = book(game, lang)
    pages = players_pages(path, lang)
    with read(path) as pdf:
        frame = pdf.pages[0].height - TOP - BOTTOM
        for number in pages[:-1]:
            filled = (lowest(pdf.pages[number]) - TOP) / frame
            if filled < 0.5:
                picture = opening_picture(pdf.pages[number + 1]) / frame
                assert picture > 1 - filled, (number + 1, round(filled, 2), round(picture, 2))


def test_on_letter_a_table_that_would_leave_a_page_empty_breaks_over_it(products):
    """Letter is 18 mm shorter than A4: the Caledonian book's changes table (8 rows) no longer
    fits under its chapter's opening, and a break leaving 1 row alone is refused. It breaks
    earlier instead, rows on both pages and its header repeated, so the chapter's first page
    is not left with three lines on it (it was 12% used)."""
    game = "espionage-caledonian"
    # the book `--all` writes on Letter (built for the test above): the same bytes as its own
    letter = products.books("--paper", "letter")
    path = letter / game / f"{game}-rulebook-letter.pdf"
    with read(path) as pdf:
        frame = pdf.pages[0].height - TOP - BOTTOM
        for number in players_pages(path, "")[:-1]:
            filled = (lowest(pdf.pages[number]) - TOP) / frame
            if filled < 0.5:
                picture = opening_picture(pdf.pages[number + 1]) / frame
                assert picture > 1 - filled, (number + 1, round(filled, 2), round(picture, 2))
        texts = [page.extract_text() or "" for page in pdf.pages]
    heads = [n for n, t in enumerate(texts) if "Topic The journal This edition Why Effect" in t]
    assert len(heads) == 2 and heads[1] == heads[0] + 1, heads  # the header on both pages


def flat(text: str) -> str:
    return " ".join(text.replace("`", "").replace("*", "").split())


@pytest.mark.parametrize("game", READING_BOOKS, scope="module")
def test_each_reading_is_printed_once(book, game):
    """A reading stands beside its rule; where the book gathers them it points at their
    pages, it does not print them again."""
    with read(book(game, "")) as pdf:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    rows = resolve_game(game).tables["readings"].rows
    for row in rows:
        words = flat(str(row["reading"]))[:60]
        assert text.count(words) == 1, (row["id"], text.count(words))


def leaders(page: PdfiumPage) -> list[list[tuple[float, float]]]:
    """The call-outs' leader lines: three-point polylines 0.6 pt wide (pnp.rulebook.anatomy)."""
    return [c["pts"] for c in page.curves if len(c["pts"]) == 3
            and abs(c.get("linewidth", 0) - 0.6) < 0.01]  # fmt: skip


@pytest.mark.parametrize(("game", "lang"), BOOKS, scope="module")  # a book's tests together
def test_no_call_out_leader_crosses_text(book, game, lang):
    """Each leader leaves its disc straight out of the face: no letter of the card under it
    (beyond the disc's own number)."""
    seen = 0
    with read(book(game, lang)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            for (x0, y), (x1, _), _ in leaders(page):
                seen += 1
                low, high = sorted((x0, x1))
                crossed = [c["text"] for c in page.chars if c["text"].strip()
                           and c["top"] + 0.5 < y < c["bottom"] - 0.5
                           and c["x1"] > low and c["x0"] < high
                           and abs((c["x0"] + c["x1"]) / 2 - x0) > DISC_PT]  # fmt: skip
                assert not crossed, (number, "".join(crossed))
    assert seen, "no anatomy in the book"


def bold_runs(page: PdfiumPage) -> list[str]:
    """The phrases the running text sets in bold (body size), each a run of bold words,
    case-folded, without the punctuation around it."""
    limit = page.height - BOTTOM
    runs: list[list[str]] = [[]]
    for word in page.extract_words(extra_attrs=["fontname", "size"]):
        if "Bold" in word["fontname"] and 9 <= word["size"] <= 11 and word["top"] < limit:
            runs[-1].append(word["text"])
        elif runs[-1]:
            runs.append([])
    return [" ".join(r).casefold().strip(".,;:()") for r in runs if r]


def glossary_entries(pdf: Pages, words: dict[str, str]) -> dict[str, int]:
    """Term -> the page the glossary gives, read from its table's first and last column."""
    out = {}
    for page in pdf.pages:
        found = page.extract_words(extra_attrs=["fontname"])
        heads = {w["text"]: w for w in found if "Bold" in w["fontname"]}
        if not {words["definition"], words["page"]} <= set(heads):
            continue
        meaning, number = heads[words["definition"]], heads[words["page"]]
        for n in found:
            if n["x0"] >= number["x0"] - 2 and n["top"] > number["bottom"] \
                    and n["text"].isdigit() and n["bottom"] < page.height - BOTTOM:  # fmt: skip
                row = [w for w in found if abs(w["top"] - n["top"]) < 2]
                term = [w["text"] for w in row if w["x0"] < meaning["x0"] - 2]
                out[" ".join(term)] = int(n["text"])
    return out


@pytest.mark.parametrize(("game", "lang"), [b for b in BOOKS if not b[1]], scope="module")
def test_each_glossary_entry_points_at_the_page_that_defines_it_in_bold(book, game, lang):
    """The page a glossary entry gives is where it is defined, not a first passing mention:
    the first that sets the term (or its plural) in bold on its own ("A **round** is..."),
    else the first that sets it in bold inside a longer phrase ("the **round marker**")."""
    with read(book(game, lang)) as pdf:
        entries = glossary_entries(pdf, {"definition": "Meaning", "page": "Page"})
        bolds = [bold_runs(page) for page in pdf.pages]
    assert len(entries) >= 10, entries
    for term, page in entries.items():
        pattern = re.compile(rf"(?<!\w){re.escape(term.casefold())}(?:e?s)?(?!\w)")
        pages = list(enumerate(bolds[2:], start=3))
        alone = next((n for n, runs in pages if any(pattern.fullmatch(r) for r in runs)), None)
        inside = next((n for n, runs in pages if any(pattern.search(r) for r in runs)), None)
        assert (alone or inside) == page, (term, page, alone, inside)


@pytest.mark.parametrize(("game", "lang"), [b for b in BOOKS if not b[1]], scope="module")
def test_the_cover_title_breaks_between_phrases(book, game, lang):
    """No line of the cover's title ends in a word that leans on the next ("Axis &", "for")."""
    with read(book(game, lang)) as pdf:
        cover = pdf.pages[0]
        size = max(c["size"] for c in cover.chars)
        title = cover.filter(lambda o: o.get("object_type") != "char" or o["size"] == size)
        lines = (title.extract_text() or "").splitlines()
    assert lines
    for line in lines[:-1]:
        assert line.split()[-1].casefold() not in LEANING, lines


def test_a_chapter_before_a_page_break_does_not_end_on_a_few_lines(products):
    """The builder's appendix ends before the quick reference's own page. On Letter, Caledonian's
    balance table and files table fill a page, and its four print notes went over alone (15%
    used). Its last page now holds the files table's last rows and its total with the notes."""
    game = "espionage-caledonian"
    out = products.build(game, "--what", "rulebook", "--paper", "letter", "--edition", "all")
    paths = sorted((out / game).glob("*-rulebook-letter.pdf"))
    assert len(paths) == 2, paths
    for path in paths:
        with read(path) as pdf:
            pages = book_pages(pdf.pages, booklet=False)
            quick = next(i for i, p in enumerate(pages) if "Quickreference" in p.chapter())
            last = pages[quick - 1]
            text = last.view.extract_text() or ""
            assert last.fill >= 0.25, (path.name, quick, round(last.fill, 2))
            assert "Print at actual size" in text and ".pdf" in text, (path.name, text[:200])
