"""Compile every kernel once (into numba's on-disk cache) so later runs start fast.

numba compiles one function at a time per process, so with ``jobs`` > 1 the work is
shared with a helper process, this one forked (cache saves are locked,
compiler/cache_lock.py). Every driver calls both versions of the deal phase (the one that
thinks and the heuristic one, chosen at run time: engine/game/whole_deal.py), so those
come first. The thinking one is the longest chain of compiles; its big pieces are
compiled one by one, for the types their callers pass, split between the two processes
so that each finds the other's pieces in the cache instead of compiling them again:

- this process (main_share): the rollout, dealing, the card search (which reaches the
  solver's search), think_out, the playout bidders' deals, then the thinking deal phase
  on top;
- the helper (warm_helper): the solver's search, the exchange, think_exchange, the
  heuristic deal phase, the rest of the solver.

A step that needs the other's piece waits for its name (Signals). Then the two take the
drivers, a group at a time from a shared queue (QUEUE), until none is left."""

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
from types import SimpleNamespace
from typing import IO, NoReturn

import numpy as np

from pedro_sim.analysis.bid import heuristic_trump
from pedro_sim.analysis.fixed_hand import points_histogram
from pedro_sim.analysis.variants import summarize_deals
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine.drivers import strategy
from pedro_sim.engine.game.whole_game import GAME_COLS
from pedro_sim.engine_inputs import EngineInputs, technique_flags
from pedro_sim.games import GAMES
from pedro_sim.process_exit import undo_on_interrupt
from pedro_sim.traces import record_deals, record_fixed

PIMC = L.PL_PIMC * 17  # every seat pimc: runs the thinking players' code too
CHAIN_DONE = "thinking deal phase compiled"
# The drivers (driver_steps), handed out a group at a time, the slowest to compile first.
# A group holds the steps that compile the same driver kernel (0, 2, 5: _auctioned; 1, 3:
# _fixed; 4, 8: play_game), which two processes taking them at once would both compile.
# Each game's drivers (pedro_sim/games) come after Pedro's ten, a group a game.
QUEUE = ((4, 8), *((10 + k,) for k in range(len(GAMES))), (9,), (0, 2, 5), (1, 3), (6,),
         (7,))


def warm_all(variant: str = "cinch", jobs: int = 1) -> None:
    """Every kernel compiled or loaded, in two processes when ``jobs`` > 1."""
    inputs = EngineInputs.for_variant(variant)
    if jobs > 1 and hasattr(os, "fork") and _warm_beside_helper(inputs):
        return  # the two processes compiled everything between them
    warm_solver()  # one process, or what a failed helper left
    for policy in (PIMC, L.P_HEURISTIC, L.P_RANDOM):
        warm_policy(inputs, policy)
    heuristic_trump(inputs, list(range(9)))
    warm_arena()


def warm_arena() -> None:
    """The heuristic's kernels as the arena calls them (pedro_sim/arena/heuristic.py),
    for each kind of table (four in partnerships, individual play, five-handed)."""
    from pedro_sim.arena.heuristic import HeuristicPlayer
    from pedro_sim.rules.overrides import resolve_variant

    for table in ("cinch", "cinch@3", "five-handed"):
        HeuristicPlayer(EngineInputs.for_variant(resolve_variant(table, []))).warm()


def _warm_beside_helper(inputs: EngineInputs) -> bool:
    """main_share here while a helper process (this one forked, its imports done) does
    warm_helper; then the two share the drivers. False if the helper failed."""
    # a Ctrl-C interrupts (in the helper too, forked within): the helper is killed, the
    # folder removed
    with undo_on_interrupt(), tempfile.TemporaryFile("w+") as err, \
            tempfile.TemporaryDirectory() as queue:
        to_main, to_helper = os.pipe(), os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            os.close(to_main[0])
            os.close(to_helper[1])
            _helper(inputs, Path(queue), Signals(to_helper[0], to_main[1]), err)
        os.close(to_main[1])
        os.close(to_helper[0])
        signals = Signals(to_main[0], to_helper[1])
        try:
            if main_share(inputs, signals):
                warm_queued(inputs, Path(queue))
        except BaseException:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise
        finally:
            signals.close()
        if os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]):
            err.seek(0)  # warm_all then compiles what the helper left, and says why
            sys.stderr.write(f"warmup helper failed: {err.read().strip()[-500:]}\n")
            return False
        return True


class Signals:
    """The names of the steps each process has done, sent on a pipe to the other: a step
    that needs the other's work compiled waits for its name, so that it loads that work
    from the cache instead of compiling it again. A closed pipe means the other stopped."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.incoming = os.fdopen(read_fd)
        self.write_fd = write_fd
        self.seen: set[str] = set()

    def done(self, name: str) -> None:
        try:
            os.write(self.write_fd, f"{name}\n".encode())
        except BrokenPipeError:
            pass  # the other process stopped: its waits no longer matter

    def wait(self, name: str) -> bool:
        """True once the other process has done ``name``; False if it stopped first."""
        while name not in self.seen:
            line = self.incoming.readline()
            if not line:
                return False
            self.seen.add(line.strip())
        return True

    def close(self) -> None:
        self.incoming.close()
        os.close(self.write_fd)


def main_share(inputs: EngineInputs, signals: Signals) -> bool:
    """This process's share before the drivers: the rollout, dealing, the card search
    (which reaches the solver's search) and think_out, then the thinking deal phase on top
    of the helper's think_exchange. False if the helper stopped."""
    warm_pieces(inputs, "rollout", "deal_hands")
    signals.done("rollout and dealing")
    if not signals.wait("search"):
        return False
    warm_pieces(inputs, "card search", "think_out", "deal_around")
    if not signals.wait("think_exchange"):
        return False
    warm_deal_phase(inputs, thinking=True)
    signals.done(CHAIN_DONE)
    return signals.wait("heuristic deal phase")


def _helper(inputs: EngineInputs, queue: Path, signals: Signals, err: IO[str]) -> NoReturn:
    """The forked helper: warm_helper, then leave at once (exit code 1 and the traceback
    in ``err`` if it failed)."""
    code = 1
    try:
        warm_helper(inputs, queue, signals)
        code = 0
    except BaseException:
        err.write(traceback.format_exc())
        err.flush()
    finally:
        os._exit(code)


def warm_helper(inputs: EngineInputs, queue: Path, signals: Signals) -> None:
    """The helper's share: the solver's search (which the card search reaches), the
    exchange and think_exchange, the heuristic deal phase and the rest of the solver; then,
    once the other process has compiled the thinking deal phase, drivers from the queue."""
    warm_search()
    signals.done("search")
    warm_pieces(inputs, "exchange", "think_exchange")
    signals.done("think_exchange")
    if not signals.wait("rollout and dealing"):  # the heuristic's places, deal_hands
        raise RuntimeError("the main process stopped")
    warm_deal_phase(inputs, thinking=False)
    signals.done("heuristic deal phase")
    warm_solver()
    heuristic_trump(inputs, list(range(9)))
    if signals.wait(CHAIN_DONE):
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
    """A thread's scratch when the seats think (drivers._scratch), whose types the
    explicit compiles read."""
    return drivers._scratch(PIMC, inputs.tables)


def _types(inputs: EngineInputs) -> SimpleNamespace:
    """The numba types of the arguments the deal phases pass down: one thread's arrays
    (Work), the thinking players' scratch, a play state, the tables and the flags."""
    from numba import typeof, types

    from pedro_sim.engine.thinking.think_buffers import T_I, T_U

    work, think = _thinking_scratch(inputs)
    return SimpleNamespace(
        i64=types.int64, u64=types.uint64, deck=typeof(work.deck), hands=typeof(work.hands),
        world=typeof(think[T_U][:1]), st=typeof(think[T_I][:1]), rng=typeof(work.rng),
        pts=typeof(work.pts), rec=typeof(work.rec), flags=typeof(technique_flags()),
        tab=typeof(inputs.tables), work=typeof(work), think=typeof(think))


def _pieces(k: SimpleNamespace) -> dict[str, tuple]:
    """The pieces of the deal phases compiled one by one: each kernel with the argument
    types its callers pass (``k``: _types). If these ever differ from the callers', the
    callers compile their own (tests/test_compile_helpers.py checks)."""
    from numba import types

    from pedro_sim.engine.game.dealing import deal_hands, exchange_cards
    from pedro_sim.engine.thinking.bidding import deal_around
    from pedro_sim.engine.thinking.exchange import think_exchange
    from pedro_sim.engine.thinking.playouts import pimc_card, rollout_value, think_out

    i64, u64 = k.i64, k.u64
    return {  # called by: both deal phases; the exchange's callers
        "deal_hands": (deal_hands, (k.deck, i64, k.tab, k.hands, k.rec, types.boolean)),
        "exchange": (exchange_cards, (k.deck, k.hands, i64, i64, i64, k.flags, k.rng, k.tab)),
        # pimc_card (the rollout plays on with the heuristic's places)
        "rollout": (rollout_value, (k.world, k.st, i64, i64, k.flags, i64, k.rng, i64, k.tab,
                                    k.pts, k.think)),
        # think_out
        "card search": (pimc_card, (k.hands, k.st, i64, u64, k.flags, i64, k.rng, k.pts,
                                    k.think, i64, k.tab)),
        # play_contract
        "think_out": (think_out, (k.hands, i64, i64, i64, k.flags, k.rng, k.tab, k.pts, k.rec,
                                  k.think)),
        "think_exchange": (think_exchange, (k.deck, k.hands, i64, i64, i64, i64, i64, k.flags,
                                            k.tab, k.rng, k.think)),
        # the playout bidders' simulated deals
        "deal_around": (deal_around, (i64, i64, u64, i64, k.tab, k.rng, k.think)),
    }


def warm_pieces(inputs: EngineInputs, *names: str) -> None:
    """Compile the named pieces (_pieces) for their callers' types."""
    pieces = _pieces(_types(inputs))
    for name in names:
        kernel, signature = pieces[name]
        kernel.compile(signature)


def deal_phase_types(inputs: EngineInputs, thinking: bool) -> tuple:
    """The argument types the drivers call a version of the deal phase with
    (engine/game/whole_deal.py deal_and_play: ``think`` None where nobody thinks)."""
    from numba import types

    k = _types(inputs)
    return (k.i64, k.i64, k.i64, k.i64, k.flags, k.tab, k.work,
            k.think if thinking else types.none)


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
    return steps + [lambda i, game=game: game.hooks().warm() for game in GAMES]


def warm_search() -> None:
    """The solver's search (and exact, its MTD(f) driver)."""
    from pedro_sim.solving import Solver

    Solver("cinch").value(_position())


def warm_solver() -> None:
    """Everything the solve command runs (the search loaded if warm_search ran)."""
    from pedro_sim.solving import Solver

    Solver("cinch").solve(_position())


def _position():
    from pedro_sim.solving import parse_position

    return parse_position({"variant": "cinch", "trump": "H", "leader": 0, "bidder": 0,
                           "hands": [["AH", "2C"], ["KH", "3C"], ["QH", "4C"], ["JH", "5C"]]})


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
        strategy.advised_games(strategy.Span(1, 0, 1, 1), np.array(hand, np.int64), 0,
                               np.arange(4), np.zeros(2, np.int64), p, flags, inputs.tables,
                               np.zeros((1, 4, inputs.variant.top_bid + 1, 3), np.int64))

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
