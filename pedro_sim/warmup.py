"""Compile every kernel once (into numba's on-disk cache) so later runs start fast.

numba compiles one function at a time per process, so with ``jobs`` > 1 the work is
shared with a helper process, this one forked (cache saves are locked,
compiler/cache_lock.py). Every driver calls both versions of the deal phase (the one that
thinks and the heuristic one, chosen at run time: engine/game/whole_deal.py), so the two
are compiled first, one per process: the helper compiles the solver's search, then the
thinking deal phase, the longest chain of compiles; meanwhile this process compiles
dealing and the exchange, which both deal phases call, then the card search (pimc_card
and the rollout) that the chain reaches last, so the helper finds them cached and
nothing is compiled twice, then the heuristic deal phase. Once the helper
reports the chain done, the two take the drivers, a group at a time from a shared queue
(QUEUE), until none is left."""

from __future__ import annotations

import fcntl
import os
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, NoReturn

import numpy as np

from pedro_sim.analysis.bid import heuristic_trump, points_histogram
from pedro_sim.analysis.variants import summarize_deals
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine.drivers import strategy
from pedro_sim.engine.game.whole_game import GAME_COLS
from pedro_sim.setup import EngineInputs, technique_flags
from pedro_sim.traces import record_deals, record_fixed

PIMC = L.PL_PIMC * 17  # every seat pimc: runs the thinking players' code too
CHAIN_DONE = "thinking deal phase compiled"
# The drivers (driver_steps), handed out a group at a time, the slowest to compile first.
# A group holds the steps that compile the same driver kernel (0, 2, 5: _auctioned; 1, 3:
# _fixed; 4, 8: play_game), which two processes taking them at once would both compile.
QUEUE = ((9,), (0, 2, 5), (1, 3), (6,), (4, 8), (7,))


def warm_all(variant: str = "cinch", jobs: int = 1) -> None:
    """Every kernel compiled or loaded, in two processes when ``jobs`` > 1."""
    inputs = EngineInputs.for_variant(variant)
    if jobs > 1 and hasattr(os, "fork") and _warm_beside_helper(inputs):
        return  # the two processes compiled everything between them
    warm_solver()  # one process, or what a failed helper left
    for policy in (PIMC, L.P_HEURISTIC, L.P_RANDOM):
        warm_policy(inputs, policy)
    heuristic_trump(inputs, list(range(9)))


def _warm_beside_helper(inputs: EngineInputs) -> bool:
    """Dealing, the card search and the heuristic deal phase here while a helper process
    (this one forked, its imports done) compiles the thinking deal phase; then the two share the
    drivers. False if the helper failed."""
    _thinking_scratch(inputs)  # its builders compiled before the fork: both processes use them
    with tempfile.TemporaryFile("w+") as err, tempfile.TemporaryDirectory() as queue:
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            _helper(inputs, Path(queue), write_end, err)
        os.close(write_end)
        with os.fdopen(read_end) as chain:
            try:
                warm_dealing(inputs)
                warm_card_search(inputs)
                warm_deal_phase(inputs, thinking=False)
                heuristic_trump(inputs, list(range(9)))
                warm_solver()  # the helper's first piece: by now loaded, not compiled
                if chain.readline().strip() == CHAIN_DONE:  # or "": the helper stopped
                    warm_queued(inputs, Path(queue))
            except BaseException:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise
        if os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]):
            err.seek(0)  # warm_all then compiles what the helper left, and says why
            sys.stderr.write(f"warmup helper failed: {err.read().strip()[-500:]}\n")
            return False
        return True


def _helper(inputs: EngineInputs, queue: Path, chain: int, err: IO[str]) -> NoReturn:
    """The forked helper: warm_helper, then leave at once (exit code 1 and the traceback
    in ``err`` if it failed)."""
    code = 1
    try:
        warm_helper(inputs, queue, chain)
        code = 0
    except BaseException:
        err.write(traceback.format_exc())
        err.flush()
    finally:
        os._exit(code)


def warm_helper(inputs: EngineInputs, queue: Path, chain: int) -> None:
    """The helper's share: the solver (its search, which the chain's dd_card and this
    process's card search both reach: compiled here first, then loaded by both), the
    thinking deal phase (announced on the ``chain`` pipe), then drivers from the queue."""
    warm_solver()
    warm_deal_phase(inputs, thinking=True)
    os.write(chain, f"{CHAIN_DONE}\n".encode())
    warm_queued(inputs, queue)


def warm_queued(inputs: EngineInputs, queue: Path) -> None:
    """Drivers taken a group at a time from the queue both processes share (a counter
    under a file lock), until it is empty."""
    while (group := _take(queue)) is not None:
        warm_policy(inputs, PIMC, group)


def _take(queue: Path) -> tuple[int, ...] | None:
    """The next group of QUEUE that nobody has taken, or None."""
    with open(queue / "lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        taken = queue / "taken"
        n = int(taken.read_text()) if taken.exists() else 0
        if n >= len(QUEUE):
            return None
        taken.write_text(str(n + 1))
        return QUEUE[n]


def _thinking_scratch(inputs: EngineInputs) -> tuple:
    """A thread's scratch when the seats think (drivers._scratch)."""
    return drivers._scratch(PIMC, inputs.tables)


def warm_dealing(inputs: EngineInputs) -> None:
    """Dealing and the exchange (engine/game/dealing.py), which both deal phases call:
    compiled here first, while the helper compiles the solver's search, so that neither
    deal phase compiles them again."""
    from numba import typeof, types

    from pedro_sim.engine.game.dealing import deal_hands, exchange_cards

    work = _thinking_scratch(inputs)[0]
    deck, hands, tables = typeof(work.deck), typeof(work.hands), typeof(inputs.tables)
    i64 = types.int64
    deal_hands.compile((deck, i64, tables, hands, typeof(work.rec), types.boolean))
    exchange_cards.compile((deck, hands, i64, i64, i64, typeof(work.rng), tables))


def warm_card_search(inputs: EngineInputs) -> None:
    """The thinking players' card search (engine/thinking/playouts.py: pimc_card, with the
    rollout, trick loop and play_cards it calls), compiled for the types think_out calls
    it with, so that the helper's deal phase chain, which reaches it last, finds it in the
    cache. If these types ever differ from think_out's, the chain compiles its own
    (tests/test_compile_helpers.py checks)."""
    from numba import typeof, types

    from pedro_sim.engine.thinking.playouts import pimc_card
    from pedro_sim.engine.thinking.scratch import T_I

    work, think = _thinking_scratch(inputs)
    i64 = types.int64
    pimc_card.compile((
        typeof(work.hands), typeof(think[T_I][:1]), i64, types.uint64,
        typeof(technique_flags()), i64, typeof(work.rng), typeof(work.pts), typeof(think), i64,
        typeof(inputs.tables)))


def deal_phase_types(inputs: EngineInputs, thinking: bool) -> tuple:
    """The argument types the drivers call a version of the deal phase with
    (engine/game/whole_deal.py deal_and_play: ``think`` None where nobody thinks)."""
    from numba import typeof, types

    work, think = _thinking_scratch(inputs)
    i64 = types.int64
    return (i64, i64, i64, i64, typeof(technique_flags()), typeof(inputs.tables),
            typeof(work), typeof(think) if thinking else types.none)


def warm_deal_phase(inputs: EngineInputs, thinking: bool) -> None:
    """One version of the deal phase, compiled for the types the drivers call it with. If
    these ever differ from the drivers', they compile their own
    (tests/test_compile_helpers.py checks)."""
    from pedro_sim.engine.game.whole_deal import _deal_and_play_called, _deal_and_play_inline

    phase = _deal_and_play_called if thinking else _deal_and_play_inline
    phase.compile(deal_phase_types(inputs, thinking))


def warm_policy(inputs: EngineInputs, policy: int, which: Sequence[int] | None = None) -> None:
    """Each driver (or those numbered in ``which``), run a little with ``policy``."""
    steps = driver_steps(policy)
    for k in range(len(steps)) if which is None else which:
        steps[k](inputs)


def driver_steps(policy: int) -> list[Callable[[EngineInputs], None]]:
    """One tiny run per driver (QUEUE groups those that compile the same kernel)."""
    flags = technique_flags(worlds=1, bid_worlds=2)
    hand = list(range(9))

    def deals(inputs: EngineInputs) -> None:
        hist = np.zeros((1, inputs.variant.top_bid + 1, inputs.variant.total_points + 1),
                        dtype=np.int64)
        drivers.deal_stats(drivers.Span(1, 0, 4, 4), policy, flags, inputs.tables, hist)

    steps = [
        deals,
        lambda i: points_histogram(i, hand, 0, 1, 4, 1, policy, flags, show_progress=False),
        lambda i: record_deals(i, 1, np.arange(2), policy, flags),
        lambda i: record_fixed(i, 1, np.arange(2), hand, 0, 1, policy, flags),
        lambda i: drivers.game_results(1, 0, policy, flags, i.tables,
                                       np.zeros((1, GAME_COLS), np.int64)),
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
    """The strategy analyses' drivers (engine/drivers/strategy.py)."""
    def holdings(inputs: EngineInputs) -> None:
        span = inputs.variant.total_points + 1
        strategy.holding_pairs(strategy.Span(1, 0, 2, 2), 0, 0, 1, p, flags, inputs.tables,
                               np.zeros((1, span, span), np.int64))

    def classes(inputs: EngineInputs) -> None:
        span = inputs.variant.total_points + 1
        strategy.hand_classes(strategy.Span(1, 0, 2, 2), 0, 1, np.zeros(6, dtype=np.int64), p,
                              flags, inputs.tables, np.zeros((1, 640, span), np.int64))

    def techniques(inputs: EngineInputs) -> None:
        arms = 3 if p & 15 >= L.PL_PIMC else 2  # a thinking player free, forbidden, forced
        words = (L.POLICY_SIDES | (p & 0xFF),) * arms
        strategy.arm_pairs(strategy.Span(1, 0, 1, 1), words, np.repeat(flags[None], arms, 0),
                           0, inputs.tables,
                           np.zeros((1, strategy.arms_size(inputs.tables, arms)), np.int64))

    def advice(inputs: EngineInputs) -> None:
        strategy.advised_games(strategy.Span(1, 0, 1, 1), np.array(hand, np.int64), 0, 1,
                               np.zeros(2, np.int64), p, flags, inputs.tables,
                               np.zeros((1, inputs.variant.top_bid + 1, 3), np.int64))

    return [holdings, classes, advice, techniques]


def default_jobs() -> int:
    """Two processes when the machine has two cores or more (and can fork)."""
    return min(2, os.cpu_count() or 1) if hasattr(os, "fork") else 1


def main() -> None:
    """``python -m pedro_sim.warmup [--variant V]``: everything (warm_all)."""
    import argparse

    from pedro_sim.engine.jit import fewer_collections

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="cinch")
    args = parser.parse_args()
    fewer_collections()
    started = time.perf_counter()
    warm_all(args.variant, default_jobs())
    print(f"kernels compiled and cached in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
