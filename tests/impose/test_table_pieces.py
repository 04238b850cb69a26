"""Boards, trackers, tokens and aids of the built-in games, measured from the built PDFs."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from impose_faces import tick_circles
from test_tiling import assemble

from pnp.catalog.games import resolve_game
from pnp.impose.cut_guides import CLEAR_MM
from pnp.pipeline import BuildOptions, build_game

INCH = 25.4
MM = 72 / 25.4


def build_products(
    tmp_path: Path, game_id: str, products: tuple[str, ...], paper: str = "a4"
) -> dict:
    game = resolve_game(game_id)
    options = BuildOptions(products=products, paper=paper, out_dir=tmp_path, split=True)
    paths = build_game(game, options)
    return {p.name: p for p in paths}


def page_text(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return "\n".join(page.extract_text() or "" for page in doc.pages)


def cut_circles(page) -> list[tuple[float, float, float]]:
    """(cx, cy, diameter) in mm from the top-left of the round pieces' cuts, found from the
    eight ticks aimed at each."""
    height = page.height / MM
    return [(x, height - y, 2 * (r - CLEAR_MM)) for x, y, r in tick_circles(page)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_1955_board_assembles_to_7_5_by_15_inches(tmp_path: Path, paper: str) -> None:
    pdfs = build_products(tmp_path, "1955-war-of-espionage", ("boards",), paper)
    (pdf,) = pdfs.values()
    width, height, _tiles = assemble(pdf)
    assert sorted([width, height]) == pytest.approx([7.5 * INCH, 15 * INCH], abs=0.5)


def test_1955_board_names_every_country_on_both_sides(tmp_path: Path) -> None:
    pdfs = build_products(tmp_path, "1955-war-of-espionage", ("boards",))
    text = page_text(next(iter(pdfs.values()))).upper()
    game = resolve_game("1955-war-of-espionage")
    for row in game.tables["countries"].rows:
        assert text.count(row["name"].upper()) >= 2, row["name"]  # Basic and Shortened sides


def test_caledonian_tracker_names_every_nation(tmp_path: Path) -> None:
    pdfs = build_products(tmp_path, "espionage-caledonian", ("boards",))
    text = page_text(next(iter(pdfs.values())))
    game = resolve_game("espionage-caledonian")
    for row in game.tables["nations"].rows:
        assert row["code"] in text or row["name"] in text, row["code"]


def test_spy_royale_chip_counts_by_value_match_the_catalog(tmp_path: Path) -> None:
    pdfs = build_products(tmp_path, "spy-royale", ("tokens",))
    game = resolve_game("spy-royale")
    expected = Counter()
    for c in game.sets["chip"].components:
        expected[str(c.fields["value"])] += c.count
    diameter = game.sets["chip"].size.width_mm
    found = Counter()
    with pdfplumber.open(next(iter(pdfs.values()))) as doc:
        for page in doc.pages[::2]:  # fronts; backs follow each front
            words = page.extract_words(extra_attrs=["size"])
            for cx, cy, d in cut_circles(page):
                if abs(d - diameter) > 0.3:
                    continue
                inside = [
                    w
                    for w in words
                    if math.hypot(
                        (w["x0"] + w["x1"]) / 2 / MM - cx, (w["top"] + w["bottom"]) / 2 / MM - cy
                    )
                    < d / 2
                ]
                value = max(inside, key=lambda w: w["size"])["text"]
                found[value] += 1
    assert found == expected


def token_backgrounds(page, diameters: set[float]) -> list[tuple[float, float, float, str]]:
    """(cx, cy, d, colour) of filled discs as wide as a token plus its bleed: one per placed face.

    Chips show the same colour on both faces, so the colour ties a back to its front.
    """
    found = []
    for curve in page.curves:
        w, h = (curve["x1"] - curve["x0"]) / MM, (curve["bottom"] - curve["top"]) / MM
        if curve.get("fill") and abs(w - h) < 0.2 and any(abs(w - d) < 0.2 for d in diameters):
            cx = round((curve["x0"] + curve["x1"]) / 2 / MM, 1)
            cy = round((curve["top"] + curve["bottom"]) / 2 / MM, 1)
            found.append((cx, cy, round(w, 1), str(curve.get("non_stroking_color"))))
    return sorted(found)


def test_two_sided_chips_line_up_for_long_edge_duplex(tmp_path: Path) -> None:
    game = resolve_game("spy-royale")
    bleed = 3.0
    two_sided = [game.sets["chip"]]
    diameters = {s.size.width_mm + 2 * bleed for s in two_sided}
    pdfs = build_products(tmp_path, "spy-royale", ("tokens",))
    placed = 0
    with pdfplumber.open(next(iter(pdfs.values()))) as doc:
        width = doc.pages[0].width / MM
        for front, back in zip(doc.pages[::2], doc.pages[1::2], strict=True):
            fronts = token_backgrounds(front, diameters)
            mirrored = sorted((round(width - cx, 1), cy, d, c) for cx, cy, d, c in fronts)
            assert token_backgrounds(back, diameters) == mirrored
            placed += len(fronts)
    assert placed == 80


@pytest.mark.parametrize(
    ("game_id", "products"),
    [
        ("1955-war-of-espionage", ("tokens", "aids")),
        ("espionage-caledonian", ("tokens", "aids")),
        ("axis-allies-espionage", ("tokens", "aids")),
        ("espionage-card-game", ("aids",)),
        ("spy-royale", ("aids",)),
    ],
)
def test_every_product_builds_one_pdf_each(
    tmp_path: Path, game_id: str, products: tuple[str, ...]
) -> None:
    pdfs = build_products(tmp_path, game_id, products)
    assert sorted(pdfs) == sorted(f"{game_id}-{p}-a4.pdf" for p in products)
    title = resolve_game(game_id).title
    for pdf in pdfs.values():
        with pdfplumber.open(pdf) as doc:
            assert len(doc.pages) >= 1
            # every sheet carries its game's title in the sheet label
            assert all(title in (page.extract_text() or "") for page in doc.pages[::2])
