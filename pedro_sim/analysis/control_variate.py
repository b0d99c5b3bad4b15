"""Fewer thinking deals for the same precision: control variates from the heuristic.

Most of the spread of a thinking player's result over deals is the cards, and the
heuristic player, some thousand times cheaper, sees the same cards. Each deal a thinking
player plays is played again by the heuristic (the same deal index: the same cards), and
the heuristic also plays CHEAP_FACTOR times as many deals of its own, disjoint from them,
whose mean is then known far better. With Y a thinking deal's value (made at a bid, the
score, the net) and X the heuristic's values on the same deal (the same quantity, its
bidders' points, its defenders' points), the estimate

    mean(Y) - beta . (mean(X) - mu)

(beta fitted by least squares on the deals, mu the heuristic's own larger run) is unbiased
to order 1/n, and its variance is the regression's residual variance over n plus
beta' Cov(mu) beta: what the heuristic explains of the cards is taken out, what it
cannot explain stays in the interval. docs/performance.md records the deals it saves
and scripts/coverage.py the coverage of its intervals.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pedro_sim.analysis.stats import Z95, mean_ci, wilson

CHEAP_FACTOR = 32  # the heuristic's own deals per thinking deal (at least CHEAP_MIN)
CHEAP_MIN = 65_536
ESTIMATORS = ("control", "plain")  # bid --estimator: heuristic control variates, plain mean


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
    """The control-variate estimate of E[y] (see the module's docstring): ``x[i]`` the
    controls of deal i, ``mu`` their means from the independent larger run and ``mu_cov``
    the covariance of those means. Controls that do not vary add nothing (pseudo-inverse);
    a ``y`` that does not vary has no spread to reduce (its plain estimate).

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
