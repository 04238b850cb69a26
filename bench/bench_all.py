"""Benchmark: `pnp build --all` (the five games' kits and rulebooks) as a whole process. By hand.

    python bench/bench_all.py [--runs 5] [--base DIR] [--jobs N] [--cold | --rebuild]

Prints the median wall and CPU seconds and the peak memory of `pnp build --all`, and the ratio
of the wall time to the target (3.0 s on two cores). With `--base DIR` (another checkout of
pnp, e.g. `git archive COMMIT | tar -x -C DIR`) it builds with both in alternating runs, so a
busy moment on a shared machine hurts both alike, prints both and their ratio, and says
whether the two builds wrote the same bytes (SOURCE_DATE_EPOCH is pinned for both).
The load average before and after is printed: on a shared machine, read the medians with it.

pnp keeps compiled templates, dataclass code, each rulebook's settled page numbers, the faces
it laid out (pnp.pipeline.facestore) and each game's files (pnp.pipeline.buildstore) in its
cache folder. By default each checkout has a cache folder of its own, filled by one untimed run
first (a designer's rebuild of what did not change); `--rebuild` empties its kept files before
each run (every game drawn, imposed and laid out again from its kept faces, as after a small
edit of each); `--cold` gives every run an empty cache folder of its own (a first build).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 3.0


def run(checkout: Path, out: Path, jobs: int | None, cache: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, peak MB) of `pnp build --all` with the package from `checkout`; the
    CPU seconds count the worker processes it waited for, the memory is the largest one's."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(checkout), SOURCE_DATE_EPOCH="1700000000")
    if jobs:
        env["PNP_JOBS"] = str(jobs)
    cache.mkdir(mode=0o700, exist_ok=True)
    env["PNP_CACHE"] = str(cache)
    command = [sys.executable, "-m", "pnp.cli", "build", "--all", "--out", str(out)]
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=checkout, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)  # fmt: skip
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise SystemExit(f"pnp build --all failed in {checkout}: {err[-2000:]}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def digest(folder: Path) -> str:
    """One hash over every PDF's name and bytes."""
    sha = hashlib.sha256()
    for path in sorted(folder.rglob("*.pdf")):
        sha.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()[:16]


def medians(results: list[tuple[float, float, float]]) -> tuple[float, ...]:
    return tuple(statistics.median(r[k] for r in results) for k in range(3))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each, alternating")
    parser.add_argument("--base", type=Path, help="another checkout to compare with")
    parser.add_argument("--jobs", type=int, help="PNP_JOBS for both (default: the cores)")
    parser.add_argument("--cold", action="store_true", help="an empty cache folder each run")
    parser.add_argument("--rebuild", action="store_true", help="no files kept whole")
    args = parser.parse_args()
    checkouts = {"this": ROOT, **({"base": args.base.resolve()} if args.base else {})}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    results: dict[str, list[tuple[float, float, float]]] = {k: [] for k in checkouts}
    hashes: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, checkout in checkouts.items():
            if not args.cold:  # fill the cache folder, untimed
                run(checkout, Path(tmp) / f"{name}-warm", args.jobs, Path(tmp) / f"cache-{name}")
        for i in range(args.runs):
            for name, checkout in checkouts.items():
                out = Path(tmp) / f"{name}-{i}"
                cache = Path(tmp) / (f"cache-{name}-{i}" if args.cold else f"cache-{name}")
                if args.rebuild:
                    shutil.rmtree(cache / "builds", ignore_errors=True)
                results[name].append(run(checkout, out, args.jobs, cache))
                hashes.setdefault(name, digest(out))
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, rows in results.items():
        wall, cpu, mb = medians(rows)
        print(f"{name:<5} wall {wall:5.2f} s  cpu {cpu:5.2f} s  {mb:4.0f} MB  "
              f"target {TARGET_S:.1f} s: ratio {wall / TARGET_S:4.2f}  "
              f"pdfs {hashes[name]}  (walls: {' '.join(f'{r[0]:.2f}' for r in rows)})")  # fmt: skip
    if "base" in results:
        this, base = medians(results["this"]), medians(results["base"])
        same = "same bytes" if hashes["this"] == hashes["base"] else "DIFFERENT bytes"
        print(f"this / base: wall {this[0] / base[0]:4.2f}  cpu {this[1] / base[1]:4.2f}  {same}")


if __name__ == "__main__":
    main()
