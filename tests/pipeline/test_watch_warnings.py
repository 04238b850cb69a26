"""`pnp build --watch` says each warning once a session: a rebuild that finds what the last one
found (here, a line of text too small to read) does not print it again; a new warning is
printed."""

from __future__ import annotations

import signal
import sys

import pytest
from hang import HANG
from test_watch import Watch

from pnp.catalog.scaffold import new_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
TINY = "- text: {{x: 5, y: 40, w: 30, h: 3, text: {word}, size: 3pt}}\n"


def test_a_warning_is_shown_once_a_watch_session(tmp_path):
    folder = tmp_path / "heist"
    new_game(folder)
    back = folder / "templates" / "card-back.yaml.j2"
    good = back.read_text()
    back.write_text(good + TINY.format(word="tiny"))
    watch = Watch(folder, tmp_path / "out")
    try:
        watch.wait_for("watching", HANG)
        first = [line for line in watch.seen if "illegible" in line]
        assert len(first) == 1, watch.seen
        watch.quiet_for(1.0)  # the watch starts listening just after it says so
        sheet = folder / "cards.csv"
        sheet.write_text(sheet.read_text().replace("Scout,3,", "Scout,4,"))
        watch.wait_for("rebuilt", HANG)
        back.write_text(good + TINY.format(word="tiny") + TINY.format(word="small").replace(
            "y: 40", "y: 50"))  # fmt: skip
        watch.wait_for("rebuilt", HANG)
        watch.quiet_for(0.5)
        illegible = [line for line in watch.seen if "illegible" in line]
        assert len(illegible) == 2, watch.seen  # the first once, then the new one
    finally:
        watch.proc.send_signal(signal.SIGINT)
        try:
            watch.proc.wait(timeout=HANG)
        finally:
            watch.proc.kill()
