"""What a rulebook keeps together when a heading or lead-in line is kept with the next flowable.

Platypus moves a heading and the whole flowable after it to the next page when both do not fit
the rest of this one. For a table that runs over pages with its header repeated (a glossary, a
card list) a published book starts the table under its heading and carries it on: the heading
keeps with the table's first rows, and the page is not left half empty.
"""

from __future__ import annotations

from reportlab.platypus import Flowable
from reportlab.platypus.flowables import KeepTogether

from pnp.rulebook.blocks import DataTable
from pnp.rulebook.glossary import Glossary


class KeepWithRows(KeepTogether):
    """The document's `keepTogetherClass`: a heading (and its lead-in) kept with the first rows
    of a table that runs on, with everything else kept whole as Platypus does."""

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803 - Platypus' names
        *lead, last = self._content
        if lead and isinstance(last, DataTable | Glossary):
            room = aH - _stacked(lead, aW) - _gap(lead[-1], last)
            # DataTable splits only with enough rows on each side; [] when it may not split here
            parts = last.split(aW, room) if room > 0 else []
            if len(parts) > 1:
                return [*lead, *parts]
        found: list[Flowable] = super().split(aW, aH)
        return found


def _gap(above: Flowable, below: Flowable) -> float:
    return max(above.getSpaceAfter(), below.getSpaceBefore())  # the frame merges the two


def _stacked(flowables: list[Flowable], width: float) -> float:
    """How tall `flowables` are set one under the other (the first one's space before it is
    already out of the room the frame offers)."""
    heights = sum(f.wrap(width, 1e6)[1] for f in flowables)
    return heights + sum(_gap(a, b) for a, b in zip(flowables, flowables[1:], strict=False))
