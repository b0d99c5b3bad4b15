"""The console script's first step: Ctrl-C stops pedro-sim from its first instant.

Importing the command line (typer, rich, numpy) takes about half a second. A Ctrl-C
then would print the import's traceback, and a process started with SIGINT ignored (a
background job in a script) would lose it; so the handler is installed before any of
that, and an interrupt during the import ends like one during a run.
"""

from __future__ import annotations

import signal
import sys

INTERRUPTED = "interrupted: nothing was written"
INTERRUPTED_CODE = 130


def interrupted() -> None:
    """The one line and exit code of every interrupt, wherever it came."""
    sys.stderr.write(INTERRUPTED + "\n")
    sys.stderr.flush()
    raise SystemExit(INTERRUPTED_CODE)


def by_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` is, or was raised while handling, a Ctrl-C: an interrupt inside a
    class body's ``__set_name__`` (numba's imports have some) comes out as a RuntimeError
    caused by it."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def run() -> None:
    """`pedro-sim`: the handler first, then the command line (pedro_sim.cli.run)."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        from pedro_sim.cli import run as run_cli

        run_cli()
    except SystemExit:
        raise
    except BaseException as exc:
        if by_interrupt(exc):
            interrupted()
        raise
