"""pnp: a print-and-play studio. Game catalogs in YAML become printable sheets and verdicts."""

__version__ = "0.1.0"
