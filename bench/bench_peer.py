"""Peer benchmark: pnp against a bare reportlab script of the same drawing. Run by hand.

    python bench/bench_peer.py [--cards 1000,10000] [--runs 5] [--keep DIR]
                               [--protograf PYTHON] [--peer-runs 2]

It writes a game folder with one deck of N distinct poker cards (a name, wrapped body text,
a rounded frame, a plain shared back) and builds it on Letter, 9 cards a sheet with crop
marks, two ways, each as a whole process and in alternating runs:

- `pnp build <folder> --what cards --paper letter` (with `--split` when the CLI has it);
- the floor: a bare reportlab script drawing the same cards (same fonts, same wrapping
  width, crop marks, the back drawn once as a form), nothing else.

It prints the median wall time of each, their ratio (goal: pnp / floor <= 2.0 at 1,000 and
at 10,000 cards), the peak memory of each process (goal: < 100 MB at 10,000) and PDF bytes per card
(goal: <= 300 with a shared back).

With `--protograf PYTHON` (a Python that has protograf installed: `python -m venv /tmp/pg &&
/tmp/pg/bin/pip install protograf==0.5.2`) it also builds the deck with protograf, the closest
peer, in `--peer-runs` runs (default 2; a run takes tens of seconds) alternating with pnp,
and prints how many times faster pnp is (goal: 10x).

pnp runs with a cache folder of its own, filled by one untimed run (compiled templates and
classes, as a designer's machine has them) and emptied of kept faces and files
(pnp.pipeline.facestore, buildstore) before each timed run: a run measures laying out and
drawing every card, not taking what an earlier run of the same deck kept.

All run as installed programs run: with Python's compiled-module cache (a
`PYTHONDONTWRITEBYTECODE` in the caller's environment is dropped for them, since it makes every
run compile pnp's ~70 modules again, ~0.13 s; `--as-is` keeps it).
Medians hide a noisy machine; on a shared one the CPU seconds (user + system, also printed)
move less than wall time.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_WORD_TEXT = (
    "agent courier cipher dossier handler mole safe house dead drop signal network asset "
    "exfiltrate surveil infiltrate double cover legend contact border night train embassy "
    "telegram microfilm briefcase rival bribe defect sleeper station chief codebook"
)
WORDS = tuple(_WORD_TEXT.split())

GAME_YAML = """\
game:
  id: peer-bench
  title: Peer Bench
  designer: Bench
  players: {min: 2, max: 4}
  play_time: 10 min
  source: original
"""

SET_HEAD = """\
set:
  id: deck
  name: Deck
  kind: card
  size: poker
  front: front.yaml.j2
  back: back.yaml.j2
  source: original
"""

FRONT = """\
- rect: {x: 0, y: 0, w: {{ trim.w }}, h: {{ trim.h }}, fill: paper, bleed: true}
- rect: {x: 3, y: 3, w: {{ trim.w - 6 }}, h: {{ trim.h - 6 }}, radius: 3, fill: none, \
stroke: ink, stroke_width: 0.5}
- text: {x: 6, y: 6, w: 51, h: 10, text: {{ card.name | yaml }}, size: 12, style: bold}
- text: {x: 6, y: 20, w: 51, h: 60, text: {{ card.text | yaml }}, size: 9, min_size: 9}
"""

BACK = """\
- rect: {x: 0, y: 0, w: {{ trim.w }}, h: {{ trim.h }}, fill: back, bleed: true}
"""

THEME = """\
palette:
  paper: "#f4efe3"
  ink: "#222222"
  back: "#2d5f8b"
"""


def card_text(i: int) -> tuple[str, str]:
    """A distinct name and 16 words of body text for card `i` (deterministic); short enough
    that 10,000 cards stay under the 2 MB bound on a sheet."""
    name = f"{WORDS[i % len(WORDS)].title()} {WORDS[(i * 7 + 3) % len(WORDS)].title()} {i}"
    body = " ".join(WORDS[(i * 13 + k * 5) % len(WORDS)] for k in range(16))
    return name, body.capitalize() + "."


def write_game(folder: Path, cards: int) -> None:
    """The game folder; the deck's cards in a CSV sheet (a YAML file holds at most 1 MB)."""
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML)
    (folder / "deck.yaml").write_text(SET_HEAD)
    with (folder / "deck.csv").open("w", newline="") as sheet:
        rows = csv.writer(sheet)
        rows.writerow(["id", "name", "text"])
        rows.writerows([f"c{i}", *card_text(i)] for i in range(cards))
    (folder / "templates" / "front.yaml.j2").write_text(FRONT)
    (folder / "templates" / "back.yaml.j2").write_text(BACK)
    (folder / "templates" / "theme.yaml").write_text(THEME)


# The floor: the same cards in plain reportlab. Geometry as pnp lays a poker deck on Letter:
# 3 x 3 cards with 3 mm bleed shared between neighbours, centred; crop marks in the margin;
# backs mirrored (long edge).
FLOOR = r"""
import sys
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

sys.path.insert(0, sys.argv[3])
from bench_peer import card_text

fonts = sys.argv[4]
pdfmetrics.registerFont(TTFont("Roboto", fonts + "/Roboto-Regular.ttf"))
pdfmetrics.registerFont(TTFont("Roboto-Bold", fonts + "/Roboto-Bold.ttf"))
n, out = int(sys.argv[1]), sys.argv[2]
W, H, B = 63 * mm, 88 * mm, 3 * mm
PW, PH = 612, 792
PX, PY = W + B, H + B  # neighbours share the bleed between them, as pnp's grid does
X0, Y0 = (PW - 3 * PX - B) / 2 + B, (PH - 3 * PY - B) / 2 + B  # first trim corner
CW, CH = W + 2 * B, H + 2 * B
c = Canvas(out, pagesize=(PW, PH), invariant=1, pageCompression=1)

def slots(mirror):
    for row in range(3):
        for col in range(3):
            col_ = 2 - col if mirror else col
            yield X0 + col_ * PX, Y0 + (2 - row) * PY

def crop_marks():
    c.setLineWidth(0.25)
    c.setStrokeGray(0)
    xs = [X0 + i * PX + d for i in range(3) for d in (0, W)]
    ys = [Y0 + i * PY + d for i in range(3) for d in (0, H)]
    bottom, top = Y0 - B, Y0 + 3 * PY
    left, right = X0 - B, X0 + 3 * PX
    for x in xs:
        c.line(x, bottom - 1, x, bottom - 3 * mm)
        c.line(x, top + 1, x, top + 3 * mm)
    for y in ys:
        c.line(left - 1, y, left - 3 * mm, y)
        c.line(right + 1, y, right + 3 * mm, y)

def front(i, x, y):
    name, body = card_text(i)
    c.saveState()
    p = c.beginPath(); p.rect(x - B, y - B, CW, CH); c.clipPath(p, stroke=0, fill=0)
    c.setFillColorRGB(0.957, 0.937, 0.89); c.rect(x - B, y - B, CW, CH, stroke=0, fill=1)
    c.setStrokeColorRGB(0.133, 0.133, 0.133); c.setLineWidth(0.5 * mm)
    c.roundRect(x + 3 * mm, y + 3 * mm, W - 6 * mm, H - 6 * mm, 3 * mm, stroke=1, fill=0)
    c.setFillColorRGB(0.133, 0.133, 0.133)
    c.setFont("Roboto-Bold", 12); c.drawString(x + 6 * mm, y + H - 6 * mm - 12, name)
    c.setFont("Roboto", 9)
    for k, line in enumerate(simpleSplit(body, "Roboto", 9, 51 * mm)):
        c.drawString(x + 6 * mm, y + H - 20 * mm - 9 - k * 10.8, line)
    c.restoreState()

c.beginForm("back", -B, -B, W + B, H + B)
c.setFillColorRGB(0.176, 0.373, 0.545); c.rect(-B, -B, CW, CH, stroke=0, fill=1)
c.endForm()
for start in range(0, n, 9):
    count = min(9, n - start)
    for k, (x, y) in zip(range(count), slots(False)):
        front(start + k, x, y)
    crop_marks(); c.showPage()
    for k, (x, y) in zip(range(count), slots(True)):
        c.saveState(); c.translate(x, y); c.doForm("back"); c.restoreState()
    crop_marks(); c.showPage()
c.save()
"""


# The peer: the same deck in protograf (name, wrapped body text, a rounded frame, grid marks,
# a plain back), from the same CSV sheet.
PROTOGRAF = r"""
import os
from protograf import *
Create(filename=os.environ["PG_OUT"], paper="letter", units="mm", margin=5)
Data(filename=os.environ["PG_CSV"])
Deck(cards=int(os.environ["PG_N"]), width=63, height=88, rounding=3, grid_marks=True,
     bleed_fill="#f4efe3")
Card("all",
     rectangle(x=3, y=3, width=57, height=82, rounding=3, stroke="#222222", stroke_width=0.5,
               fill=None),
     text(text=T("{{ name }}"), x=6, y=6, width=51, height=10, font_size=12,
          font_name="Helvetica-Bold", align="left", wrap=True),
     text(text=T("{{ text }}"), x=6, y=20, width=51, height=60, font_size=9, align="left",
          wrap=True))
CardBack("all", rectangle(x=0, y=0, width=63, height=88, fill="#2d5f8b", stroke=None))
Save()
"""


def peer(cards: int, runs: int, tmp: Path, python: str, pnp_cmd: list[str]) -> None:
    """protograf against pnp, alternating: their medians and how many times faster pnp is."""
    script = tmp / "protograf_deck.py"
    script.write_text(PROTOGRAF)
    env = {**ENV, "PG_N": str(cards), "PG_OUT": str(tmp / f"protograf-{cards}.pdf"),
           "PG_CSV": str(tmp / f"game-{cards}" / "deck.csv")}  # fmt: skip
    times: dict[str, list[float]] = {"pnp": [], "peer": []}
    for _ in range(runs):
        times["pnp"].append(run(pnp_cmd, tmp)[0])
        times["peer"].append(run([python, str(script)], tmp, env)[0])
    ours, theirs = (statistics.median(times[k]) for k in ("pnp", "peer"))
    print(f"{cards:>7,} cards | pnp {ours:6.2f} s | protograf {theirs:6.2f} s | "
          f"pnp is {theirs / ours:4.1f}x faster", flush=True)  # fmt: skip


def pnp_command(folder: Path, out: Path) -> list[str]:
    """`pnp build` for the deck as separate PDFs, whatever this version's CLI calls that."""
    exe = Path(sys.executable).with_name("pnp")
    base = [str(exe), "build", str(folder), "--what", "cards", "--paper", "letter"]
    helptext = subprocess.run([*base[:2], "--help"], capture_output=True, text=True).stdout
    if "--split" in helptext:
        base.append("--split")
    return [*base, "--out", str(out)]


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(
    command: list[str], cwd: Path, env: dict[str, str] | None = None
) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak resident MB) of one whole process."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        command, cwd=cwd, env=env or ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise SystemExit(f"{command[0]} failed ({proc.returncode}): {err[-2000:]}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def pdf_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*.pdf"))


def bench(cards: int, runs: int, tmp: Path) -> list[str]:
    """pnp against the floor for a deck of `cards`; returns pnp's command."""
    game = tmp / f"game-{cards}"
    write_game(game, cards)
    pnp_out, floor_out = tmp / f"pnp-{cards}", tmp / f"floor-{cards}"
    floor_out.mkdir()
    pnp_cmd = pnp_command(game, pnp_out)
    floor_script = tmp / "floor.py"
    floor_script.write_text(FLOOR)
    fonts = ROOT / "fonts"
    floor_cmd = [sys.executable, str(floor_script), str(cards), str(floor_out / "deck.pdf"),
                 str(Path(__file__).resolve().parent), str(fonts)]  # fmt: skip
    results: dict[str, list[tuple[float, float, float]]] = {"pnp": [], "floor": []}
    # pnp's own cache folder: its compiled templates and classes kept from an untimed run, as
    # on a designer's machine, but no faces nor whole files kept (pnp.pipeline.facestore,
    # buildstore): each run lays out and draws every card
    cache = tmp / f"pnp-cache-{cards}"
    cache.mkdir(mode=0o700, exist_ok=True)
    env = {**ENV, "PNP_CACHE": str(cache)}
    run(pnp_cmd, tmp, env)
    for _ in range(runs):  # alternating, so a busy moment hurts both alike
        for kept in ("faces", "builds"):
            shutil.rmtree(cache / kept, ignore_errors=True)
        results["pnp"].append(run(pnp_cmd, tmp, env))
        results["floor"].append(run(floor_cmd, tmp))
    (pnp_s, pnp_cpu, pnp_mb), (floor_s, floor_cpu, floor_mb) = (
        tuple(statistics.median(r[k] for r in results[who]) for k in range(3))
        for who in ("pnp", "floor")
    )
    print(
        f"{cards:>7,} cards | pnp {pnp_s:6.2f} s (cpu {pnp_cpu:5.2f}) {pnp_mb:4.0f} MB "
        f"{pdf_bytes(pnp_out) / cards:5.0f} B/card | floor {floor_s:5.2f} s (cpu {floor_cpu:5.2f}) "
        f"{floor_mb:4.0f} MB {pdf_bytes(floor_out) / cards:5.0f} B/card | "
        f"ratio {pnp_s / floor_s:4.2f} (cpu {pnp_cpu / floor_cpu:4.2f})",
        flush=True,
    )
    return pnp_cmd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default="1000,10000", help="deck sizes, comma-separated")
    parser.add_argument("--runs", type=int, default=5, help="runs of each, alternating")
    parser.add_argument("--keep", type=Path, help="build here and keep the files")
    parser.add_argument("--as-is", action="store_true", help="keep PYTHONDONTWRITEBYTECODE")
    parser.add_argument("--protograf", metavar="PYTHON", help="a Python with protograf installed")
    parser.add_argument("--peer-runs", type=int, default=2, help="runs of protograf (slow)")
    args = parser.parse_args()
    if args.as_is:
        ENV.update(os.environ)
    with tempfile.TemporaryDirectory() as temp:
        tmp = args.keep or Path(temp)
        tmp.mkdir(parents=True, exist_ok=True)
        for cards in (int(c) for c in args.cards.split(",")):
            pnp_cmd = bench(cards, args.runs, tmp)
            if args.protograf and cards <= 1000:  # 10,000 cards would take protograf minutes
                peer(cards, args.peer_runs, tmp, args.protograf, pnp_cmd)


if __name__ == "__main__":
    main()
