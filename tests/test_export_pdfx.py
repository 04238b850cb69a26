"""`pnp export --to dtc --pdfx` as a user runs it, read back with pypdf (an independent reader),
the embedded profile with LittleCMS (Pillow's ImageCms) and pages rendered with PDFium: the
PDF/X-1a:2003 keys DriveThruCards' preflight looks for, CMYK and nothing else, total ink within
240 %, the shop's boxes, and a dark card back that prints dark."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from hostile import make_game
from PIL import Image, ImageCms, ImageMath, ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject, IndirectObject, StreamObject

from pnp.cli import main

SIXTH = Path(__file__).parent / "fixtures" / "build" / "sixth-game"
TAC_LIMIT = 240  # per cent: DriveThruCards' total ink limit


def pnp(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def pdfx(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sixth game's deck exported --to dtc --pdfx once for the module."""
    folder = tmp_path_factory.mktemp("pdfx")
    result = pnp("export", str(SIXTH), "--to", "dtc", "--pdfx", "--out", str(folder))
    assert result.exit_code == 0, result.output
    return folder / "sixth-game" / "dtc" / "agents.pdf"


def every_object(reader: PdfReader) -> list[object]:
    """Every indirect object of the file, through pypdf's cross-reference table."""
    found = []
    for generation, numbers in reader.xref.items():
        for number in numbers:
            found.append(reader.get_object(IndirectObject(number, generation, reader)))
    return found


def cmyk_images(reader: PdfReader) -> list[Image.Image]:
    """The pages' images, decoded by pypdf (Flate) into Pillow CMYK images."""
    images = {}
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            xobject = ref.get_object()
            size = (int(xobject["/Width"]), int(xobject["/Height"]))
            images[ref.idnum] = Image.frombytes("CMYK", size, xobject.get_data())
    return list(images.values())


def max_ink(image: Image.Image) -> float:
    """The most ink (C + M + Y + K, per cent) of any pixel."""
    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda e: e["c"] + e["m"] + e["y"] + e["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1] * 100 / 255


def test_output_intent_names_the_condition_and_embeds_a_cmyk_profile(pdfx: Path) -> None:
    reader = PdfReader(pdfx, strict=True)
    assert reader.pdf_header == "%PDF-1.4"  # PDF/X-1a:2003 is PDF 1.4
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 005"
    assert intent["/RegistryName"] == "http://www.color.org"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    icc = ImageCms.ImageCmsProfile(io.BytesIO(profile.get_data())).profile
    assert (icc.xcolor_space.strip(), icc.device_class) == ("CMYK", "prtr")
    assert icc.version < 4  # PDF 1.4 takes ICC profiles up to version 2.x
    info = reader.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2003"
    assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2003"
    assert info["/Trapped"] == "/False"
    assert {"/Title", "/CreationDate", "/ModDate"} <= set(info)
    assert len(reader.trailer["/ID"]) == 2


def test_pages_are_the_shops_card_back_then_front_with_boxes(pdfx: Path) -> None:
    reader = PdfReader(pdfx)
    assert len(reader.pages) == 2 * 11  # every copy: its back, then its front
    bleed = 1 / 8  # inches: the shop's poker card, 2.5 x 3.5 in, on a 2.75 x 3.75 in page
    images = []
    for page in reader.pages:
        size = [float(page.mediabox.width) / 72, float(page.mediabox.height) / 72]
        assert size == pytest.approx([2.75, 3.75], abs=0.001)
        trim = [float(v) / 72 for v in page.trimbox]
        assert trim == pytest.approx([bleed, bleed, 2.5 + bleed, 3.5 + bleed], abs=0.001)
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]
        (ref,) = page["/Resources"]["/XObject"].values()
        images.append(ref.idnum)
    backs, fronts = set(images[0::2]), images[1::2]
    assert len(backs) == 1  # the deck's one back, stored once
    assert not backs & set(fronts)
    assert len(set(fronts)) == 4  # four cards: their copies share an image
    assert [fronts.count(f) for f in dict.fromkeys(fronts)] == [4, 3, 2, 2]


def test_nothing_but_cmyk_images_no_fonts_no_transparency(pdfx: Path) -> None:
    reader = PdfReader(pdfx)
    for page in reader.pages:
        operators = [op for _, op in ContentStream(page.get_contents(), reader).operations]
        assert operators == [b"q", b"cm", b"Do", b"Q"], operators  # no colour operator at all
        assert set(page["/Resources"]) == {"/XObject"}  # no fonts, no ExtGState, no shading
        assert "/Group" not in page and "/Annots" not in page
    images = 0
    for obj in every_object(reader):
        if not isinstance(obj, DictionaryObject):
            continue
        assert "/SMask" not in obj and "/Group" not in obj and "/Font" not in obj
        if obj.get("/Subtype") == "/Image":
            assert obj["/ColorSpace"] == "/DeviceCMYK"
            assert obj["/BitsPerComponent"] == 8
            images += 1
        elif "/ColorSpace" in obj:
            pytest.fail(f"a colour space outside an image: {obj}")
        if isinstance(obj, StreamObject) and obj.get("/N") is not None:
            assert obj["/N"] == 4  # the one ICC stream, the output profile
    assert images == 5
    raw = pdfx.read_bytes()
    assert b"/DeviceRGB" not in raw and b"/CalRGB" not in raw


def test_no_pixel_has_more_than_240_percent_ink(pdfx: Path) -> None:
    inks = [max_ink(image) for image in cmyk_images(PdfReader(pdfx))]
    assert max(inks) <= TAC_LIMIT + 0.2, inks
    assert max(inks) > 200  # the dark art does go up to the limit


def test_a_dark_back_prints_dark(tmp_path: Path) -> None:
    """Spy Royale's navy duration back, proofed: its CMYK pixels through the embedded profile
    back to sRGB (LittleCMS, as a press's RIP sees them) are as dark as the RGB design
    (rendered by PDFium from the plain dtc PDF), not washed out; black carries it."""
    for extra in ([], ["--pdfx"]):
        args = ["export", "spy-royale", "--to", "dtc", "--set", "duration", *extra]
        result = pnp(*args, "--out", str(tmp_path / (extra[0][2:] if extra else "rgb")))
        assert result.exit_code == 0, result.output
    rgb_pdf = pdfium.PdfDocument(tmp_path / "rgb" / "spy-royale" / "dtc" / "duration.pdf")
    reader = PdfReader(tmp_path / "pdfx" / "spy-royale" / "dtc" / "duration.pdf")
    back = cmyk_images(PdfReader(reader.stream))[0]  # page 1 is the back
    profile = reader.trailer["/Root"]["/OutputIntents"][0]["/DestOutputProfile"]
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile.get_object().get_data()))
    proof = ImageCms.profileToProfile(back, press, ImageCms.createProfile("sRGB"), outputMode="RGB")
    design = rgb_pdf[0].render(scale=back.width / rgb_pdf[0].get_width()).to_pil()
    design_l = ImageStat.Stat(design.convert("L")).mean[0]
    proof_l = ImageStat.Stat(proof.convert("L")).mean[0]
    assert design_l < 90  # the back is dark
    assert abs(proof_l - design_l) < 8, (design_l, proof_l)
    assert ImageStat.Stat(back.getchannel("K")).mean[0] > 128  # black ink carries the darkness


def test_dpi_sets_the_pixels_and_a_rerun_is_byte_identical(pdfx: Path, tmp_path: Path) -> None:
    result = pnp("export", str(SIXTH), "--to", "dtc", "--pdfx", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "sixth-game" / "dtc" / "agents.pdf").read_bytes() == pdfx.read_bytes()
    assert cmyk_images(PdfReader(pdfx))[0].size == (825, 1125)  # the shop's 300 dpi template
    result = pnp("export", str(SIXTH), "--to", "dtc", "--pdfx", "--dpi", "150",
                 "--out", str(tmp_path / "low"))  # fmt: skip
    assert result.exit_code == 0, result.output
    low = PdfReader(tmp_path / "low" / "sixth-game" / "dtc" / "agents.pdf")
    assert {image.size for image in cmyk_images(low)} == {(412, 562)}
    assert float(low.pages[0].mediabox.width) == pytest.approx(2.75 * 72)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--to", "png", "--pdfx"], "--pdfx does not apply to --to png"),
        (["--to", "tts", "--pdfx"], "--pdfx does not apply to --to tts"),
        (["--to", "dtc", "--dpi", "600"], "--dpi does not apply to --to dtc"),
    ],
    ids=["png", "tts", "dtc-dpi-without-pdfx"],
)
def test_options_a_target_ignores_are_refused(tmp_path: Path, args, message) -> None:
    result = pnp("export", str(SIXTH), *args, "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not any(tmp_path.iterdir())


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_qpdf_finds_no_error(pdfx: Path) -> None:
    run = subprocess.run(["qpdf", "--check", str(pdfx)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_memory_stays_low_at_600_dpi(tmp_path: Path, run_pnp) -> None:
    """Faces go to CMYK a strip of rows at a time: the whole-face float bands of the ink cap
    would double the peak (221 MB measured without strips)."""
    make_game(tmp_path)
    run = run_pnp("export", "game", "--to", "dtc", "--pdfx", "--dpi", "600", "--out", "out",
                  cwd=tmp_path, cpu_seconds=30)  # fmt: skip
    assert run.code == 0, run.output
    assert (tmp_path / "out" / "sixth-game" / "dtc" / "agents.pdf").is_file()
    assert run.peak_mb < 160, run.peak_mb
