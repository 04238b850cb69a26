"""`pnp build --all` (the five games' print kits and rulebooks) writes the same bytes however
the work is shared out: in one process, and with games, sets and rulebooks in worker
processes (a game's rulebooks set in a child while its print kit is written); and a pinned
SOURCE_DATE_EPOCH is the date inside every file. The one-process build is the session's shared
products (tests/products.py: kits and books built in the test process, each game dated by its
newest input as the build in workers it is compared with)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.catalog.games import builtin_ids, resolve_game
from pnp.catalog.languages import languages
from pnp.cli import main

EPOCH = "1700000000"  # 2023-11-14 22:13:20 UTC


def build_all(out: Path, jobs: str, *options: str, epoch: bool = True) -> dict[str, str]:
    """Every PDF the build wrote: its path under `out` -> its SHA-256."""
    return build(out, jobs, "--all", *options, epoch=epoch)[0]


def build(out: Path, jobs: str, *args: str, epoch: bool = True) -> tuple[dict[str, str], str, str]:
    """(path under `out` -> SHA-256 of every PDF written, stdout, stderr); dated EPOCH unless
    `epoch` is False (each game by its newest input)."""
    env = {"PNP_JOBS": jobs, **({"SOURCE_DATE_EPOCH": EPOCH} if epoch else {})}
    args = ("build", *args, "--out", str(out))
    result = CliRunner().invoke(main, args, env=env)
    assert result.exit_code == 0, result.output
    printed = result.stdout.replace(str(out), "OUT"), result.stderr.replace(str(out), "OUT")
    return digests(out), *printed


def digests(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*.pdf"))
    }


@pytest.fixture(scope="module")
def one_process(products, builtin_kits) -> dict[str, str]:
    """What `pnp build --all` writes in one process: the session's shared products (built in
    this process with the same date, tests/products.py): each game's print kit, its kits in its
    other languages (`pnp build <game> --lang <code>`), and the books of its own edition in
    every language (`<game>-rulebook...`: another edition's book is `<game>-<edition>-rulebook...`).
    That a book is the same bytes built with its kit or alone is tested below."""
    made = digests(builtin_kits.folder("a4"))
    for game in builtin_ids():
        for code in languages(resolve_game(game))[1:]:
            kits = digests(products.build(game, "--lang", code))
            made |= {name: digest for name, digest in kits.items() if "-rulebook" not in name}
    for name, digest in digests(products.books()).items():
        game, file = name.split("/")
        if file.startswith(f"{game}-rulebook"):
            made[name] = digest
    return made


@pytest.fixture(scope="module")
def in_workers(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    out = tmp_path_factory.mktemp("workers") / "out"
    return out, build_all(out, "2", epoch=False)  # dated as the products are


def test_every_game_s_kit_and_rulebooks_are_the_same_bytes_in_workers(
    one_process: dict[str, str], in_workers: tuple[Path, dict[str, str]]
) -> None:
    serial, (_, parallel) = one_process, in_workers
    games = {name.split("/")[0] for name in serial}
    assert games == set(builtin_ids())
    assert sum("-rulebook" in name for name in serial) >= len(games)  # a book each, or more
    assert parallel.keys() == serial.keys()
    assert [name for name in serial if parallel[name] != serial[name]] == []


@pytest.fixture(scope="module")
def spy_royale(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, tuple]]:
    """Spy Royale (a kit and a book in each of two languages) built dated EPOCH in one process
    ("1") and in workers ("2"): jobs -> (the output folder, what `build` returned)."""
    built = {}
    for jobs in ("1", "2"):
        out = tmp_path_factory.mktemp(f"spy-royale-{jobs}") / "out"
        built[jobs] = out, build(out, jobs, "spy-royale")
    return built


def test_a_game_s_rulebooks_set_beside_its_kit_are_the_bytes_and_lines_of_one_process(
    spy_royale: dict[str, tuple[Path, tuple]],
) -> None:
    one, two = spy_royale["1"][1], spy_royale["2"][1]
    written = [  # each language's kit, then its book
        "spy-royale-a4.pdf", "spy-royale-rulebook-a4.pdf",
        "spy-royale-ja-a4.pdf", "spy-royale-rulebook-ja-a4.pdf",
    ]  # fmt: skip
    assert sorted(name.split("/")[-1] for name in one[0]) == sorted(written)
    assert one[1].splitlines() == [f"OUT/spy-royale/{name}" for name in written]  # as written
    assert two == one


def test_source_date_epoch_is_the_date_in_every_file(
    spy_royale: dict[str, tuple[Path, tuple]], tmp_path: Path
) -> None:
    """Every game's cards and aids built in workers, and Spy Royale's kits and books in both
    languages built in one process and in workers, carry the pinned date."""
    cards = build_all(tmp_path, "2", "--what", "cards,aids")
    written = [tmp_path / name for name in cards]
    written += [out / name for out, built in spy_royale.values() for name in built[0]]
    assert len({path.parts[-2] for path in written}) == len(builtin_ids())
    for path in written:
        assert b"/CreationDate (D:20231114221320" in path.read_bytes(), path


def test_a_book_built_alone_is_the_bytes_of_the_one_built_with_every_other(
    products, tmp_path: Path
) -> None:
    """The tests read every book from one build of them all (tests/products.py `books`): a
    game's books built alone, in each language and in another edition, are those bytes."""
    out = tmp_path / "alone"
    for args in (["spy-royale"], ["espionage-card-game", "--edition", "pnp"]):
        args = ["build", *args, "--what", "rulebook", "--out", str(out)]
        result = CliRunner().invoke(main, args, env={"PNP_JOBS": "1"})
        assert result.exit_code == 0, result.output
    together = products.books()
    alone = sorted(p.relative_to(out) for p in out.rglob("*.pdf"))
    assert len(alone) == 3, alone  # Spy Royale's two languages, the card game's edition
    for name in alone:
        assert (out / name).read_bytes() == (together / name).read_bytes(), name
