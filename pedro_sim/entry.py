"""The console script's first step: Ctrl-C stops pedro-sim from its first instant.

Importing the command line (typer, rich, numpy) takes about half a second. A Ctrl-C
then would print the import's traceback, and a process started with SIGINT ignored (a
background job in a script) would lose it; so the handler is installed before any of
that, and an interrupt during the import ends like one during a run.
"""

from __future__ import annotations

import os
import signal
import sys

INTERRUPTED = "interrupted: nothing was written"
INTERRUPTED_CODE = 130
_requested = [False]  # a Ctrl-C came (its KeyboardInterrupt may have been lost)


def on_sigint(signum: int, frame: object) -> None:
    """Ctrl-C: remember it, then interrupt. Python loses the KeyboardInterrupt when it lands
    in a weakref callback or a ``__del__`` ("Exception ignored", and the run goes on: 1 run
    in some hundreds stopped at 2 s, while numba loads its cache); check_interrupted raises
    it again where the run loops or writes, and end_code ends the process as interrupted."""
    _requested[0] = True
    raise KeyboardInterrupt


def install() -> None:
    """The SIGINT handler (also where the process was started with SIGINT ignored, as a
    script's background jobs are), and no "Exception ignored" report of a lost Ctrl-C."""
    signal.signal(signal.SIGINT, on_sigint)
    sys.unraisablehook = _quiet_interrupts


def _quiet_interrupts(unraisable: object) -> None:
    if isinstance(getattr(unraisable, "exc_value", None), KeyboardInterrupt):
        return  # remembered in _requested: raised again at the next check
    sys.__unraisablehook__(unraisable)


def check_interrupted() -> None:
    """Raise the Ctrl-C again if one came and was lost."""
    if _requested[0]:
        raise KeyboardInterrupt


def end_code(code: object) -> object:
    """The exit code: 130 with the one line if a Ctrl-C came and the run still ended
    otherwise (its interrupt lost where no check came after it)."""
    if _requested[0] and code != INTERRUPTED_CODE:
        sys.stderr.write(INTERRUPTED + "\n")
        sys.stderr.flush()
        return INTERRUPTED_CODE
    return code


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
    install()
    try:
        from pedro_sim.cli import run as run_cli

        run_cli()
    except SystemExit:
        raise
    except BaseException as exc:
        if by_interrupt(exc):
            leave_interrupted()
        raise


def leave_interrupted() -> None:
    """An interrupt while importing: the one line, and exit 130 at once. Left to the
    interpreter, a SystemExit raised there ended about 1 process in 40 with SIGINT's
    status (-2) instead (python -m pedro_sim, Ctrl-C 0.1 s in); nothing is written yet."""
    sys.stderr.write(INTERRUPTED + "\n")
    sys.stderr.flush()
    os._exit(INTERRUPTED_CODE)
