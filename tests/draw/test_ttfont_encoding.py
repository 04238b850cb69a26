"""Text in embedded fonts: pnp's quick encoding gives reportlab's own bytes and subset codes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pypdf
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont as ReportlabTTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.ttfont import TTFont
from pnp.resources import fonts_dir


class _Doc:
    """What a font keys its subsets by: any object."""


def test_every_string_encodes_as_reportlab_encodes_it() -> None:
    path = str(fonts_dir() / "Roboto-Regular.ttf")
    ours, theirs = TTFont("Ours", path), ReportlabTTFont("Theirs", path)
    doc_ours, doc_theirs = _Doc(), _Doc()
    rng = random.Random(7)
    # ASCII words again and again (the quick path), then new letters, a no-break space,
    # a character the font lacks, and over 256 distinct characters (a second subset)
    alphabet = [chr(c) for c in range(0x20, 0x7F)] + ["\xa0", "é", "ß", "\u4e00"]
    alphabet += [chr(c) for c in range(0x100, 0x17F)] + [chr(c) for c in range(0x400, 0x450)]
    texts = ["Agent courier", "cipher dossier", "Agent courier cipher"] * 20
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40))) for _ in range(400)]
    texts += ["Agent\xa0courier", "", "Ѐ and Agent"]
    for text in texts:
        assert ours.splitString(text, doc_ours) == theirs.splitString(text, doc_theirs), text
    state_ours, state_theirs = ours.state[doc_ours], theirs.state[doc_theirs]
    assert state_ours.assignments == state_theirs.assignments
    assert state_ours.subsets == state_theirs.subsets
    assert len(state_ours.subsets) > 1  # the test reached a second subset


def test_two_fonts_from_one_file_share_its_parse_and_keep_their_own_names(tmp_path: Path) -> None:
    folder = fonts_dir()
    first = TTFont("ShareFirst", str(folder / "Roboto-Bold.ttf"))
    second = TTFont("ShareSecond", str(folder / ".." / folder.name / "Roboto-Bold.ttf"))
    assert first.face is second.face  # the file was parsed once
    for font in (first, second):
        pdfmetrics.registerFont(font)
    out = tmp_path / "two.pdf"
    canvas = Canvas(str(out))
    canvas.setFont("ShareFirst", 12)
    canvas.drawString(72, 720, "Cipher one")
    canvas.setFont("ShareSecond", 12)
    canvas.drawString(72, 700, "Dossier two")
    canvas.save()
    page = pypdf.PdfReader(out).pages[0]
    assert "Cipher one" in page.extract_text() and "Dossier two" in page.extract_text()
    resources: Any = page["/Resources"]
    assert len(resources["/Font"]) == 2  # two subsets, one per font name
