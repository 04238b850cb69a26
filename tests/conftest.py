"""Helpers shared by the tests that read a drawn face back with pdfplumber, and the Hypothesis
profiles: `ci` (derandomized, so a CI run is repeatable) is loaded when the environment variable
CI is set, as CI services do (`CI=true`); HYPOTHESIS_PROFILE picks a profile by name."""

import io
import os

import pdfplumber
import pytest
from hypothesis import settings

from pnp.draw.face import FaceArt, face_pdf

# Tests that set max_examples themselves keep their own number; derandomize and the rest apply.
settings.register_profile(
    "ci", derandomize=True, max_examples=100, deadline=None, database=None, print_blob=True
)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
elif os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
    settings.load_profile("ci")


def page_of(art: FaceArt):
    """The face drawn alone on a page of its size with bleed, opened with pdfplumber."""
    return pdfplumber.open(io.BytesIO(face_pdf(art))).pages[0]


@pytest.fixture(scope="session")
def run_pnp():
    """`run_pnp("build", "game", cwd=tmp_path)`: pnp run as a user runs it, limited to 1 GB and
    10 s, in a child of a warm server (see tests/hostile.py)."""
    from hostile import Pnp

    server = Pnp()
    yield server
    server.close()


@pytest.fixture(scope="session")
def products(tmp_path_factory):
    """`products.build("spy-royale", "--what", "rulebook")` -> the folder `pnp build` wrote
    into; `products.rulebook(game)` -> a game's A4 rulebook. Each command line is built once per
    test session, whichever worker asks first (see tests/products.py): read them, never write."""
    from products import Products, shared_root

    return Products(shared_root(tmp_path_factory))


@pytest.fixture(scope="session")
def builtin_kits(tmp_path_factory):
    """`builtin_kits("a4")` -> {game id: its print kit PDF} for the five built-in games (cards,
    boards, tokens and aids: no rulebooks), built once per test session and worker on first
    use."""
    from pnp.catalog.games import builtin_ids, resolve_game
    from pnp.pipeline import BuildOptions, build_games

    built: dict[str, dict] = {}

    def get(paper: str) -> dict:
        if paper not in built:
            out = tmp_path_factory.mktemp(f"builtin-kits-{paper}")
            games = [resolve_game(g) for g in builtin_ids()]
            products = ("cards", "boards", "tokens", "aids")
            paths = build_games(games, BuildOptions(products=products, paper=paper, out_dir=out))
            built[paper] = {p.parent.name: p for p in paths}
        return built[paper]

    return get
