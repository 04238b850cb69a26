"""A kit built in another language (`--lang ja`) speaks it on its builder's page and on every
sheet label, as read from the PDF; the words come from pnp/data/kit_words.yaml."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from tests.cli_in import run

LATIN_SHARE = 0.05  # at most this share of the letters may be Latin (units such as "mm")


def _latin_share(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    return sum(c.isascii() for c in letters) / max(1, len(letters))


@pytest.fixture(scope="module")
def ja_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ja")
    what = "cards,boards,tokens,aids"
    result = run("build", "spy-royale", "--lang", "ja", "--what", what, "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / "spy-royale" / "spy-royale-ja-a4.pdf"


def test_builders_page_is_japanese(ja_kit: Path) -> None:
    with pdfplumber.open(ja_kit) as pdf:
        text = pdf.pages[0].extract_text()
    assert "スパイロワイヤル" in text and "シート一覧" in text
    assert _latin_share(text) <= LATIN_SHARE, text


def test_sheet_labels_are_japanese(ja_kit: Path) -> None:
    """Every sheet's label line (the bottom line, where the game's title starts it) and every
    blank back's."""
    labels = []
    with pdfplumber.open(ja_kit) as pdf:
        for page in pdf.pages[1:]:
            lines = page.extract_text().splitlines()
            labels += [ln for ln in lines if "スパイロワイヤル ·" in ln or "白紙" in ln]
    assert len(labels) >= len(pdf.pages) - 1
    assert all("シート" in ln or "目次" in ln for ln in labels), labels
    assert _latin_share(" ".join(labels)) <= LATIN_SHARE, labels
