"""Helpers shared by the tests that read a drawn face back with pdfplumber, and the Hypothesis
profiles: `ci` (derandomized, so a CI run is repeatable) is loaded when the environment variable
CI is set, as CI services do (`CI=true`); HYPOTHESIS_PROFILE picks a profile by name."""

import io
import json
import logging
import os
import signal
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import settings

from pnp.draw.face import FaceArt, face_pdf
from pnp.pipeline import buildstore
from pnp.rulebook.document import RulebookDoc

# A suite started in the background (`pytest &`, nohup, some CI runners) has SIGINT ignored, and
# an ignored signal stays ignored in every process it starts: the tests that stop a watch or a
# build with Ctrl-C would then wait for a child that cannot hear it. A handled signal is reset
# to the default in a child, so the workers and their children get Python's Ctrl-C back.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Tests that set max_examples themselves keep their own number; derandomize and the rest apply.
settings.register_profile(
    "ci", derandomize=True, max_examples=100, deadline=None, database=None, print_blob=True
)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
elif os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
    settings.load_profile("ci")


# The test files that take longest, longest first. pytest-xdist hands each file to one worker
# (--dist=loadfile) in the order collected (--no-loadscope-reorder): a long file started last
# keeps its worker busy after the other has finished, so these start first and the many short
# files fill in around them. Only the order changes; a file missing here runs after them.
FIRST = (  # from the 120 slowest tests of a 2-worker run at 04dd279
    "draw/test_design_caledonian.py",
    "rulebook/test_rulebook_excerpts.py",
    "balance/test_balance_caledonian.py",
    "rulebook/test_rulebook_pages.py",
    "rulebook/test_rulebook_pages_layouts.py",  # every book on Letter and as a booklet
    "draw/test_cut_safety.py",
    "pipeline/test_build_identical.py",
    "impose/test_kit.py",
    "rulebook/test_spy_royale_ja.py",
    "balance/test_balance_espionage_card_game.py",
    "impose/test_kit_gutters.py",
    "rulebook/test_rulebook_figures.py",
)


@pytest.fixture(autouse=True)
def _builds_not_kept(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build in this process builds: a test that patches pnp's code in memory is not handed
    the files a build of the same inputs kept (pnp.pipeline.buildstore keys them on pnp's files,
    not on what a test patched). The store's own tests ask for `kept_builds`."""
    if "kept_builds" not in request.fixturenames:
        monkeypatch.setattr(buildstore, "KEEP", False)


@pytest.fixture
def kept_builds() -> None:
    """Builds in this process keep their files and take those kept (the default outside tests)."""


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per layout pass of a book built in this process (PNP_JOBS=1: no worker lays
    a book out where this cannot count it)."""
    monkeypatch.setenv("PNP_JOBS", "1")
    counted: list[int] = []
    build = RulebookDoc.build

    def counting(self: RulebookDoc, *args: object, **kwargs: object) -> None:
        counted.append(1)
        build(self, *args, **kwargs)

    monkeypatch.setattr(RulebookDoc, "build", counting)
    return counted


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {str(Path(__file__).parent / name): i for i, name in enumerate(FIRST)}
    items.sort(key=lambda item: rank.get(str(item.path), len(FIRST)))


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
def builtin_kits(products):
    """`builtin_kits("a4")` -> {game id: its print kit PDF} for the five built-in games (cards,
    boards, tokens and aids: no rulebooks), built once per test session on first use;
    `builtin_kits.said("a4")` -> what that build said: {"report": its report lines, "back
    warnings": the back check's messages} (tests/test_kit.py reads them)."""
    from pnp.catalog.games import builtin_ids

    class Kits:
        def __call__(self, paper: str) -> dict:
            out = self.folder(paper)
            return {game: out / game / f"{game}-{paper}.pdf" for game in builtin_ids()}

        def said(self, paper: str) -> dict:
            return json.loads((self.folder(paper) / "said.json").read_text(encoding="utf-8"))

        def folder(self, paper: str) -> Path:
            """The folder the kits on `paper` were built into (each game's in `<game>/`)."""
            return products.made(("builtin-kits", paper), lambda out: _build_kits(paper, out))

    return Kits()


def _build_kits(paper: str, out: Path) -> None:
    """The five games' kits on `paper` into `out`, with the report lines and the back check's
    warnings (replayed here from the workers that built them) in `out/said.json`."""
    from products import ONE_PROCESS

    from pnp.catalog.games import builtin_ids, resolve_game
    from pnp.pipeline import BuildOptions, build_games

    games = [resolve_game(g) for g in builtin_ids()]
    lines: list[str] = []
    warnings: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = warnings.append  # type: ignore[method-assign]
    logging.getLogger("pnp.backs").addHandler(handler)
    try:
        options = BuildOptions(products=("cards", "boards", "tokens", "aids"), paper=paper,
                               out_dir=out)  # fmt: skip
        with pytest.MonkeyPatch.context() as patch:  # in this process (tests/products.py)
            for name, value in ONE_PROCESS.items():
                patch.setenv(name, value)
            build_games(games, options, report=lines.append)
    finally:
        logging.getLogger("pnp.backs").removeHandler(handler)
    said = {"report": lines, "back warnings": [r.getMessage() for r in warnings]}
    (out / "said.json").write_text(json.dumps(said), encoding="utf-8")
