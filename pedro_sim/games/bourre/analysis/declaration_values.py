"""What each option of a Bourré declaration is worth, from a driver's summed rows
(kernels/decision_deals.py F_*): the mean chips with their interval, P(take the pot)
and P(bourré) when playing, and each option against the best, paired (the same deals)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.stats import half_from_sums, wilson
from pedro_sim.games.bourre.kernels.decision_deals import (
    F_BOURRE,
    F_CROSS,
    F_DEALS,
    F_SUM,
    F_TOOK,
    OPTIONS,
)


def option_name(o: int) -> str:
    """Option 0 is pass, option o draws o - 1 cards."""
    return "pass" if o == 0 else f"play, draw {o - 1}"


def _half(n: int, s: np.ndarray, o: int, p: int) -> float:
    """The 95% half-width of the mean of option o's chips less option p's (p = o: o's),
    in floating point (the sums of squares of big pots pass int64 when combined)."""
    cross = s[F_CROSS:F_CROSS + OPTIONS * OPTIONS].astype(np.float64).reshape(OPTIONS, OPTIONS)
    total = float(s[F_SUM + o]) - (float(s[F_SUM + p]) if p != o else 0.0)
    if p == o:
        sq = cross[o, o]
    else:
        sq = cross[o, o] - 2 * cross[o, p] + cross[p, p]
    return half_from_sums(n, total, sq)


def option_table(s: np.ndarray, first: int = 0) -> pd.DataFrame:
    """One row an option (from ``first``: pass is missing when the seat must play)."""
    n = int(s[F_DEALS])
    means = s[F_SUM:F_SUM + OPTIONS] / max(n, 1)
    best = max(range(first, OPTIONS), key=lambda o: means[o])
    rows = []
    for o in range(first, OPTIONS):
        half = _half(n, s, o, o)
        gap = _half(n, s, o, best) if o != best else 0.0
        row = {"option": option_name(o), "draw": o - 1, "deals": n, "chips": means[o],
               "chips_lo": means[o] - half, "chips_hi": means[o] + half,
               "vs_best": means[o] - means[best], "vs_best_lo": means[o] - means[best] - gap,
               "vs_best_hi": means[o] - means[best] + gap, "best": o == best}
        for name, field in (("take", F_TOOK), ("bourre", F_BOURRE)):
            k = int(s[field + o])
            lo, hi = wilson(k, max(n, 1)) if o else (0.0, 0.0)
            row.update({f"p_{name}": k / max(n, 1), f"p_{name}_lo": lo, f"p_{name}_hi": hi})
        rows.append(row)
    return pd.DataFrame(rows)
