"""Compile every kernel once (into numba's on-disk cache) so later runs start fast."""

from __future__ import annotations

import time

import numpy as np

from pedro_sim.analysis.bid import heuristic_trump, points_histogram
from pedro_sim.analysis.variants import summarize_deals
from pedro_sim.engine import drivers, strategy
from pedro_sim.engine import layout as L
from pedro_sim.setup import EngineInputs, technique_flags
from pedro_sim.traces import record_deals, record_fixed

PIMC = L.PL_PIMC * 17  # every seat pimc: compiles the thinking players' versions


def warm_all(variant: str = "cinch") -> None:
    """Every driver with a random, a heuristic and a thinking player (the phases compile
    once without the thinking players' code and once with it: drivers._scratch), a tiny
    run each; then the solver as `pedro-sim solve` calls it."""
    inputs = EngineInputs.for_variant(variant)
    hand = list(range(9))
    for policy in (L.P_RANDOM, L.P_HEURISTIC, PIMC):
        flags = technique_flags(worlds=1, bid_worlds=2)
        hist = np.zeros((1, inputs.variant.top_bid + 1, inputs.variant.total_points + 1),
                        dtype=np.int64)
        drivers.deal_stats(1, 0, 4, 4, policy, flags, *inputs.arrays, hist)
        points_histogram(inputs, hand, 0, 1, 4, 1, policy, flags, show_progress=False)
        record_deals(inputs, 1, np.arange(2), policy, flags)
        record_fixed(inputs, 1, np.arange(2), hand, 0, 1, policy, flags)
        drivers.game_results(1, 0, policy, flags, *inputs.arrays, np.zeros((1, 5), np.int64))
        summarize_deals(inputs, 4, 1, policy, flags, show_progress=False)
        if policy != L.P_RANDOM:
            warm_strategy(inputs, flags, hand, policy)
    heuristic_trump(inputs, hand)
    warm_solver()


def warm_solver() -> None:
    from pedro_sim.solving import Solver, parse_position

    position = parse_position({"variant": "cinch", "trump": "H", "leader": 0, "bidder": 0,
                               "hands": [["AH", "2C"], ["KH", "3C"], ["QH", "4C"],
                                                   ["JH", "5C"]]})
    Solver("cinch").solve(position)


def warm_strategy(inputs: EngineInputs, flags: np.ndarray, hand: list[int], p: int) -> None:
    """The strategy analyses' drivers (engine/strategy.py)."""
    span = inputs.variant.total_points + 1
    arrays = inputs.arrays
    strategy.holding_pairs(1, 0, 2, 2, 0, 0, 1, p, flags, *arrays, np.zeros((1, span, span),
                                                                              np.int64))
    marks = np.zeros(6, dtype=np.int64)
    strategy.hand_classes(1, 0, 2, 2, 0, 1, marks, p, flags, *arrays,
                          np.zeros((1, 640, span), np.int64))
    if p == L.P_HEURISTIC:  # `technique` compares the heuristic's techniques only
        strategy.policy_pairs(1, 0, 2, 2, p, p, 0, flags, *arrays,
                              np.zeros((1, span * span + 5), np.int64))
    strategy.advised_games(1, 0, 1, 1, np.array(hand, np.int64), 0, 1, np.zeros(2, np.int64),
                           p, flags, *arrays, np.zeros((1, inputs.variant.top_bid + 1, 3),
                                                       np.int64))


def main() -> None:
    started = time.perf_counter()
    warm_all()
    print(f"kernels compiled and cached in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
