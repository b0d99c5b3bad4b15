"""Compile every kernel once (into numba's on-disk cache) so later runs start fast.

numba compiles one function at a time per process, so with ``jobs`` > 1 the work is
shared with a helper process (cache saves are locked, engine/cache_lock.py). The
helper compiles the thinking players' deal phase, the longest chain of compiles,
while this process compiles the random and heuristic players' versions and the
solver; once the helper reports the chain done, the two share the thinking players'
drivers, which load it from the cache. This process then loads everything."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence

import numpy as np

from pedro_sim.analysis.bid import heuristic_trump, points_histogram
from pedro_sim.analysis.variants import summarize_deals
from pedro_sim.engine import drivers, strategy
from pedro_sim.engine import layout as L
from pedro_sim.setup import EngineInputs, technique_flags
from pedro_sim.traces import record_deals, record_fixed

PIMC = L.PL_PIMC * 17  # every seat pimc: compiles the thinking players' versions
CHAIN_DONE = "thinking deal phase compiled"
HELPER_SHARE = (1, 2, 3, 4, 5)  # the thinking drivers the helper compiles after the chain


def warm_all(variant: str = "cinch", jobs: int = 1) -> None:
    """Every kernel compiled or loaded, in two processes when ``jobs`` > 1."""
    inputs = EngineInputs.for_variant(variant)
    if jobs > 1:
        if _warm_beside_helper(inputs, variant):
            return  # the two processes compiled everything between them
    else:
        warm_others(inputs)
    warm_policy(inputs, PIMC)  # the thinking players' drivers (those a failed helper left)


def _warm_beside_helper(inputs: EngineInputs, variant: str) -> bool:
    """warm_others here while a helper process compiles the thinking players' deal phase;
    then the two share the thinking players' drivers. False if the helper failed."""
    with tempfile.TemporaryFile("w+") as err:
        helper = subprocess.Popen([sys.executable, "-m", "pedro_sim.warmup", "--helper",
                                   "--variant", variant], stdout=subprocess.PIPE,
                                  stderr=err, text=True)
        try:
            warm_others(inputs)
            for line in helper.stdout:  # until the chain is cached (or the helper stops)
                if line.strip() == CHAIN_DONE:
                    steps = len(driver_steps(PIMC))  # the helper did step 0, the chain
                    warm_policy(inputs, PIMC, [k for k in range(1, steps)
                                               if k not in HELPER_SHARE])
                    break
        except BaseException:
            helper.kill()
            raise
        if helper.wait():  # warm_all then compiles what the helper left (and says why)
            err.seek(0)
            sys.stderr.write(f"warmup helper failed: {err.read().strip()[-500:]}\n")
            return False
        return True


def warm_helper(variant: str) -> None:
    """The helper's share: the thinking deal phase (announced on stdout), then some of
    the thinking players' drivers."""
    inputs = EngineInputs.for_variant(variant)
    warm_policy(inputs, PIMC, [0])
    print(CHAIN_DONE, flush=True)
    warm_policy(inputs, PIMC, HELPER_SHARE)


def warm_others(inputs: EngineInputs) -> None:
    """Every driver with a random and with a heuristic player, and the solver (the
    phases compile without the thinking players' code: drivers._scratch)."""
    for policy in (L.P_RANDOM, L.P_HEURISTIC):
        warm_policy(inputs, policy)
    heuristic_trump(inputs, list(range(9)))
    warm_solver()


def warm_policy(inputs: EngineInputs, policy: int, which: Sequence[int] | None = None) -> None:
    """Each driver (or those numbered in ``which``), run a little with ``policy``."""
    steps = driver_steps(policy)
    for k in range(len(steps)) if which is None else which:
        steps[k](inputs)


def driver_steps(policy: int) -> list[Callable[[EngineInputs], None]]:
    """One tiny run per driver; the first compiles the deal phase."""
    flags = technique_flags(worlds=1, bid_worlds=2)
    hand = list(range(9))

    def deals(inputs: EngineInputs) -> None:
        hist = np.zeros((1, inputs.variant.top_bid + 1, inputs.variant.total_points + 1),
                        dtype=np.int64)
        drivers.deal_stats(1, 0, 4, 4, policy, flags, *inputs.arrays, hist)

    steps = [
        deals,
        lambda i: points_histogram(i, hand, 0, 1, 4, 1, policy, flags, show_progress=False),
        lambda i: record_deals(i, 1, np.arange(2), policy, flags),
        lambda i: record_fixed(i, 1, np.arange(2), hand, 0, 1, policy, flags),
        lambda i: drivers.game_results(1, 0, policy, flags, *i.arrays,
                                       np.zeros((1, 5), np.int64)),
        lambda i: summarize_deals(i, 4, 1, policy, flags, show_progress=False),
    ]
    if policy != L.P_RANDOM:
        steps += strategy_steps(policy, flags, hand)
    return steps


def warm_solver() -> None:
    from pedro_sim.solving import Solver, parse_position

    position = parse_position({"variant": "cinch", "trump": "H", "leader": 0, "bidder": 0,
                               "hands": [["AH", "2C"], ["KH", "3C"], ["QH", "4C"],
                                                   ["JH", "5C"]]})
    Solver("cinch").solve(position)


def strategy_steps(p: int, flags: np.ndarray, hand: list[int]) -> list[Callable]:
    """The strategy analyses' drivers (engine/strategy.py)."""
    def holdings(inputs: EngineInputs) -> None:
        span = inputs.variant.total_points + 1
        strategy.holding_pairs(1, 0, 2, 2, 0, 0, 1, p, flags, *inputs.arrays,
                               np.zeros((1, span, span), np.int64))

    def classes(inputs: EngineInputs) -> None:
        span = inputs.variant.total_points + 1
        strategy.hand_classes(1, 0, 2, 2, 0, 1, np.zeros(6, dtype=np.int64), p, flags,
                              *inputs.arrays, np.zeros((1, 640, span), np.int64))

    def techniques(inputs: EngineInputs) -> None:
        span = inputs.variant.total_points + 1
        strategy.policy_pairs(1, 0, 2, 2, p, p, 0, flags, *inputs.arrays,
                              np.zeros((1, span * span + 5), np.int64))

    def advice(inputs: EngineInputs) -> None:
        strategy.advised_games(1, 0, 1, 1, np.array(hand, np.int64), 0, 1,
                               np.zeros(2, np.int64), p, flags, *inputs.arrays,
                               np.zeros((1, inputs.variant.top_bid + 1, 3), np.int64))

    # `technique` compares the heuristic's techniques only
    return [holdings, classes, advice] + ([techniques] if p == L.P_HEURISTIC else [])


def default_jobs() -> int:
    """Two processes when the machine has two cores or more."""
    return min(2, os.cpu_count() or 1)


def main() -> None:
    """``python -m pedro_sim.warmup [--helper] [--variant V]``: everything, or the helper
    process's share (warm_all)."""
    import argparse

    from pedro_sim.engine.jit import fewer_collections
    from pedro_sim.process_exit import fast_exit

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--helper", action="store_true")
    parser.add_argument("--variant", default="cinch")
    args = parser.parse_args()
    fewer_collections()
    started = time.perf_counter()
    if args.helper:
        warm_helper(args.variant)
        fast_exit(0)  # the parent waits for this process to end
    warm_all(args.variant, default_jobs())
    print(f"kernels compiled and cached in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
