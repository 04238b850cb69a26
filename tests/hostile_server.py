"""Runs `pnp` commands for the hostile-input tests (see tests/hostile.py), one forked child each.

Reads one JSON request a line on stdin: {"args", "cwd", "cpu_seconds", "seconds", "memory"};
writes one JSON result a line on stdout: {"code", "out", "err", "seconds", "cpu_seconds",
"peak_mb" (above the warm start), "signal", "timed_out"}. pnp is imported once, here, so each
child starts warm; each child limits its own address space and CPU time with
resource.setrlimit before running the CLI.

Time is bounded as CPU time (RLIMIT_CPU: the kernel stops a child that computed for longer),
which the load on the machine hardly changes, and as wall-clock time only far beyond that, for
a child that waits without computing (a read that blocks). Either is reported as `timed_out`.
"""

from __future__ import annotations

import json
import math
import os
import resource
import signal
import sys
import tempfile
import time
import traceback

import pnp.cli
import pnp.pipeline  # noqa: F401 (imported once so the children start warm)

# the libraries commands import on first use, imported here once: their code is then part of
# every child's starting memory, which `peak_mb` leaves out, so a bound on it measures pnp's own
# use, not how large a release of a library happens to be
for _library in ("PIL.Image", "pypdfium2", "pypdf", "openpyxl", "lxml.etree", "svglib.svglib",
                 "reportlab.graphics.renderPDF", "python_calamine", "markdown_it"):  # fmt: skip
    __import__(_library)


def _resident_kb() -> int:
    """This process's resident memory now (kB), as ru_maxrss counts it."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def child(request: dict, out_path: str, err_path: str, base_path: str) -> None:
    """Run the command in this (forked) process and leave with its exit code."""
    code = 1
    try:
        with open(base_path, "w") as base:  # the memory it starts with, shared with the server
            base.write(str(_resident_kb()))
        limit = request["memory"]
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        cpu = math.ceil(request["cpu_seconds"])  # SIGXCPU past it, SIGKILL a second later
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        out = os.open(out_path, os.O_WRONLY)
        err = os.open(err_path, os.O_WRONLY)
        os.dup2(out, 1)
        os.dup2(err, 2)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        os.chdir(request["cwd"])
        pnp.cli.main(args=request["args"], prog_name="pnp")
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # what a user would see: Python's traceback
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def run(request: dict) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        out_path, err_path = os.path.join(folder, "out"), os.path.join(folder, "err")
        base_path = os.path.join(folder, "base")
        for path in (out_path, err_path, base_path):
            open(path, "w").close()  # noqa: SIM115
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            child(request, out_path, err_path, base_path)
        status, usage, timed_out = _wait(pid, start + request["seconds"])
        seconds = time.monotonic() - start
        with open(out_path, encoding="utf-8", errors="replace", newline="") as out:
            stdout = out.read()
        with open(err_path, encoding="utf-8", errors="replace", newline="") as err:
            stderr = err.read()
        with open(base_path) as base:
            start_kb = int(base.read() or 0)
    killed = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    cpu_seconds = usage.ru_utime + usage.ru_stime  # the child's, and its reaped children's
    out_of_cpu = killed == signal.SIGXCPU or (
        killed == signal.SIGKILL and cpu_seconds >= request["cpu_seconds"]
    )
    timed_out = timed_out or out_of_cpu
    return {
        "code": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        "out": stdout,
        "err": stderr,
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "peak_mb": (usage.ru_maxrss - start_kb) / 1024,  # above what the child started with
        "signal": None if timed_out else killed,
        "timed_out": timed_out,
    }


def _wait(pid: int, deadline: float) -> tuple[int, resource.struct_rusage, bool]:
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return status, usage, False
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            return status, usage, True
        time.sleep(0.01)


def main() -> None:
    for line in sys.stdin:
        print(json.dumps(run(json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
