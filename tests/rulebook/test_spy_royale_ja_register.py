"""The Japanese book speaks to its players in one register, です/ます, as its running text does:
every sentence of body-size text ends politely (it mixed in plain である endings: the opening's
narration 「あなたもその一人だ。」, the disabling rules' titles, the readings, the steps of a turn,
the quick reference). Card texts quoted in 「」 and the cards pictured in figures and tables
(smaller type) keep the terse form they are printed in."""

from __future__ import annotations

import re

from readers import opened

BODY_PT = 9.9  # running text is set at 10 pt; table cells and the faces in figures smaller
POLITE = re.compile(r"(ます|です|ません|ください|ましょう|でしょう|でした|ました)$")
PLAIN = re.compile(r"(る|く|う|つ|ぬ|ぶ|む|た|だ|い|す|ず)$")  # a verb's or adjective's end


def sentences(page) -> list[str]:
    """The page's running-text sentences, quotations in 「」 and a closing note in brackets
    taken out."""
    body = page.filter(lambda o: o.get("object_type") != "char" or o["size"] >= BODY_PT)
    text = re.sub(r"「[^「」]*」", "", (body.extract_text() or "").replace("\n", ""))
    return [re.sub(r"（[^（）]*）$", "", s.rstrip("。*")) for s in re.findall(r"[^。]+。", text)]


def test_every_sentence_of_the_japanese_book_ends_in_desu_masu(products):
    game = "spy-royale"
    path = products.rulebook(game, name=f"{game}-rulebook-ja-a4.pdf")
    plain = []
    with opened(path) as pdf:
        for number, page in enumerate(pdf.pages[2:], start=3):
            plain += [(number, s[-24:]) for s in sentences(page)
                      if PLAIN.search(s) and not POLITE.search(s)]  # fmt: skip
    assert not plain, plain
