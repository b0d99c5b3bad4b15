"""How the process ends: the Ctrl-C state every long loop and file writer checks, the one
line and exit code of an interrupt, and leaving at once when the work is done.

A leaf (it imports only the standard library), so that the analyses and the reports
reach the interrupt state without going through the command line (``entry`` runs it).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

INTERRUPTED = "interrupted: nothing was written"
INTERRUPTED_CODE = 130
_requested = [False]  # a Ctrl-C came (its KeyboardInterrupt may have been lost)


def on_sigint(signum: int, frame: object) -> None:
    """Ctrl-C: leave at once, with the one line and exit 130 (a report's temporaries
    removed first: removed_on_interrupt), unless work a Ctrl-C must undo is under way
    (undo_on_interrupt); then remember it and interrupt, and the undoing is done as the
    KeyboardInterrupt unwinds.

    Raised anywhere else, the interrupt lands inside numba's and llvmlite's imports and
    cache loads, which do not all survive it (2026-12-06, Ctrl-C 0.1 to 2.5 s into a
    run): numba's ``_dispatcher`` printed it and failed as "numba._devicearray failed to
    import" (an ImportError not chained to it); about 1 run in 600 aborted (a double
    free) or ended on a segmentation fault, or printed llvmlite's "Exception ignored" for
    an object left half-built. Python also loses a KeyboardInterrupt that lands in a weakref
    callback or a ``__del__``; check_interrupted raises it again where the run loops or
    writes, and end_code ends the process as interrupted."""
    _requested[0] = True
    if not _undo[0] and "distributed" not in sys.modules:  # Dask's exit handlers must run
        leave_interrupted()
    raise KeyboardInterrupt


_undo = [0]  # work under way that a Ctrl-C must undo (undo_on_interrupt)
_children: set[subprocess.Popen] = set()  # programs that must not outlive us
_temporaries: set[str] = set()  # files and folders a Ctrl-C removes as it leaves


@contextmanager
def undo_on_interrupt() -> Iterator[None]:
    """Work that a Ctrl-C must undo as it unwinds (the warmup's helper process and its
    folder): while it is under way, a Ctrl-C interrupts instead of leaving at once."""
    _undo[0] += 1
    try:
        yield
    finally:
        _undo[0] -= 1


@contextmanager
def removed_on_interrupt(path: os.PathLike) -> Iterator[None]:
    """A report's temporary file or folder: removed if a Ctrl-C leaves at once while it
    exists, so that nothing half-written is left (the caller removes it on other
    failures)."""
    name = os.fspath(path)
    _temporaries.add(name)
    try:
        yield
    finally:
        _temporaries.discard(name)


def own_child(proc: subprocess.Popen, owned: bool = True) -> None:
    """A program started for the run (an outside player): killed if a Ctrl-C leaves at
    once while it runs; ``owned=False`` once it is gone."""
    (_children.add if owned else _children.discard)(proc)


def install() -> None:
    """The SIGINT handler (also where the process was started with SIGINT ignored, as a
    script's background jobs are), and no report of a Ctrl-C that Python lost or that an
    extension printed while failing (sys.unraisablehook, sys.excepthook)."""
    signal.signal(signal.SIGINT, on_sigint)
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
    """The one line, and exit 130 at once, where nothing is left to undo (the outside
    programs killed, the temporaries removed; a terminal's cursor, which a progress bar
    hides, shown again). Left to the interpreter, a SystemExit raised while importing
    ended about 1 process in 40 with SIGINT's status (-2) instead (python -m pedro_sim,
    Ctrl-C 0.1 s in)."""
    for proc in list(_children):
        proc.kill()
    for name in list(_temporaries):
        if os.path.isdir(name):
            shutil.rmtree(name, ignore_errors=True)
        elif os.path.lexists(name):
            os.unlink(name)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream.isatty():
                stream.write("\x1b[?25h")
            stream.flush()
        except (OSError, ValueError):
            pass
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
