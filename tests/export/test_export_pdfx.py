"""`pnp export --to dtc --pdfx` as a user runs it, read back with pypdf (an independent reader)
and the embedded profile with LittleCMS (Pillow's ImageCms): the PDF/X-1a:2003 keys
DriveThruCards' preflight looks for, CMYK and nothing else, total ink within 240 %, the shop's
boxes, and dark card backs that print dark. Both routes: vector (the sixth game, Spy Royale)
and rasterized (the sixth game with a translucent shape on its back, which X-1a cannot hold)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hostile import make_game
from PIL import Image, ImageCms, ImageMath, ImageStat
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject, IndirectObject

from pnp.cli import main

SIXTH = Path(__file__).parents[1] / "fixtures" / "build" / "sixth-game"
TAC_LIMIT = 240  # per cent: DriveThruCards' total ink limit
TRANSLUCENT = {  # a shape X-1a cannot hold (no transparency): the deck is rasterized
    "templates/agent-back.yaml.j2": (SIXTH / "templates" / "agent-back.yaml.j2").read_text()
    + "- rect: {x: 8, y: 8, w: 47, h: 20, fill: white, opacity: 0.3}\n"
}
COLOUR_OPS = {b"rg", b"RG", b"g", b"G", b"k", b"K", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"}


def pnp(*args: str):
    return CliRunner().invoke(main, list(args))


def export(game: Path | str, out: Path, *extra: str) -> Path:
    result = pnp("export", str(game), "--to", "dtc", *extra, "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sixth game's deck: dtc --rgb, plain dtc (PDF/X-1a, vector) and --pdfx with a
    translucent back (rasterized)."""
    root = tmp_path_factory.mktemp("pdfx")
    translucent = make_game(root, TRANSLUCENT)
    pdf = Path("sixth-game") / "dtc" / "agents.pdf"
    return {
        "rgb": export(SIXTH, root / "rgb", "--rgb") / pdf,
        "vector": export(SIXTH, root / "vector") / pdf,  # X-1a is dtc's default
        "raster": export(translucent, root / "raster", "--pdfx") / pdf,
    }


both = pytest.mark.parametrize("route", ["vector", "raster"])


def every_object(reader: PdfReader) -> list[Any]:
    """Every indirect object of the file, through pypdf's cross-reference table."""
    return [
        reader.get_object(IndirectObject(number, generation, reader))
        for generation, numbers in reader.xref.items()
        for number in numbers
    ]


def colours(reader: PdfReader, page: Any) -> list[tuple[bytes, list[float]]]:
    """Every colour operator of the page, in drawing order, forms followed into."""
    found: list[tuple[bytes, list[float]]] = []

    def walk(stream: Any, resources: Any) -> None:
        xobjects = (resources.get_object() if resources else {}).get("/XObject") or {}
        for operands, op in ContentStream(stream, reader).operations:
            if op in COLOUR_OPS:
                found.append((op, [float(v) for v in operands]))
            if op == b"Do":
                xobject = xobjects[operands[0]].get_object()
                if xobject["/Subtype"] == "/Form":
                    walk(xobject, xobject.get("/Resources"))

    walk(page.get_contents(), page.get("/Resources"))
    return found


def cmyk_images(reader: PdfReader) -> list[Image.Image]:
    """The pages' images, decoded by pypdf (Flate) into Pillow CMYK images."""
    images = {}
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            xobject = ref.get_object()
            if xobject["/Subtype"] == "/Image":
                size = (int(xobject["/Width"]), int(xobject["/Height"]))
                images[ref.idnum] = Image.frombytes("CMYK", size, xobject.get_data())
    return list(images.values())


def max_ink(image: Image.Image) -> float:
    """The most ink (C + M + Y + K, per cent) of any pixel."""
    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda e: e["c"] + e["m"] + e["y"] + e["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1] * 100 / 255


def proof_transform(reader: PdfReader) -> ImageCms.ImageCmsTransform:
    """CMYK through the file's own OutputIntent profile to sRGB: what the press prints."""
    profile = reader.trailer["/Root"]["/OutputIntents"][0]["/DestOutputProfile"].get_object()
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile.get_data()))
    return ImageCms.buildTransform(press, ImageCms.createProfile("sRGB"), "CMYK", "RGB")


def lightness(pixel: Image.Image) -> float:
    return ImageStat.Stat(pixel.convert("L")).mean[0]


@both
def test_output_intent_names_the_condition_and_embeds_a_cmyk_profile(exports, route) -> None:
    reader = PdfReader(exports[route], strict=True)
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
    assert "/Author" not in info  # no placeholder ("anonymous")
    assert len(reader.trailer["/ID"]) == 2


@both
def test_pages_are_the_shops_card_back_then_front_with_boxes(exports, route) -> None:
    reader = PdfReader(exports[route])
    assert len(reader.pages) == 2 * 11  # every copy: its back, then its front
    bleed = 1 / 8  # inches: the shop's poker card, 2.5 x 3.5 in, on a 2.75 x 3.75 in page
    for page in reader.pages:
        size = [float(page.mediabox.width) / 72, float(page.mediabox.height) / 72]
        assert size == pytest.approx([2.75, 3.75], abs=0.001)
        trim = [float(v) / 72 for v in page.trimbox]
        assert trim == pytest.approx([bleed, bleed, 2.5 + bleed, 3.5 + bleed], abs=0.001)
        assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]
        assert "/ArtBox" not in page  # TrimBox or ArtBox, not both


def test_rasterized_pages_share_one_image_per_face(exports) -> None:
    reader = PdfReader(exports["raster"])
    images = []
    for page in reader.pages:
        operators = [op for _, op in ContentStream(page.get_contents(), reader).operations]
        assert operators == [b"q", b"cm", b"Do", b"Q"], operators  # no colour operator at all
        (ref,) = page["/Resources"]["/XObject"].values()
        images.append(ref.idnum)
    backs, fronts = set(images[0::2]), images[1::2]
    assert len(backs) == 1  # the deck's one back, stored once
    assert not backs & set(fronts)
    assert [fronts.count(f) for f in dict.fromkeys(fronts)] == [4, 3, 2, 2]  # copies share
    assert {image.size for image in cmyk_images(reader)} == {(825, 1125)}  # the shop's 300 dpi


@both
def test_nothing_rgb_no_transparency_every_font_embedded(exports, route) -> None:
    reader = PdfReader(exports[route])
    for page in reader.pages:
        ops = {op for op, _ in colours(reader, page)}
        assert ops <= {b"k", b"K"}, ops  # CMYK only, in every form
        assert "/Group" not in page and "/Annots" not in page
    fonts = 0
    for obj in every_object(reader):
        if not isinstance(obj, DictionaryObject):
            continue
        assert "/SMask" not in obj and "/Group" not in obj, obj
        assert float(obj.get("/ca", 1)) == 1 and float(obj.get("/CA", 1)) == 1, obj
        assert "/Shading" not in obj and "/Pattern" not in obj
        if obj.get("/Subtype") == "/Image":
            assert (obj["/ColorSpace"], obj["/BitsPerComponent"]) == ("/DeviceCMYK", 8)
        elif "/ColorSpace" in obj:
            pytest.fail(f"a colour space outside an image: {obj}")
        if obj.get("/Type") == "/FontDescriptor":
            assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(obj), obj["/FontName"]
            fonts += 1
    assert (fonts > 0) == (route == "vector"), fonts  # raster: the text is in the pixels
    raw = exports[route].read_bytes()
    assert b"/DeviceRGB" not in raw and b"/CalRGB" not in raw


def test_no_colour_has_more_than_240_percent_ink(exports) -> None:
    reader = PdfReader(exports["vector"])
    inks = [100 * sum(v) for page in reader.pages for _, v in colours(reader, page)]
    assert max(inks) <= TAC_LIMIT + 0.1, max(inks)
    assert max(inks) > 200  # the dark art does go up to the limit


def test_no_pixel_has_more_than_240_percent_ink(exports) -> None:
    inks = [max_ink(image) for image in cmyk_images(PdfReader(exports["raster"]))]
    assert max(inks) <= TAC_LIMIT + 0.2, inks
    assert max(inks) > 200


@pytest.mark.parametrize("game", ["sixth", "spy-royale"])
def test_every_colour_prints_as_light_as_designed(exports, tmp_path, game) -> None:
    """Each CMYK colour, proofed through the file's own profile (LittleCMS), against the RGB
    colour the plain dtc PDF draws in its place: dark backs stay dark, nothing washes out (the
    press's black is a little lighter than screen black: the allowance)."""
    if game == "sixth":
        rgb, cmyk = PdfReader(exports["rgb"]), PdfReader(exports["vector"])
    else:  # its navy duration back
        files = Path("spy-royale") / "dtc" / "duration.pdf"
        args = ("spy-royale", "--set", "duration")
        rgb = PdfReader(export(args[0], tmp_path / "rgb", *args[1:], "--rgb") / files)
        cmyk = PdfReader(export(args[0], tmp_path / "pdfx", *args[1:], "--pdfx") / files)
    proof = proof_transform(cmyk)
    (_, back), *_ = colours(rgb, rgb.pages[0])  # the back's first fill: all of it
    assert lightness(Image.new("RGB", (1, 1), tuple(round(v * 255) for v in back))) < 90
    for n in range(len(rgb.pages)):
        designed, printed = colours(rgb, rgb.pages[n]), colours(cmyk, cmyk.pages[n])
        assert len(designed) == len(printed)
        for (_, rgb_v), (_, cmyk_v) in zip(designed, printed, strict=True):
            design = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb_v))
            press = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk_v))
            shown = ImageCms.applyTransform(press, proof)
            assert abs(lightness(shown) - lightness(design)) <= 20, (n, rgb_v, cmyk_v)


def test_a_rasterized_dark_back_prints_dark(exports) -> None:
    """The translucent deck's back, proofed pixel by pixel, is as dark as the design."""
    back = cmyk_images(PdfReader(exports["raster"]))[0]  # page 1 is the back
    shown = ImageCms.applyTransform(back, proof_transform(PdfReader(exports["raster"])))
    design = colours(PdfReader(exports["rgb"]), PdfReader(exports["rgb"]).pages[0])[0][1]
    design_l = lightness(Image.new("RGB", (1, 1), tuple(round(v * 255) for v in design)))
    assert design_l < 100  # the back is dark
    assert abs(lightness(shown) - design_l) < 12, (design_l, lightness(shown))


def test_dpi_sets_the_pixels_and_a_rerun_is_byte_identical(exports, tmp_path: Path) -> None:
    again = export(SIXTH, tmp_path / "again", "--pdfx") / "sixth-game" / "dtc" / "agents.pdf"
    assert again.read_bytes() == exports["vector"].read_bytes()
    translucent = make_game(tmp_path, TRANSLUCENT)
    again = export(translucent, tmp_path / "raster", "--pdfx") / "sixth-game" / "dtc" / "agents.pdf"
    assert again.read_bytes() == exports["raster"].read_bytes()
    low = export(translucent, tmp_path / "low", "--pdfx", "--dpi", "150")
    reader = PdfReader(low / "sixth-game" / "dtc" / "agents.pdf")
    assert {image.size for image in cmyk_images(reader)} == {(412, 562)}
    assert float(reader.pages[0].mediabox.width) == pytest.approx(2.75 * 72)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--to", "png", "--pdfx"], "--pdfx does not apply to --to png"),
        (["--to", "tts", "--pdfx"], "--pdfx does not apply to --to tts"),
        (["--to", "png", "--rgb"], "--rgb does not apply to --to png"),
        (["--to", "dtc", "--rgb", "--dpi", "600"], "--dpi does not apply to --to dtc"),
        (["--to", "dtc", "--rgb", "--pdfx"], "--pdfx and --rgb contradict each other"),
    ],
    ids=["png", "tts", "png-rgb", "dtc-dpi-rgb", "dtc-rgb-pdfx"],
)
def test_options_a_target_ignores_are_refused(tmp_path: Path, args, message) -> None:
    result = pnp("export", str(SIXTH), *args, "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not any(tmp_path.iterdir())


@both
@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_qpdf_finds_no_error(exports, route) -> None:
    run = subprocess.run(["qpdf", "--check", str(exports[route])], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_memory_stays_low_at_600_dpi(tmp_path: Path, run_pnp) -> None:
    """Faces go to CMYK a strip of rows at a time: the whole-face float bands of the ink cap
    would double the peak (221 MB in all measured without strips, 160 with them, when peak_mb
    still counted the libraries)."""
    make_game(tmp_path, TRANSLUCENT)
    run = run_pnp("export", "game", "--to", "dtc", "--pdfx", "--dpi", "600", "--out", "out",
                  cwd=tmp_path, cpu_seconds=30)  # fmt: skip
    assert run.code == 0, run.output
    reader = PdfReader(tmp_path / "out" / "sixth-game" / "dtc" / "agents.pdf")
    assert {image.size for image in cmyk_images(reader)} == {(1650, 2250)}
    assert run.peak_mb < 80, run.peak_mb  # 51 MB measured above the warm start


def test_cmyk_conversion_works_in_a_forked_worker_and_its_parent_at_once() -> None:
    """A build forks workers after the output profile is open; LittleCMS reads a profile
    opened from a file lazily, so a parent and child sharing the file's offset failed
    ("Could not determine profile size") on an export now and then."""
    import os

    from PIL import Image

    from pnp.export.cmyk import to_cmyk

    face = Image.new("RGB", (32, 32), (200, 30, 30))
    to_cmyk(face)  # the transform made (and kept) before the fork, as in a build
    pid = os.fork()
    failures = 0
    for _ in range(200):
        try:
            to_cmyk(face)
        except OSError:
            failures += 1
    if pid == 0:
        os._exit(min(failures, 255))
    _, status = os.waitpid(pid, 0)
    assert (failures, os.waitstatus_to_exitcode(status)) == (0, 0)
