"""Console tables that a card player can read in a pipe or a log: 80 columns wide, headers
taken literally, numbers never cut.

Rich reads ``[net]`` in a header as a markup tag and drops it, and at 80 columns (any
pipe) it cuts wide cells with an ellipsis. These tables turn markup off in headers, drop
the vertical rules, and give intervals as few digits as their values need.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from rich.text import Text

WIDTH = 80  # the width a pipe gets, and the one every numeric table must fit


def narrow_table(title: str, columns: Sequence[str], labels: int = 0) -> Table:
    """A table with these literal column headers, right-aligned numbers that never wrap
    or cut (the first ``labels`` columns: left-aligned labels, which may wrap)."""
    table = Table(title=Text(title), box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1),
                  title_justify="left", caption_justify="left")
    for i, name in enumerate(columns):
        label = i < labels
        table.add_column(Text(name), justify="left" if label else "right", no_wrap=not label,
                         overflow="fold")
    return table


def span(lo: float, hi: float, digits: int, signed: bool = False) -> str:
    """An interval as ``lo–hi`` with ``digits`` decimals, e.g. ``0.856–0.869``.

    >>> span(0.85612, 0.86934, 3)
    '0.856–0.869'
    >>> span(-1.2, 0.5, 2, signed=True)
    '-1.20–+0.50'
    """
    sign = "+" if signed else ""
    return f"{lo:{sign}.{digits}f}–{hi:{sign}.{digits}f}"


def plus_minus(mean: float, lo: float, hi: float, digits: int = 3, signed: bool = True,
               sep: str = " ± ") -> str:
    """A mean with its symmetric interval's half-width, e.g. ``+7.046 ± 0.118``
    (``signed``: with its sign; ``sep``: ``"±"`` where columns are tight).

    >>> plus_minus(7.0462, 6.9280, 7.1644)
    '+7.046 ± 0.118'
    >>> plus_minus(6.62, 6.43, 6.81, 2, signed=False)
    '6.62 ± 0.19'
    >>> plus_minus(8.0, float("nan"), float("nan"), 2, signed=False)  # one value: no interval
    '8.00 ± —'
    """
    sign = "+" if signed else ""
    half = (hi - lo) / 2
    return f"{mean:{sign}.{digits}f}{sep}" + ("—" if half != half else f"{half:.{digits}f}")


NO_BIDS = "no bids"  # what a make rate of no bids prints: never nan


def rate(p: float, bids: int, digits: int = 3) -> str:
    """A make rate over ``bids`` bids, or "no bids" where there were none.

    >>> rate(0.8567, 12), rate(float("nan"), 0)
    ('0.857', 'no bids')
    """
    return NO_BIDS if not bids else f"{p:.{digits}f}"


def rate_span(p: float, lo: float, hi: float, n: int, digits: int = 3) -> str:
    """A proportion of ``n`` with its 95% interval, ``0.857 (0.841–0.870)``, or "no bids"
    where ``n`` is 0.

    >>> rate_span(0.8567, 0.841, 0.87, 100), rate_span(float("nan"), 0.0, 1.0, 0)
    ('0.857 (0.841–0.870)', 'no bids')
    """
    return NO_BIDS if not n else f"{p:.{digits}f} ({span(lo, hi, digits)})"
