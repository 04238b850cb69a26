"""The rulebook's Paragraph: reportlab's, breaking its lines once per width.

Platypus asks a paragraph for its size more than once with the same width: a frame before it
places it, a group kept together measuring its parts, a table measuring a cell and then drawing
it, each pass of a multi-pass build. reportlab breaks the lines again every time (about half of
all the line breaking of a book, measured on the built-in games). The lines depend on the width,
the fragments and the style, and none of those changes after a paragraph is made, so a second
ask at the width of the first is answered from the first.
"""

from __future__ import annotations

from reportlab.platypus import paragraph


class Paragraph(paragraph.Paragraph):
    """reportlab's Paragraph, whose `wrap` at the width it last broke its lines for keeps them."""

    _broken_at: float | None = None  # the width of the lines in `blPara`

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        # reportlab drops `blPara` when a split leaves nothing here; then break again
        if availWidth == self._broken_at and "blPara" in self.__dict__:
            return self.width, self.height
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        self._broken_at = availWidth if "blPara" in self.__dict__ else None
        return size
