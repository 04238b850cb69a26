"""Print-kit sheets of a small game (the sixth game: 11 agent cards, 10 two-sided chips) and of
fixture faces, measured from the PDFs: tokens filling the space cards leave with their backs
behind them, `--what` filtering the kit, gutterfold backs upright once folded; and the check
that a deck's backs are one colour along their cut edges."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from impose_faces import face, to_mm
from pypdf import PdfReader
from reportlab.lib.units import mm

from pnp.cli import main
from pnp.draw.backs import DeckBacks, check_backs
from pnp.draw.face import FaceArt
from pnp.export.pdf import write_document
from pnp.impose.document import Document
from pnp.impose.options import SheetOptions
from pnp.impose.sheet import Piece

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"


def kit(tmp_path: Path, *args: str) -> Path:
    result = CliRunner().invoke(main, ["build", str(SIXTH), *args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    return tmp_path / "sixth-game" / "sixth-game-a4.pdf"


def chip_values(page) -> list[tuple[str, float, float]]:
    """(value, x, y) in mm of the chips' big value numbers on a page."""
    H = to_mm(page.height)
    return [
        (w["text"], to_mm((w["x0"] + w["x1"]) / 2), H - to_mm((w["top"] + w["bottom"]) / 2))
        for w in page.extract_words(extra_attrs=["size"])
        if 12 < w["size"] < 15 and w["text"] in ("1", "5")  # 14 pt: not a card's 16 pt value
    ]


@pytest.fixture(scope="module")
def sixth_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kit(tmp_path_factory.mktemp("sixth"), "--what", "cards,tokens")


def test_chips_fill_the_last_card_sheet_with_their_backs_behind_them(sixth_kit: Path) -> None:
    with pdfplumber.open(sixth_kit) as pdf:
        # contents and its blank back, then two duplex sheets: 9 cards; 2 cards and the 10
        # chips (was 3 sheets)
        assert len(pdf.pages) == 6
        contents = pdf.pages[0].extract_text()
        assert "Sheet 2 · pages 5-6 · both sides · Agent cards (2), Chips (10)" in contents
        assert "Print the whole file double-sided, flip on the long edge" in contents
        front, back = pdf.pages[4], pdf.pages[5]
        W = to_mm(front.width)
        chips = chip_values(front)
        assert sorted(v for v, _, _ in chips) == ["1"] * 7 + ["5"] * 3
        label = front.extract_text()
        assert "Agent cards (2)" in label and "Chips (10)" in label
        behind = chip_values(back)
        for value, x, y in chips:  # each chip's back on the mirrored spot, same value
            assert any(
                v == value and abs(bx - (W - x)) < 0.5 and abs(by - y) < 0.5 for v, bx, by in behind
            ), (value, x, y)


def test_what_filters_the_kit(tmp_path: Path) -> None:
    pdf = PdfReader(kit(tmp_path, "--what", "tokens"))
    text = "".join(page.extract_text() for page in pdf.pages)
    # contents, its blank back, one duplex sheet
    assert len(pdf.pages) == 4 and "Chips" in text and "Agent" not in text


def test_gutterfold_token_strips_say_they_hold_fronts_and_backs(tmp_path: Path) -> None:
    with pdfplumber.open(kit(tmp_path, "--what", "tokens", "--gutterfold")) as pdf:
        assert len(pdf.pages) == 2  # contents and one one-sided sheet of strips
        text = pdf.pages[1].extract_text()
    assert "fronts | backs, fold" in text and not text.rstrip("0123456789 m").endswith("front")


def test_gutterfold_backs_below_a_horizontal_fold_are_upright_once_folded(tmp_path: Path) -> None:
    """Folded over a horizontal line and turned like a card, a back printed upright would be
    upside down: it is printed turned by 180 degrees (its text runs right to left, upside down)."""
    pieces = [Piece(face(f"Card{i}", 150, 60), face(f"Back{i}", 150, 60)) for i in (1, 2)]
    doc = Document(SheetOptions(gutterfold=True), title="t", game_title="G")
    doc.add_grid(pieces, section="Aids")
    with pdfplumber.open(write_document(doc, tmp_path / "fold.pdf")) as pdf:
        chars = pdf.pages[0].chars
    fronts = [c for c in chars if c["text"] == "C" and c["size"] > 5]
    backs = [c for c in chars if c["text"] == "B" and c["size"] > 5]
    assert len(fronts) == len(backs) == 2
    assert all(c["matrix"][0] > 0 for c in fronts)
    assert all(c["matrix"][0] < 0 and c["matrix"][3] < 0 for c in backs)


def two_tone(name: str, top: tuple[float, float, float], bottom: tuple[float, float, float]):
    """A 63 x 88 mm back, one colour above the middle and another below (like 1955's was)."""

    def draw(c) -> None:
        for colour, y in ((bottom, -3), (top, 44)):
            c.setFillColorRGB(*colour)
            c.rect(-3 * mm, y * mm, 69 * mm, 47 * mm, stroke=0, fill=1)

    return FaceArt(key=name, width_mm=63, height_mm=88, bleed_mm=3, draw=draw, label=name)


def test_a_back_of_two_colours_at_its_edges_is_reported_naming_the_deck() -> None:
    blue, red = (0.1, 0.3, 0.6), (0.7, 0.1, 0.1)
    deck = DeckBacks("Agent cards", "agent-back.yaml.j2", (63, 88), (two_tone("b", blue, red),))
    (message,) = check_backs([deck], shared=False)
    assert "'Agent cards'" in message and "agent-back.yaml.j2" in message and "2 mm" in message
    plain = DeckBacks("Agent cards", "agent-back.yaml.j2", (63, 88), (two_tone("p", red, red),))
    assert check_backs([plain], shared=True) == []


def test_decks_sharing_kit_sheets_with_different_edge_colours_are_reported() -> None:
    blue, red = (0.1, 0.3, 0.6), (0.7, 0.1, 0.1)
    decks = [
        DeckBacks("Blue deck", "blue.yaml.j2", (63, 88), (two_tone("bb", blue, blue),)),
        DeckBacks("Red deck", "red.yaml.j2", (63, 88), (two_tone("rr", red, red),)),
    ]
    (message,) = check_backs(decks, shared=True)
    assert "'Blue deck'" in message and "'Red deck'" in message
    assert check_backs(decks, shared=False) == []  # --split: each deck on its own sheets


@pytest.mark.parametrize(
    ("duplex", "preference"), [("short", "/DuplexFlipShortEdge"), ("none", "/Simplex")]
)
def test_the_duplex_preference_follows_the_option(
    tmp_path: Path, duplex: str, preference: str
) -> None:
    reader = PdfReader(kit(tmp_path, "--what", "cards,tokens", "--duplex", duplex))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == preference and prefs["/PrintScaling"] == "/None"
    contents = reader.pages[0].extract_text()
    if duplex == "none":  # fed through twice by hand: all fronts, then all backs
        assert "print the fronts first" in contents
        fronts = [p.extract_text() for p in reader.pages[1:3]]
        assert all("front" in t for t in fronts)
    else:
        assert "flip on the short edge" in contents


def test_the_calibration_sheet_asks_for_actual_size_and_duplex(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["calibrate", "--out", str(tmp_path / "cal.pdf")])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "cal.pdf")
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"
    text = "".join(p.extract_text() for p in reader.pages)
    assert "pnp build GAME --paper a4 --duplex long --back-offset X,Y" in text
    assert "Measured back offset" in text


def test_a_large_deck_is_one_contents_line_and_its_lower_bound_holds(tmp_path: Path) -> None:
    """500 cards on Letter: 55 full sheets listed as one line, read at the contents' own
    size; the area lower bound printed is no more than the pages the kit takes (counting each
    card's own bleed put it above: neighbours share theirs)."""
    game = Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))
    agents = game / "agents.yaml"
    agents.write_text(agents.read_text().replace("count: 4,", "count: 493,"))  # 500 agents
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["build", str(game), "--what", "cards", "--paper", "letter", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "sixth-game" / "sixth-game-letter.pdf") as pdf:
        pages = len(pdf.pages)
        lines = pdf.pages[0].extract_text().splitlines()
        sizes = {round(c["size"], 1) for c in pdf.pages[0].chars}
    assert pages == 2 + 2 * 56  # contents and its blank back, 55 sheets of 9 and one of 5
    assert "Sheets 1-55 · pages 3-112 · both sides · Agent cards (9)" in lines
    assert "Sheet 56 · pages 113-114 · both sides · Agent cards (5)" in lines
    assert min(sizes) >= 6.0  # nothing shrunk to fit 56 lines (the 50 mm bar's label: 6 pt)
    [report] = [line for line in result.stderr.splitlines() if "area lower bound" in line]
    bound = int(report.split("area lower bound ")[1].split()[0])
    assert bound <= pages - 2


def test_a_kit_of_many_different_sheets_has_contents_pages_enough(tmp_path: Path) -> None:
    """80 decks of 9 cards, a sheet each, all listed: on two contents pages at the contents'
    own size, the sheets' page numbers counted after both."""
    game = Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))
    (game / "chips.yaml").unlink()
    agents = (game / "agents.yaml").read_text().replace("count: 4,", "count: 2,")  # 9 cards
    (game / "agents.yaml").unlink()
    rules = (game / "game.yaml").read_text().replace("deck: agents", "deck: agents00")
    (game / "game.yaml").write_text(rules.replace("equals: 11", "equals: 9"))  # still a deck
    for i in range(80):
        text = agents.replace("id: agents", f"id: agents{i:02}").replace(
            "name: Agent cards", f"name: Agent cards {i:02}"
        )
        (game / f"agents{i:02}.yaml").write_text(re.sub(r"\{id: (\w+),", rf"{{id: \g<1>{i},", text))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(game), "--what", "cards", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "sixth-game-a4.pdf: 162 pages (contents 2 + 160)" in result.stderr
    with pdfplumber.open(out / "sixth-game" / "sixth-game-a4.pdf") as pdf:
        first, second = (pdf.pages[i].extract_text().splitlines() for i in (0, 1))
        sizes = {round(c["size"], 1) for page in pdf.pages[:2] for c in page.chars}
        assert "Agent cards 79 (9)" in pdf.pages[161].extract_text()  # the last sheet's back
    assert "Print the whole file double-sided, flip on the long edge" in " ".join(first)
    assert "Sheet 1 · pages 3-4 · both sides · Agent cards 00 (9)" in first
    assert "Sheet 80 · pages 161-162 · both sides · Agent cards 79 (9)" in second
    assert second[-1].endswith("contents · page 2 of 2") and "(continued)" in second[0]
    assert min(sizes) >= 6.0
