"""The `bid` analysis' deals of a fixed hand, counted by both sides' points: the plain
analysis (analysis/bid.py) and the heuristic's own run of the control variates
(analysis/controlled_bid.py) both count them so."""

from __future__ import annotations

import numpy as np

from pedro_sim.analysis.runner import chunk_for, run_chunked
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine_inputs import EngineInputs


def points_histogram(inputs: EngineInputs, hand: list[int], offset: int, trump: int, deals: int,
                     seed: int, policy: int, flags: np.ndarray, label: str = "deals",
                     show_progress: bool | None = None, first: int = 0) -> np.ndarray:
    """counts[bidders' points, defenders' points], each 0..total, over deals
    first..first+deals-1."""
    hand_arr = np.array(hand, dtype=np.int64)

    def step(start: int, count: int, chunk: int, out: np.ndarray) -> None:
        drivers.fixed_hand_stats(drivers.Span(seed, first + start, count, chunk), hand_arr, offset,
                                 trump, policy, flags, inputs.tables, out)

    span = inputs.variant.total_points + 1
    return run_chunked(step, deals, (span, span), label, show_progress, chunk_for(policy))
