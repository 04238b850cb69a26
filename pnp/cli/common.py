"""What every `pnp` command shares: exit codes, error reporting and option types checked by the
library's own parsers.

Exit codes: 0 fine, 1 a composition rule is broken, 2 bad input or usage. A bad option value
is reported by click (`Error: Invalid value for '--paper': ...`); a bad input file by pnp
(`error: file:line: message`), both with exit code 2.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any

import click

from pnp.errors import Interrupted, PnpError
from pnp.names import printable, shorten

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_CODES = (
    "Exit codes: 0 fine, 1 a composition rule is broken, 2 bad input or usage, "
    "3 a bug in pnp, 130 interrupted."
)


def reports_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn a PnpError into `error: file:line: message` on stderr and exit code 2; never show
    a traceback (PNP_DEBUG=1 shows one for a bug)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PnpError as exc:
            click.echo(printable(f"error: {exc.format()}"), err=True)
            sys.exit(EXIT_INPUT)
        except Interrupted as exc:  # Ctrl-C held until the files were all in place
            click.echo(str(exc), err=True)
            sys.exit(EXIT_INTERRUPTED)
        except KeyboardInterrupt:
            click.echo("interrupted: nothing was written", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            # the reader went away (`pnp inventory GAME | head`): stop quietly, as `cat` does;
            # stdout goes to devnull so the interpreter's final flush does not fail again
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_OK)
        except MemoryError:
            click.echo("error: not enough memory for this input", err=True)
            sys.exit(EXIT_INPUT)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as exc:  # a bug: say so in one line, not a traceback
            if os.environ.get("PNP_DEBUG"):
                raise
            click.echo(
                f"error: internal error: {type(exc).__name__}: {printable(shorten(str(exc)))}\n"
                "  this is a bug in pnp; please report it with the command you ran "
                "(PNP_DEBUG=1 shows where it happened)",
                err=True,
            )
            sys.exit(EXIT_BUG)

    return wrapper


class LibraryValue(click.ParamType):
    """An option value checked by the library's own parser, so the CLI and the library accept
    exactly the same values; a bad one is a click usage error naming the option."""

    def __init__(self, name: str, parse: Callable[[str], Any]) -> None:
        self.name = name
        self._parse = parse

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        try:
            self._parse(value)
        except PnpError as exc:
            hint = f" ({exc.hint})" if exc.hint else ""
            self.fail(f"{exc.message}{hint}", param, ctx)
        return value


def _paper(text: str) -> object:
    from pnp.impose.paper import parse_paper

    return parse_paper(text)


def _products(text: str) -> object:
    from pnp.pipeline import parse_products

    return parse_products(text)


def _offset(text: str) -> object:
    from pnp.impose.options import parse_offset

    return parse_offset(text)


def _bleed(text: str) -> object:
    from pnp.impose.options import parse_bleed

    return parse_bleed(text)


PAPER = LibraryValue("paper", _paper)
PRODUCTS = LibraryValue("products", _products)
OFFSET = LibraryValue("offset", _offset)
BLEED = LibraryValue("bleed", _bleed)
# build and calibrate take the same paper, checked by the same parser
paper_option = click.option(
    "--paper",
    type=PAPER,
    default="a4",
    show_default=True,
    metavar="PAPER",
    help="a4, letter, a3, a5, legal, tabloid, or WIDTHxHEIGHT with a unit (e.g. 210x297mm).",
)
# build, validate, inventory, export, show and studio choose a game's edition the same way
edition_option = click.option(
    "--edition",
    metavar="ID",
    default=None,
    help="The game's edition (see `pnp games`); default: the one the game marks as default. "
    "`all`: every edition it has.",
)
