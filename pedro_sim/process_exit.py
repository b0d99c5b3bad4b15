"""How the process ends: the Ctrl-C state every long loop and file writer checks, the one
line and exit code of an interrupt, and leaving at once when the work is done.

A leaf (it imports only the standard library), so that the analyses and the reports
reach the interrupt state without going through the command line (``entry`` runs it).
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


def on_sigint_loading(signum: int, frame: object) -> None:
    """Ctrl-C while the command line and the compiler load: nothing is written yet, so
    leave at once. Raised there, the interrupt lands inside the imports of compiled
    extensions, which do not all survive it: numba's ``_dispatcher`` printed it and failed
    as "numba._devicearray failed to import" (an ImportError not chained to it), and 1 run
    in some hundreds aborted on a double free after the one line (2026-12-06)."""
    leave_interrupted()


def install(loading: bool = False) -> None:
    """The SIGINT handler (also where the process was started with SIGINT ignored, as a
    script's background jobs are): ``loading``, leave at once (on_sigint_loading), else
    interrupt (on_sigint); and no report of a Ctrl-C that Python lost or that an
    extension printed while failing (sys.unraisablehook, sys.excepthook)."""
    signal.signal(signal.SIGINT, on_sigint_loading if loading else on_sigint)
    sys.unraisablehook = _quiet_interrupts
    sys.excepthook = _quiet_excepthook


def _quiet_excepthook(kind: type, value: BaseException, tb: object) -> None:
    """An extension's import that fails on a Ctrl-C prints it (PyErr_Print) before raising
    its own error: remembered, not printed; by_interrupt then knows the error for it."""
    if isinstance(value, KeyboardInterrupt):
        _requested[0] = True
        return
    sys.__excepthook__(kind, value, tb)


def _quiet_interrupts(unraisable: object) -> None:
    """A lost Ctrl-C is remembered in _requested (raised again at the next check); after
    one, what an object left half-built by it reports as it is freed (llvmlite's
    ``ObjectRef.__del__``: "no attribute '_as_parameter_'", 1 run in 500) is not printed
    either: the run ends as interrupted."""
    if _requested[0] or isinstance(getattr(unraisable, "exc_value", None), KeyboardInterrupt):
        return
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
    caused by it. Any error after a Ctrl-C came counts: an extension may replace the
    interrupt by an error of its own with no chain to it."""
    if _requested[0]:
        return True
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def leave_interrupted() -> None:
    """An interrupt while importing: the one line, and exit 130 at once. Left to the
    interpreter, a SystemExit raised there ended about 1 process in 40 with SIGINT's
    status (-2) instead (python -m pedro_sim, Ctrl-C 0.1 s in); nothing is written yet."""
    sys.stderr.write(INTERRUPTED + "\n")
    sys.stderr.flush()
    os._exit(INTERRUPTED_CODE)


def fast_exit(code: int | str | None) -> None:
    """Exit now with ``code`` as sys.exit would give it, after flushing the output, and
    without the interpreter's teardown: after a first run, freeing the compiler's
    millions of objects took 1.6 s (docs/changelog.md, 2026-11-30). Only call it once every file
    is written and closed, and no exit handler has work to do."""
    if code is not None and not isinstance(code, int):
        sys.stderr.write(f"{code}\n")
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code or 0)
