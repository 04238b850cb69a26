"""pnp: a print-and-play studio. Game catalogs in YAML become printable sheets and verdicts."""

from pnp.caches import keep_dataclass_code

__version__ = "0.1.0"

# before any module of pnp makes its dataclasses: their methods' compiled code is kept
keep_dataclass_code()
