"""What the two trace checkers (Pedro's, checker.py; Bourré's, bourre.py) both ask of a
trace before they read it: a JSON object holding every key of its format, whole numbers
that are not booleans. Plain Python, like the rest of the reference engine."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NoReturn


def is_int(x: Any) -> bool:
    """A whole number as JSON gives it (True and False are not numbers here)."""
    return isinstance(x, int) and not isinstance(x, bool)


def require_keys(trace: Any, keys: Iterable[str], stop: Callable[[str], NoReturn]) -> None:
    """Stops the check (``stop`` raises) unless ``trace`` is a dict holding every key."""
    if not isinstance(trace, dict):
        stop(f"trace is not a JSON object: {type(trace).__name__}")
    missing = [k for k in keys if k not in trace]
    if missing:
        stop(f"missing keys: {', '.join(missing)}")
