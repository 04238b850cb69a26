"""pnp: a print-and-play studio. Game catalogs in YAML become printable sheets and verdicts.

Importing pnp changes nothing outside it: the `pnp` command (pnp.cli) is what keeps dataclass
methods compiled in pnp's cache folder (pnp.io.caches), since that patches `dataclasses` for
the whole process, which is the command's own."""

__version__ = "0.1.0"
