"""How often does a bid make with this hand? (the `bid` command)

The bidder's nine cards are fixed, the other cards dealt at random; the bidder
names trumps and the deal is played out with the bid in force (``Players.at_bid``).
Each deal is counted by both sides' points, and the engine's scoring prices every
bid from those counts (analysis/scores.py). For players whose play ignores the bid
(random, heuristic, thinking players playing for points) that answers every bid; for
players that play for the score, it answers the bid played, and the command says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from pedro_sim.analysis.controlled_bid import controlled_seat
from pedro_sim.analysis.fixed_hand import points_histogram
from pedro_sim.analysis.runner import chunk_for, run_precise
from pedro_sim.analysis.scores import bid_rows, widest_make_half
from pedro_sim.analysis.seat_words import seat_place
from pedro_sim.analysis.stats import mean_ci_from_hist
from pedro_sim.cards import SUITS
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine.players.bid_values import best_suit
from pedro_sim.engine_inputs import EngineInputs, Players


@dataclass
class BidReport:
    """Per seat and trump: a row per bid, the points histogram, and the team means."""

    table: pd.DataFrame
    points: pd.DataFrame
    summary: pd.DataFrame


def heuristic_trump(inputs: EngineInputs, hand: list[int]) -> int:
    """The suit the heuristic player would name with these cards."""
    mask = np.uint64(sum(1 << c for c in hand))
    return int(best_suit(mask, inputs.tables))


def precise_histogram(inputs: EngineInputs, hand: list[int], offset: int, trump: int,
                      precision: float, max_deals: int, seed: int, policy: int,
                      flags: np.ndarray, label: str = "deals",
                      show_progress: bool | None = None,
                      bids: list[int] | None = None) -> np.ndarray:
    """points_histogram over as many deals as it takes for every bid's (or every one of
    ``bids``') P(make) to have a 95% half-width of at most ``precision`` (or
    ``max_deals``). It looks after 8192 deals, then after each doubling, so the deals used
    depend only on the seed."""
    v = inputs.variant
    hand_arr = np.array(hand, dtype=np.int64)

    def step(start: int, count: int, chunk: int, out: np.ndarray) -> None:
        drivers.fixed_hand_stats(drivers.Span(seed, start, count, chunk), hand_arr, offset,
                                 trump, policy, flags, inputs.tables, out)

    span = v.total_points + 1
    return run_precise(step, max_deals, (span, span), label, show_progress,
                       chunk_for(policy), precision,
                       lambda joint: widest_make_half(joint, inputs, bids))[0]


def widest_interval_of(report: BidReport, seat: str) -> float:
    """The largest 95% half-width of P(make) the report gives ``seat`` (--precision)."""
    rows = report.table[report.table.seat == seat]
    return float(((rows.p_make_hi - rows.p_make_lo) / 2).max())


def bid_analysis(inputs: EngineInputs, hand: list[int], seats: list[str], trump: int | None,
                 deals: int, seed: int, policy: int, policy_name: str, flags: np.ndarray,
                 show_progress: bool | None = None,
                 precision: float | None = None,
                 bids: list[int] | None = None,
                 histogram: Callable[[int, int, str], np.ndarray] | None = None,
                 estimator: str = "plain") -> BidReport:
    """Simulate the hand from each seat (trump None: the heuristic's best suit); with
    ``precision``, as many deals per seat as that takes, at most ``deals``. ``bids``: the
    bids to report (default every one). ``histogram(place, suit, label)``: the joint
    points of the deals played elsewhere (the arena) instead of by the engine.
    ``estimator`` "control": the rows by control variates (analysis/controlled_bid.py),
    column ``estimator`` says which."""
    variant = inputs.variant
    suit = heuristic_trump(inputs, hand) if trump is None else trump
    tables, hists, summary = [], [], []
    total = variant.total_points

    def place(seat: str) -> int:
        return seat_place(seat, variant.players)

    for seat in seats:
        label = f"{seat}, trumps {SUITS[suit]}"
        rows = None
        if estimator == "control":
            both, rows = controlled_seat(inputs, hand, place(seat), suit, deals, seed,
                                         Players(policy, flags, policy_name), precision,
                                         bids, label, show_progress)
        elif histogram is not None:
            both = histogram(place(seat), suit, label)
        elif precision is None:
            both = points_histogram(inputs, hand, place(seat), suit, deals, seed, policy,
                                    flags, label, show_progress)
        else:
            both = precise_histogram(inputs, hand, place(seat), suit, precision, deals, seed,
                                     policy, flags, label, show_progress, bids)
        hist = both.sum(axis=1)  # the bidders' points
        keys = {"variant": inputs.label, "policy": policy_name, "seat": seat,
                "trump": SUITS[suit]}
        rows = bid_rows(both, inputs, bids) if rows is None else rows
        rows["estimator"] = estimator
        tables.append(pd.DataFrame({**keys, **rows.to_dict("list")}))
        hists.append(pd.DataFrame({**keys, "points": np.arange(total + 1), "count": hist}))
        pts = np.arange(total + 1)
        bm, bm_lo, bm_hi = mean_ci_from_hist(pts, hist)
        dm, dm_lo, dm_hi = mean_ci_from_hist(pts, both.sum(axis=0))
        summary.append({**keys, "n": int(hist.sum()), "mean_bidder_points": bm,
                        "mean_bidder_points_lo": bm_lo, "mean_bidder_points_hi": bm_hi,
                        "mean_defender_points": dm, "mean_defender_points_lo": dm_lo,
                        "mean_defender_points_hi": dm_hi})
    return BidReport(pd.concat(tables, ignore_index=True), pd.concat(hists, ignore_index=True),
                     pd.DataFrame(summary))

