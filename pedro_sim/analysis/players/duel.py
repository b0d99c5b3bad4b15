"""Duplicate duels: every deal played twice, the two players swapping sides, so that the
cards cancel out and only the play differs."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.runner import chunk_for, run_chunked, run_precise
from pedro_sim.analysis.stats import Z95, wilson, wilson_half
from pedro_sim.encoding import layout as L
from pedro_sim.setup import EngineInputs, team_policy
from pedro_sim.traces import record_deals

# per chunk: deals, sum and sum of squares of 2x the points difference and of 2x the score
# difference, A's bids and makes, B's bids and makes
ROW = 9


def duel_rows(recs_ab: np.ndarray, recs_ba: np.ndarray) -> np.ndarray:
    """The row sums of deals played with A as team 0 (``recs_ab``) and as team 1."""
    pts_ab = recs_ab[:, L.R_POINTS:L.R_POINTS + 2]
    pts_ba = recs_ba[:, L.R_POINTS:L.R_POINTS + 2]
    sc_ab = recs_ab[:, L.R_SCORE:L.R_SCORE + 2]
    sc_ba = recs_ba[:, L.R_SCORE:L.R_SCORE + 2]
    d2 = (pts_ab[:, 0] - pts_ab[:, 1]) + (pts_ba[:, 1] - pts_ba[:, 0])
    s2 = (sc_ab[:, 0] - sc_ab[:, 1]) + (sc_ba[:, 1] - sc_ba[:, 0])
    b_ab, b_ba = recs_ab[:, L.R_BIDDER], recs_ba[:, L.R_BIDDER]
    m_ab, m_ba = recs_ab[:, L.R_MADE], recs_ba[:, L.R_MADE]
    a_bid = np.concatenate([(b_ab >= 0) & (b_ab % 2 == 0), (b_ba >= 0) & (b_ba % 2 == 1)])
    b_bid = np.concatenate([(b_ab >= 0) & (b_ab % 2 == 1), (b_ba >= 0) & (b_ba % 2 == 0)])
    made = np.concatenate([m_ab, m_ba]) != 0
    return np.array([len(d2), d2.sum(), (d2 * d2).sum(), s2.sum(), (s2 * s2).sum(),
                     a_bid.sum(), (a_bid & made).sum(), b_bid.sum(), (b_bid & made).sum()],
                    dtype=np.int64)


def widest_make_rate(s: np.ndarray) -> float:
    """The larger 95% half-width of the two make rates (the duel's proportions)."""
    if not s[5] or not s[7]:  # a side has not bid yet: no rate to measure
        return 1.0
    return wilson_half(np.array([s[6], s[8]]), np.array([s[5], s[7]]))


def duel(inputs: EngineInputs, a: str, b: str, deals: int, seed: int, flags: np.ndarray,
         show_progress: bool | None = None, precision: float | None = None) -> pd.DataFrame:
    """One row: mean points and score difference per deal (A minus B) with 95% intervals,
    ``flags`` holding A's settings in the first block and B's in the second (setup.duel_players),
    and each side's make rate as bidder; with ``precision``, as many deals as it takes
    for both make rates to reach that 95% half-width (``deals`` the most)."""
    ab, ba = team_policy(a, b, (0, 1)), team_policy(b, a, (1, 0))  # A's settings: block 0

    def step(first: int, count: int, chunk: int, out: np.ndarray) -> None:
        for k in range(len(out)):
            idx = np.arange(first + k * chunk, min(first + (k + 1) * chunk, first + count))
            out[k] = duel_rows(record_deals(inputs, seed, idx, ab, flags),
                               record_deals(inputs, seed, idx, ba, flags))

    label, chunk = f"duel {a} vs {b}", 4 * chunk_for(ab)
    if precision is None:
        s = run_chunked(step, deals, (ROW,), label, show_progress, chunk)
    else:
        s = run_precise(step, deals, (ROW,), label, show_progress, chunk, precision,
                        widest_make_rate)[0]
    n = int(s[0])
    row = {"variant": inputs.variant.name, "a": a, "b": b, "deals": n}
    for name, total, squares in (("points", s[1], s[2]), ("score", s[3], s[4])):
        mean = total / 2 / n
        var = max(squares / 4 / n - mean * mean, 0.0) * n / max(n - 1, 1)
        half = Z95 * np.sqrt(var / n)
        row.update({f"{name}_diff": mean, f"{name}_diff_lo": mean - half,
                    f"{name}_diff_hi": mean + half})
    for side, bids, made in (("a", s[5], s[6]), ("b", s[7], s[8])):
        lo, hi = wilson(int(made), int(bids))
        row.update({f"{side}_bids": int(bids), f"{side}_make_rate": made / max(bids, 1),
                    f"{side}_make_lo": lo, f"{side}_make_hi": hi})
    row["make_rate_diff"] = row["a_make_rate"] - row["b_make_rate"]
    return pd.DataFrame([row])
