"""Paired comparisons: two arms played on the same deals, counted in a joint histogram.

Pairing removes the deal-to-deal variance the arms share, so the interval of the
difference is narrower than the one two independent runs of the same size would give.
Both are reported, so the saving can be read off (``width_ratio``)."""

from __future__ import annotations

import numpy as np

from pedro_sim.analysis.stats import Z95, half_width, hist_variance, widest_half, wilson


def paired_difference(joint: np.ndarray, value_a: np.ndarray, value_b: np.ndarray,
                      z: float = Z95) -> dict[str, float]:
    """Mean of each arm and of their difference a - b over a joint histogram
    ``joint[i, j]`` (deals where arm a scored value_a[i] and arm b value_b[j]), with the
    paired 95% interval and the interval independent runs of the same size would give."""
    n = joint.sum()
    if n == 0:
        raise ValueError("no deals")
    wa = joint.sum(axis=1)
    wb = joint.sum(axis=0)
    mean_a = float((wa * value_a).sum() / n)
    mean_b = float((wb * value_b).sum() / n)
    diff = value_a[:, None] - value_b[None, :]
    mean_d = mean_a - mean_b
    var_d = hist_variance(diff, joint, mean_d)
    var_a = hist_variance(value_a, wa, mean_a)
    var_b = hist_variance(value_b, wb, mean_b)
    return difference_record(int(n), mean_a, mean_b, var_a, var_b, var_d, z)


def difference_record(n: int, mean_a: float, mean_b: float, var_a: float, var_b: float,
                      var_d: float, z: float) -> dict[str, float]:
    """The record of a paired difference from its moments: the paired interval, the one
    independent runs of the same size would give, and their width ratio."""
    mean_d = mean_a - mean_b
    half_p = half_width(var_d, n, z)
    half_i = half_width(var_a + var_b, n, z)
    return {"n": n, "a": mean_a, "b": mean_b, "diff": mean_d,
            "diff_lo": mean_d - half_p, "diff_hi": mean_d + half_p,
            "indep_lo": mean_d - half_i, "indep_hi": mean_d + half_i,
            "width_ratio": float(half_p / half_i) if half_i > 0 else float("nan")}


def prefixed(prefix: str, stats: dict[str, float]) -> dict[str, float]:
    """``stats`` with each key but n named after what it measures, e.g. points_diff."""
    return {(k if k == "n" else f"{prefix}_{k}"): v for k, v in stats.items()}


def points_and_makes(joint: np.ndarray, min_bid: int, max_bid: int) -> list[dict[str, float]]:
    """Per bid: P(make) in each arm (Wilson intervals) and the paired difference, plus the
    difference in mean points; ``joint`` is over the points of the two arms."""
    points = np.arange(joint.shape[0], dtype=float)
    pts = prefixed("points", paired_difference(joint, points, points))
    rows = []
    for b in range(min_bid, max_bid + 1):
        made = (points >= b).astype(float)
        row = {"bid": b, **pts, **prefixed("p_make", paired_difference(joint, made, made))}
        for arm, counts in (("a", joint.sum(axis=1)), ("b", joint.sum(axis=0))):
            lo, hi = wilson(int(counts[b:].sum()), int(counts.sum()))
            row[f"p_make_{arm}_lo"], row[f"p_make_{arm}_hi"] = float(lo), float(hi)
        rows.append(row)
    return rows


def widest_make_interval(rows: list[dict[str, float]]) -> float:
    """The largest 95% half-width among the proportions of points_and_makes' rows: each
    arm's P(make) and their paired difference, at every bid."""
    return widest_half(rows, "p_make_a", "p_make_b", "p_make_diff")


def paired_from_sums(n: int, sums: np.ndarray, z: float = Z95) -> dict[str, float]:
    """paired_difference's record from running sums (Σa, Σa², Σb, Σb², Σ(a-b)²) of n
    pairs, for values too spread for a joint histogram (net scores)."""
    if n == 0:
        raise ValueError("no deals")
    sa, sa2, sb, sb2, sd2 = (float(x) for x in sums)
    dof = max(n - 1, 1)
    mean_a, mean_b = sa / n, sb / n
    mean_d = mean_a - mean_b
    var_a = max(sa2 - n * mean_a ** 2, 0.0) / dof
    var_b = max(sb2 - n * mean_b ** 2, 0.0) / dof
    var_d = max(sd2 - n * mean_d ** 2, 0.0) / dof
    return difference_record(int(n), mean_a, mean_b, var_a, var_b, var_d, z)
