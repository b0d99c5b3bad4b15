"""Leaving a process at once when its work is done."""

from __future__ import annotations

import os
import sys


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
