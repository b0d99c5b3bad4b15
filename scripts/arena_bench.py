"""Deals per second of the arena (pedro_sim/arena, docs/protocol.md) in cinch: pedro-sim's
own players (pimc included), the example bot, and `pedro-sim bot` behind the protocol (best
of 2, warm).

    python scripts/arena_bench.py      (from the repository's top)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from pedro_sim.arena.play import arena_traces
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.rules.overrides import resolve_variant

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "bot.py"


def rate(inputs: EngineInputs, specs: list[str], deals: int) -> float:
    best = 0.0
    for _ in range(2):
        started = time.perf_counter()
        arena_traces(inputs, 1, range(deals), specs, "bench")
        best = max(best, deals / (time.perf_counter() - started))
    return best


def main() -> None:
    inputs = EngineInputs.for_variant(resolve_variant("cinch", []))
    example = f"exec:{sys.executable} {EXAMPLE}"
    bot = f"exec:{sys.executable} -m pedro_sim bot --policy heuristic"
    arena_traces(inputs, 1, range(50), ["heuristic"] * 4, "warm")  # compile its kernels
    arena_traces(inputs, 1, range(2), ["pimc"] * 4, "warm")
    for name, specs, deals in (
            ("random at every seat", ["random"] * 4, 4000),
            ("the heuristic at every seat", ["heuristic"] * 4, 4000),
            ("examples/bot.py at every seat", [example] * 4, 2000),
            ("pedro-sim bot (heuristic) at two seats", [bot, "heuristic"] * 2, 2000),
            ("pimc at two seats, the heuristic at two", ["pimc", "heuristic"] * 2, 300),
            ("pimc at every seat", ["pimc"] * 4, 150)):
        print(f"{name}: {rate(inputs, specs, deals):,.0f} deals/s")


if __name__ == "__main__":
    main()
