"""`pedro-sim ARGS` run inside the test's own process: the same ``cli.main`` a process
runs (its one-line errors, exit codes and files), its output captured as a pipe would
capture it, without a new interpreter's start-up and kernel loading (about a second a
run, some 200 runs in `make test`).

What only a process shows (Ctrl-C, the console script's fast exit, a terminal's width,
a Dask cluster, an outside program reading its standard input) is tested by the tests
that start one (test_first_hour.py, test_cli.py's Ctrl-C, test_distributed.py, ...).
Everything a run changes in the process is put back: the working directory, the
environment, numba's thread count, the handlers main installs.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
from pathlib import Path


def run_cli(*args: str, env: dict | None = None,
            cwd: Path | str | None = None) -> subprocess.CompletedProcess:
    """Run the command line on ``args``; returncode, stdout and stderr as a process's (80
    columns, as in a pipe with no terminal, unless ``env`` sets COLUMNS)."""
    import numba

    from pedro_sim.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved = (os.getcwd(), dict(os.environ), numba.get_num_threads(),
             signal.getsignal(signal.SIGINT), sys.unraisablehook, sys.excepthook, sys.argv)
    code: object = 0
    try:
        os.environ.update({"COLUMNS": "80", **(env or {})})
        sys.argv = ["pedro-sim", *args]  # run.json's command
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(list(args))
            except SystemExit as e:
                code = e.code
    finally:
        here, environ, threads, sigint, unraisable, excepthook, sys.argv = saved
        os.chdir(here)
        os.environ.clear()
        os.environ.update(environ)
        numba.set_num_threads(threads)
        if sigint is not None:  # (None: a handler not set from Python, nothing to put back)
            signal.signal(signal.SIGINT, sigint)
        sys.unraisablehook, sys.excepthook = unraisable, excepthook
    if code is None:
        code = 0
    elif not isinstance(code, int):  # sys.exit("text"): the text on stderr, exit code 1
        err.write(f"{code}\n")
        code = 1
    return subprocess.CompletedProcess(["pedro-sim", *args], code, out.getvalue(),
                                       err.getvalue())
