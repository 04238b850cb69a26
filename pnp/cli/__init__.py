"""The `pnp` command: parse options, call the library, map errors to messages and exit codes.

Exit codes: 0 fine, 1 a composition rule is broken, 2 bad input or usage. A bad option value
is reported by click (`Error: Invalid value for '--paper': ...`); a bad input file by pnp
(`error: file:line: message`), both with exit code 2. Each command lives in the module named
after what it does; this module only gathers them.
"""

from __future__ import annotations

import gc

from pnp.io.caches import keep_dataclass_code

# First, before pnp's modules make their dataclasses: their methods' compiled code comes from
# the cache folder (~45 ms of a build's start-up). It patches `dataclasses` for the process,
# so the command does it, for its own process; `import pnp` as a library leaves it alone.
keep_dataclass_code()

import click  # noqa: E402 - after the patch above, deliberately

from pnp.cli import build, catalog, export, new  # noqa: E402
from pnp.cli.common import EXIT_CODES  # noqa: E402

# A command runs once and exits. Python looks for reference cycles every 700 new objects, and
# now and then through every object: ~30 ms of a 1,000-card build. Every 10,000 is enough.
gc.set_threshold(10_000, 50, 100)


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog=EXIT_CODES,
)
@click.version_option(package_name="pnp-studio")
def main() -> None:
    """pnp: print-and-play studio. Game data in, printable sheets and deck verdicts out."""


for command in (
    catalog.games,
    catalog.inventory,
    catalog.validate,
    build.build,
    build.calibrate,
    new.new,
    export.export,
):
    main.add_command(command)

from pnp.cli import show  # noqa: E402

main.add_command(show.show)

from pnp.cli import icons  # noqa: E402

main.add_command(icons.icons)
