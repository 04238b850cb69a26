"""Helpers shared by the tests that read a drawn face back with pdfplumber."""

import io

import pdfplumber

from pnp.draw.face import FaceArt, face_pdf


def page_of(art: FaceArt):
    """The face drawn alone on a page of its size with bleed, opened with pdfplumber."""
    return pdfplumber.open(io.BytesIO(face_pdf(art))).pages[0]
