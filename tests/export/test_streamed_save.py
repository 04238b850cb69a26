"""A PDF is written to its file as the save formats it: the save never holds the whole file
in memory (at 10,000 cards reportlab's own save held it twice over, the build's peak), and the
file is the bytes reportlab's own save writes."""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.export.pdf import open_pdf

PAGES = 60


def draw(canvas: Canvas) -> None:
    """Pages of text that compresses badly, so the file is large beside what draws it."""
    rng = random.Random(5)
    for page in range(PAGES):
        for line in range(60):
            words = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(90))
            canvas.drawString(20, 20 + 12 * line, f"{page} {words}")
        canvas.showPage()


def test_the_save_does_not_hold_the_file_twice_over(tmp_path: Path) -> None:
    path = tmp_path / "big.pdf"
    tracemalloc.start()
    try:
        with open_pdf(path, title="Big") as canvas:
            draw(canvas)
            before = tracemalloc.get_traced_memory()[0]
            tracemalloc.reset_peak()
        held = tracemalloc.get_traced_memory()[1] - before  # the save's own peak
    finally:
        tracemalloc.stop()
    size = path.stat().st_size
    assert size > 200_000
    # reportlab's own save holds the file twice over, its parts and their join (2.6 times its
    # size here); written as it is formatted, what remains is one object at a time (1.6)
    assert held < 2 * size, f"the save held {held} bytes for a file of {size}"


class Kept(Exception):
    """Leaves an open PDF unsaved, once its bytes are taken."""


def test_the_file_is_the_bytes_reportlab_makes(tmp_path: Path) -> None:
    with open_pdf(tmp_path / "ours.pdf", title="Big") as canvas:
        draw(canvas)
    try:
        with open_pdf(tmp_path / "theirs.pdf", title="Big") as canvas:
            draw(canvas)
            theirs = canvas.getpdfdata()  # reportlab's own save, joined in memory
            raise Kept
    except Kept:
        pass
    assert (tmp_path / "ours.pdf").read_bytes() == theirs
    assert not (tmp_path / "theirs.pdf").exists()
