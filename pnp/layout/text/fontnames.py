"""Common font families a designer's layout names, and the open fonts that stand in for them.

A published layout is often set in Times New Roman, Arial or Calibri, which pnp cannot ship. Each
has an open font drawn to the same metrics (every character the same width), so text set in it
breaks into the same lines and fits the same boxes: Liberation (SIL OFL, Red Hat and Google),
Carlito and Caladea (SIL OFL, Google). A theme may name the common family; pnp uses its twin and
says so. Families without an open metric twin (Georgia, Verdana, Garamond, ...) are not listed:
naming one is an error that lists the families available.
"""

from __future__ import annotations

# the common family (compared case-insensitively) -> the shipped family with its metrics
METRIC_TWINS = {
    "times new roman": "Liberation Serif",
    "times": "Liberation Serif",
    "tinos": "Liberation Serif",
    "arial": "Liberation Sans",
    "helvetica": "Liberation Sans",
    "arimo": "Liberation Sans",
    "courier new": "Liberation Mono",
    "courier": "Liberation Mono",
    "cousine": "Liberation Mono",
    "calibri": "Carlito",
    "cambria": "Caladea",
}
COMMON = ("Times New Roman", "Times", "Arial", "Helvetica", "Courier New", "Courier", "Calibri",
          "Cambria")  # fmt: skip


def metric_twin(family: str) -> str | None:
    """The shipped family with `family`'s metrics, or None."""
    return METRIC_TWINS.get(" ".join(family.lower().split()))
