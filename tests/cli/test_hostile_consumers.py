"""Hostile input, 11: what pnp writes is what its consumers accept, read back with readers of
their own (pypdf, json): a booklet embeds every font it names; a Tabletop Simulator save holds
no GUID twice and no empty deck, and its image addresses are well-formed; ids Windows cannot
hold as file names are refused; DriveThruCards pages have the shop's size and a build's page
bound."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile import make_game, nothing_in
from pypdf import PdfReader
from pypdf.generic import DictionaryObject


def fonts_of(resources: DictionaryObject | None, seen: set[int] | None = None) -> list[dict]:
    """Every font a page's resources name, forms' own resources included."""
    seen = set() if seen is None else seen
    if resources is None or id(resources) in seen:
        return []
    seen.add(id(resources))
    found = [font.get_object() for font in (resources.get("/Font") or {}).values()]
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            found += fonts_of(xobject.get("/Resources"), seen)
    return found


def unembedded(path: Path) -> set[str]:
    """The base names of the fonts a PDF names without embedding them."""
    missing = set()
    for page in PdfReader(path).pages:
        for font in fonts_of(page.get("/Resources")):
            if font.get("/Subtype") == "/Type0":
                font = font["/DescendantFonts"][0].get_object()
            descriptor = font.get("/FontDescriptor")
            files = set(descriptor.get_object()) if descriptor is not None else set()
            if not {"/FontFile", "/FontFile2", "/FontFile3"} & files:
                missing.add(str(font.get("/BaseFont")))
    return missing


def test_a_booklet_embeds_every_font_it_names(tmp_path, run_pnp):
    make_game(tmp_path)
    run = run_pnp("build", "game", "--what", "rulebook", "--booklet", "--out", "out",
                  cwd=tmp_path, cpu_seconds=60, seconds=60)  # fmt: skip
    assert run.code == 0, run.output
    (booklet,) = (tmp_path / "out" / "sixth-game").glob("*-booklet-*.pdf")
    assert fonts_of(PdfReader(booklet).pages[0].get("/Resources"))
    assert unembedded(booklet) == set()


def walk(objects: list[dict]) -> list[dict]:
    """Every object of a saved object, contained ones included."""
    found = []
    for obj in objects:
        found.append(obj)
        found += walk(obj.get("ContainedObjects") or [])
    return found


def chips(counts: dict[str, int]) -> str:
    rows = "".join(
        f"  - {{id: {cid}, name: {cid}, count: {n}, source: original, value: 1}}\n"
        for cid, n in counts.items()
    )
    return (
        "set: {id: chips, name: Chips, kind: chip, size: {diameter: 20mm}, shape: round, "
        "front: chip.yaml.j2, back: chip.yaml.j2, product: tokens, source: original}\n"
        "components:\n" + rows
    )


def test_tts_guids_are_unique_among_10000_pieces(tmp_path, run_pnp):
    """chip-2345 and chip-8027 hash to one GUID (0a86c3) for their first copies."""
    counts = {f"chip-{n}": 1000 for n in (2345, 8027, 1, 2, 3, 4, 5, 6, 7, 8)}
    make_game(tmp_path, {"chips.yaml": chips(counts), "agents.yaml": None})
    run = run_pnp("export", "game", "--to", "tts", "--dpi", "30", "--out", "out",
                  cwd=tmp_path, cpu_seconds=120, seconds=120)  # fmt: skip
    assert run.code == 0, run.output
    saved = json.loads((tmp_path / "out" / "sixth-game" / "tts" / "sixth-game.json").read_text())
    objects = walk(saved["ObjectStates"])
    guids = [obj["GUID"] for obj in objects]
    assert len(objects) == 10_001  # every chip, and their bag
    assert len(set(guids)) == len(guids)
    assert all(len(g) == 6 and int(g, 16) >= 0 for g in guids)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://example.org/a\nb/", "without spaces or control characters"),
        ("https://example.org/my game/", "without spaces or control characters"),
        ("https://example.org/game/#top", "may not hold a query (?) or a fragment (#)"),
        ("https://example.org/game/?v=1", "may not hold a query (?) or a fragment (#)"),
        ("https:game", "names no host"),
        ("https:///game/", "names no host"),
        ("https://example.org:http/", "names no host"),
        ("ftp://example.org/game/", "(http or https)"),
        ("file:///home/me/game/", "(http or https)"),
        ("", "without spaces"),
    ],
    ids=["newline", "space", "fragment", "query", "no-host", "empty-host", "bad-port", "ftp",
         "file", "empty"],
)  # fmt: skip
def test_a_bad_url_base_is_refused(tmp_path, url, expected, run_pnp):
    make_game(tmp_path)
    run = run_pnp("export", "game", "--to", "tts", "--url-base", url, "--out", "out",
                  cwd=tmp_path)  # fmt: skip
    run.refused("Invalid value for '--url-base'", expected)
    assert nothing_in(tmp_path / "out")


def images(saved: dict) -> list[str]:
    """Every image address in a saved object."""
    found = []
    for obj in walk(saved["ObjectStates"]):
        for deck in (obj.get("CustomDeck") or {}).values():
            found += [deck["FaceURL"], deck["BackURL"]]
        image = obj.get("CustomImage") or {}
        found += [u for u in (image.get("ImageURL"), image.get("ImageSecondaryURL")) if u]
    return found


def test_a_url_base_gets_its_slash_and_an_empty_deck_is_left_out(tmp_path, run_pnp):
    game = make_game(tmp_path)
    agents = game / "agents.yaml"
    agents.write_text(agents.read_text().replace("count: 4", "count: 0").replace(
        "count: 3", "count: 0").replace("count: 2", "count: 0"))  # fmt: skip
    run = run_pnp("export", "game", "--to", "tts", "--url-base", "https://example.org/my-game",
                  "--out", "out", cwd=tmp_path)  # fmt: skip
    assert run.code == 0, run.output
    folder = tmp_path / "out" / "sixth-game" / "tts"
    saved = json.loads((folder / "sixth-game.json").read_text())
    names = [obj["Name"] for obj in saved["ObjectStates"]]
    assert names == ["Bag"]  # the chips; no deck of no cards
    addresses = images(saved)
    assert addresses and all(a.startswith("https://example.org/my-game/chips/") for a in addresses)
    assert not list(folder.glob("agents*"))


@pytest.mark.parametrize(
    ("file", "old", "new", "where"),
    [
        ("game.yaml", "id: sixth-game", "id: con", "game/game.yaml:2: game: `id` 'con'"),
        ("agents.yaml", "id: agents", "id: aux", "game/agents.yaml:2: set: `id` 'aux'"),
        (
            "agents.yaml",
            "id: mole",
            "id: nul",
            "game/agents.yaml:10: set 'agents' component 1: `id` 'nul'",
        ),
        (
            "chips.yaml",
            "id: chip-5",
            "id: lpt9",
            "game/chips.yaml:13: set 'chips' component 2: `id` 'lpt9'",
        ),
    ],
    ids=["game", "set", "component", "lpt9"],
)
def test_an_id_windows_cannot_hold_as_a_file_name_is_refused(
    tmp_path, file, old, new, where, run_pnp
):
    path = make_game(tmp_path) / file
    path.write_text(path.read_text().replace(old, new))
    for command in (["validate", "game"], ["export", "game", "--to", "png", "--out", "out"]):
        run = run_pnp(*command, cwd=tmp_path)
        run.refused(where, "is a name Windows keeps for a device", "choose another id")
    assert nothing_in(tmp_path / "out")


def test_a_sheet_name_making_a_device_id_is_refused(tmp_path, run_pnp):
    game = make_game(tmp_path, {"chips.yaml": None, "cards.csv": "name,value,text\nCom1,1,x\n"})
    head = (game / "agents.yaml").read_text().split("components:")[0]
    (game / "agents.yaml").write_text(head.replace("set:\n", "sheet: cards.csv\nset:\n"))
    run_pnp("validate", "game", cwd=tmp_path).refused(
        "game/cards.csv:2: column 'name':", "'com1' is a name Windows keeps for a device",
        "(the id 'com1' is made from the name: add an id column)",
    )  # fmt: skip


def test_pnp_new_refuses_a_folder_whose_id_windows_cannot_hold(tmp_path, run_pnp):
    run_pnp("new", "Con", cwd=tmp_path).refused("'con', a name Windows keeps for a device")
    assert nothing_in(tmp_path)


def resize(game: Path, size: str) -> None:
    deck = game / "agents.yaml"
    deck.write_text(deck.read_text().replace("size: poker", f"size: {size}"))


@pytest.mark.parametrize(
    ("size", "inches"),
    [("poker", (2.75, 3.75)), ("mini", (2.0, 2.75)), ("tarot", (3.0, 5.0)),
     ("{width: 89mm, height: 64mm}", (3.75, 2.75))],
    ids=["poker", "mini", "tarot", "landscape"],
)  # fmt: skip
def test_dtc_pages_have_the_shops_size(tmp_path, size, inches, run_pnp):
    """63 x 88 mm is printed on DriveThruCards' poker template (2.5 x 3.5 in and 1/8 in of
    bleed), its art stretched that little to fill the shop's trim, as for tgc and mpc."""
    resize(make_game(tmp_path), size)
    run = run_pnp("export", "game", "--to", "dtc", "--out", "out", cwd=tmp_path)
    assert run.code == 0, run.output
    reader = PdfReader(tmp_path / "out" / "sixth-game" / "dtc" / "agents.pdf")
    for page in reader.pages:
        media = [float(page.mediabox.width) / 72, float(page.mediabox.height) / 72]
        assert media == pytest.approx(inches, abs=0.001)
        trim = [float(v) / 72 for v in page.trimbox]
        assert trim == pytest.approx([0.125, 0.125, inches[0] - 0.125, inches[1] - 0.125])


def test_dtc_refuses_a_size_the_shop_does_not_print(tmp_path, run_pnp):
    resize(make_game(tmp_path), "{width: 70mm, height: 100mm}")
    run = run_pnp("export", "game", "--to", "dtc", "--out", "out", cwd=tmp_path)
    run.refused("game/agents.yaml:1:", "70 x 100 mm, a size DriveThruCards does not print",
                "poker (2.5 x 3.5 in)")  # fmt: skip
    assert nothing_in(tmp_path / "out")


def test_dtc_is_bounded_like_a_build(tmp_path, run_pnp):
    deck = make_game(tmp_path) / "agents.yaml"
    deck.write_text(deck.read_text().replace("count: 4", "count: 1000").replace(
        "count: 3", "count: 300"))  # fmt: skip
    run = run_pnp("export", "game", "--to", "dtc", "--out", "out", cwd=tmp_path)
    run.refused("game/agents.yaml:1:", "set 'agents' makes a PDF of more than 2500 pages (2608")
    assert nothing_in(tmp_path / "out")
    assert run.peak_mb < 220  # refused before a face was drawn
