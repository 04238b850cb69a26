"""PDF/X-1a:2003 from a vector PDF whose colours reportlab wrote in CMYK: checked, then given
the keys the standard asks for.

The dtc PDF is drawn with `cmyk_colour` as reportlab's colour hook, so every fill and stroke
it sets is CMYK through pnp's output profile (pnp.export.cmyk), ink capped. What the hook
cannot reach makes the file unfit for PDF/X-1a, and `unfit` names it: a colour operator other
than CMYK, ink over the limit, an image (its pixels are RGB), transparency (an opacity, a soft
mask, a blend mode: X-1a has none), a shading or pattern, a font not embedded. Such a deck is
rasterized instead (pnp.export.dtc_pdfx). A fit file gets, through pypdf, the PDF 1.4 header,
the OutputIntent and the Info keys (pnp.export.pdfx's), nothing else changed.
"""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    ContentStream,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    TextStringObject,
)
from reportlab.lib.colors import CMYKColor, toColor

from pnp.export.cmyk import TAC_PERCENT, cmyk_of
from pnp.export.pdfx import CONFORMANCE, FIXED_DATE, VERSION, Intent

CMYK_OPS = {b"k", b"K"}
OTHER_COLOUR_OPS = {b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"}
UNFIT_OPS = OTHER_COLOUR_OPS | {b"sh", b"BI", b"d0", b"d1"}
UNFIT_RESOURCES = ("/Shading", "/Pattern")
INK_SLACK = 0.001  # reportlab writes colours to five decimals


def cmyk_colour(colour: Any) -> CMYKColor:
    """reportlab's enforceColorSpace hook: any colour as CMYK through the profile (a CMYK
    colour given as such is kept; `unfit` checks its ink)."""
    c = toColor(colour)
    if isinstance(c, CMYKColor):
        return c
    return CMYKColor(*cmyk_of(c.red, c.green, c.blue), alpha=c.alpha)


def unfit(reader: PdfReader) -> str | None:
    """Why the file cannot be PDF/X-1a as it is, or None."""
    seen: set[int] = set()
    for number, page in enumerate(reader.pages, 1):
        contents = page.get_contents()
        why = _unfit_content(contents, reader) if contents is not None else None
        why = why or _unfit_resources(page.get("/Resources"), reader, seen)
        if "/Group" in page:
            why = why or "a transparency group"
        if why:
            return f"page {number}: {why}"
    return None


def _unfit_content(stream: Any, reader: PdfReader) -> str | None:
    for operands, op in ContentStream(stream, reader).operations:
        if op in UNFIT_OPS:
            return f"the operator {op.decode()}"
        if op in CMYK_OPS and sum(float(v) for v in operands) > TAC_PERCENT / 100 + INK_SLACK:
            return f"ink over {TAC_PERCENT}%"
    return None


def _unfit_resources(resources: Any, reader: PdfReader, seen: set[int]) -> str | None:
    res = resources.get_object() if resources is not None else {}
    for key in UNFIT_RESOURCES:
        if res.get(key):
            return f"a {key[1:].lower()}"
    for state in (res.get("/ExtGState") or {}).values():
        state = state.get_object()
        if any(float(state.get(k, 1)) != 1 for k in ("/ca", "/CA")):
            return "an opacity"
        if state.get("/SMask", "/None") != "/None" or state.get("/BM", "/Normal") != "/Normal":
            return "a soft mask or blend mode"
    for font in (res.get("/Font") or {}).values():
        if not _embedded(font.get_object()):
            return f"the font {font.get_object().get('/BaseFont')} not embedded"
    for ref in (res.get("/XObject") or {}).values():
        if getattr(ref, "idnum", None) in seen:
            continue
        seen.add(ref.idnum)
        xobject = ref.get_object()
        if xobject.get("/Subtype") != "/Form":
            return "an image"
        if "/Group" in xobject:
            return "a transparency group"
        why = _unfit_content(xobject, reader)
        why = why or _unfit_resources(xobject.get("/Resources"), reader, seen)
        if why:
            return why
    return None


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if font.get("/Subtype") == "/Type3":
        return True  # drawn with content streams, checked as any other
    return descriptor is not None and bool(
        {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.get_object())
    )


def as_pdfx(data: bytes, intent: Intent, title: str) -> bytes:
    """The fit PDF `data` with the PDF/X-1a header, OutputIntent and Info keys."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.pdf_header = "%PDF-1.4"
    profile = DecodedStreamObject()
    profile.set_data(intent.profile)
    profile.update({NameObject("/N"): NumberObject(4), NameObject("/Alternate"): NameObject(
        "/DeviceCMYK")})  # fmt: skip
    output = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputCondition"): TextStringObject(intent.info),
            NameObject("/OutputConditionIdentifier"): TextStringObject(intent.condition),
            NameObject("/RegistryName"): TextStringObject(intent.registry),
            NameObject("/Info"): TextStringObject(intent.info),
            NameObject("/DestOutputProfile"): writer._add_object(profile.flate_encode()),
        }
    )
    writer.root_object[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(output)])
    info = {"/Title": title, "/Creator": "pnp", "/Producer": "pnp", "/CreationDate": FIXED_DATE,
            "/ModDate": FIXED_DATE, "/GTS_PDFXVersion": VERSION,
            "/GTS_PDFXConformance": CONFORMANCE}  # fmt: skip
    writer.add_metadata(info)
    info_dict: Any = writer._info.get_object() if writer._info is not None else None
    info_dict[NameObject("/Trapped")] = NameObject("/False")
    for key in ("/Author", "/Subject", "/Keywords"):  # reportlab's placeholders
        info_dict.pop(NameObject(key), None)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
