"""`pnp export --to tts`: the Saved Object loads as JSON, decks hold every copy with ids that
point at real slots of sheets within TTS's limits, the hidden face is in the last slot, large
decks split over sheets, and other pieces come as tiles and boards."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import yaml
from click.testing import CliRunner
from PIL import Image, ImageChops

from pnp.cli import main

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
ROYALE_ACTION = Path(__file__).parents[2] / "card_data" / "spy-royale" / "action.yaml"


def export(*args: str) -> None:
    result = CliRunner().invoke(main, ["export", *args, "--to", "tts"])
    assert result.exit_code == 0, result.output


def image_at(url: str) -> Image.Image:
    assert url.startswith("file:///"), url
    return Image.open(unquote(urlparse(url).path))


@pytest.fixture(scope="module")
def royale(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Spy Royale's action deck as a Saved Object (module-wide, one export)."""
    out = tmp_path_factory.mktemp("tts")
    export("spy-royale", "--set", "action", "--out", str(out))
    return json.loads((out / "spy-royale" / "tts" / "spy-royale.json").read_text("utf-8"))


def test_the_55_card_action_deck_gives_55_cards(royale: dict) -> None:
    (deck,) = royale["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    catalog = yaml.safe_load(ROYALE_ACTION.read_text("utf-8"))["components"]
    expected: Counter = Counter()
    for component in catalog:  # names repeat across factions: add their counts up
        expected[component["name"]] += component["count"]
    assert sum(expected.values()) == 55
    assert Counter(card["Nickname"] for card in deck["ContainedObjects"]) == expected
    assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]


def test_sheets_are_within_10_by_7_and_4096_px_and_ids_hit_face_slots(royale: dict) -> None:
    (deck,) = royale["ObjectStates"]
    for number, sheet in deck["CustomDeck"].items():
        columns, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert 2 <= columns <= 10 and 2 <= rows <= 7
        image = image_at(sheet["FaceURL"])
        assert max(image.size) <= 4096
        assert image.width % columns == 0 and image.height % rows == 0
        used = {i % 100 for i in deck["DeckIDs"] if i // 100 == int(number)}
        assert max(used) < columns * rows - 1  # the last slot is the hidden face's
    assert {i // 100 for i in deck["DeckIDs"]} == {int(n) for n in deck["CustomDeck"]}


def test_the_hidden_face_in_the_last_slot_is_the_back(royale: dict) -> None:
    (deck,) = royale["ObjectStates"]
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["BackIsHidden"] is False and sheet["UniqueBack"] is False
    faces, back = image_at(sheet["FaceURL"]).convert("RGB"), image_at(sheet["BackURL"])
    columns, rows = sheet["NumWidth"], sheet["NumHeight"]
    w, h = faces.width // columns, faces.height // rows
    assert back.size == (w, h)
    last = faces.crop(((columns - 1) * w, (rows - 1) * h, columns * w, rows * h))
    assert ImageChops.difference(last, back.convert("RGB")).getbbox() is None
    first = faces.crop((0, 0, w, h))
    assert ImageChops.difference(first, back.convert("RGB")).getbbox() is not None


def test_a_deck_larger_than_a_sheet_splits_over_custom_decks(tmp_path: Path) -> None:
    game = Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))
    agents = yaml.safe_load((game / "agents.yaml").read_text())
    agents["components"] = [
        {"id": f"agent-{n}", "name": f"Agent {n}", "count": 1 + n % 2, "source": "original",
         "value": n % 9, "text": "Draw a card."}
        for n in range(75)
    ]  # fmt: skip
    (game / "agents.yaml").write_text(yaml.safe_dump(agents))
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text().replace("equals: 11", "equals: 112")
    )
    export(str(game), "--dpi", "200", "--set", "agents", "--out", str(tmp_path / "out"))
    saved = json.loads((tmp_path / "out" / "sixth-game" / "tts" / "sixth-game.json").read_text())
    deck = next(o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom")
    sheets = deck["CustomDeck"]
    assert len(sheets) == 2
    assert [(s["NumWidth"], s["NumHeight"]) for s in sheets.values()] == [(10, 7), (4, 2)]
    # 200 dpi would make the full sheet wider than 4096 px: its cells shrink, and the second
    # sheet's cells match them, so the one back image fits both
    cells = {(image_at(s["FaceURL"]).width // s["NumWidth"]) for s in sheets.values()}
    assert len(cells) == 1 and cells.pop() * 10 <= 4096
    assert len({s["BackURL"] for s in sheets.values()}) == 1
    assert image_at(sheets["1"]["BackURL"]).width * 10 <= 4096
    assert len(deck["ContainedObjects"]) == sum(1 + n % 2 for n in range(75))
    assert len(set(deck["DeckIDs"])) == 75


def test_tokens_come_as_tiles_in_a_bag_with_both_sides(tmp_path: Path) -> None:
    export(str(SIXTH), "--dpi", "60", "--out", str(tmp_path))
    folder = tmp_path / "sixth-game" / "tts"
    saved = json.loads((folder / "sixth-game.json").read_text())
    bag = next(o for o in saved["ObjectStates"] if o["Name"] == "Bag")
    tiles = bag["ContainedObjects"]
    assert Counter(t["Nickname"] for t in tiles) == {"One": 7, "Five": 3}
    for tile in tiles:
        assert tile["Name"] == "Custom_Tile"
        assert tile["CustomImage"]["CustomTile"]["Type"] == 2  # round chips are circles
        assert image_at(tile["CustomImage"]["ImageURL"]).size[0] > 0
        assert image_at(tile["CustomImage"]["ImageSecondaryURL"]).size[0] > 0
    assert Image.open(folder / "sixth-game.png").size == (256, 256)


def test_url_base_replaces_file_urls(tmp_path: Path) -> None:
    export(str(SIXTH), "--dpi", "30", "--url-base", "https://example.org/pnp/", "--out",
           str(tmp_path))  # fmt: skip
    text = (tmp_path / "sixth-game" / "tts" / "sixth-game.json").read_text()
    assert "file://" not in text
    assert '"FaceURL": "https://example.org/pnp/agents/sheet-1.png"' in text


def test_boards_are_custom_boards_one_per_distinct_side(tmp_path: Path) -> None:
    export("1955-war-of-espionage", "--set", "board", "--dpi", "30", "--out", str(tmp_path))
    saved = json.loads(
        (tmp_path / "1955-war-of-espionage" / "tts" / "1955-war-of-espionage.json").read_text()
    )
    boards = saved["ObjectStates"]
    assert [b["Name"] for b in boards] == ["Custom_Board", "Custom_Board"]
    sides = [image_at(b["CustomImage"]["ImageURL"]).convert("RGB") for b in boards]
    assert sides[0].size == sides[1].size
    assert sides[0].width / sides[0].height == pytest.approx(7.5 / 15, abs=0.01)
    assert ImageChops.difference(*sides).getbbox() is not None  # front and back differ


def test_backs_that_differ_make_back_sheets_laid_like_the_faces(tmp_path: Path) -> None:
    game = Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))
    back = game / "templates" / "agent-back.yaml.j2"
    back.write_text(back.read_text().replace("set.name | upper", "card.name | upper"))
    export(str(game), "--set", "agents", "--dpi", "40", "--out", str(tmp_path / "out"))
    saved = json.loads((tmp_path / "out" / "sixth-game" / "tts" / "sixth-game.json").read_text())
    (deck,) = saved["ObjectStates"]
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["UniqueBack"] is True
    faces, backs = image_at(sheet["FaceURL"]), image_at(sheet["BackURL"])
    assert faces.size == backs.size
    w, h = faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"]
    cells = [backs.convert("RGB").crop((n * w, 0, (n + 1) * w, h)) for n in range(2)]
    assert ImageChops.difference(*cells).getbbox() is not None  # Mole's back is not Courier's


@pytest.mark.parametrize("game_id", ["agents-back", "agents-sheet-1", "agents-backs-1"])
def test_no_game_or_set_id_makes_pnps_own_file_names_clash(tmp_path: Path, game_id) -> None:
    """A game named like one of its deck's files (the deck `agents`, the game `agents-back`)
    exports: the thumbnail and the deck's back are two files, each what the save points at."""
    game = tmp_path / "game"
    shutil.copytree(SIXTH, game)
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("id: sixth-game", f"id: {game_id}", 1))
    export(str(game), "--dpi", "30", "--out", str(tmp_path / "out"))
    folder = tmp_path / "out" / game_id / "tts"
    save = json.loads((folder / f"{game_id}.json").read_text("utf-8"))
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    for sheet in deck["CustomDeck"].values():
        for key in ("FaceURL", "BackURL"):
            assert image_at(sheet[key]).size != Image.open(folder / f"{game_id}.png").size, key
