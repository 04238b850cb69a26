"""PDF/X-1a:2003 files of CMYK images, one image filling each page, written as a stream.

What the standard (ISO 15930-4) asks and where it is met: PDF 1.4; an OutputIntent of subtype
GTS_PDFX naming the printing condition, its ICC profile embedded (N 4); `GTS_PDFXVersion`,
`GTS_PDFXConformance` and `Trapped` (False: nothing is trapped) in the Info dictionary with
its dates; a document ID; MediaBox, TrimBox and BleedBox on every page; DeviceCMYK images only
(no RGB, no colour operator at all in the content), no transparency, no fonts (the text is in
the pixels), no annotations, no encryption. Images are written as they come, so memory holds
one image, not the deck; an image shown on many pages (a shared back, a card's copies) is
stored once, as is the content stream that places it.
"""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass
from typing import BinaryIO, NamedTuple

VERSION = "PDF/X-1:2003"
CONFORMANCE = "PDF/X-1a:2003"
FIXED_DATE = "D:20000101000000Z"  # as reportlab's invariant mode: the same input, the same bytes


@dataclass(frozen=True)
class Boxes:
    """A page's size and its trim, in points: the page is all bleed outside the trim."""

    width: float
    height: float
    trim: tuple[float, float, float, float]


@dataclass(frozen=True)
class Intent:
    """The OutputIntent: the registered printing condition and the profile of the press."""

    condition: str  # OutputConditionIdentifier, e.g. "CGATS TR 005"
    info: str  # what a person reads about it
    registry: str
    profile: bytes  # ICC data, CMYK


class Placed(NamedTuple):
    """An image stored in the file and the content stream that fills a page with it."""

    image: int  # object numbers
    content: int


def text(value: str) -> bytes:
    """A PDF text string, hex-encoded (no escaping to get wrong): PDFDocEncoding for ASCII,
    else UTF-16BE with its byte order mark."""
    data = value.encode("ascii") if value.isascii() else b"\xfe\xff" + value.encode("utf-16-be")
    return b"<" + data.hex().encode("ascii") + b">"


def num(value: float) -> bytes:
    return f"{value:.4f}".rstrip("0").rstrip(".").encode("ascii")


class PdfxWriter:
    """Objects written to `out` one at a time; `close` writes the pages, the catalog, the Info
    dictionary and the cross-reference table."""

    def __init__(self, out: BinaryIO, boxes: Boxes, intent: Intent, title: str) -> None:
        self.out = out
        self.boxes = boxes
        self.intent = intent
        self.title = title
        self.offsets: dict[int, int] = {}
        self.digest = hashlib.md5(usedforsecurity=False)
        self.pages_ref = 1  # reserved: the page tree, written last, is every page's parent
        self.next = 2
        self.pages: list[bytes] = []
        self._write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")

    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self.digest.update(data)

    def _object(self, body: bytes, stream: bytes | None = None, number: int = 0) -> int:
        if not number:
            number, self.next = self.next, self.next + 1
        self.offsets[number] = self.out.tell()
        self._write(b"%d 0 obj\n" % number + body)
        if stream is not None:
            self._write(b"\nstream\n" + stream + b"\nendstream")
        self._write(b"\nendobj\n")
        return number

    def image(self, width: int, height: int, cmyk: bytes) -> Placed:
        """Store a CMYK image (8 bits a channel, `cmyk` Flate-compressed) and the content
        that fills a page with it; returns both for `page`."""
        data = b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceCMYK "
        data += b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>"
        image = self._object(data % (width, height, len(cmyk)), cmyk)
        boxes = self.boxes
        place = b"q %s 0 0 %s 0 0 cm /Im Do Q" % (num(boxes.width), num(boxes.height))
        content = self._object(b"<< /Length %d >>" % len(place), place)
        return Placed(image, content)

    def page(self, placed: Placed | None) -> None:
        """A page filled by a `placed` image, or a blank page (None)."""
        b = self.boxes
        media = b"[0 0 %s %s]" % (num(b.width), num(b.height))
        trim = b"[" + b" ".join(num(v) for v in b.trim) + b"]"
        body = b"<< /Type /Page /Parent %d 0 R /MediaBox %s /BleedBox %s /TrimBox %s " % (
            self.pages_ref, media, media, trim,
        )  # fmt: skip
        if placed is None:
            body += b"/Resources << >> >>"
        else:
            body += b"/Resources << /XObject << /Im %d 0 R >> >> /Contents %d 0 R >>" % placed
        self.pages.append(b"%d 0 R" % self._object(body))

    def close(self) -> None:
        """The page tree, OutputIntent, catalog, Info, cross-references and trailer."""
        kids = b" ".join(self.pages)
        self._object(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(self.pages)), None,
                     self.pages_ref)  # fmt: skip
        icc = zlib.compress(self.intent.profile, 9)
        head = b"<< /N 4 /Alternate /DeviceCMYK /Filter /FlateDecode /Length %d >>" % len(icc)
        profile = self._object(head, icc)
        i = self.intent
        intent = self._object(
            b"<< /Type /OutputIntent /S /GTS_PDFX /OutputCondition %s /OutputConditionIdentifier"
            b" %s /RegistryName %s /Info %s /DestOutputProfile %d 0 R >>"
            % (text(i.info), text(i.condition), text(i.registry), text(i.info), profile)
        )
        catalog = self._object(
            b"<< /Type /Catalog /Pages %d 0 R /OutputIntents [%d 0 R] >>" % (self.pages_ref, intent)
        )
        date = text(FIXED_DATE)
        info = self._object(
            b"<< /Title %s /Creator (pnp) /Producer (pnp) /CreationDate %s /ModDate %s "
            b"/Trapped /False /GTS_PDFXVersion %s /GTS_PDFXConformance %s >>"
            % (text(self.title), date, date, text(VERSION), text(CONFORMANCE))
        )
        self._xref(catalog, info)

    def _xref(self, catalog: int, info: int) -> None:
        start = self.out.tell()
        doc_id = self.digest.hexdigest().encode("ascii")
        rows = [b"0000000000 65535 f \n"]
        rows += [b"%010d 00000 n \n" % self.offsets[n] for n in range(1, self.next)]
        self._write(b"xref\n0 %d\n" % self.next + b"".join(rows))
        self._write(
            b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [<%s> <%s>] >>\nstartxref\n%d\n"
            b"%%%%EOF\n" % (self.next, catalog, info, doc_id, doc_id, start)
        )
