"""Compile every kernel once (into numba's on-disk cache) so later runs start fast."""

from __future__ import annotations

import time

import numpy as np

from pedro_sim.analysis.bid import heuristic_trump, points_histogram
from pedro_sim.analysis.variants import summarize_deals
from pedro_sim.engine import drivers
from pedro_sim.engine import layout as L
from pedro_sim.setup import EngineInputs, technique_flags
from pedro_sim.traces import record_deals, record_fixed


def warm_all(variant: str = "cinch") -> None:
    inputs = EngineInputs.for_variant(variant)
    flags = technique_flags()
    hand = list(range(9))
    for policy in (L.P_RANDOM, L.P_HEURISTIC):
        hist = np.zeros((1, inputs.variant.top_bid + 1, inputs.variant.total_points + 1),
                        dtype=np.int64)
        drivers.deal_stats(1, 0, 4, 4, policy, flags, *inputs.arrays, hist)
        points_histogram(inputs, hand, 0, 1, 4, 1, policy, flags, show_progress=False)
        record_deals(inputs, 1, np.arange(2), policy, flags)
        record_fixed(inputs, 1, np.arange(2), hand, 0, 1, policy, flags)
        drivers.game_results(1, 0, policy, flags, *inputs.arrays, np.zeros((1, 5), np.int64))
        summarize_deals(inputs, 4, 1, policy, flags, show_progress=False)
    heuristic_trump(inputs, hand)


def main() -> None:
    started = time.perf_counter()
    warm_all()
    print(f"kernels compiled and cached in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
