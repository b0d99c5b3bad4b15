"""Compile every kernel once (into numba's on-disk cache) so later runs start fast.

The kernels fall in two parts of similar compile time: the thinking players' versions,
and everything else. With ``jobs`` > 1 a second process compiles the first part while
this one compiles the second (numba compiles one function at a time per process; cache
saves are locked, engine/cache_lock.py); this process then loads the other part."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import numpy as np

from pedro_sim.analysis.bid import heuristic_trump, points_histogram
from pedro_sim.analysis.variants import summarize_deals
from pedro_sim.engine import drivers, strategy
from pedro_sim.engine import layout as L
from pedro_sim.setup import EngineInputs, technique_flags
from pedro_sim.traces import record_deals, record_fixed

PIMC = L.PL_PIMC * 17  # every seat pimc: compiles the thinking players' versions
PARTS = ("thinking", "other")


def warm_all(variant: str = "cinch", jobs: int = 1) -> None:
    """Every kernel compiled or loaded, the two parts side by side when ``jobs`` > 1."""
    helper = None
    if jobs > 1:
        helper = subprocess.Popen([sys.executable, "-m", "pedro_sim.warmup", "--part",
                                   PARTS[0], "--variant", variant],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    warm_part(PARTS[1], variant)
    if helper is not None:
        _, err = helper.communicate()
        if helper.returncode:  # this process compiles what it left (and says why)
            sys.stderr.write(f"warmup helper failed: {err.decode().strip()[-500:]}\n")
    warm_part(PARTS[0], variant)


def warm_part(part: str, variant: str = "cinch") -> None:
    """One part: every driver with a random and a heuristic player and the solver
    ("other"), or with thinking players ("thinking": the phases compile once without the
    thinking players' code and once with it, drivers._scratch); a tiny run each."""
    inputs = EngineInputs.for_variant(variant)
    hand = list(range(9))
    if part == "thinking":
        warm_policy(inputs, hand, PIMC)
        return
    for policy in (L.P_RANDOM, L.P_HEURISTIC):
        warm_policy(inputs, hand, policy)
    heuristic_trump(inputs, hand)
    warm_solver()


def warm_policy(inputs: EngineInputs, hand: list[int], policy: int) -> None:
    """Every driver, run a little with ``policy``."""
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


def default_jobs() -> int:
    """Two processes when the machine has two cores or more (there are two parts)."""
    return min(len(PARTS), os.cpu_count() or 1)


def main() -> None:
    """``python -m pedro_sim.warmup [--part PART] [--variant V]``: one part (the helper
    process of warm_all), or everything."""
    import argparse

    from pedro_sim.engine.jit import fewer_collections

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=PARTS)
    parser.add_argument("--variant", default="cinch")
    args = parser.parse_args()
    fewer_collections()
    started = time.perf_counter()
    if args.part:
        warm_part(args.part, args.variant)
    else:
        warm_all(args.variant, default_jobs())
    print(f"kernels compiled and cached in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
