"""Interval estimates: every proportion and mean we print carries one."""

from __future__ import annotations

import numpy as np

Z95 = 1.959963984540054


def wilson(k: np.ndarray | int, n: np.ndarray | int,
           z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for k successes in n trials; NaN bounds where n is 0 (no
    trials: no interval, and no numpy warning either).

    >>> [float(x) for x in wilson(0, 0)]
    [nan, nan]
    """
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    m = np.where(n > 0, n, 1.0)  # where n is 0 the result is NaN below
    p = k / m
    denom = 1 + z * z / m
    centre = (p + z * z / (2 * m)) / denom
    half = z * np.sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / denom
    none = np.where(n > 0, 0.0, np.nan)
    return np.clip(centre - half, 0, 1) + none, np.clip(centre + half, 0, 1) + none


def rate(k: np.ndarray | int, n: np.ndarray | int) -> np.ndarray | float:
    """k / n, NaN where n is 0 (a make rate of no bids is no rate; written as an empty CSV
    cell and printed as "no bids"), without numpy's warning.

    >>> float(rate(3, 4)), float(rate(0, 0))
    (0.75, nan)
    """
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    out = np.where(n > 0, k / np.where(n > 0, n, 1.0), np.nan)
    return float(out) if out.ndim == 0 else out


def wilson_half(k: np.ndarray | int, n: np.ndarray | int) -> float:
    """The largest 95% half-width of the Wilson intervals of k in n (the --precision rules)."""
    lo, hi = wilson(k, n)
    return float(np.max(hi - lo) / 2)


def widest_half(rows: list[dict], *names: str) -> float:
    """The largest half-width of the ``name_lo``..``name_hi`` intervals over ``rows``
    (0 for no rows: nothing to measure)."""
    return max(((r[f"{n}_hi"] - r[f"{n}_lo"]) / 2 for r in rows for n in names), default=0.0)


def mean_ci_from_hist(values: np.ndarray, counts: np.ndarray,
                      z: float = Z95) -> tuple[float, float, float]:
    """Mean of a histogram and its normal-approximation 95% interval; no interval (NaN
    bounds) from a single value, whose spread is unknown, not zero."""
    n = counts.sum()
    mean = float((values * counts).sum() / n)
    if n < 2:
        return mean, float("nan"), float("nan")
    var = float(((values - mean) ** 2 * counts).sum() / max(n - 1, 1))
    half = z * np.sqrt(var / n)
    return mean, mean - half, mean + half
