"""Which suit and bid for this hand? (the `advise` command)

For each suit as trumps, the `bid` analysis of the hand at its seat (the same deals, so
the figures equal `pedro-sim bid --trump SUIT` with the same seed), and the first
``games`` of those deals scored at every bid from the game score and played on, whole
games with random deals, to a winner: the probability that the hand's team wins the game
if it takes the bid at that level and suit.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.bid import bid_analysis, widest_interval_of
from pedro_sim.analysis.seat_words import seat_place
from pedro_sim.analysis.stats import wilson, wilson_half
from pedro_sim.analysis.study import Study
from pedro_sim.cards import SUITS
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import strategy


def game_wins(study: Study, hand: list[int], seat: str, suit: int, score: tuple[int, int],
              games: int) -> np.ndarray:
    """counts[bid, lost / won / unfinished] of whole games on from the priced hand."""
    v = study.inputs.variant
    offset = seat_place(seat, v.players)
    mine = int(study.inputs.opts[L.SE_SIDE + (offset + 1) % v.players])  # dealer: seat 0
    start = np.full(L.MAX_SIDES, score[1], dtype=np.int64)  # every other side: THEM
    start[mine] = score[0]
    hand_arr = np.array(hand, dtype=np.int64)

    def step(first, count, chunk, out):
        strategy.advised_games(strategy.Span(study.seed, first, count, chunk), hand_arr, offset,
                               suit, start, study.who.policy, study.who.flags,
                               study.inputs.tables, out)

    def widest(counts: np.ndarray) -> float:
        rows = counts[v.min_bid:v.max_bid + 1]
        return wilson_half(rows[:, 1], np.maximum(rows[:, 0] + rows[:, 1], 1))

    return study.run(step, (v.top_bid + 1, 3), f"{seat}, trumps {SUITS[suit]}: games",
                     deals=games, widest=widest, unit="games")


def advise(study: Study, hand: list[int], seat: str, score: tuple[int, int],
           games: int) -> pd.DataFrame:
    """Per suit and bid: P(make), expected score and net changes (as `bid`), P(win game)."""
    frames = []
    for suit in range(4):
        report = bid_analysis(study.inputs, hand, [seat], suit, study.deals, study.seed,
                              study.who.policy, study.who.label, study.who.flags,
                              study.show_progress, study.precision)
        n = int(report.summary["n"].iloc[0])
        study.used[f"{seat}, trumps {SUITS[suit]}"] = n
        if study.precision is not None and n >= study.deals and \
                widest_interval_of(report, seat) > study.precision:
            study.missed.append(f"{seat}, trumps {SUITS[suit]}")
        table = report.table
        wins = game_wins(study, hand, seat, suit, score, games)
        rows = wins[table["bid"].to_numpy()]
        finished = rows[:, 0] + rows[:, 1]
        lo, hi = wilson(rows[:, 1], np.maximum(finished, 1))
        table = table.assign(games=finished, unfinished=rows[:, 2],
                             p_win=rows[:, 1] / np.maximum(finished, 1), p_win_lo=lo,
                             p_win_hi=hi)
        frames.append(table)
    frame = pd.concat(frames, ignore_index=True)
    frame.insert(frame.columns.get_loc("seat") + 1, "score", f"{score[0]}-{score[1]}")
    return frame


def recommend(frame: pd.DataFrame) -> dict[str, pd.Series]:
    """The rows that maximize the expected score change and the probability of winning."""
    return {"expected_score": frame.loc[frame["expected_score"].idxmax()],
            "p_win": frame.loc[frame["p_win"].idxmax()]}
