"""Benchmark: `pnp studio` from a file save to the updated face in the page. Run by hand; needs
Playwright and Debian's chromium (/usr/bin/chromium).

    python bench/bench_studio.py [GAME ...]        (default: every built-in game and a
                                                    1,000-card deck)

For each game, a copy is served and opened in headless chromium; then, EDITS times over, one
card's name is changed in its set file (a one-card change) and the clock runs until that face's
new picture has loaded in the page (no reload). A template edit (every face of one template
changes) is timed the same way, to the opened card's gallery picture. Prints the median and
worst save-to-face seconds against the 1 s target, and for the 1,000-card deck how long from
the command's start until the gallery lists every card and shows its first pictures (target 2 s).
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from pnp.catalog.games import builtin_ids, resolve_game  # noqa: E402
from pnp.studio.book import FaceBook  # noqa: E402
from tests.studio_server import CHROMIUM, ROOT, copy_builtin, sheet_game, studio  # noqa: E402

EDITS = 10  # the studio issue asks for the worst of 10 saves
TARGET_S, GALLERY_TARGET_S = 1.0, 2.0
BIG = "1000-card-deck"
HUGE = "10000-card-game"
HUGE_CARDS = 10_000
WAIT_MS = 120_000


def big_deck(dest: Path) -> Path:
    """The test fixtures' sixth game with 1,000 distinct agent cards."""
    import shutil

    shutil.copytree(ROOT / "tests" / "fixtures" / "build" / "sixth-game", dest)
    agents = dest / "agents.yaml"
    head = agents.read_text("utf-8").split("components:")[0]
    rows = [
        f"  - {{id: agent-{i}, name: Agent {i}, count: 1, source: original, value: {i % 9}, "
        f"text: Look at {i % 7 + 1} cards in a rival's hand.}}"
        for i in range(1000)
    ]
    agents.write_text(head + "components:\n" + "\n".join(rows) + "\n", "utf-8")
    game = dest / "game.yaml"
    game.write_text(game.read_text("utf-8").replace("equals: 11", "equals: 1000"), "utf-8")
    return dest


def one_card(folder: Path) -> tuple[Path, str, str]:
    """(set file, a component's id, its set id) to edit: in the largest sets first, the first
    component whose front changes when its name does (tried on a scratch copy)."""
    import shutil

    scratch = folder.parent / f"{folder.name}-scratch"
    shutil.copytree(folder, scratch)
    book = FaceBook(str(scratch))
    book.refresh()
    game = book.snapshot.game
    assert game is not None, book.snapshot.problem
    for s in sorted(game.sets.values(), key=lambda s: -len(s.components)):
        for c in [c for c in s.components if c.count][:3]:
            path = scratch / Path(c.origin.file).name
            before = path.read_text("utf-8")
            rename(path, c.id, 0)
            changed = book.refresh()
            path.write_text(before, "utf-8")
            book.refresh()
            if f"{s.id}/{c.id}/front" in changed:
                shutil.rmtree(scratch)
                return folder / path.name, c.id, s.id
    raise SystemExit(f"{folder.name}: no card's front changes with its name")


def rename(path: Path, cid: str, n: int) -> None:
    """The component `cid`'s name with a changed last letter (a save from an editor)."""
    text = path.read_text("utf-8")
    at = text.index(f"id: {cid}")
    found = re.compile(r"name: ([^,\n}]+)").search(text, at)
    assert found
    name = found.group(1).strip().strip("'\"")
    new = name[:-1] + "xyz"[n % 3]
    path.write_text(text[: found.start(1)] + repr(new) + text[found.end(1) :], "utf-8")


def wait_new_face(page: Any, ident: str, old: str) -> None:
    page.wait_for_function(
        "([id, old]) => { const f = document.querySelector(`.tile[data-id=\"${id}\"]`);"
        " const i = f && f.querySelector('img');"
        " return f && f.dataset.key !== old && i.complete && i.naturalWidth > 0"
        " && i.src.includes(f.dataset.key); }",
        arg=[ident, old], polling="raf", timeout=WAIT_MS,
    )  # fmt: skip


def key_of(page: Any, ident: str) -> str:
    key: str = page.get_attribute(f'.tile[data-id="{ident}"]', "data-key")
    return key


def sheet_card(folder: Path) -> tuple[Callable[[int], None], str, str]:
    """The huge game's first card, edited in its sheet: its cost (its name is its id)."""
    game = resolve_game(str(folder))
    first = game.sets["cards"].components[0]

    def edit(n: int) -> None:
        sheet = folder / "cards.csv"
        lines = sheet.read_text("utf-8").split("\n")
        cells = lines[1].split(",")
        cells[3] = str(n % 9 + 1 if cells[3] != str(n % 9 + 1) else n % 9 + 2)
        lines[1] = ",".join(cells)
        sheet.write_text("\n".join(lines), "utf-8")

    return edit, first.id, "cards"


def measure(name: str, folder: Path, browser: Any) -> None:
    if name == HUGE:
        edit, cid, set_id = sheet_card(folder)
    else:
        set_file, cid, set_id = one_card(folder)
        edit = partial(rename, set_file, cid)
    ident = f"{set_id}/{cid}/front"
    start = time.perf_counter()
    with studio(folder) as run:
        page = browser.new_page(viewport={"width": 1400, "height": 900}, bypass_csp=True)
        page.goto(run.url)
        page.wait_for_function("() => document.querySelectorAll('.tile').length > 0 && "
                               "[...document.querySelectorAll('.tile img')].slice(0, 8).every("
                               "i => i.complete && i.naturalWidth > 0)", timeout=WAIT_MS,
                               polling="raf")  # fmt: skip
        gallery = time.perf_counter() - start
        tiles = int(page.evaluate("document.body.dataset.faces"))
        if name != HUGE:  # the huge game is edited while its other faces are laid out
            page.wait_for_function("() => !document.getElementById('status').classList"
                                   ".contains('busy')", timeout=WAIT_MS)  # fmt: skip
        page.wait_for_function("id => document.querySelector(`.tile[data-id=\"${id}\"]`)"
                               "?.dataset.key", arg=ident, timeout=WAIT_MS)  # fmt: skip
        page.locator(f'.tile[data-id="{ident}"]').scroll_into_view_if_needed()
        times = []
        for n in range(EDITS):
            old = key_of(page, ident)
            time.sleep(0.3)
            t0 = time.perf_counter()
            edit(n)
            wait_new_face(page, ident, old)
            times.append(time.perf_counter() - t0)
        template = _front_template(folder, set_id)
        saves = []  # every face of the template changes: the worst of EDITS saves
        for n in range(EDITS):
            old = key_of(page, ident)
            time.sleep(0.3)
            t0 = time.perf_counter()
            add_rect(template, n)
            wait_new_face(page, ident, old)
            saves.append(time.perf_counter() - t0)
        whole = max(saves)
        page.close()
    if "-v" in sys.argv:
        print(name, [round(t, 2) for t in times])
    med, worst = statistics.median(times), max(times)
    ok = "ok" if worst <= TARGET_S else "OVER"
    print(f"{name:<26}{tiles:>6}{med:>9.2f}{worst:>8.2f}{worst / TARGET_S:>8.2f}x {ok:<5}"
          f"{whole:>10.2f}{gallery:>10.2f}")  # fmt: skip


def add_rect(template: Path, n: int) -> None:
    """A small rectangle more on every face of `template` (inside its last block when it
    extends another: text outside a child template's blocks is not drawn)."""
    text = template.read_text("utf-8")
    rect = f"\n# edit {n}\n- rect: {{x: 1, y: 1, w: 0.5, h: {0.5 + n / 100}, fill: '#000000'}}\n"
    at = text.rfind("{% endblock") if "{% extends" in text else -1
    template.write_text(text + rect if at < 0 else text[:at] + rect + text[at:], "utf-8")


def _front_template(folder: Path, set_id: str) -> Path:
    game = resolve_game(str(folder))
    return game.templates_dir / str(game.sets[set_id].front)


def main(argv: list[str]) -> None:
    if CHROMIUM is None:
        sys.exit("bench_studio: no chromium at /usr/bin/chromium")
    if {"-h", "--help"} & set(argv):
        raise SystemExit(__doc__)
    names = [a for a in argv if a != "-v"] or [*builtin_ids(), BIG, HUGE]
    print(
        f"one-card change: save -> new face loaded in the page, {EDITS} saves; target "
        f"{TARGET_S:g} s (worst / target); template: the worst of as many saves of a front "
        f"template; gallery: "
        f"start -> cards listed and first pictures shown (target {GALLERY_TARGET_S:g} s for "
        f"{BIG} and {HUGE})"
    )
    print(
        f"{'game':<26}{'faces':>6}{'median':>9}{'worst':>8}{'ratio':>9} {'':<5}"
        f"{'template':>10}{'gallery':>10}"
    )
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name in names:
            dest = Path(tmp) / name
            if name in (BIG, HUGE):
                folder = big_deck(dest) if name == BIG else sheet_game(dest, HUGE_CARDS)
            else:
                folder = copy_builtin(name, dest)
            measure(name, folder, browser)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
