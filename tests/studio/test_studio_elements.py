"""The studio's opened face traces every element to its template line, named or not (a name
computed in the template, an element with none), gives boxes in the template's coordinates
beside the inked box, and shows inline icons as the keyword that drew them."""

from __future__ import annotations

import json
import time
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main
from tests.hang import HANG
from tests.studio_server import studio

FRONT = """\
{#- line 1 -#}
- rect: {x: -3, y: -3, w: {{ trim.w + 6 }}, h: {{ trim.h + 6 }}, fill: paper}
- rect: {name: "{{ card.type }}-band", x: 0, y: 0, w: {{ trim.w }}, h: 14, fill: {{ card.type }}}
- rect: {x: 10, y: 20, w: 20mm, h: 1cm, fill: accent}
- text: {name: rules, x: 6, y: 40, w: 51, h: 30, text: {{ card.text | icons | yaml }}, size: 9}
"""


def test_every_element_traced_with_its_boxes(tmp_path: Path) -> None:
    assert CliRunner().invoke(main, ["new", str(tmp_path / "g")]).exit_code == 0
    game = tmp_path / "g"
    (game / "templates" / "card-front.yaml.j2").write_text(FRONT)
    with studio(game) as run:
        deadline = time.monotonic() + HANG
        while json.loads(run.request("/api/state")[1])["pending"]:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        status, body = run.request("/api/card?id=cards%2Ftreasure%2Ffront")
    assert status == 200, body
    elements = {e["name"]: e for e in json.loads(body)["elements"]}
    assert elements["element 1 (rect)"]["where"].endswith("card-front.yaml.j2:2")
    assert elements["event-band"]["where"].endswith("card-front.yaml.j2:3")  # a computed name
    plain = elements["element 3 (rect)"]
    assert plain["where"].endswith("card-front.yaml.j2:4") and not plain["named"]
    assert plain["declared"] == {"x": 10, "y": 20, "w": 20, "h": 10}  # as written, top-left
    assert plain["ink"] == [10, 20, 20, 10]  # what it paints, in the same coordinates
    rules = elements["rules"]
    assert rules["where"].endswith("card-front.yaml.j2:5")
    assert ":star: :star:" in rules["text"]  # the icons as their keyword, not gaps
