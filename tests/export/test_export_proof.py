"""`pnp export --to proof`: a contact sheet per set and an index.html gallery, checked in a real
browser (Debian's headless Chromium, which .ci/run installs): every image loads from disk and
the set filter shows only that set's faces."""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from hang import HANG
from PIL import Image

from pnp.cli import main

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
# Appended to a copy of the page: after load, report what a user would see, into the DOM
PROBE = """<script>
window.addEventListener("load", () => {
  const images = [...document.images];
  const loaded = images.filter((i) => i.complete && i.naturalWidth > 0).length;
  const select = document.getElementById("set-filter");
  select.value = "chips";
  select.dispatchEvent(new Event("change"));
  const visible = [...document.querySelectorAll("figure.face")].filter((f) => f.offsetParent);
  const result = document.createElement("pre");
  result.id = "probe";
  result.textContent = JSON.stringify({
    images: images.length, loaded, visible: visible.length,
    sets: [...new Set(visible.map((f) => f.dataset.set))],
    shown: document.getElementById("shown").textContent,
  });
  document.body.append(result);
});
</script>"""


@pytest.fixture(scope="module")
def proof(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("proof")
    result = CliRunner().invoke(main, ["export", str(SIXTH), "--to", "proof", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "sixth-game" / "proof"


def test_a_contact_sheet_per_set_holds_every_distinct_face(proof: Path) -> None:
    with open(proof / "manifest.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for set_id in ("agents", "chips"):
        files = {r["front file"] for r in rows if r["set"] == set_id}
        files |= {r["back file"] for r in rows if r["set"] == set_id and r["back file"]}
        face = Image.open(proof / sorted(files)[0])
        sheet = Image.open(proof / f"{set_id}-contact.png")
        # every face fits: the sheet is at least as large as the faces laid side by side
        assert sheet.width * sheet.height >= len(files) * face.width * face.height
    assert len({r["front file"] for r in rows if r["set"] == "agents"}) == 4
    # a proof shows the trim at 100 dpi: 63 x 88 mm is 248 x 346 px (whole pixels, rounded down)
    assert Image.open(proof / "agents" / "mole-front.png").size == (248, 346)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium: .ci/run installs Debian's package")
def test_the_gallery_loads_every_image_and_filters_by_set(proof: Path, tmp_path: Path) -> None:
    page = (proof / "index.html").read_text("utf-8")
    figures = page.count('<figure class="face"')
    chips = page.count('data-set="chips"')
    (proof / "probe.html").write_text(page.replace("</body>", PROBE + "</body>"), "utf-8")
    command = [str(CHROMIUM), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run(
        [*command, "--virtual-time-budget=5000", "--dump-dom", (proof / "probe.html").as_uri()],
        capture_output=True, text=True, timeout=HANG, check=True,
    ).stdout  # fmt: skip
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found, dom[-2000:]
    probe = json.loads(found.group(1).replace("&quot;", '"'))
    assert probe["images"] == figures == 9  # 4 fronts + 1 back, 2 chip fronts + 2 backs
    assert probe["loaded"] == figures
    assert probe["visible"] == chips == 4 and probe["sets"] == ["chips"]
    assert probe["shown"] == "4 faces"
    # a picture to look at: the gallery opened filtered from its address
    shot = tmp_path / "gallery.png"
    subprocess.run(
        [*command, "--window-size=1200,900", f"--screenshot={shot}",
         (proof / "index.html").as_uri() + "#set=agents"],
        capture_output=True, timeout=HANG, check=True,
    )  # fmt: skip
    assert Image.open(shot).size == (1200, 900)
