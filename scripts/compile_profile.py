"""Where a first run's compile time goes: run it with an empty numba cache and print each
compiled function's own time (its callees' compiles excluded) and numba's slowest passes
for the deal phases. Used for docs/changelog.md (2026-11-30, "issue 6, fourth session").

    .venv/bin/python scripts/compile_profile.py bid     # the first heuristic `bid`
    .venv/bin/python scripts/compile_profile.py pimc-bid  # the same with pimc players
    .venv/bin/python scripts/compile_profile.py warmup  # everything `pedro-sim warmup` compiles
    .venv/bin/python scripts/compile_profile.py thinking   # the thinking deal phase alone
    .venv/bin/python scripts/compile_profile.py heuristic  # the heuristic deal phase alone
"""

from __future__ import annotations

import argparse
import collections
import os
import tempfile
import time

os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-profile-")  # before numba

from numba.core import event  # noqa: E402

_stack: list[list] = []
_own: collections.Counter = collections.Counter()


class _CompileTimes(event.Listener):
    """Times every dispatcher compile, less the compiles nested in it."""

    def on_start(self, ev: event.Event) -> None:
        _stack.append([ev.data["dispatcher"].py_func.__qualname__, time.perf_counter(), 0.0])

    def on_end(self, ev: event.Event) -> None:
        name, started, nested = _stack.pop()
        took = time.perf_counter() - started
        _own[name] += took - nested
        if _stack:
            _stack[-1][2] += took


def _passes(dispatcher, top: int = 5) -> None:
    for sig, cres in dispatcher.overloads.items():
        times = cres.metadata.get("pipeline_times", {}).get("nopython", {})
        slow = sorted(((v.run, k.split("_", 1)[1]) for k, v in times.items()), reverse=True)
        think = "none" if "none" in str(sig[-1]).lower() else "thinking"
        llvm = cres.metadata.get("timers", {}).get("llvm_lock", float("nan"))
        print(f"  {dispatcher.py_func.__qualname__} (think: {think}): LLVM {llvm:.1f} s; "
              + ", ".join(f"{name} {t:.1f} s" for t, name in slow[:top]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("bid", "pimc-bid", "warmup", "thinking", "heuristic"))
    args = parser.parse_args()
    event.register("numba:compile", _CompileTimes())
    from pedro_sim.encoding import layout as L
    from pedro_sim.engine import jit
    from pedro_sim.engine.game import whole_deal as deals

    jit.fewer_collections()
    started = time.perf_counter()
    if args.what in ("bid", "pimc-bid"):
        from pedro_sim.analysis.fixed_hand import points_histogram
        from pedro_sim.engine_inputs import EngineInputs, technique_flags

        thinking = args.what == "pimc-bid"
        points_histogram(EngineInputs.for_variant("cinch"), list(range(9)), 0, 1, 4, 1,
                         L.PL_PIMC * 17 if thinking else L.P_HEURISTIC,
                         technique_flags(worlds=1, bid_worlds=2) if thinking
                         else technique_flags(), show_progress=False)
    elif args.what == "warmup":
        from pedro_sim.warmup import warm_all

        warm_all()
    else:
        from pedro_sim.engine_inputs import EngineInputs
        from pedro_sim.warmup import warm_deal_phase

        warm_deal_phase(EngineInputs.for_variant("cinch"), thinking=args.what == "thinking")
    print(f"compiled in {time.perf_counter() - started:.1f} s (empty cache)")
    for name, seconds in _own.most_common(25):
        print(f"  {name:<45} {seconds:6.1f} s")
    print("numba's slowest passes in the deal phase:")
    for dispatcher in (deals._deal_and_play_inline, deals._deal_and_play_called):
        _passes(dispatcher)


if __name__ == "__main__":
    main()
