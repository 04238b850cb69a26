"""What an export was asked for: its target, options and sets, and where its files go."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote as url_quote
from urllib.parse import urlsplit

from pnp.catalog.model import ComponentSet, Game
from pnp.errors import BuildError, InputError, UnknownNameError
from pnp.export.raster import PixelBudget
from pnp.io.staging import Staging
from pnp.names import closest, quote

TARGETS = ("png", "tgc", "mpc", "dtc", "tts", "proof")
# what each target covers when no --set is given: shops print decks; the others, everything
DECKS_ONLY = ("tgc", "mpc", "dtc")
DEFAULT_DPI = {"png": 300.0, "tts": 300.0, "proof": 100.0}
DPI_RANGE = (30.0, 1200.0)


@dataclass(frozen=True)
class ExportOptions:
    """What the user asked for besides the target."""

    dpi: float | None = None  # None: the target's default (shops have their own)
    out_dir: Path | None = None  # default ./output
    url_base: str | None = None  # TTS: where the images will be uploaded (default file:///)
    sets: tuple[str, ...] = ()  # restrict to these set ids (empty: the target's default)
    pdfx: bool = False  # dtc: PDF/X-1a in CMYK asked for by name (it is dtc's default anyway)
    rgb: bool = False  # dtc: plain RGB PDFs instead of PDF/X-1a (`--rgb`), not what shops take

    @property
    def x1a(self) -> bool:
        """Whether dtc's PDFs are PDF/X-1a in CMYK: unless plain RGB is asked for."""
        return not self.rgb

    def dpi_for(self, target: str) -> float:
        return self.dpi if self.dpi is not None else DEFAULT_DPI.get(target, 300.0)

    @property
    def base(self) -> Path:
        return Path(self.out_dir) if self.out_dir is not None else Path("output")


def parse_target(text: str) -> str:
    """A known target name; InputError with the closest names otherwise."""
    if text not in TARGETS:
        raise UnknownNameError(
            f"unknown export target {quote(text)} (known: {', '.join(TARGETS)})",
            suggestions=closest(text, TARGETS),
        )
    return text


def parse_dpi(text: str) -> float:
    """A resolution in dots per inch, within DPI_RANGE."""
    try:
        dpi = float(text)
    except ValueError:
        dpi = math.nan
    if not DPI_RANGE[0] <= dpi <= DPI_RANGE[1]:
        raise InputError(
            f"dots per inch must be a number from {DPI_RANGE[0]:g} to {DPI_RANGE[1]:g}, "
            f"not {quote(text)}"
        )
    return dpi


def parse_url_base(text: str) -> str:
    """The address images will be uploaded under, as every image's address begins: http or
    https with a host, no space or control character, no query or fragment (each would end up
    in the middle of every address), ending in `/` (added when missing)."""
    example = "a web address such as https://example.org/my-game/"
    if not text or any(c.isspace() or not c.isprintable() for c in text):
        raise InputError(f"--url-base must be {example}, without spaces or control characters, "
                         f"not {quote(text)}")  # fmt: skip
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https"):
        raise InputError(f"--url-base must be {example} (http or https), not {quote(text)}")
    try:
        host, _ = parts.hostname, parts.port  # a port that is not a number raises
    except ValueError:
        host = None
    if not host:
        raise InputError(f"--url-base names no host (example.org): it must be {example}, not "
                         f"{quote(text)}")  # fmt: skip
    if "?" in text or "#" in text:
        raise InputError(f"--url-base may not hold a query (?) or a fragment (#): every image's "
                         f"name goes after it, not {quote(text)}")  # fmt: skip
    return text if text.endswith("/") else text + "/"


def check_options(target: str, options: ExportOptions) -> None:
    """InputError for an option the target would ignore: `--dpi` for a shop or a vector PDF,
    `--url-base` for anything but Tabletop Simulator, `--pdfx` and `--rgb` for anything but
    dtc."""
    for flag, asked in (("--pdfx", options.pdfx), ("--rgb", options.rgb)):
        if asked and target != "dtc":
            raise InputError(f"{flag} does not apply to --to {target}: it chooses the kind of "
                             "PDF --to dtc writes", hint=f"drop {flag}")  # fmt: skip
    if options.pdfx and options.rgb:
        raise InputError("--pdfx and --rgb contradict each other: --to dtc writes PDF/X-1a "
                         "unless --rgb asks for plain RGB", hint="drop one")  # fmt: skip
    rasterized = target in DEFAULT_DPI or (target == "dtc" and options.x1a)
    if options.dpi is not None and not rasterized:
        why = ("its RGB PDFs are drawn, not pixels" if target == "dtc"
               else "the shop's images have its own exact pixels, at 300 dpi")  # fmt: skip
        raise InputError(
            f"--dpi does not apply to --to {target}: {why}",
            hint="drop --dpi, or export --to png (or --to dtc without --rgb) at the resolution "
            "you want",
        )
    if options.url_base is not None and target != "tts":
        raise InputError(
            f"--url-base does not apply to --to {target}: it is where the images of "
            "a Tabletop Simulator save (--to tts) are uploaded",
            hint="drop --url-base",
        )


def chosen_sets(game: Game, target: str, options: ExportOptions) -> list[ComponentSet]:
    """The sets named with --set, or the target's default: decks for shops, else every set."""
    for sid in options.sets:
        if sid not in game.sets:
            raise UnknownNameError(
                f"{game.id} has no set {quote(sid)} (sets: {', '.join(game.sets)})",
                suggestions=closest(sid, game.sets),
                file=game.origin.file,
            )
    if options.sets:
        return [s for s in game.sets.values() if s.id in options.sets]
    sets = list(game.sets.values())
    if target in DECKS_ONLY:
        sets = [s for s in sets if s.is_deck]
        if not sets:
            raise InputError(
                f"{game.id} has no decks of cards for --to {target}",
                file=game.origin.file,
                hint="name the sets to send with --set ID",
            )
    return sets


def bleed_to_draw(needed_mm: float) -> float:
    """Bleed to draw faces with: `needed_mm` rounded up to 0.1 mm (after rounding off what is
    only pixel rounding), so the faces of a set share one drawing."""
    return math.ceil(round(needed_mm, 2) * 10) / 10  # the same rounding as shop_bleed_mm


class Output:
    """One game's target folder inside a staged export: files by path relative to it. The
    folder is replaced as a whole: files an earlier export left there are gone."""

    def __init__(
        self,
        stage: Staging,
        folder: Path,
        url_base: str | None = None,
        budget: PixelBudget | None = None,
    ) -> None:
        self.stage = stage
        self.folder = folder
        self.budget = budget or PixelBudget()  # one for the whole export, shared by its games
        stage.whole(folder)
        self.url_base = url_base
        self.written: list[Path] = []
        self._seen: dict[str, bytes] = {}  # name -> digest of what was written

    def claim(self, name: str) -> Path:
        """The staged path to write the file `name` to (its folder created); BuildError when
        another file of the export has that name."""
        staged = self.stage.claim(self.folder / name)
        self.written.append(self.folder / name)
        return staged

    def write(self, name: str, data: bytes) -> None:
        """Write the file; writing the same bytes under the same name again (a back the set
        shares) does nothing, other bytes under a name already written is a BuildError."""
        digest = hashlib.sha256(data).digest()
        if self._seen.get(name) == digest:
            return
        staged = self.claim(name)
        self._seen[name] = digest
        try:
            staged.write_bytes(data)
        except OSError as err:
            raise BuildError(f"cannot write {self.folder / name}: {err.strerror}") from None

    def url(self, name: str) -> str:
        """The address of the file once in place: under --url-base, else a file:/// URL."""
        if self.url_base:
            return parse_url_base(self.url_base) + url_quote(name)
        return (self.folder / name).absolute().as_uri()
