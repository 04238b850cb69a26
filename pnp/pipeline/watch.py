"""Rebuild on save: `pnp build GAME --watch` (and any other command that makes files).

`watch(paths, rebuild)` runs `rebuild` once, then again each time a file a game is made of
changes under `paths`: a catalog or spreadsheet, a template, the theme, an image or a font.
Changes come from the system's file events (inotify, FSEvents, ReadDirectoryChangesW, through
watchfiles), not from polling. Each rebuild prints one status line with its time; an input
error is printed and the watch goes on (fix the file and save again); Ctrl-C ends it.

`watch_builds(refs, options)` is that loop around `build_games`, watching the games' catalog
and template folders and the shared macros, and ignoring the output folder it writes. An output
folder pnp cannot write into is refused before the watch starts (saving a file cannot fix it).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from pnp.catalog.games import builtin_ids, resolve_editions, resolve_game
from pnp.errors import Interrupted, PnpError
from pnp.io.inputs import is_input_name, watched_folders
from pnp.io.staging import check_output
from pnp.names import printable, shorten
from pnp.pipeline.game import build_games
from pnp.pipeline.options import BuildOptions, output_base
from pnp.resources import card_data_dir, fonts_dir, templates_dir

Report = Callable[[str], None]


def watch(
    paths: Iterable[Path],
    rebuild: Callable[[], object],
    *,
    report: Report,
    ignore: Iterable[Path] = (),
    stop: threading.Event | None = None,
) -> None:
    """Call `rebuild` now and after every saved change under `paths` until Ctrl-C (or `stop`).

    `rebuild` may return a short summary (a str) for its status line. A PnpError it raises is
    reported and the watch goes on; so is any other error, in one line, as a bug. Only the real
    folders under `paths` are watched, each on its own (links are not followed; pnp.io.inputs),
    and again when a folder comes or goes.
    """
    import watchfiles  # only a watch needs it

    roots = sorted({os.path.realpath(p) for p in paths if os.path.exists(p)})
    ignored = [os.path.realpath(p) for p in ignore]
    watch_filter = _Filter(ignored)
    once = _OncePerSession()
    try:
        folders = watched_folders(roots, ignored)  # a PnpError here: nothing to run yet
        rebuild = once.around(rebuild)
        _run(rebuild, report, "built", [])
        report("watching for changes (Ctrl-C to stop)")
        while folders:
            for changes in watchfiles.watch(
                *folders, watch_filter=watch_filter, debounce=1600, step=100, stop_event=stop,
                rust_timeout=1000, yield_on_timeout=False, recursive=False,
            ):  # fmt: skip
                _run(rebuild, report, "rebuilt", sorted({path for _, path in changes}))
                if (now := watched_folders(roots, ignored)) != folders:
                    folders = now  # a folder came or went: watch the new set
                    break
            else:
                return  # stopped
    except Interrupted:  # Ctrl-C held while a build moved into place: it is complete
        report("stopped (the last build was written in full)")
    except KeyboardInterrupt:
        report("stopped")


class _OncePerSession(logging.Handler):
    """Each warning once a watch session: a rebuild says again what the last one said (an
    illegible line, a near-cut element) unless the file changed; shown once, it is not repeated.
    Put on the `pnp` logger for the session, it sees every pnp warning and writes it to stderr
    as Python's last-resort handler would (which it replaces for pnp's records meanwhile)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        message = self.format(record)
        if record.levelno <= logging.WARNING and message in self.seen:
            return
        self.seen.add(message)
        sys.stderr.write(message + "\n")
        sys.stderr.flush()

    def around(self, rebuild: Callable[[], object]) -> Callable[[], object]:
        """`rebuild` with this handler on the `pnp` logger while it runs."""

        def handled() -> object:
            logger = logging.getLogger("pnp")
            logger.addHandler(self)
            try:
                return rebuild()
            finally:
                logger.removeHandler(self)

        return handled


class _Filter:
    """Files a game is made of, outside the ignored folders, not hidden, not editor litter."""

    def __init__(self, ignored: Sequence[str]) -> None:
        import watchfiles

        self._default = watchfiles.DefaultFilter()
        self._ignored = tuple(os.path.join(p, "") for p in ignored)

    def __call__(self, change: Any, path: str) -> bool:
        name = os.path.basename(path)
        return (
            (is_input_name(name) or _new_folder(change, path))  # not the output, not litter
            and not os.path.join(path, "").startswith(self._ignored)
            and self._default(change, path)
        )


def _new_folder(change: Any, path: str) -> bool:
    """A real folder was made (its files are watched from then on)."""
    import watchfiles

    return bool(change == watchfiles.Change.added and os.path.isdir(path)
                and not os.path.islink(path))  # fmt: skip


def _run(rebuild: Callable[[], object], report: Report, verb: str, changed: list[str]) -> None:
    start = time.perf_counter()
    clock = time.strftime("%H:%M:%S")
    because = f" ({_names(changed)} changed)" if changed else ""
    try:
        result = rebuild()
    except PnpError as exc:
        report(printable(f"{clock} error{because}: {exc.format()}"))
        return
    except Exception as exc:  # a bug in pnp: one line, and the watch goes on
        detail = f"{type(exc).__name__}: {printable(shorten(str(exc)))}"
        report(f"{clock} error{because}: internal error: {detail} (a bug in pnp)")
        if os.environ.get("PNP_DEBUG"):
            raise
        return
    summary = f": {result}" if isinstance(result, str) and result else ""
    report(f"{clock} {verb} in {time.perf_counter() - start:.1f} s{because}{summary}")


def _names(paths: list[str]) -> str:
    names = [os.path.basename(p) for p in paths]
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def game_paths(refs: Iterable[str]) -> list[Path]:
    """The folders a game is made of: its catalog, its templates, the shared macros and the
    fonts; an unknown game is an UnknownNameError (there would be nothing to watch)."""
    paths = [templates_dir() / "_common", fonts_dir()]
    builtin = set(builtin_ids())
    for ref in refs:
        if ref in builtin:
            paths += [card_data_dir() / ref, templates_dir() / ref]
        elif os.path.isdir(ref):
            paths += [Path(ref)]  # a game folder holds its templates (and fonts, images)
        else:
            resolve_game(ref)  # says what is wrong with the name
    return paths


def watch_builds(refs: Sequence[str], options: BuildOptions, *, report: Report) -> None:
    """`pnp build --watch`: build the games, then again after every change, until Ctrl-C."""

    def rebuild() -> str:
        games = [game for ref in refs for game in resolve_editions(ref, options.edition)]
        written = build_games(games, options)
        return f"{len(written)} file{'s' if len(written) != 1 else ''} in {output_base(options)}"

    paths = game_paths(refs)
    check_output(output_base(options), [resolve_game(ref).root for ref in refs])
    watch(paths, rebuild, report=report, ignore=[output_base(options)])
