"""The console script's first step: Ctrl-C stops pedro-sim from its first instant.

Importing the command line (typer, rich, numpy) takes about half a second. A Ctrl-C
then would print the import's traceback, and a process started with SIGINT ignored (a
background job in a script) would lose it; so the handler (process_exit.install) is
installed before any of that, and an interrupt during the import ends like one during a
run. The interrupt state lives in process_exit, a leaf the analyses and reports check
without importing the command line.
"""

from __future__ import annotations

from pedro_sim.process_exit import by_interrupt, install, leave_interrupted


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
