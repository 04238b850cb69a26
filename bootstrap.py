#!/usr/bin/env python3
"""Install pnp for working on it: ./.venv from uv.lock, with the standard library alone.

Runs on any Python 3.11+, the distributions' own included: Debian's and Ubuntu's python3 (PEP 668
refuses `pip install` outside a venv, and python3-venv or python3-pip may be missing), Homebrew's,
pyenv's, python.org's. It makes ./.venv (with pip when the Python has ensurepip, without it when
not), puts the pinned uv in .venv/bin/uv (through that pip, or from the uv wheel fetched from the
package index, its sha256 checked against the table below either way) and runs
`uv sync --locked --extra test`: exactly the versions in uv.lock, nothing resolved anew.

    python3 bootstrap.py          # then: .venv/bin/pnp ..., .venv/bin/python -m pytest

Exit 0 done, 2 unusable Python or platform, 1 a step failed (its own message printed above).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
import venv
import zipfile
from pathlib import Path

UV_VERSION = "0.13.9"
# sha256 of every uv 0.13.9 wheel on PyPI: what is fetched must match, whichever way it comes
UV_WHEELS = {
    "linux_armv6l": "56ec37616c00220032fc7b8c9d0ef51367fd0d70d9cd6ddd841660f949f84fed",
    "macosx_10_12_x86_64": "c16ed11e013557536b3e60065f1b912f6407bd6518e041b961e23ef9e6b4fbf5",
    "macosx_11_0_arm64": "66c512266d633bef48384a1f53003f41f2a8e7b36fe6e7fbfd3e0fd52d96fa63",
    "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64": (
        "5435c5ce14a56431208ca0996416d310f1598e8c2c8ba707688985a16bb82dbe"
    ),
    "manylinux_2_17_armv7l.manylinux2014_armv7l.musllinux_1_1_armv7l": (
        "7ec1e1dd9b6cb335c301afdf877989df384227313981850755a59561f75e4ab8"
    ),
    "manylinux_2_17_armv7l.manylinux2014_armv7l": (
        "16963d19594e18d746a70c7fce82237bde4f2cac4cfcf0ca2b84796fe9d0c6e9"
    ),
    "manylinux_2_17_i686.manylinux2014_i686": (
        "db5c8df7145c21ffea9c0f74e38823bac3af60cbadf0e26b8633f08627b17bab"
    ),
    "manylinux_2_17_ppc64le.manylinux2014_ppc64le": (
        "c5dbdb7c8737cd183a9dce95b39cfd1f3d54ec2a27a1bb58f160293f9ba2c805"
    ),
    "manylinux_2_17_s390x.manylinux2014_s390x": (
        "a6e845f387e4ed55bb59342957a9179e24a631fcc7668bda3426ae1cef8ed4b9"
    ),
    "manylinux_2_17_x86_64.manylinux2014_x86_64": (
        "d7f459fe4fd247d830351c75686d3996ace3c6f3f728eb0e85a30b7ada0cef19"
    ),
    "manylinux_2_28_aarch64": "ecb6028d79dc96fbeafffe5c8af62a7099487ebc05a701e76714eebcffd06375",
    "manylinux_2_31_riscv64.musllinux_1_1_riscv64": (
        "6d5114bba238adddacb32fb11904f2b3ff4e988f8e9ff0d8d3b5e9822cf836b8"
    ),
    "manylinux_2_31_riscv64": "6b0c7b9f47a5d011939d61e324d3fe18a8bc155d8dd53add738709a92f290a7c",
    "musllinux_1_1_i686": "a2ee66fe8b6608e1482ab1bde5799da04705c1cb40324c7f66054ecf46ae6e40",
    "musllinux_1_1_x86_64": "2c45530751517d6c3bbc69a19473f6effe47cce047bede01ffd8af7ea7b36b25",
    "win32": "3eeeb51a267a2144640fcd8f38d4a2f63439b39bc47445fd84727c3fc462c843",
    "win_amd64": "6a44b2ed8111d2f60d2b92627c5dccda3f7ed7570b18ce115e569cd68c28246b",
    "win_arm64": "eeb92051c2123b9730c46b04cc843cfa4bc7d7b0aec56df431a2215ef4cb0273",
}
# (system, machine) -> the wheel's platform tag; Linux tags for glibc, then for musl
LINUX = {
    "x86_64": ("manylinux_2_17_x86_64.manylinux2014_x86_64", "musllinux_1_1_x86_64"),
    "aarch64": ("manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64",) * 2,
    "arm64": ("manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64",) * 2,
    "armv7l": ("manylinux_2_17_armv7l.manylinux2014_armv7l.musllinux_1_1_armv7l",) * 2,
    "armv6l": ("linux_armv6l",) * 2,
    "i686": ("manylinux_2_17_i686.manylinux2014_i686", "musllinux_1_1_i686"),
    "ppc64le": ("manylinux_2_17_ppc64le.manylinux2014_ppc64le",) * 2,
    "s390x": ("manylinux_2_17_s390x.manylinux2014_s390x",) * 2,
    "riscv64": ("manylinux_2_31_riscv64.musllinux_1_1_riscv64",) * 2,
}
OTHER = {
    ("Darwin", "x86_64"): "macosx_10_12_x86_64",
    ("Darwin", "arm64"): "macosx_11_0_arm64",
    ("Windows", "AMD64"): "win_amd64",
    ("Windows", "ARM64"): "win_arm64",
    ("Windows", "x86"): "win32",
}
ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
EXE = ".exe" if os.name == "nt" else ""


class Failed(Exception):
    """A step that could not be done: its message says what and what to do."""


def say(message: str) -> None:
    print(f"bootstrap: {message}", flush=True)


def platform_tag() -> str:
    """The tag of the uv wheel that runs here."""
    system, machine = platform.system(), platform.machine()
    if system == "Linux" and machine in LINUX:
        glibc, musl = LINUX[machine]
        return glibc if platform.libc_ver()[0] == "glibc" else musl
    tag = OTHER.get((system, machine))
    if tag is None:
        raise Failed(f"uv {UV_VERSION} has no wheel for {system} {machine}")
    return tag


def make_venv() -> None:
    """./.venv from this Python: with pip where ensurepip works, else without (Debian)."""
    if (BIN / f"python{EXE}").exists():
        return
    say(f"making .venv with {sys.executable} (Python {platform.python_version()})")
    # Debian and Ubuntu ship ensurepip in python3-venv, which may be absent: uv needs no pip
    spec = importlib.util.find_spec("ensurepip")
    with_pip = spec is not None and spec.origin is not None
    try:
        venv.EnvBuilder(with_pip=with_pip).create(VENV)
    except (subprocess.CalledProcessError, OSError, SystemExit):
        say("this Python cannot put pip in a venv: making .venv without pip")
        shutil.rmtree(VENV, ignore_errors=True)
        venv.EnvBuilder(with_pip=False).create(VENV)
    if not (BIN / f"python{EXE}").exists():
        raise Failed("the venv module made no .venv here (Debian/Ubuntu: apt install python3-venv)")


def uv_path() -> Path:
    return BIN / f"uv{EXE}"


def uv_ready() -> bool:
    try:
        out = subprocess.run([uv_path(), "--version"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return out.stdout.split()[1:2] == [UV_VERSION]


def uv_through_pip(work: Path) -> bool:
    """uv through the venv's own pip, every file it may take pinned by hash; False: no pip there."""
    python = BIN / f"python{EXE}"
    if subprocess.run([python, "-m", "pip", "--version"], capture_output=True).returncode != 0:
        return False
    hashes = " ".join(f"--hash=sha256:{digest}" for digest in UV_WHEELS.values())
    requirements = work / "uv.txt"
    requirements.write_text(f"uv=={UV_VERSION} {hashes}\n")
    say(f"installing uv {UV_VERSION} with pip")
    target = work / "pip"
    command: list[str | Path] = [python, "-m", "pip", "install", "--quiet"]
    command += [
        "--disable-pip-version-check",
        "--only-binary",
        ":all:",
        "--no-deps",
        "--require-hashes",
        "--target",
        target,
    ]
    if subprocess.run([*command, "-r", requirements]).returncode != 0:
        raise Failed("pip could not install uv (the messages above say why)")
    shutil.copy2(target / "bin" / f"uv{EXE}", uv_path())
    return True


def index_url() -> str:
    """The package index pip would use (PIP_INDEX_URL / UV_INDEX_URL), else PyPI's."""
    url = os.environ.get("UV_INDEX_URL") or os.environ.get("PIP_INDEX_URL")
    return (url or "https://pypi.org/simple").rstrip("/")


def wheel_url(filename: str) -> str:
    """Where the index keeps `filename` (its JSON simple API, PEP 691)."""
    page = f"{index_url()}/uv/"
    accept = {"Accept": "application/vnd.pypi.simple.v1+json"}
    request = urllib.request.Request(page, headers=accept)
    with urllib.request.urlopen(request, timeout=60) as response:
        files = json.load(response)["files"]
    for entry in files:
        if entry["filename"] == filename:
            return urllib.parse.urljoin(page, str(entry["url"]))
    raise Failed(f"{page} does not list {filename}")


def uv_from_wheel(work: Path) -> None:
    """The uv binary out of its wheel, fetched from the index and checked against UV_WHEELS."""
    tag = platform_tag()
    filename = f"uv-{UV_VERSION}-py3-none-{tag}.whl"
    say(f"fetching {filename} (no pip in this Python)")
    wheel = work / filename
    with urllib.request.urlopen(wheel_url(filename), timeout=300) as response:
        wheel.write_bytes(response.read())
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != UV_WHEELS[tag]:
        raise Failed(f"{filename}: sha256 {digest}, expected {UV_WHEELS[tag]}: not installed")
    member = f"uv-{UV_VERSION}.data/scripts/uv{EXE}"
    with zipfile.ZipFile(wheel) as archive, archive.open(member) as source:
        uv_path().write_bytes(source.read())
    uv_path().chmod(0o755)


def bring_uv() -> None:
    """The pinned uv in .venv/bin (a file of its own there, which `uv sync` leaves alone)."""
    if uv_ready():
        return
    with tempfile.TemporaryDirectory(prefix="pnp-bootstrap-") as work:
        if not uv_through_pip(Path(work)):
            uv_from_wheel(Path(work))
    if not uv_ready():
        raise Failed(f"{uv_path()} does not run as uv {UV_VERSION}")


def sync() -> None:
    """Exactly the lock into .venv, with the interpreter it already has (never a downloaded one)."""
    say("uv sync --locked --extra test")
    env = dict(os.environ, UV_PYTHON_DOWNLOADS="never", VIRTUAL_ENV=str(VENV))
    # the certificates this Python's own download trusted (the platform's store, as pip's)
    env.setdefault("UV_SYSTEM_CERTS", "1")
    env.pop("UV_PROJECT_ENVIRONMENT", None)
    command: list[str | Path] = [
        uv_path(),
        "sync",
        "--locked",
        "--extra",
        "test",
        "--python",
        BIN / f"python{EXE}",
    ]
    if subprocess.run(command, cwd=ROOT, env=env).returncode != 0:
        raise Failed("uv sync failed (the messages above say why)")


def main() -> int:
    if sys.version_info < (3, 11):  # noqa: UP036 (run by any python3, the old ones told why)
        print(f"bootstrap: pnp needs Python 3.11 or newer, this is {platform.python_version()}")
        return 2
    try:
        make_venv()
        bring_uv()
        sync()
    except Failed as error:
        print(f"bootstrap: {error}", file=sys.stderr)
        return 1
    except OSError as error:  # network, disk: the reason is in the message
        print(f"bootstrap: {error}", file=sys.stderr)
        return 1
    say(f"ready: {BIN / 'pnp'} (or `. .venv/bin/activate`)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
