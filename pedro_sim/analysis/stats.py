"""Interval estimates: every proportion and mean we print carries one."""

from __future__ import annotations

from dataclasses import dataclass

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


# --- control variates (analysis/controlled_bid.py explains them)

@dataclass(frozen=True)
class Estimate:
    """A mean and its 95% interval; ``ratio``: the estimate's variance over the plain
    mean's (1.0 for the plain mean), what it saves in deals."""

    mean: float
    lo: float
    hi: float
    ratio: float = 1.0


def plain_estimate(y: np.ndarray) -> Estimate:
    """The sample mean of ``y`` and its normal 95% interval.

    >>> round(plain_estimate(np.array([1.0, 2.0, 3.0, 4.0])).lo, 4)
    1.2348
    """
    return Estimate(*(float(v) for v in mean_ci(y)))


def controlled_estimate(y: np.ndarray, x: np.ndarray, mu: np.ndarray,
                        mu_cov: np.ndarray) -> Estimate:
    """The control-variate estimate of E[y] (analysis/controlled_bid.py says why): ``x[i]``
    the controls of deal i, ``mu`` their means from the independent larger run and
    ``mu_cov`` the covariance of those means. Controls that do not vary add nothing
    (pseudo-inverse); a ``y`` that does not vary has no spread to reduce (its plain
    estimate).

    >>> rng = np.random.default_rng(1)
    >>> x = rng.normal(size=(4000, 1)); y = 2 * x[:, 0] + rng.normal(size=4000)
    >>> e = controlled_estimate(y, x, np.zeros(1), np.zeros((1, 1)))
    >>> bool(e.lo < 0 < e.hi), round(e.ratio, 1)
    (True, 0.2)
    """
    n, k = x.shape
    plain_var = float(y.var(ddof=1)) / n if n > 1 else 0.0
    if plain_var == 0.0 or n <= k + 2:
        return plain_estimate(y)
    xc = x - x.mean(axis=0)
    yc = y - y.mean()
    beta = np.linalg.pinv(xc.T @ xc) @ (xc.T @ yc)
    resid = yc - xc @ beta
    fitted = int(np.linalg.matrix_rank(xc)) if k else 0
    var = float(resid @ resid) / (n - 1 - fitted) / n + float(beta @ mu_cov @ beta)
    mean = float(y.mean() - beta @ (x.mean(axis=0) - mu))
    half = Z95 * float(np.sqrt(var))
    return Estimate(mean, mean - half, mean + half, var / plain_var)


def cell_moments(values: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The means and the covariance of the mean of controls tabulated by cell:
    ``values[k, cell]`` the k-th control's value in a cell, ``counts[cell]`` the cheap
    run's deals there.

    >>> m, c = cell_moments(np.array([[0.0, 1.0]]), np.array([50, 50]))
    >>> float(m[0]), round(float(c[0, 0]), 6)
    (0.5, 0.002525)
    """
    n = counts.sum()
    w = counts / n
    mu = values @ w
    centred = values - mu[:, None]
    cov = (centred * w) @ centred.T * n / max(n - 1, 1)
    return mu, cov / n


def proportion(est: Estimate, y: np.ndarray) -> Estimate:
    """A proportion's estimate kept in [0, 1]; where ``y`` does not vary (all made, none
    made), the plain Wilson interval, which a normal one would shrink to a point."""
    if y.min() == y.max():
        lo, hi = wilson(int(y.sum()), len(y))
        return Estimate(est.mean, float(lo), float(hi), 1.0)
    return Estimate(min(max(est.mean, 0.0), 1.0), max(est.lo, 0.0), min(est.hi, 1.0),
                    est.ratio)
