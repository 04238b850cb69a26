"""Hidden decks kept together in the five built-in print kits, read from the PDFs (the
builder's page's sheet list and the sheet labels, pypdfium2) against the catalogs (PyYAML):
no deck whose cards share a back leaves a few cards on another deck's sheet, the contents and
the labels say which decks each sheet holds, and a deck's cards are dealt over its sheets."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
import yaml
from kit_list import pieces_of, sheet_list

from pnp.resources import card_data_dir

ROW = 3  # a row of a 3 x 3 sheet of poker cards: fewer is "a few cards" left on a sheet


def hidden_decks(game: str) -> set[str]:
    """The names of the game's card decks with a back: the sets a player must not tell apart
    from behind."""
    names = set()
    for path in Path(card_data_dir(), game).glob("*.yaml"):
        text = path.read_text()
        if "\nset:" not in f"\n{text}":
            continue  # game.yaml: the game, its tables and rules
        head = yaml.safe_load(text.split("\ncomponents:")[0])["set"]
        if head and head.get("kind") == "card" and head.get("back"):
            names.add(head["name"])
    return names


def sheets_of(path: Path) -> list[dict[str, int]]:
    """Each sheet's sets and their counts, as the kit's builder's page lists them."""
    return [sheet.pieces for sheet in sheet_list(path)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_hidden_deck_leaves_a_few_cards_on_another_decks_sheet(builtin_kits, paper) -> None:
    """A hidden deck's cards on a sheet with other pieces are the whole deck or at least a row.
    The cases of the issue: Spy Royale's 55th action card ('Disguise') alone among mission
    cards; Caledonian's first dossier card among crisis cards and five dossiers among incident
    cards: now the action deck's last ten share two sheets five and five, and the dossier
    deck fills sheets of its own (its last six beside one-sided player cards)."""
    smallest: dict[str, int] = {}
    for game, path in builtin_kits(paper).items():
        hidden = hidden_decks(game)
        sheets = sheets_of(path)
        totals = Counter()
        for sheet in sheets:
            totals.update(sheet)
        for number, sheet in enumerate(sheets, 1):
            if len(sheet) < 2:
                continue
            for name, count in sheet.items():
                if name in hidden and count < totals[name]:
                    assert count >= ROW, (game, number, sheet)
                    smallest[name] = min(smallest.get(name, count), count)
        if game == "espionage-caledonian":
            dossiers = [s for s in sheets if "Dossier cards" in s]
            assert all(not hidden & (set(s) - {"Dossier cards"}) for s in dossiers), dossiers
    assert smallest["Action cards"] >= 4, smallest  # Spy Royale: five and five
    # Caledonian's eight crisis decks and the incident deck, ten cards each, must share ten
    # sheets of nine: each share is a row or more
    assert min(v for k, v in smallest.items() if k.startswith("Crisis")) == ROW, smallest


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_contents_and_the_sheet_labels_name_the_same_decks(builtin_kits, paper) -> None:
    for game, path in builtin_kits(paper).items():
        sheets = sheets_of(path)
        document = pdfium.PdfDocument(path)
        labels = {}
        for index in range(len(document)):
            text = " ".join(document[index].get_textpage().get_text_range().split())
            m = re.search(r" · (.+?) · sheet (\d+) of \d+ · (?:front|back)", text)
            said = m and {name.split(" · ")[-1]: n for name, n in pieces_of(m.group(1)).items()}
            if m and said:  # a label in a short margin may leave its pieces to page 1
                labels.setdefault(int(m.group(2)), said)
        for number, sheet in enumerate(sheets, 1):
            if number in labels:  # board tiles have labels of their own
                assert labels[number] == sheet, (game, number, labels[number], sheet)
        assert len(labels) >= len(sheets) - 4, (game, len(labels), len(sheets))


def titles_per_sheet(path: Path) -> list[list[str]]:
    """The card titles (the largest words, upper-cased) on each sheet's front page."""
    document = pdfium.PdfDocument(path)
    fronts = [
        i for i in range(len(document)) if "· front" in document[i].get_textpage().get_text_range()
    ]
    out = []
    with pdfplumber.open(path) as pdf:
        for index in fronts:
            words = pdf.pages[index].extract_words(extra_attrs=["size"])
            biggest = max(w["size"] for w in words)
            out.append([w["text"].upper() for w in words if w["size"] > biggest - 0.5])
    return out


def test_a_decks_cards_are_dealt_over_its_sheets(builtin_kits) -> None:
    """ESPIONAGE the card game: the four gold cards (one copy each) on four sheets, and each
    common card's three copies on three sheets, so no sheet's drift or cut marks them all."""
    sheets = titles_per_sheet(builtin_kits("a4")["espionage-card-game"])
    gold = [i for i, titles in enumerate(sheets) for g in ("TARGET", "PACKAGE", "BOMB", "PROTECTOR")
            if g in titles]  # fmt: skip
    assert len(gold) == 4 and len(set(gold)) == 4, gold
    medic = [i for i, titles in enumerate(sheets) if "MEDIC" in titles]
    assert len(medic) == 3 and all(sheets[i].count("MEDIC") == 1 for i in medic), medic


def test_many_small_decks_still_take_the_fewest_sheets() -> None:
    """Eighty hidden decks of ten cards (800 cards, 89 sheets of nine at least): every card on
    one front and its back behind it, on 89 sheets; no search runs away with so many."""
    from impose_faces import face

    from pnp.impose.document import Document
    from pnp.impose.kit import KitGroup
    from pnp.impose.options import SheetOptions
    from pnp.impose.sheet import Piece

    groups = []
    for d in range(80):
        back = face(f"Back{d}")
        cards = tuple(Piece(face(f"D{d}C{c}"), back) for c in range(10))
        groups.append(KitGroup(f"Deck {d}", "grid", cards))
    doc = Document(SheetOptions(), title="t", game_title="G")
    doc.add_kit(groups)
    pages = [p for p in doc.pages if p.section != "contents" and p.placements]
    fronts = [p for p in pages if p.side == "front"]
    assert len(fronts) == 89 and len(pages) == 2 * 89
    keys = Counter(pl.face.key for p in fronts for pl in p.placements)
    assert len(keys) == 800 and set(keys.values()) == {1}


def test_only_a_deck_of_one_back_is_hidden() -> None:
    """Hidden (its cards not to be told apart from behind, so never a card or two among
    another deck's) is a deck whose every card has one and the same back. A set whose backs
    differ (double-sided cards, a back per faction) shows what each card is anyway; one-sided
    cards have no back to hide behind."""
    from impose_faces import face

    from pnp.impose.decks import Deck
    from pnp.impose.sheet import Piece

    back = face("Back")
    assert Deck("one back", tuple(Piece(face(f"C{c}"), back) for c in range(4))).hidden
    differing = tuple(Piece(face(f"C{c}"), face(f"Back{c % 2}")) for c in range(4))
    assert not Deck("two backs", differing).hidden
    each = tuple(Piece(face(f"C{c}"), face(f"Back{c}")) for c in range(4))
    assert not Deck("a back each", each).hidden
    some = (Piece(face("C0"), back), Piece(face("C1")))
    assert not Deck("one back, one without", some).hidden
    assert not Deck("one-sided", tuple(Piece(face(f"C{c}")) for c in range(4))).hidden
