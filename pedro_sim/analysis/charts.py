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


def bid_disagreements(weak: pd.DataFrame, strong: pd.DataFrame, strong_grid: pd.DataFrame,
                      by: str) -> pd.DataFrame:
    """The bid-chart cells (``best_bids`` frames of two players, ``strong_grid`` the
    strong one's every bid) where both have MIN_CELL hands and their "bid up to" differ;
    ``clear``: the strong player's expected score change settles it (its 95% interval
    above 0 at the higher bid where the strong player bids higher, below 0 at the
    weaker's bid where it bids lower)."""
    keys = ["seat", "trump_length", by]
    both = weak[[*keys, "n", "bid_up_to"]].merge(
        strong[[*keys, "n", "bid_up_to"]], on=keys, suffixes=("_heuristic", "_strong"))
    both = both[(both.n_heuristic >= MIN_CELL) & (both.n_strong >= MIN_CELL)
                & (both.bid_up_to_heuristic != both.bid_up_to_strong)]
    scores = strong_grid.set_index([*keys, "bid"])

    def clear(r: pd.Series) -> bool:
        higher = r.bid_up_to_strong > r.bid_up_to_heuristic
        at = r.bid_up_to_strong if higher else r.bid_up_to_heuristic
        key = (r.seat, r.trump_length, r[by], at)
        if at == 0 or key not in scores.index:
            return False
        row = scores.loc[key]
        return bool(row.expected_score_lo > 0 if higher else row.expected_score_hi < 0)

    return both.assign(clear=[clear(r) for _, r in both.iterrows()]).reset_index(drop=True)


def card_disagreements(weak: pd.DataFrame, strong: pd.DataFrame, bid: int) -> pd.DataFrame:
    """Per seat and card of ``strong``'s card values: both players' change in the
    bidders' points for holding it, and ``apart``: their 95% intervals do not overlap."""
    cols = ["seat", "card", "points_diff", "points_diff_lo", "points_diff_hi", "p_make_diff"]
    both = weak[weak.bid == bid][cols].merge(strong[strong.bid == bid][cols],
                                             on=["seat", "card"],
                                             suffixes=("_heuristic", "_strong"))
    return both.assign(apart=(both.points_diff_lo_strong > both.points_diff_hi_heuristic)
                       | (both.points_diff_hi_strong < both.points_diff_lo_heuristic))
