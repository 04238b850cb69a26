"""`pnp build` end to end on a sixth game that lives outside the package (data + templates only)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from impose_faces import margin_lines, trim_intervals

from pnp.cli import main

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
COUNTS = {"Mole": 4, "Courier": 3, "Handler": 2, "Sleeper": 2}
MM = 72 / 25.4


def build(*args: str) -> CliRunner:
    return CliRunner().invoke(main, ["build", *args])


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A private copy, so a test may break it."""
    return Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))


def card_names_on_fronts(pdf: Path) -> Counter:
    names: Counter = Counter()
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            words = page.extract_words()
            if any(w["text"] == "front" for w in words):
                names.update(w["text"] for w in words if w["text"] in COUNTS)
    return names


def test_build_writes_one_print_kit_named_by_game_and_paper(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = build(str(game), "--what", "cards,tokens", "--paper", "letter", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (out / "sixth-game").iterdir()) == ["sixth-game-letter.pdf"]
    # off a terminal there is no progress bar: only the paths written
    assert result.stdout.splitlines() == [str(out / "sixth-game" / "sixth-game-letter.pdf")]
    # and, on stderr, the pages against what the pieces' area needs at least
    assert "sixth-game-letter.pdf:" in result.stderr and "area lower bound" in result.stderr


def test_split_writes_one_pdf_per_deck_named_by_deck_and_paper(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = build(str(game), "--split", "--paper", "letter", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (out / "sixth-game").iterdir()) == [
        "sixth-game-agents-letter.pdf",
        "sixth-game-rulebook-letter.pdf",
        "sixth-game-tokens-letter.pdf",
    ]


def test_each_card_name_appears_as_often_as_its_count(game: Path, tmp_path: Path) -> None:
    result = build(str(game), "--what", "cards", "--split", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert card_names_on_fronts(tmp_path / "sixth-game" / "sixth-game-agents-a4.pdf") == COUNTS


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_frame_a_poker_card(game: Path, tmp_path: Path, paper: str) -> None:
    assert (
        build(
            str(game), "--what", "cards", "--split", "--paper", paper, "--out", str(tmp_path)
        ).exit_code
        == 0
    )
    with pdfplumber.open(tmp_path / "sixth-game" / f"sixth-game-agents-{paper}.pdf") as doc:
        page = doc.pages[0]
        W, H = page.width / MM, page.height / MM
        # the trim lines the crop marks continue, in mm (in the bleed where the margin is short)
        xs, ys = margin_lines(page, inset_mm=3)
    # 3 x 3 cards of 63 x 88 mm between the marks (gutters between them where there is room)
    assert trim_intervals(xs, 63, 3) == 3 and trim_intervals(ys, 88, 3) == 3
    # centred across, and down in the room above the label's 4 mm strip (A4 has room for it)
    footer = 4 if paper == "a4" else 0
    assert abs((xs[0] + xs[-1]) / 2 - W / 2) <= 0.05
    assert abs((ys[0] + ys[-1]) / 2 - (H + footer) / 2) <= 0.05


def test_duplex_interleaves_and_none_puts_fronts_first(game: Path, tmp_path: Path) -> None:
    def faces(duplex: str) -> list[str]:
        out = tmp_path / duplex
        assert (
            build(
                str(game), "--what", "cards", "--split", "--duplex", duplex, "--out", str(out)
            ).exit_code
            == 0
        )
        with pdfplumber.open(out / "sixth-game" / "sixth-game-agents-a4.pdf") as doc:
            return [
                "back" if "AGENT CARDS" in (p.extract_text() or "") else "front" for p in doc.pages
            ]

    assert faces("long") == ["front", "back", "front", "back"]
    assert faces("none") == ["front", "front", "back", "back"]


def test_two_builds_are_byte_identical(game: Path, tmp_path: Path) -> None:
    for run in ("a", "b"):
        assert build(str(game), "--out", str(tmp_path / run)).exit_code == 0
        assert build(str(game), "--split", "--out", str(tmp_path / run)).exit_code == 0
    for name in ("sixth-game-a4.pdf", "sixth-game-agents-a4.pdf", "sixth-game-tokens-a4.pdf"):
        a = (tmp_path / "a" / "sixth-game" / name).read_bytes()
        b = (tmp_path / "b" / "sixth-game" / name).read_bytes()
        assert a == b, name


def test_tokens_are_packed_with_counts_by_value(game: Path, tmp_path: Path) -> None:
    assert build(str(game), "--what", "tokens", "--split", "--out", str(tmp_path)).exit_code == 0
    with pdfplumber.open(tmp_path / "sixth-game" / "sixth-game-tokens-a4.pdf") as doc:
        words = Counter(
            w["text"] for w in doc.pages[0].extract_words(extra_attrs=["size"]) if w["size"] > 12
        )  # the chip values are 14 pt; the sheet label is small
    assert (words["1"], words["5"]) == (7, 3)


def test_too_long_text_fails_naming_the_card_and_leaves_no_pdf(game: Path, tmp_path: Path) -> None:
    cards = game / "agents.yaml"
    cards.write_text(cards.read_text().replace("Draw two cards.", "Draw two cards. " * 80))
    out = tmp_path / "out"
    result = build(str(game), "--what", "cards", "--out", str(out))
    assert result.exit_code == 2
    assert "Courier (courier)" in result.output and "agent-front.yaml.j2" in result.output
    assert "Traceback" not in result.output
    assert list(out.rglob("*.pdf*")) == []


def test_missing_field_names_template_and_line(game: Path, tmp_path: Path) -> None:
    template = game / "templates" / "agent-front.yaml.j2"
    template.write_text(template.read_text().replace("card.value", "card.cost"))
    result = build(str(game), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "agent-front.yaml.j2:4" in result.output and "'cost'" in result.output


def test_missing_glyph_fails_naming_the_card(game: Path, tmp_path: Path) -> None:
    cards = game / "agents.yaml"
    cards.write_text(cards.read_text().replace("Draw two cards.", "Draw two cards \U0001f600"))
    result = build(str(game), "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "Courier" in result.output and "U+1F600" in result.output


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--what", "crads"], ["crads", "did you mean", "cards"]),
        (["--paper", "a9000"], ["a9000", "paper"]),
        (["--back-offset", "1;2"], ["1;2", "X,Y"]),
        (["--back-offset", "25,0"], ["25,0", "20"]),
        (["--duplex", "sideways"], ["sideways", "long", "short", "none"]),
        (["--bleed", "-1"], ["-1", "bleed"]),
        (["--bleed", "25"], ["25", "20"]),
    ],
)
def test_bad_options_exit_2_naming_the_value_and_write_nothing(
    game: Path, tmp_path: Path, args: list[str], expected: list[str]
) -> None:
    out = tmp_path / "out"
    result = build(str(game), *args, "--out", str(out))
    assert result.exit_code == 2
    for text in expected:
        assert text in result.output, (text, result.output)
    assert "Traceback" not in result.output
    assert not out.exists() or [p for p in out.rglob("*") if p.is_file()] == []


def test_build_needs_a_game_or_all() -> None:
    result = build()
    assert result.exit_code == 2 and "--all" in result.output


def test_translucent_shapes_stay_translucent_on_the_sheet(game: Path, tmp_path: Path) -> None:
    """Faces are placed as reusable forms; their opacity must survive that."""
    import pypdfium2 as pdfium

    template = game / "templates" / "agent-front.yaml.j2"
    veil = "- rect: {x: 0, y: 0, w: {{ trim.w }}, h: {{ trim.h }}, fill: '#000000', opacity: 0.5}\n"
    template.write_text(
        "- rect: {x: 0, y: 0, w: {{ trim.w }}, h: {{ trim.h }}, fill: '#ffffff', bleed: true}\n"
        + veil
    )
    assert build(str(game), "--what", "cards", "--split", "--out", str(tmp_path)).exit_code == 0
    page = pdfium.PdfDocument(tmp_path / "sixth-game" / "sixth-game-agents-a4.pdf")[0]
    image = page.render(scale=1).to_pil().convert("L")
    centre = image.getpixel(
        (image.width // 2, image.height // 2)
    )  # the middle card of the 3 x 3 grid
    assert 100 < centre < 160, centre  # half-black over white, not solid black


def test_gutterfold_prints_two_sided_tokens_as_fold_strips(game: Path, tmp_path: Path) -> None:
    result = build(str(game), "--what", "tokens", "--split", "--gutterfold", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "sixth-game" / "sixth-game-tokens-a4.pdf") as doc:
        assert len(doc.pages) == 1  # no back pages: each token's back sits beside its front
        page = doc.pages[0]
        values = Counter(
            w["text"] for w in page.extract_words(extra_attrs=["size"]) if w["size"] > 12
        )
        folds = [line for line in page.lines if line.get("dash")]
    assert (values["1"], values["5"]) == (14, 6)  # front and back of 7 + 3 chips
    assert len(folds) == 10
