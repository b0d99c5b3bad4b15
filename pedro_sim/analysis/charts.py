"""The tables behind the strategy charts, from the holdings and technique analyses."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.scores import bid_rows
from pedro_sim.analysis.strategy.holdings import class_features
from pedro_sim.analysis.study import Study

MIN_CELL = 30  # hands a cell of a chart needs before it is drawn
BY = {"tops": "top trumps held (A, K, Q, J)", "pedros": "pedros held"}


def grid_rows(study: Study, counts: dict[str, np.ndarray], by: str) -> pd.DataFrame:
    """Per seat, trump length, ``by`` (tops or pedros) and bid: P(make), expected score."""
    f = class_features()
    rows = []
    for seat, c in counts.items():
        for length in range(f["length"].max() + 1):
            for k in range(f[by].max() + 1):
                hist = c[(f["length"] == length) & (f[by] == k)].sum(axis=0)
                if hist.sum() == 0:
                    continue
                table = bid_rows(hist, study.inputs)
                rows += [{**study.keys, "seat": seat, "trump_length": length, by: k,
                          **r} for r in table.to_dict("records")]
    return pd.DataFrame(rows)


def best_bids(grid: pd.DataFrame, by: str) -> pd.DataFrame:
    """Per cell: the bid of highest expected score change (always the lowest bid with a
    positive one, as play never depends on the bid: docs/strategy.md), and the bid to go
    up to, the highest whose expected score change is positive (0: none, pass), with
    P(make) and the expected score change at that bid."""
    keys = ["seat", "trump_length", by]
    best = grid.loc[grid.groupby(keys, sort=False)["expected_score"].idxmax()]
    positive = grid[grid["expected_score"] > 0]
    top = positive.loc[positive.groupby(keys, sort=False)["bid"].idxmax()]
    cells = best[[*grid.columns[:2], *keys, "n"]].assign(
        best_bid=np.where(best["expected_score"] > 0, best["bid"], 0))
    at = top[[*keys, "bid", "p_make", "p_make_lo", "p_make_hi", "expected_score",
              "expected_score_lo", "expected_score_hi"]].rename(columns={"bid": "bid_up_to"})
    cells = cells.merge(at, on=keys, how="left")
    cells["bid_up_to"] = cells["bid_up_to"].fillna(0).astype(int)
    return cells


def length_rows(study: Study, counts: dict[str, np.ndarray]) -> pd.DataFrame:
    """Per seat, trump length and bid: P(make) with its interval (make-rate curves)."""
    f = class_features()
    rows = []
    for seat, c in counts.items():
        for length in range(f["length"].max() + 1):
            hist = c[f["length"] == length].sum(axis=0)
            if hist.sum():
                rows += [{**study.keys, "seat": seat, "trump_length": length, **r}
                         for r in bid_rows(hist, study.inputs).to_dict("records")]
    return pd.DataFrame(rows)
