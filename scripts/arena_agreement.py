"""The arena's heuristic (deciding from each seat's view, pedro_sim/arena/heuristic.py)
against the engine's heuristic: the same deals, compared whole (every call, keep, card
and score), for every preset and eleven tables of individual play (docs/protocol.md).

    python scripts/arena_agreement.py [--deals 1500] [--seeds 21,22]
"""

from __future__ import annotations

import argparse

import numpy as np

from pedro_sim.arena.play import arena_traces
from pedro_sim.engine_inputs import PLAYED_PRESETS, EngineInputs, players
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.traces import record_deals, trace_dict

INDIVIDUAL = ("cinch@2", "cinch@3", "cinch@4", "cinch@5", "cinch@6", "sancho@4", "sancho@5",
              "sancho@6", "sancho@7", "dom-pedro@5", "dom-pedro@7")


def different(table: str, seed: int, deals: int) -> list[int]:
    """The deals whose traces differ."""
    v = resolve_variant(table, [])
    inputs = EngineInputs.for_variant(v)
    who = players("heuristic", v)
    recs = record_deals(inputs, seed, np.arange(deals), who.policy, who.flags)
    ours = arena_traces(inputs, seed, range(deals), ["heuristic"] * v.players, "heuristic")
    return [i for i in range(deals)
            if trace_dict(recs[i], inputs, seed, i, "heuristic") != ours[i]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--seeds", default="21,22")
    args = parser.parse_args()
    total = bad = 0
    for table in (*PLAYED_PRESETS, *INDIVIDUAL):
        for seed in (int(s) for s in args.seeds.split(",")):
            diff = different(table, seed, args.deals)
            total += args.deals
            bad += len(diff)
            print(f"{table} seed {seed}: {len(diff)} of {args.deals} deals differ {diff[:5]}",
                  flush=True)
    print(f"all: {bad} of {total:,} deals differ")


if __name__ == "__main__":
    main()
