"""Which suit and bid for this hand? (the `advise` command)

For each suit as trumps, the `bid` analysis of the hand at its seat (the same deals, so
the figures equal `pedro-sim bid --trump SUIT` with the same seed and estimator), and the
first ``games`` of those deals scored at every bid from the game score and played on,
whole games with random deals, to a winner: the probability that the hand's team wins the
game if it takes the bid at that level and suit. The play after each game's first deal
does not depend on the suit or bid, so each game is played on once for all of them.

Thinking players (the control-variate estimator) screen the suits: every suit plays
SCREEN_DEALS deals, then the suits still playing look at their intervals together,
after each doubling up to CONTROL_START deals and then where `bid`'s --precision looks
(next_look). At each look a suit whose every bid's expected score has its 95% interval
below the best suit's best lower bound stops there, its rows marked ``screened``; the
others play on to ``--precision`` or the cap. The answer's deals go to the suits that
may be the answer. The games go on from the deals the suits played, not played a second
time (the same points: PairedDeals.priced).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pedro_sim.analysis.bid import bid_analysis, widest_interval_of
from pedro_sim.analysis.controlled_bid import (
    CONTROL_START,
    PairedDeals,
    controlled_rows,
    next_count,
    widest_of,
)
from pedro_sim.analysis.scores import bid_levels
from pedro_sim.analysis.seat_words import seat_place
from pedro_sim.analysis.stats import wilson, wilson_half
from pedro_sim.analysis.study import Study
from pedro_sim.cards import SUITS
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import strategy

SCREEN_DEALS = 256  # thinking deals a suit plays before the clearly worse suits stop


def game_wins(study: Study, hand: list[int], seat: str, score: tuple[int, int],
              games: int, to_precision: bool = True, priced: np.ndarray | None = None
              ) -> np.ndarray:
    """counts[suit, bid, lost / won / unfinished] of whole games on from the priced hand,
    every suit's games from the same deals (with --precision, as many as P(win) to it
    takes, unless not ``to_precision``). ``priced[suit, i]``: deal i as the suit's
    analysis played it (PairedDeals.priced), not played again."""
    v = study.inputs.variant
    offset = seat_place(seat, v.players)
    mine = int(study.inputs.opts[L.SE_SIDE + (offset + 1) % v.players])  # dealer: seat 0
    start = np.full(L.MAX_SIDES, score[1], dtype=np.int64)  # every other side: THEM
    start[mine] = score[0]
    hand_arr = np.array(hand, dtype=np.int64)

    def step(first, count, chunk, out):
        strategy.advised_games(strategy.Span(study.seed, first, count, chunk), hand_arr, offset,
                               np.arange(4), start, study.who.policy, study.who.flags,
                               study.inputs.tables, out, priced)

    def widest(counts: np.ndarray) -> float:
        rows = counts[:, v.min_bid:v.max_bid + 1]
        return wilson_half(rows[..., 1], np.maximum(rows[..., 0] + rows[..., 1], 1))

    return study.run(step, (4, v.top_bid + 1, 3), f"{seat}: games", deals=games,
                     widest=widest if to_precision else None, unit="games")


def plain_tables(study: Study, hand: list[int], seat: str) -> list[pd.DataFrame]:
    """Each suit's `bid` rows by the plain mean."""
    tables = []
    for suit in range(4):
        report = bid_analysis(study.inputs, hand, [seat], suit, study.deals, study.seed,
                              study.who.policy, study.who.label, study.who.flags,
                              study.show_progress, study.precision)
        n = int(report.summary["n"].iloc[0])
        study.used[f"{seat}, trumps {SUITS[suit]}"] = n
        if study.precision is not None and n >= study.deals and \
                widest_interval_of(report, seat) > study.precision:
            study.missed.append(f"{seat}, trumps {SUITS[suit]}")
        tables.append(report.table.assign(screened=False))
    return tables


def screened_tables(study: Study, hand: list[int], seat: str, keep: int
                    ) -> tuple[list[pd.DataFrame], np.ndarray]:
    """Each suit's `bid` rows by control variates, the clearly worse suits stopped at a
    look (module docstring); and priced[suit, i], deal i as the suit played it, for the
    first ``keep`` deals that every suit played (game_wins goes on from them)."""
    levels = bid_levels(study.inputs.variant)
    offset = seat_place(seat, study.inputs.variant.players)
    paired = [PairedDeals(study.inputs, np.array(hand, dtype=np.int64), offset, suit,
                          study.seed, study.who, keep=keep) for suit in range(4)]
    labels = [f"{seat}, trumps {SUITS[suit]}" for suit in range(4)]
    rows: list[pd.DataFrame] = [pd.DataFrame()] * 4
    screened = [False] * 4
    target = dict.fromkeys(range(4), min(SCREEN_DEALS, study.deals))  # suits playing on
    while target:
        for suit, n in target.items():
            stage = ": screening" if n <= SCREEN_DEALS else ""
            paired[suit].grow(n, labels[suit] + stage, study.show_progress)
            rows[suit] = controlled_rows(paired[suit], levels)
        best = max(range(4), key=lambda s: rows[s].expected_score.max())
        floor = rows[best].expected_score_lo[rows[best].expected_score.idxmax()]
        goals = {suit: next_goal(study, rows[suit], n, labels[suit])
                 for suit, n in target.items()}
        target = {}
        for suit, goal in goals.items():
            if goal is not None and rows[suit].expected_score_hi.max() < floor:
                screened[suit] = True
                study.stopped.append(labels[suit])
            elif goal is not None:
                target[suit] = goal
    tables = []
    for suit, deals in enumerate(paired):
        study.used[labels[suit]] = len(deals.pairs)
        keys = {"variant": study.inputs.label, "policy": study.who.label, "seat": seat,
                "trump": SUITS[suit]}
        tables.append(pd.DataFrame({**keys, **rows[suit].to_dict("list"),
                                    "estimator": "control", "screened": screened[suit]}))
    known = min(len(deals.priced) for deals in paired)
    return tables, np.stack([deals.priced[:known] for deals in paired])


def next_goal(study: Study, rows: pd.DataFrame, n: int, label: str) -> int | None:
    """The deals a suit that has played ``n`` plays to next, or None if it is done: the
    cap, or without --precision its deals; with it, twice as many up to CONTROL_START
    (the screen's looks), then `bid`'s rule (next_count) until every bid's P(make) is
    within the precision (a suit capped before is in study.missed)."""
    cap = study.deals
    if study.precision is None:
        return cap if n < cap else None
    if n < min(CONTROL_START, cap):
        return min(2 * n, CONTROL_START, cap)
    widest = widest_of(rows)
    goal = next_count(n, widest, study.precision, cap)
    if goal is None and widest > study.precision:
        study.missed.append(label)  # the cap came before the precision
    return goal


def advise(study: Study, hand: list[int], seat: str, score: tuple[int, int],
           games: int, estimator: str = "plain", games_to_precision: bool = True
           ) -> pd.DataFrame:
    """Per suit and bid: P(make), expected score and net changes (as `bid`), P(win game).
    ``estimator`` "control": by control variates, the suits screened. Without
    ``games_to_precision`` the games are ``games`` whatever the precision."""
    priced = None
    if estimator == "control":
        frames, priced = screened_tables(study, hand, seat, games)
    else:
        frames = plain_tables(study, hand, seat)
    wins = game_wins(study, hand, seat, score, games, games_to_precision, priced)
    for suit, table in enumerate(frames):
        rows = wins[suit][table["bid"].to_numpy()]
        finished = rows[:, 0] + rows[:, 1]
        lo, hi = wilson(rows[:, 1], np.maximum(finished, 1))
        frames[suit] = table.assign(games=finished, unfinished=rows[:, 2],
                                    p_win=rows[:, 1] / np.maximum(finished, 1), p_win_lo=lo,
                                    p_win_hi=hi)
    frame = pd.concat(frames, ignore_index=True)
    frame.insert(frame.columns.get_loc("seat") + 1, "score", f"{score[0]}-{score[1]}")
    return frame


def recommend(frame: pd.DataFrame) -> dict[str, pd.Series]:
    """The rows that maximize the expected score change and the probability of winning."""
    return {"expected_score": frame.loc[frame["expected_score"].idxmax()],
            "p_win": frame.loc[frame["p_win"].idxmax()]}
