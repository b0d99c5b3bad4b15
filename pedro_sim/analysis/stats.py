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


def half_width(var: float, n: int, z: float = Z95) -> float:
    """The normal-approximation half-width of the interval of a mean of n values whose
    variance is ``var``: the one step every interval from sums or counts ends with.

    >>> round(float(half_width(4.0, 100)), 4)
    0.392
    """
    return z * np.sqrt(var / n)


def mean_ci(samples: np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``samples`` and its 95% interval (normal, n - 1 degrees of freedom);
    no interval (NaN bounds) from fewer than two, whose spread is unknown, and no mean
    from none.

    >>> [round(float(x), 4) for x in mean_ci(np.array([1.0, 2.0, 3.0, 4.0]))]
    [2.5, 1.2348, 3.7652]
    >>> mean_ci(np.array([5.0]))
    (5.0, nan, nan)
    """
    n = len(samples)
    mean = float(samples.mean()) if n else float("nan")
    half = z * float(samples.std(ddof=1)) / np.sqrt(n) if n > 1 else float("nan")
    return mean, mean - half, mean + half


def mean_ci_from_sums(n: int, total: float, squares: float,
                      z: float = Z95) -> tuple[float, float, float]:
    """The mean of n values and its 95% interval from their sum and sum of squares (what
    the kernels add up, chunk by chunk); NaN for no values.

    >>> [round(float(x), 4) for x in mean_ci_from_sums(4, 10.0, 30.0)]
    [2.5, 1.2348, 3.7652]
    >>> mean_ci_from_sums(0, 0.0, 0.0)
    (nan, nan, nan)
    """
    if n == 0:
        return float("nan"), float("nan"), float("nan")
    mean = total / n
    half = half_from_sums(n, total, squares, z)
    return mean, mean - half, mean + half


def half_from_sums(n: int, total: float, squares: float, z: float = Z95) -> float:
    """mean_ci_from_sums' half-width alone (a difference's sums give its interval about a
    mean computed elsewhere).

    >>> round(float(half_from_sums(4, 10.0, 30.0)), 4)
    1.2652
    """
    mean = total / n
    return half_width(max(squares / n - mean * mean, 0.0) * n / max(n - 1, 1), n, z)


def hist_variance(values: np.ndarray, counts: np.ndarray, mean: float) -> float:
    """The sample variance (n - 1) of a histogram: ``counts[i]`` values ``values[i]``
    whose mean is ``mean``.

    >>> hist_variance(np.array([1.0, 3.0]), np.array([2, 2]), 2.0)
    1.3333333333333333
    """
    return float(((values - mean) ** 2 * counts).sum() / max(counts.sum() - 1, 1))


def mean_ci_from_hist(values: np.ndarray, counts: np.ndarray,
                      z: float = Z95) -> tuple[float, float, float]:
    """Mean of a histogram and its normal-approximation 95% interval; no interval (NaN
    bounds) from a single value, whose spread is unknown, not zero.

    >>> [round(float(x), 4) for x in mean_ci_from_hist(np.arange(1.0, 5.0), np.ones(4))]
    [2.5, 1.2348, 3.7652]
    """
    n = counts.sum()
    mean = float((values * counts).sum() / n)
    if n < 2:
        return mean, float("nan"), float("nan")
    half = half_width(hist_variance(values, counts, mean), n, z)
    return mean, mean - half, mean + half
