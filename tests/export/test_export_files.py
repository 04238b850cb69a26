"""`pnp export --to png|tgc|mpc|dtc` as a user runs it, measured with Pillow, pypdfium2 and pypdf:
exact pixel sizes, pixels equal to the face's PDF, one-up PDF pages, manifests against the
catalog, byte-identical reruns, and clear errors."""

from __future__ import annotations

import csv
import json
import shutil
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops
from pypdf import PdfReader

from pnp.catalog.games import resolve_game
from pnp.cli import main
from pnp.draw.face import face_pdf
from pnp.pipeline import render_set_faces, template_set

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
PT_PER_MM = 72 / 25.4


def pnp(*args: str):
    return CliRunner().invoke(main, list(args))


def px(mm: float, dpi: float = 300) -> int:
    return round(mm / 25.4 * dpi)


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sixth game exported to png, tgc, mpc and dtc once for the whole module."""
    folder = tmp_path_factory.mktemp("export")
    for target in ("png", "tgc", "mpc", "dtc"):
        result = pnp("export", str(SIXTH), "--to", target, "--out", str(folder))
        assert result.exit_code == 0, result.output
    return folder / "sixth-game"


def read_manifest(folder: Path) -> list[dict[str, str]]:
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_png_faces_are_trim_plus_3mm_bleed_at_300_dpi(out: Path) -> None:
    card = Image.open(out / "png" / "agents" / "mole-front.png")
    assert card.size == (815, 1110) == (px(63 + 6), px(88 + 6))
    assert card.mode == "RGB"
    assert round(card.info["dpi"][0]) == 300
    assert card.info["srgb"] == 0  # the sRGB chunk: colours are sRGB
    chip = Image.open(out / "png" / "chips" / "chip-5-front.png")
    assert chip.size == (px(26), px(26))


@pytest.mark.parametrize(
    ("target", "size"), [("tgc", (825, 1125)), ("mpc", (816, 1110))], ids=["tgc", "mpc"]
)
def test_shop_faces_have_the_shops_exact_pixels(out: Path, target: str, size: tuple) -> None:
    rows = read_manifest(out / target)
    files = {r["front file"] for r in rows} | {r["back file"] for r in rows}
    assert len(files) == 5  # four fronts and the shared back
    for name in files:
        image = Image.open(out / target / name)
        assert (image.size, image.mode) == (size, "RGB"), name
    assert {r["set"] for r in rows} == {"agents"}  # shops get the decks only


@pytest.mark.parametrize(
    ("size", "target", "pixels"),
    [
        ("mini", "tgc", (600, 825)),
        ("tarot", "tgc", (900, 1500)),
        ("mini", "mpc", (597, 822)),
        ("tarot", "mpc", (897, 1497)),
        ("{width: 88mm, height: 63mm}", "tgc", (1125, 825)),  # a landscape poker card
    ],
)
def test_shop_sizes_for_other_card_sizes(
    tmp_path: Path, size: str, target: str, pixels: tuple[int, int]
) -> None:
    game = Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))
    deck = game / "agents.yaml"
    deck.write_text(deck.read_text().replace("size: poker", f"size: {size}"))
    result = pnp("export", str(game), "--to", target, "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    image = Image.open(tmp_path / "out" / "sixth-game" / target / "agents" / "back.png")
    assert image.size == pixels


def test_a_face_png_is_the_pdf_face_rasterized(out: Path, tmp_path: Path) -> None:
    """The exported pixels are PDFium's own rendering of the face's PDF (another card's are
    not: the check can tell faces apart)."""
    game = resolve_game(str(SIXTH))
    faces = render_set_faces(game, game.sets["agents"], template_set(game), 3.0)
    mole = faces[0][1]
    assert mole.label.startswith("Mole")
    reference = pdfium.PdfDocument(face_pdf(mole))[0].render(scale=300 / 72).to_pil()
    reference = reference.convert("RGB")

    def differing(name: str) -> float:
        exported = Image.open(out / "png" / "agents" / name).convert("RGB")
        diff = ImageChops.difference(reference.crop((0, 0, *exported.size)), exported)
        histogram = diff.convert("L").histogram()
        share = sum(histogram[48:]) / sum(histogram)
        if share > 0.005:
            reference.save(tmp_path / "pdf-render.png")
            exported.save(tmp_path / f"exported-{name}")
        return share

    assert differing("mole-front.png") < 0.005, f"see both images in {tmp_path}"
    assert differing("courier-front.png") > 0.005


def test_dtc_pages_are_one_card_each_with_boxes_back_then_front(out: Path) -> None:
    reader = PdfReader(out / "dtc" / "agents.pdf")
    assert len(reader.pages) == 2 * 11  # every copy: its back, then its front
    bleed = 1 / 8  # inches: the shop's poker card, 2.5 x 3.5 in, on a 2.75 x 3.75 in page
    for n, page in enumerate(reader.pages):
        size = [float(page.mediabox.width) / 72, float(page.mediabox.height) / 72]
        assert size == pytest.approx([2.75, 3.75], abs=0.001)
        trim = [float(v) / 72 for v in page.trimbox]
        assert trim == pytest.approx([bleed, bleed, 2.5 + bleed, 3.5 + bleed], abs=0.001), n
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]
        assert "/Group" not in page
        text = page.extract_text()
        assert ("AGENT CARDS" in text) == (n % 2 == 0), (n, text)
    fronts = [reader.pages[n].extract_text() for n in range(1, 22, 2)]
    counts = Counter(name for t in fronts for name in ("Mole", "Courier", "Handler", "Sleeper")
                     if name in t)  # fmt: skip
    assert counts == {"Mole": 4, "Courier": 3, "Handler": 2, "Sleeper": 2}


def test_dtc_embeds_every_font_and_has_no_transparency_group(out: Path) -> None:
    reader = PdfReader(out / "dtc" / "agents.pdf")
    fonts = 0
    for page in reader.pages:
        for ref in page["/Resources"]["/XObject"].values():
            assert "/Group" not in ref.get_object()
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor), font["/BaseFont"]
            fonts += 1
    assert fonts


def test_manifest_counts_equal_the_catalog(out: Path) -> None:
    inventory = json.loads(pnp("inventory", str(SIXTH), "--json").output)
    catalog = {c["id"]: c["count"] for c in inventory["components"] if c["count"]}
    rows = read_manifest(out / "png")
    assert {r["id"]: int(r["count"]) for r in rows} == catalog
    for row in rows:
        assert (out / "png" / row["front file"]).is_file()
        assert not row["back file"] or (out / "png" / row["back file"]).is_file()
    dtc = read_manifest(out / "dtc")
    decks = {c["id"]: c["count"] for c in inventory["components"] if c["kind"] == "card"}
    assert {r["id"]: int(r["count"]) for r in dtc} == decks


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_second_export_is_byte_identical(
    out: Path, tmp_path: Path, jobs: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Also in one process: the faces rasterized in a worker are the same bytes."""
    monkeypatch.setenv("PNP_JOBS", jobs)
    result = pnp("export", str(SIXTH), "--to", "png", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    again = tmp_path / "sixth-game" / "png"
    first = sorted(p.relative_to(out / "png") for p in (out / "png").rglob("*") if p.is_file())
    assert first == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    for name in first:
        assert (again / name).read_bytes() == (out / "png" / name).read_bytes(), name


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--to", "jpeg"], ["unknown export target 'jpeg'", "png"]),
        (["--to", "tgc", "--set", "chips"], ["chips", "poker (2.5 x 3.5 in)", "tarot"]),
        (["--to", "png", "--set", "agent"], ["no set 'agent'", "did you mean: agents"]),
        (["--to", "png", "--dpi", "5000"], ["--dpi", "30 to 1200"]),
        (["--to", "tts", "--url-base", "example.org/x"], ["--url-base", "https://"]),
    ],
)
def test_bad_targets_and_sizes_exit_2_and_write_nothing(
    tmp_path: Path, args: list[str], words: list[str]
) -> None:
    result = pnp("export", str(SIXTH), *args, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output
    assert not (tmp_path / "out").exists()


def test_an_export_that_fails_half_way_writes_nothing(tmp_path: Path) -> None:
    """The agents are drawn and rasterized before the chips' template fails: nothing stays."""
    game = Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))
    (game / "templates" / "chip.yaml.j2").write_text("- text: {text: {{ card.no_such_field }}}\n")
    out = tmp_path / "out"
    result = pnp("export", str(game), "--to", "png", "--out", str(out))
    assert result.exit_code == 2, result.output
    assert "no_such_field" in result.output and "chip.yaml.j2" in result.output
    assert not out.exists()


def test_a_landscape_shop_image_is_turned_with_its_trim(tmp_path: Path) -> None:
    """A landscape poker card for The Game Crafter: the image is 1125 x 825 px and the card's
    trim 1050 x 750 px in its middle (3.5 x 2.5 in at 300 dpi): the trim, compared there with
    the face's own PDF rendered and scaled to it, is the card's, not squeezed or cut."""
    game = Path(shutil.copytree(SIXTH, tmp_path / "sixth-game"))
    deck = game / "agents.yaml"
    deck.write_text(deck.read_text().replace("size: poker", "size: {width: 88mm, height: 63mm}"))
    result = pnp("export", str(game), "--to", "tgc", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    exported = Image.open(tmp_path / "out" / "sixth-game" / "tgc" / "agents" / "mole-front.png")
    assert exported.size == (1125, 825)
    loaded = resolve_game(str(game))
    mole = render_set_faces(loaded, loaded.sets["agents"], template_set(loaded), 3.0)[0][1]
    assert mole.label.startswith("Mole")
    scale = 600 / 72  # rendered finely, then scaled down as the shop's trim is
    page = pdfium.PdfDocument(face_pdf(mole))[0].render(scale=scale).to_pil().convert("RGB")
    px_mm = scale * 72 / 25.4
    trim = page.crop((round(3 * px_mm), round(3 * px_mm), round(91 * px_mm), round(66 * px_mm)))
    reference = trim.resize((1050, 750), Image.Resampling.LANCZOS)
    middle = exported.convert("RGB").crop((37, 37, 37 + 1050, 37 + 750))
    histogram = ImageChops.difference(reference, middle).convert("L").histogram()
    share = sum(histogram[64:]) / sum(histogram)  # pixels far from the card's own
    assert share < 0.02, share
