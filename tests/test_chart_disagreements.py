"""The report's strong charts beside the heuristic's: which cells and cards disagree
(analysis/charts.py bid_disagreements, card_disagreements)."""

from __future__ import annotations

import pandas as pd

from pedro_sim.analysis.charts import MIN_CELL, bid_disagreements, card_disagreements


def cells(rows: list[tuple]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["seat", "trump_length", "tops", "n", "bid_up_to"])


def test_cells_that_differ_with_enough_hands_and_whether_the_strong_scores_settle_it():
    weak = cells([("eldest", 3, 1, 500, 8), ("eldest", 4, 1, 500, 11), ("eldest", 5, 2, 500, 9),
                  ("eldest", 2, 0, 500, 7), ("eldest", 6, 3, 500, 10)])
    strong = cells([("eldest", 3, 1, 40, 9), ("eldest", 4, 1, 40, 8), ("eldest", 5, 2, 40, 9),
                    ("eldest", 2, 0, 40, 0), ("eldest", 6, 3, MIN_CELL - 1, 12)])
    grid = pd.DataFrame([  # the strong player's expected score change, with its interval
        ("eldest", 3, 1, 9, 1.0, 0.2, 1.8),    # bids higher, clearly worth it
        ("eldest", 4, 1, 11, -2.0, -3.0, -1.0),  # the heuristic's 11: clearly a loss
        ("eldest", 2, 0, 7, -0.5, -1.5, 0.5),  # the heuristic's 7: not settled
    ], columns=["seat", "trump_length", "tops", "bid", "expected_score", "expected_score_lo",
                "expected_score_hi"])
    apart = bid_disagreements(weak, strong, grid, "tops")
    assert list(zip(apart.trump_length, apart.clear, strict=True)) == [
        (3, True), (4, True), (2, False)]  # 5: the same bid; 6: too few hands


def test_cards_apart_where_their_intervals_do_not_overlap():
    def values(rows):
        return pd.DataFrame([("eldest", c, b, d, lo, hi, 0.1) for c, b, d, lo, hi in rows],
                            columns=["seat", "card", "bid", "points_diff", "points_diff_lo",
                                     "points_diff_hi", "p_make_diff"])
    weak = values([("AH", 8, 2.0, 1.5, 2.5), ("5H", 8, 0.3, -0.2, 0.8), ("AH", 7, 9, 9, 9)])
    strong = values([("AH", 8, 2.7, 2.2, 3.2), ("5H", 8, 1.5, 1.0, 2.0)])
    apart = card_disagreements(weak, strong, 8)
    assert list(apart.card) == ["AH", "5H"] and list(apart.apart) == [False, True]
